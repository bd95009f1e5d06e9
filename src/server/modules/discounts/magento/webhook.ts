import type { WebhookAnswer } from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import * as attribution from '../attribution-service';
import { asOrderId, asText, isIgnored } from '../order-payloads';
import type { StorePlatform } from '../store-service';
import { creditMemosOf, getOrder } from './client';
import { hasRefunds, magentoOrder } from './order-reader';

/**
 * An Adobe Commerce webhook is the fast path next to the poll (decision record 040): it only names an order, which is
 * then fetched from the store's REST API with the saved token. Nothing in the notification is trusted but the id.
 */
type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/**
 * The order's entity id where Adobe Commerce puts it: observer events send {eventName, data: {order: {…}}}, plugin
 * webhooks {order: {…}}, I/O Events {value: {…}}; a hand-made one may say {order_id}.
 */
export function notifiedOrderId(body: Json): string | null {
  const data = obj(body.data);
  const candidates = [obj(data.order).entity_id, obj(body.order).entity_id, obj(body.value).entity_id, data.entity_id, data.order_id, body.entity_id, body.order_id];
  for (const candidate of candidates) {
    const id = asOrderId(candidate);
    if (id && /^\d{1,20}$/.test(id)) return id;
  }
  return null;
}

async function ignore(ctx: AppContext, platform: StorePlatform, topic: string, reason: string, orderId?: string | null, codes?: string[]): Promise<WebhookAnswer> {
  await attribution.logDelivery(ctx, platform, topic, { outcome: 'ignored', reason, orderId, codes });
  return { received: true, action: 'ignored', reason, orderId: orderId ?? undefined };
}

/** Runs a queued Magento notification: fetches the order it names and applies it like the poll does. */
export async function magentoDelivery(ctx: AppContext, platform: StorePlatform, body: Json | null): Promise<WebhookAnswer> {
  const topic = (body && asText(body.eventName)?.slice(0, 100)) ?? 'magento/webhook';
  if (!platform.isActive) return ignore(ctx, platform, topic, 'The integration platform is inactive');
  if (!body) return ignore(ctx, platform, topic, 'The body is not a JSON object');
  const orderId = notifiedOrderId(body);
  if (!orderId) return ignore(ctx, platform, topic, 'The notification names no order entity_id');
  const credentials = await salesCredentialsOf(ctx, platform.id, 'magento');
  if (!credentials) return ignore(ctx, platform, topic, 'No Magento access token is saved for this store: the order cannot be fetched', orderId);
  // Outages throw, and the task is retried with backoff.
  const order = await getOrder(ctx.config, credentials, orderId);
  if (!order.ok) return ignore(ctx, platform, topic, order.reason, orderId);
  const memos = hasRefunds(order.value) ? await creditMemosOf(ctx.config, credentials, [orderId]) : { ok: true as const, value: [] };
  if (!memos.ok) return ignore(ctx, platform, topic, memos.reason, orderId);
  const parsed = magentoOrder(order.value, memos.value);
  if (isIgnored(parsed)) return ignore(ctx, platform, topic, parsed.ignored, parsed.orderId ?? orderId, parsed.codes);
  const result = await attribution.applyVerifiedOrder(ctx, { platform, source: 'magento', ...parsed }, { topic });
  return { received: true, action: result.outcome, orderId: parsed.orderId, commissionId: result.commission?.id ?? null };
}
