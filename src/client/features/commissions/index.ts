// The commissions feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { CommissionsTab } from './components/commissions-tab';
export { EarningsSummaryCard } from './components/earnings-summary-card';
export { RankingsTab } from './components/rankings-tab';
