// The campaigns feature's public surface for other features; the rest of the folder is internal.
export { CampaignsCard } from './components/campaigns-card';
