// The notification centre's public surface for other features; the rest of the folder is internal.
export { NotificationBell } from './components/notification-bell';
