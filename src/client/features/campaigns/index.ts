// The campaigns feature's public surface for other features; the rest of the folder is internal.
export { CampaignsCard } from './components/campaigns-card';
// The tasks of one campaign, for features that let a business pick one (the gear program's owed task).
export { campaignTasksQuery } from './tasks-api';
