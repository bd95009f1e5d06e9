import type { WebhookAnswer } from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import * as repo from '../repository';
import type { StorePlatform } from '../store-service';
import { asOrderId, asText, type Ignored, type ParsedOrder } from '../order-payloads';
import { fetchSquarespaceOrder } from './client';
import { squarespaceOrder } from './order-reader';

/** The topics that carry an order (a subscription may also name extension.uninstall, which we never use). */
export const SQUARESPACE_ORDER_TOPICS = ['order.create', 'order.update'];

/** What the shared pipeline lends a platform's delivery: the log of ignored deliveries and the ledger's door. */
export type DeliveryTools = {
  ignore: (topic: string, reason: string, orderId?: string | null, codes?: string[]) => Promise<WebhookAnswer>;
  apply: (topic: string, parsed: ParsedOrder | Ignored, orderId?: string) => Promise<WebhookAnswer>;
};

/** The notification's own fields: {id, websiteId, subscriptionId, topic, createdOn, data: {orderId, update?}}. */
export function notificationOf(body: Record<string, unknown> | null): { topic: string; orderId: string | null } {
  const data = body?.data !== null && typeof body?.data === 'object' ? (body.data as Record<string, unknown>) : {};
  // Squarespace order ids are 24 hex digits; anything outside a plain id alphabet (a NUL byte, a path) is no id.
  const orderId = asOrderId(data.orderId);
  const topic = (body && asText(body.topic)?.replace(/[^\w.\-/]/g, '?').slice(0, 60)) ?? 'unknown';
  return { topic, orderId: orderId && /^[\w-]{1,100}$/.test(orderId) ? orderId : null };
}

/**
 * A Squarespace notification names the order only: the order itself is fetched from the Orders API with the saved
 * key (an outage throws and the task is retried). Without a key only the order's existence is known, and it awaits
 * a verified amount, as a BigCommerce order without an API token does.
 */
export async function squarespaceDelivery(ctx: AppContext, platform: StorePlatform, body: Record<string, unknown> | null, tools: DeliveryTools): Promise<WebhookAnswer> {
  const { topic, orderId } = notificationOf(body);
  if (!platform.isActive) return tools.ignore(topic, 'The integration platform is inactive');
  if (!body) return tools.ignore(topic, 'The body is not a JSON object');
  if (!SQUARESPACE_ORDER_TOPICS.includes(topic)) return tools.ignore(topic, `Topic ${topic} is not used`);
  if (!orderId) return tools.ignore(topic, 'The notification has no data.orderId');
  const credentials = await salesCredentialsOf(ctx, platform.id, 'squarespace');
  if (!credentials) {
    const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
    return tools.apply(topic, { orderId, codes: [], baseMinor: null, currency: known?.currency ?? 'USD', customerEmail: null, refunds: [] }, orderId);
  }
  const fetched = await fetchSquarespaceOrder(ctx.config, credentials.apiKey, orderId);
  if (!fetched.ok) return tools.ignore(topic, fetched.reason, orderId);
  return tools.apply(topic, squarespaceOrder(fetched.order), orderId);
}
