import type { StoreAdmin, StoreCredentials } from './types';

/** Placeholder until the platform adapters land (replaced on merge). */
export function storeAdminFor(_credentials: StoreCredentials, _options: { origin: string | null }): StoreAdmin {
  throw new Error('store adapters not merged yet');
}
