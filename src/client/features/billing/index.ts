// The billing feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { TrialBanner } from './components/trial-banner';
export { RefundsPanel } from './components/refunds-panel';
