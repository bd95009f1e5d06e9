import type { AppContext } from '@server/lib/context';
import { applyCatalogUpdate } from './catalog-service';
import * as repo from './repository';
import { applyFulfilment } from './shipments-service';
import { openStore } from './store-access';
import { parseCatalogUpdate, parseFulfilment } from './stores/webhooks';
import type { StorePlatform } from './stores/types';

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
  if (type === 'bigcommerce' && topic.startsWith('store/shipment/') && fulfilment) {
    // Thin delivery (ids only): the shipment's carrier and tracking come from the store's API.
    const store = await openStore(ctx, platform.id);
    const shipmentId = String((body.data as { id?: unknown } | undefined)?.id ?? '');
    fulfilment = (store?.fetchShipment ? await store.fetchShipment(fulfilment.externalOrderId, shipmentId) : null) ?? fulfilment;
  }
  if (fulfilment) return applyFulfilment(ctx, platform.id, fulfilment);
  const update = parseCatalogUpdate(type, topic, body);
  if (!update) return null;
  const settings = await repo.findSettings(ctx.db, platform.businessId);
  if (settings?.platformId !== platform.id) return 'not the store gear comes from';
  return applyCatalogUpdate(ctx, platform.id, platform.businessId, update);
}
