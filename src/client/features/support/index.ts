export { SupportTicketsPanel } from './components/support-tickets-panel';
export { AccountManagersPanel } from './components/account-managers-panel';
export { AccountManagerCard } from './components/account-manager-card';
