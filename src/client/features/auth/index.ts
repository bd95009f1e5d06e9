// The auth feature's public surface for other features (with api.ts); the rest of the folder is internal.
// Keep it light: the landing page imports it, and everything re-exported here may land in its first load.
export { dashboardPathFor, featuresPathFor, useSession } from './session';
export { signUpPath } from './sign-up-path';
