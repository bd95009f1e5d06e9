// The directory feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { FeaturedProStaff } from './components/featured-pro-staff';
