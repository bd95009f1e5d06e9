import type { AppContext } from '@server/lib/context';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import { squareEvent, type SquareEvent } from './order-reader';
import { squareNotificationUrl, verifySquareSignature } from './signature';

/**
 * Whether a delivery to a Square platform's webhook URL was signed by Square: with the subscription's signature key
 * the business saved (sealed; the platform's own webhook secret is not used for Square), over this platform's
 * notification URL and the raw body. No saved key: nothing can be checked, so nothing is accepted.
 */
export async function signedBySquare(ctx: AppContext, platformId: number, raw: Buffer, signature: string | undefined): Promise<boolean> {
  if (!signature) return false;
  const credentials = await salesCredentialsOf(ctx, platformId, 'square');
  return Boolean(credentials) && verifySquareSignature(credentials!.signatureKey, squareNotificationUrl(ctx.config, platformId), raw, signature);
}

/** The event's type and event_id (the redelivery key: Square resends an event with the same event_id). */
export function squareEventOf(raw: Buffer): SquareEvent {
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return squareEvent(body as Record<string, unknown>);
  } catch {
    // not JSON: queued anyway, and recorded as ignored by the worker
  }
  return { type: 'unknown', eventId: null, orderId: null };
}
