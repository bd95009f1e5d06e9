// The messaging feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { MassMessageForm } from './components/mass-message-form';
