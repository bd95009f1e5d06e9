import type { Config } from '@server/config';
import { callStoreApi, isJsonObject } from '../store-api';

/**
 * The two Square REST calls (decision record 040), with Bearer access tokens and a pinned Square-Version:
 *   GET  /v2/orders/{order_id}   -> { order } (RetrieveOrder; 404 { errors } when the seller has no such order)
 *   POST /v2/catalog/object      -> { catalog_object, id_mappings } (UpsertCatalogObject, with an idempotency_key)
 *   GET  /v2/catalog/object/{id} -> { object } (RetrieveCatalogObject; 404 once deleted)
 *   DELETE /v2/catalog/object/{id} -> { deleted_object_ids, deleted_at } (DeleteCatalogObject)
 * Errors are { errors: [{ category, code, detail, field }] }: the reason names the code, never the detail. An outage,
 * 429 or 5xx throws (store-api.ts), so a background delivery is retried with backoff; anything else is an answer the
 * caller records.
 */
export const SQUARE_VERSION = '2025-01-23';

export type SquareEnvironment = 'production' | 'sandbox';
/** `status`: Square's HTTP status when it refused (absent when the answer itself was unusable). */
export type SquareAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; reason: string; status?: number };

/** Square's API host by environment; tests and demos send every store call to STORE_ADMIN_ORIGIN (never production). */
export function squareApiBase(config: Pick<Config, 'storeAdminOrigin'>, environment: SquareEnvironment): string {
  if (config.storeAdminOrigin) return config.storeAdminOrigin.replace(/\/$/, '');
  return environment === 'sandbox' ? 'https://connect.squareupsandbox.com' : 'https://connect.squareup.com';
}

export type SquareAccess = { base: string; accessToken: string };

async function call(access: SquareAccess, method: 'GET' | 'POST' | 'DELETE', path: string, what: string, body?: unknown): Promise<SquareAnswer> {
  const answer = await callStoreApi({
    platform: 'Square',
    // Catalog calls are buttons the business pressed; reading an order is a queued delivery.
    personWaits: !path.startsWith('/v2/orders/'),
    what,
    credential: 'access token',
    method,
    url: `${access.base}${path}`,
    headers: { Authorization: `Bearer ${access.accessToken}`, 'Square-Version': SQUARE_VERSION },
    body,
  });
  if (!answer.ok) return { ok: false, reason: answer.reason, status: answer.status };
  return isJsonObject(answer.body) ? { ok: true, body: answer.body } : { ok: false, reason: `Square answered a ${what} that is not an object` };
}

export async function retrieveSquareOrder(access: SquareAccess, orderId: string): Promise<SquareAnswer> {
  return call(access, 'GET', `/v2/orders/${encodeURIComponent(orderId)}`, 'order');
}

export async function upsertSquareCatalogObject(access: SquareAccess, idempotencyKey: string, object: Record<string, unknown>): Promise<SquareAnswer> {
  return call(access, 'POST', '/v2/catalog/object', 'catalog discount', { idempotency_key: idempotencyKey, object });
}

export async function retrieveSquareCatalogObject(access: SquareAccess, objectId: string): Promise<SquareAnswer> {
  return call(access, 'GET', `/v2/catalog/object/${encodeURIComponent(objectId)}`, 'catalog discount');
}

export async function deleteSquareCatalogObject(access: SquareAccess, objectId: string): Promise<SquareAnswer> {
  return call(access, 'DELETE', `/v2/catalog/object/${encodeURIComponent(objectId)}`, 'catalog discount');
}
