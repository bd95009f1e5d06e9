// The branding feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { BrandBanner } from './components/brand-banner';
export { BrandingCard } from './components/branding-card';
