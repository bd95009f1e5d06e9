// The commissions feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { CommissionsTab } from './components/commissions-tab';
export { ProStaffCommissions } from './components/pro-staff-commissions';
export { RankingsTab } from './components/rankings-tab';
export { ProStaffPayoutsCard } from './components/pro-staff-payouts-card';
