// The agreements feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { useActiveAgreements } from './api';
export { MyBrandsCard } from './components/my-brands-card';
