// The credentials feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { usePublicCredentials } from './api';
export { VerifiedCredentialList } from './components/credential-bits';
export { CredentialQueuePanel } from './components/credential-queue-panel';
