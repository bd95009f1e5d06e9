import type { Config } from '@server/config';
import { AppError } from '@server/lib/errors';

/**
 * The two Square REST calls (decision record 040), with Bearer access tokens and a pinned Square-Version:
 *   GET  /v2/orders/{order_id}   -> { order } (RetrieveOrder; 404 { errors } when the seller has no such order)
 *   POST /v2/catalog/object      -> { catalog_object, id_mappings } (UpsertCatalogObject, with an idempotency_key)
 * Errors are { errors: [{ category, code, detail, field }] }. An outage, 429 or 5xx throws, so a background delivery is
 * retried with backoff; anything else is an answer the caller records.
 */
export const SQUARE_VERSION = '2025-01-23';
const TIMEOUT_MS = 10_000;

export type SquareEnvironment = 'production' | 'sandbox';
export type SquareAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; reason: string };

/** Square's API host by environment; tests and demos send every store call to STORE_ADMIN_ORIGIN (never production). */
export function squareApiBase(config: Pick<Config, 'storeAdminOrigin'>, environment: SquareEnvironment): string {
  if (config.storeAdminOrigin) return config.storeAdminOrigin.replace(/\/$/, '');
  return environment === 'sandbox' ? 'https://connect.squareupsandbox.com' : 'https://connect.squareup.com';
}

type Call = { base: string; accessToken: string; method: 'GET' | 'POST'; path: string; body?: unknown; what: string };

async function call({ base, accessToken, method, path, body, what }: Call): Promise<SquareAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `The Square API could not be reached for the ${what}; it will be retried`);
  }
  const parsed = await response.json().catch(() => null) as Record<string, unknown> | null;
  if (response.status === 429 || response.status >= 500) throw new AppError('SERVICE_UNAVAILABLE', `The Square API answered ${response.status} for the ${what}; it will be retried`);
  if (response.ok && parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, body: parsed };
  return { ok: false, reason: refusal(response.status, parsed, what) };
}

/** Square's first error code (never its detail, which may quote the request) and the status. */
function refusal(status: number, body: Record<string, unknown> | null, what: string): string {
  const first = Array.isArray(body?.errors) ? (body.errors[0] as { code?: unknown } | undefined) : undefined;
  const code = typeof first?.code === 'string' ? first.code.slice(0, 60) : null;
  if (status === 401 || status === 403) return `Square refused the access token (${status}${code ? ` ${code}` : ''}) for the ${what}`;
  if (status === 404) return `Square has no such ${what} (404)`;
  return `Square answered ${status}${code ? ` ${code}` : ''} for the ${what}`;
}

export type SquareAccess = { base: string; accessToken: string };

export async function retrieveSquareOrder(access: SquareAccess, orderId: string): Promise<SquareAnswer> {
  return call({ ...access, method: 'GET', path: `/v2/orders/${encodeURIComponent(orderId)}`, what: 'order' });
}

export async function upsertSquareCatalogObject(access: SquareAccess, idempotencyKey: string, object: Record<string, unknown>): Promise<SquareAnswer> {
  return call({ ...access, method: 'POST', path: '/v2/catalog/object', body: { idempotency_key: idempotencyKey, object }, what: 'catalog discount' });
}
