// The gear feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { GearSummaryCard } from './components/gear-summary-card';
export { RosterGearSummary } from './components/roster-gear-summary';
export { useCredentialsSave } from './components/store-credentials';
