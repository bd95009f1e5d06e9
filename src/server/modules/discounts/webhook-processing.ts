import { normaliseCurrency } from '@shared/currency';
import type { PlatformType, WebhookAnswer } from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import * as repo from './repository';
import * as attribution from './attribution-service';
import type { StorePlatform } from './store-service';
import * as payloads from './order-payloads';
import { fetchBigCommerceOrder } from './bigcommerce-client';
import { decryptSecret } from '@server/lib/secret-box';
import { bigCommerceRiskFacts, shopifyRiskFacts, wooCommerceRiskFacts, type OrderRiskFacts } from '@server/modules/fraud/signals';
import { shopifyJourneyReferrersOf } from '@server/modules/fraud/shopify-journey';
import * as attr from './attribution-repository';
import { gearDelivery, isGearTopic } from '@server/modules/gear/webhook-service';
import { magentoDelivery } from './magento/webhook';
import { readSquareDelivery } from './square/delivery';
import { squarespaceDelivery } from './squarespace/delivery';

/**
 * What a signed store delivery does, run by the background worker after the webhook route checked the signature and
 * queued the bytes (decision record 023): the route answers the store at once, and this runs with retries (a
 * BigCommerce API that is down makes the task fail and come back later). Every outcome is in the delivery log.
 */

/** A delivery as the route queued it: whose, which topic (Shopify and WooCommerce send it as a header), the exact bytes. */
export type QueuedDelivery = { platformId: number; platformType: PlatformType; topic: string | null; raw: Buffer };

export const STORE_WEBHOOK_TASK = 'discounts.store-webhook';

function jsonOf(raw: Buffer): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as unknown;
    // JSON null is an object to typeof, and comes back as null.
    return typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown> | null) : null;
  } catch {
    return null; // not JSON
  }
}

async function ignore(ctx: AppContext, platform: StorePlatform, topic: string, reason: string, orderId?: string | null, codes?: string[]): Promise<WebhookAnswer> {
  await attribution.logDelivery(ctx, platform, topic, { orderId, codes, outcome: 'ignored', reason });
  return { received: true, action: 'ignored', reason, orderId: orderId ?? undefined };
}

async function apply(ctx: AppContext, platform: StorePlatform, source: attribution.VerifiedOrderFacts['source'], topic: string, parsed: payloads.ParsedOrder & { risk?: OrderRiskFacts | null }): Promise<WebhookAnswer> {
  const result = await attribution.applyVerifiedOrder(ctx, { platform, source, ...parsed }, { topic });
  return { received: true, action: result.outcome, orderId: parsed.orderId, commissionId: result.commission?.id ?? null };
}

/** Applies the order a payload described, or logs and answers why the payload was not usable (`orderId` when it names none). */
function applyParsed(
  ctx: AppContext,
  platform: StorePlatform,
  source: attribution.VerifiedOrderFacts['source'],
  topic: string,
  parsed: payloads.ParsedOrder | payloads.Ignored,
  orderId?: string,
  risk?: () => OrderRiskFacts,
): Promise<WebhookAnswer> {
  if (payloads.isIgnored(parsed)) return ignore(ctx, platform, topic, parsed.ignored, parsed.orderId ?? orderId, parsed.codes);
  // The buyer's facts for the fraud signals (decision record 039): read from the same published payload.
  return apply(ctx, platform, source, topic, { ...parsed, risk: risk?.() ?? null });
}


/** Runs a queued delivery; a platform deleted since it was queued leaves nothing to credit. */
export async function processDelivery(ctx: AppContext, delivery: QueuedDelivery): Promise<WebhookAnswer> {
  const platform = await repo.getPlatform(ctx.db, delivery.platformId);
  if (!platform || platform.platformType !== delivery.platformType) return { received: true, action: 'ignored', reason: 'The integration platform was deleted' };
  const gear = await gearOf(ctx, platform, delivery);
  if (gear) return gear;
  if (delivery.platformType === 'shopify') return shopifyDelivery(ctx, platform, delivery.topic ?? 'orders/create', delivery.raw);
  if (delivery.platformType === 'woocommerce') return wooCommerceDelivery(ctx, platform, delivery.topic ?? 'order.created', delivery.raw);
  if (delivery.platformType === 'magento') return magentoDelivery(ctx, platform, jsonOf(delivery.raw));
  if (delivery.platformType === 'square') return squareDelivery(ctx, platform, delivery.raw);
  if (delivery.platformType === 'squarespace') {
    return squarespaceDelivery(ctx, platform, jsonOf(delivery.raw), {
      ignore: (topic, reason, orderId, codes) => ignore(ctx, platform, topic, reason, orderId, codes),
      apply: (topic, parsed, orderId) => applyParsed(ctx, platform, 'squarespace', topic, parsed, orderId),
    });
  }
  return bigCommerceDelivery(ctx, platform, delivery.raw);
}

/**
 * Product, inventory and fulfilment deliveries belong to the gear program (decision record 038); a WooCommerce
 * order.updated is gear's only when the order is a gear order, otherwise attribution reads it as before.
 */
async function gearOf(ctx: AppContext, platform: StorePlatform, delivery: QueuedDelivery): Promise<WebhookAnswer | null> {
  const body = jsonOf(delivery.raw);
  const topic = delivery.platformType === 'bigcommerce' ? ((body && payloads.asText(body.scope)) ?? '') : (delivery.topic ?? '');
  if (!body || !platform.isActive || !isGearTopic(delivery.platformType, topic)) return null;
  const what = await gearDelivery(ctx, platform, topic, body);
  if (what === null) return null;
  await attribution.logDelivery(ctx, platform, topic, { outcome: 'recorded', reason: `Gear: ${what}` });
  return { received: true, action: 'recorded', reason: `Gear: ${what}` };
}

const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled', 'orders/edited', 'orders/fulfilled'];

/**
 * A store deleted (or trashed) the order: it is cancelled, and so is an unpaid commission on it; a paid one gets a
 * clawback (the ledger decides, decision record 036). The body names no currency: the order's own is kept.
 */
async function deletion(ctx: AppContext, platform: StorePlatform, source: attribution.VerifiedOrderFacts['source'], topic: string, body: Record<string, unknown>, raw: Buffer): Promise<WebhookAnswer> {
  const orderId = payloads.deletedOrderId(body, raw.toString('utf8'));
  if (payloads.isIgnored(orderId)) return ignore(ctx, platform, topic, orderId.ignored);
  const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
  return apply(ctx, platform, source, topic, { orderId, codes: [], baseMinor: null, currency: known?.currency ?? 'USD', customerEmail: null, status: 'cancelled', refunds: [] });
}

async function shopifyDelivery(ctx: AppContext, platform: StorePlatform, topic: string, raw: Buffer): Promise<WebhookAnswer> {
  if (!platform.isActive) return ignore(ctx, platform, topic, 'The integration platform is inactive');
  const body = jsonOf(raw);
  if (!body) return ignore(ctx, platform, topic, 'The body is not a JSON object');
  if (topic === 'refunds/create') {
    const orderId = payloads.exactIntegerField(raw.toString('utf8'), 'order_id') ?? payloads.asOrderId(body.order_id);
    if (!orderId) return ignore(ctx, platform, topic, 'The refund has no order_id');
    const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
    const currency = normaliseCurrency(((body.refund_line_items as { subtotal_set?: { shop_money?: { currency_code?: unknown } } }[] | undefined)?.[0])?.subtotal_set?.shop_money?.currency_code) ?? known?.currency;
    if (!currency) return ignore(ctx, platform, topic, 'The refund has no currency and its order is unknown', orderId);
    const refund = payloads.shopifyRefundAmount(body, currency);
    if (!refund) return ignore(ctx, platform, topic, `The refund amounts are not amounts in ${currency}`, orderId);
    return apply(ctx, platform, 'shopify', topic, { orderId, codes: [], baseMinor: null, currency, customerEmail: null, refunds: [refund] });
  }
  if (topic === 'orders/delete') return deletion(ctx, platform, 'shopify', topic, body, raw);
  if (!SHOPIFY_ORDER_TOPICS.includes(topic)) return ignore(ctx, platform, topic, `Topic ${topic.slice(0, 60)} is not used`);
  const parsed = payloads.shopifyOrder(body, topic);
  const journey = await journeyReferrers(ctx, platform, parsed);
  return applyParsed(ctx, platform, 'shopify', topic, parsed, undefined, () => {
    const facts = shopifyRiskFacts(body);
    return { ...facts, referrers: [...facts.referrers, ...journey] };
  });
}

/**
 * The referrers of the order's Shopify customer journey (decision record 039), asked only when the signals will run on
 * this delivery: the order carries one of the business's codes and has no commission yet. Read here, before the
 * attribution's transaction, so no row lock waits on the store's API.
 */
async function journeyReferrers(ctx: AppContext, platform: StorePlatform, parsed: payloads.ParsedOrder | payloads.Ignored): Promise<string[]> {
  if (payloads.isIgnored(parsed)) return [];
  const ours = await attr.findCodes(ctx.db, platform.businessId, attribution.normaliseCodes(parsed.codes));
  if (ours.length === 0 || (await attr.hasMainCommission(ctx.db, platform.businessId, parsed.orderId))) return [];
  return shopifyJourneyReferrersOf(ctx, platform.id, parsed.orderId);
}

async function wooCommerceDelivery(ctx: AppContext, platform: StorePlatform, topic: string, raw: Buffer): Promise<WebhookAnswer> {
  if (!platform.isActive) return ignore(ctx, platform, topic, 'The integration platform is inactive');
  if (!['order.created', 'order.updated', 'order.deleted', 'order.restored'].includes(topic)) return ignore(ctx, platform, topic, `Topic ${topic.slice(0, 60)} is not used`);
  const body = jsonOf(raw);
  if (!body) return ignore(ctx, platform, topic, 'The body is not a JSON object');
  if (topic === 'order.deleted') return deletion(ctx, platform, 'woocommerce', topic, body, raw);
  return applyParsed(ctx, platform, 'woocommerce', topic, payloads.wooCommerceOrder(body), undefined, () => wooCommerceRiskFacts(body));
}

/** Square: the order is fetched from its API (square/delivery.ts, decision record 040). */
async function squareDelivery(ctx: AppContext, platform: StorePlatform, raw: Buffer): Promise<WebhookAnswer> {
  const read = await readSquareDelivery(ctx, platform, jsonOf(raw));
  return applyParsed(ctx, platform, 'square', read.topic, read.parsed, read.orderId);
}

async function bigCommerceDelivery(ctx: AppContext, platform: StorePlatform, raw: Buffer): Promise<WebhookAnswer> {
  const body = jsonOf(raw);
  const scope = (body && payloads.asText(body.scope)) ?? 'unknown';
  if (!platform.isActive) return ignore(ctx, platform, scope, 'The integration platform is inactive');
  if (!body) return ignore(ctx, platform, scope, 'The body is not a JSON object');
  const data = (body.data ?? {}) as { id?: unknown; status?: { new_status_id?: unknown } };
  const orderId = payloads.asOrderId(data.id);
  if (!scope.startsWith('store/order/')) return ignore(ctx, platform, scope, `Scope ${scope.slice(0, 60)} is not used`);
  if (!orderId) return ignore(ctx, platform, scope, 'The delivery has no order id');
  if (platform.bigcommerceStoreHash && platform.bigcommerceApiTokenEncrypted) {
    // The payload is thin (ids only): the order and its coupons come from the store's API, never from a browser.
    // An unreachable or failing API throws, and the task is retried with backoff.
    const token = decryptSecret(ctx.config, platform.bigcommerceApiTokenEncrypted);
    const fetched = await fetchBigCommerceOrder(ctx.config, platform.bigcommerceStoreHash, token, orderId);
    if (!fetched.ok) return ignore(ctx, platform, scope, fetched.reason, orderId);
    return applyParsed(ctx, platform, 'bigcommerce', scope, payloads.bigCommerceOrder(fetched.order, fetched.coupons), orderId, () => bigCommerceRiskFacts(fetched.order));
  }
  // Without API credentials only the status is known; a secret-key track-usage call can attribute the order.
  const newStatus = Number(data.status?.new_status_id);
  const status = scope === 'store/order/statusUpdated' && Number.isFinite(newStatus) ? payloads.bigCommerceStatus(newStatus) : undefined;
  if (status === 'incomplete') return ignore(ctx, platform, scope, 'The order is incomplete (status 0)', orderId);
  const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
  return apply(ctx, platform, 'bigcommerce', scope, {
    orderId, codes: [], baseMinor: null, currency: known?.currency ?? 'USD', customerEmail: null, status, refunds: [],
  });
}
