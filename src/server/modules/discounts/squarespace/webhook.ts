import { asText } from '../order-payloads';

/** The webhook route's OpenAPI description (the route block itself lives with the other stores' in webhooks-routes.ts). */
export const SQUARESPACE_WEBHOOK_DESCRIPTION =
  'Topics order.create and order.update (the notification’s topic field; others, such as extension.uninstall, are recorded as ignored). ' +
  'Subscribe with POST /api/integration-platforms/{platformId}/squarespace/subscription, which creates the Squarespace webhook subscription pointing here and keeps its secret as the platform’s signing secret. ' +
  'Signed with Squarespace-Signature: hex HMAC-SHA256 of the raw body keyed with the subscription secret decoded from hex. A notification id received before is answered duplicate. ' +
  'The notification names the order only: with the store’s API key saved, the order is fetched from the Orders API (in the background, retried with backoff while Squarespace is unreachable, rate-limiting or failing); codes from discountLines[].promoCode, base subtotal less discountTotal, refundedTotal followed proportionally, fulfillmentStatus CANCELED cancels, test-mode orders are ignored. Without a key the order awaits a verified amount.';

/** The notification's id (Squarespace's own, unique per notification), which keeps a redelivery from being queued twice. */
export function squarespaceNotificationId(raw: Buffer): string | undefined {
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    const id = body !== null && typeof body === 'object' ? asText((body as { id?: unknown }).id) : null;
    // Squarespace's ids are hex; anything else (a NUL byte the database refuses) is no key: the delivery is still queued.
    return id && /^[\w-]{1,100}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
