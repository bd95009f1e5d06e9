import type { StoreAdminCredentialsInput } from '@shared/contracts/gear';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { decryptSecret, encryptSecret } from '@server/lib/secret-box';
import * as repo from './repository';
import { storeAdminFor } from './stores';
import type { StoreAdmin, StoreCredentials } from './stores/types';

/**
 * The admin API of a business's connected store (decision record 038). Shopify and WooCommerce credentials are kept
 * sealed in `store_admin_credentials`; BigCommerce uses the store hash and API token its platform already holds
 * (attribution reads orders with them).
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

export async function credentialsOf(ctx: Ctx, platformId: number): Promise<StoreCredentials | null> {
  const platform = await repo.platformOf(ctx.db, platformId);
  if (!platform || !platform.isActive) return null;
  if (platform.platformType === 'bigcommerce') {
    if (!platform.bigcommerceStoreHash || !platform.bigcommerceApiTokenEncrypted) return null;
    return { platform: 'bigcommerce', storeHash: platform.bigcommerceStoreHash, accessToken: decryptSecret(ctx.config, platform.bigcommerceApiTokenEncrypted) };
  }
  if (platform.platformType !== 'shopify' && platform.platformType !== 'woocommerce') return null;
  const stored = await repo.findCredentials(ctx.db, platformId);
  if (!stored) return null;
  const credentials = JSON.parse(decryptSecret(ctx.config, stored.sealed)) as StoreCredentials;
  return credentials.platform === platform.platformType ? credentials : null;
}

/** The store's admin API, or null when the platform is gone, inactive or has no credentials. `timeoutMs`: per call (10 s unless given). */
export async function openStore(ctx: Ctx, platformId: number, options: { timeoutMs?: number } = {}): Promise<StoreAdmin | null> {
  const credentials = await credentialsOf(ctx, platformId);
  if (!credentials) return null;
  // Tests and demos send every call to the local fake stores (STORE_ADMIN_ORIGIN, refused in production).
  const origin = ctx.config.storeAdminOrigin;
  if (origin && credentials.platform === 'woocommerce') credentials.siteUrl = origin;
  return storeAdminFor(credentials, { bigcommerceApiUrl: origin ?? ctx.config.bigcommerceApiUrl, shopifyOrigin: origin ?? undefined, allowHttp: Boolean(origin), timeoutMs: options.timeoutMs });
}

/** Saves a Shopify or WooCommerce store's admin credentials (sealed; never answered back). */
export async function saveCredentials(ctx: Ctx, businessId: number, platformId: number, input: StoreAdminCredentialsInput, now = new Date()): Promise<void> {
  const platform = await repo.platformOf(ctx.db, platformId);
  if (!platform || platform.businessId !== businessId) throw notFound('Store');
  if (platform.platformType !== input.platform) {
    throw new AppError('VALIDATION', `This store is a ${platform.platformType} store: give its ${platform.platformType} credentials.`, [{ path: 'platform', message: 'Does not match the store' }]);
  }
  const [address, credentials] = sealedForm(input);
  await repo.saveCredentials(ctx.db, platformId, address, encryptSecret(ctx.config, JSON.stringify(credentials)), now);
}

/** What is sealed for a store, and the address shown for it (never a secret). */
function sealedForm(input: StoreAdminCredentialsInput): [string, StoreCredentials | SalesApiCredentials] {
  switch (input.platform) {
    case 'shopify':
      return [input.shopDomain, { platform: 'shopify', shopDomain: input.shopDomain, accessToken: input.accessToken }];
    case 'woocommerce': {
      const siteUrl = new URL(input.siteUrl).origin;
      return [siteUrl, { platform: 'woocommerce', siteUrl, consumerKey: input.consumerKey, consumerSecret: input.consumerSecret }];
    }
    case 'magento': {
      const baseUrl = new URL(input.baseUrl).origin;
      return [baseUrl, { ...input, baseUrl }];
    }
    case 'squarespace':
      return ['Squarespace Commerce', input];
    case 'square':
      return [input.environment === 'sandbox' ? 'Square (sandbox)' : 'Square', input];
  }
}

/** Stores whose orders attribution reads through their API with sealed credentials (issue 44, decision record 040). */
export type SalesApiCredentials = Extract<StoreAdminCredentialsInput, { platform: 'squarespace' | 'magento' | 'square' }>;

/** The sealed API credentials of a Squarespace, Magento or Square store, or null when none were saved. */
export async function salesCredentialsOf<P extends SalesApiCredentials['platform']>(
  ctx: Ctx, platformId: number, platform: P,
): Promise<Extract<SalesApiCredentials, { platform: P }> | null> {
  const stored = await repo.findCredentials(ctx.db, platformId);
  if (!stored) return null;
  const credentials = JSON.parse(decryptSecret(ctx.config, stored.sealed)) as SalesApiCredentials;
  return credentials.platform === platform ? (credentials as Extract<SalesApiCredentials, { platform: P }>) : null;
}
