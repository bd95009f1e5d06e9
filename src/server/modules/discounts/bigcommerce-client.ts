import type { Config } from '@server/config';
import { AppError } from '@server/lib/errors';

/**
 * The two BigCommerce REST calls attribution needs (v2 Orders API):
 *   GET /stores/{store_hash}/v2/orders/{id}          -> the order object (subtotal_ex_tax, discount_amount, coupon_discount,
 *                                                       total_inc_tax, refunded_amount, currency_code, status_id, billing_address)
 *   GET /stores/{store_hash}/v2/orders/{id}/coupons  -> [{ id, coupon_id, order_id, code, amount, type, discount }], or 204 when none
 * Authenticated with the X-Auth-Token header. A 404 means the order does not exist in that store.
 */
export type BigCommerceFetch =
  | { ok: true; order: Record<string, unknown>; coupons: Record<string, unknown>[] }
  | { ok: false; reason: string };

const TIMEOUT_MS = 10_000;

async function getJson(url: string, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    headers: { 'X-Auth-Token': token, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 204) return { status: 204, body: [] };
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** One call; network trouble throws, so the background task is retried with backoff (decision record 023). */
async function reach(url: string, token: string): Promise<{ status: number; body: unknown }> {
  try {
    return await getJson(url, token);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The BigCommerce API could not be reached; the delivery will be retried');
  }
}

export async function fetchBigCommerceOrder(config: Config, storeHash: string, token: string, orderId: string): Promise<BigCommerceFetch> {
  const base = `${config.bigcommerceApiUrl.replace(/\/$/, '')}/stores/${encodeURIComponent(storeHash)}/v2/orders/${encodeURIComponent(orderId)}`;
  const order = await reach(base, token);
  if (order.status !== 200) return failure(order.status, 'order');
  const coupons = await reach(`${base}/coupons`, token);
  if (coupons.status !== 200 && coupons.status !== 204) return failure(coupons.status, 'coupons');
  if (!order.body || typeof order.body !== 'object' || Array.isArray(order.body)) return { ok: false, reason: 'BigCommerce answered an order that is not an object' };
  return { ok: true, order: order.body as Record<string, unknown>, coupons: Array.isArray(coupons.body) ? (coupons.body as Record<string, unknown>[]) : [] };
}

function failure(status: number, what: string): BigCommerceFetch {
  if (status >= 500 || status === 429) throw new AppError('SERVICE_UNAVAILABLE', `The BigCommerce API answered ${status}; the delivery will be retried`);
  if (status === 401 || status === 403) return { ok: false, reason: `BigCommerce refused the API token (${status}) when fetching the ${what}` };
  if (status === 404) return { ok: false, reason: `BigCommerce has no such ${what} (404)` };
  return { ok: false, reason: `BigCommerce answered ${status} when fetching the ${what}` };
}
