import type { AppContext } from '@server/lib/context';
import { applyCatalogUpdate } from './catalog-service';
import * as repo from './repository';
import { applyFulfilment, referenceOf } from './shipments-service';
import { openStore } from './store-access';
import { parseCatalogUpdate, parseFulfilment } from './stores/webhooks';
import type { FulfilmentUpdate, StorePlatform } from './stores/types';

/**
 * The store webhooks the gear program uses (decision record 038), after the store webhook route checked the
 * signature and queued the delivery: product and inventory changes of the store gear comes from, and fulfilments of
 * gear orders. Answers what it did, or null when the delivery is not about gear (attribution handles it).
 */

const GEAR_TOPICS: Record<StorePlatform, RegExp> = {
  shopify: /^(fulfillments\/(create|update)|products\/(create|update|delete)|inventory_levels\/update)$/,
  woocommerce: /^(product\.(created|updated|deleted|restored)|order\.updated)$/,
  bigcommerce: /^store\/(product\/.+|shipment\/.+)$/,
};

export function isGearTopic(platform: string, topic: string): boolean {
  return platform in GEAR_TOPICS && GEAR_TOPICS[platform as StorePlatform].test(topic);
}

export async function gearDelivery(ctx: AppContext, platform: { id: number; businessId: number; platformType: string }, topic: string, body: Record<string, unknown>): Promise<string | null> {
  if (!isGearTopic(platform.platformType, topic)) return null;
  const type = platform.platformType as StorePlatform;
  let fulfilment = parseFulfilment(type, topic, body);
  if (fulfilment?.shipmentId) {
    // Thin delivery (BigCommerce names the shipment only): its carrier and tracking come from the store's API.
    const store = await openStore(ctx, platform.id);
    fulfilment = (store?.fetchShipment ? await store.fetchShipment(fulfilment.externalOrderId, fulfilment.shipmentId) : null) ?? fulfilment;
  }
  if (fulfilment) return applyFulfilment(ctx, platform.id, await withDraftOrder(ctx, platform.id, fulfilment));
  const update = parseCatalogUpdate(type, topic, body, (await repo.storeCurrency(ctx.db, platform.id)) ?? undefined);
  if (!update) return null;
  const settings = await repo.findSettings(ctx.db, platform.businessId);
  // Another store's catalog is not gear's: attribution logs the topic as not used there.
  if (settings?.platformId !== platform.id) return null;
  return applyCatalogUpdate(ctx, platform.id, platform.businessId, update);
}

/**
 * A Shopify draft the business completed itself became an order with a new id, and its fulfilments name that order
 * (without the draft's tags): the drafts waiting on this store are asked which order they became.
 */
async function withDraftOrder(ctx: AppContext, platformId: number, update: FulfilmentUpdate): Promise<FulfilmentUpdate> {
  if (update.reference || (await repo.shipmentByStoreOrderId(ctx.db, platformId, update.externalOrderId))) return update;
  const drafts = await repo.draftShipments(ctx.db, platformId);
  if (drafts.length === 0) return update;
  const store = await openStore(ctx, platformId);
  if (!store) return update;
  for (const draft of drafts) {
    const order = await store.findGearOrder(referenceOf(draft.id));
    if (order?.state === 'order' && order.externalOrderId === update.externalOrderId) return { ...update, reference: referenceOf(draft.id) };
  }
  return update;
}
