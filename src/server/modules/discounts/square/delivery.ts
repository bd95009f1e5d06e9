import type { AppContext } from '@server/lib/context';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import type { Ignored, ParsedOrder } from '../order-payloads';
import type { StorePlatform } from '../store-service';
import { retrieveSquareOrder, squareApiBase } from './client';
import { codeByCatalogIdOf } from './catalog-repository';
import { squareEvent, squareOrder, SQUARE_EVENT_TYPES } from './order-reader';

export type SquareRead = { topic: string; orderId?: string; parsed: ParsedOrder | Ignored };

/**
 * What a signed Square notification says, run by the background worker (decision record 040). The events are thin
 * (ids and states), so the order itself is fetched with the seller's sealed access token: a Square outage, 429 or
 * 5xx throws, and the task is retried with backoff.
 */
export async function readSquareDelivery(ctx: AppContext, platform: StorePlatform, body: Record<string, unknown> | null): Promise<SquareRead> {
  if (!body) return { topic: 'unknown', parsed: { ignored: 'The body is not a JSON object' } };
  const event = squareEvent(body);
  const topic = event.type;
  if (!platform.isActive) return { topic, parsed: { ignored: 'The integration platform is inactive' } };
  if (!SQUARE_EVENT_TYPES.includes(topic)) return { topic, parsed: { ignored: `Event ${topic} is not used` } };
  if (!event.orderId) return { topic, parsed: { ignored: `The ${topic} event names no order` } };
  const orderId = event.orderId;
  const credentials = await salesCredentialsOf(ctx, platform.id, 'square');
  if (!credentials) return { topic, orderId, parsed: { ignored: 'No Square access token is saved for this store' } };
  const fetched = await retrieveSquareOrder({ base: squareApiBase(ctx.config, credentials.environment), accessToken: credentials.accessToken }, orderId);
  if (!fetched.ok) return { topic, orderId, parsed: { ignored: fetched.reason } };
  const order = fetched.body.order;
  if (!order || typeof order !== 'object' || Array.isArray(order)) return { topic, orderId, parsed: { ignored: 'Square answered no order object' } };
  return { topic, orderId, parsed: squareOrder(order as Record<string, unknown>, await codeByCatalogIdOf(ctx.db, platform.id)) };
}
