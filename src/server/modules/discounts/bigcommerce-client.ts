import type { Config } from '@server/config';
import { callStoreApi, isJsonObject } from './store-api';

/**
 * The two BigCommerce REST calls attribution needs (v2 Orders API):
 *   GET /stores/{store_hash}/v2/orders/{id}          -> the order object (subtotal_ex_tax, discount_amount, coupon_discount,
 *                                                       total_inc_tax, refunded_amount, currency_code, status_id, billing_address)
 *   GET /stores/{store_hash}/v2/orders/{id}/coupons  -> [{ id, coupon_id, order_id, code, amount, type, discount }], or 204 when none
 * Authenticated with the X-Auth-Token header. A 404 means the order does not exist in that store. Network trouble,
 * 429 and 5xx throw (store-api.ts), so the background task is retried with backoff (decision record 023).
 */
export type BigCommerceFetch =
  | { ok: true; order: Record<string, unknown>; coupons: Record<string, unknown>[] }
  | { ok: false; reason: string };

const get = (url: string, token: string, what: string) =>
  callStoreApi({ platform: 'BigCommerce', what, credential: 'API token', method: 'GET', url, headers: { 'X-Auth-Token': token } });

export async function fetchBigCommerceOrder(config: Config, storeHash: string, token: string, orderId: string): Promise<BigCommerceFetch> {
  const base = `${config.bigcommerceApiUrl.replace(/\/$/, '')}/stores/${encodeURIComponent(storeHash)}/v2/orders/${encodeURIComponent(orderId)}`;
  const order = await get(base, token, 'order');
  if (!order.ok) return order;
  const coupons = await get(`${base}/coupons`, token, 'coupons');
  if (!coupons.ok) return coupons;
  if (!isJsonObject(order.body)) return { ok: false, reason: 'BigCommerce answered an order that is not an object' };
  // 204 (no coupons) has no body.
  return { ok: true, order: order.body, coupons: Array.isArray(coupons.body) ? coupons.body.filter(isJsonObject) : [] };
}
