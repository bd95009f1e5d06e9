import type { AppContext } from '@server/lib/context';
import { openStore } from '@server/modules/gear/store-access';
import { ShopifyAdmin, StoreRefusal } from '@server/modules/gear/stores';
import { shopifyJourneyReferrers } from './signals';

/**
 * Shopify's `customerJourneySummary` for the coupon-site referrer signal (issue 43, decision record 039). The order
 * webhook carries `referring_site` and `landing_site` only; the GraphQL Admin API also knows the buyer's first and last
 * visit. Read in the queued processing of the delivery (the store's webhook has had its answer), only where the
 * business connected its Shopify admin access, with a short timeout: an answer that does not come, a refusal (a scope
 * or protected-data access the app lacks) or an outage leaves the other signals as they are and is logged without
 * the token or the buyer's data.
 */

/** Module knobs (tests shorten the timeout with restoreAfterEach). */
export const journeySettings = { timeoutMs: 5_000 };

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

/** The referrers of the order's journey, or [] when the store has no admin access, the summary is not ready, or reading it failed. */
export async function shopifyJourneyReferrersOf(ctx: Ctx, platformId: number, orderId: string): Promise<string[]> {
  try {
    const store = await openStore(ctx, platformId, { timeoutMs: journeySettings.timeoutMs });
    if (!(store instanceof ShopifyAdmin)) return [];
    return shopifyJourneyReferrers(await store.orderJourney(orderId));
  } catch (error) {
    const failure = error instanceof StoreRefusal ? `refused: ${error.reason}` : error instanceof Error ? error.name : 'unknown';
    ctx.log.warn({ platformId, orderId, failure }, 'fraud: the Shopify customer journey was not read; the other signals ran without it');
    return [];
  }
}
