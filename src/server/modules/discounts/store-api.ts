import { AppError } from '@server/lib/errors';
import { storeFetch, type StoreRequest } from '@server/modules/gear/stores/http';
import { StoreRefusal } from '@server/modules/gear/stores/types';

/**
 * One call to a store's API for attribution (BigCommerce, Square, Squarespace, Magento; decision record 040), on the
 * gear adapters' `storeFetch`: one timeout, JSON read without trusting it, and no redirect followed, so the
 * credentials never go to an address the business did not save. What attribution needs from the answer:
 *  - an outage, a timeout, 429 or 5xx throws SERVICE_UNAVAILABLE, so the background task is retried with backoff
 *    (and a business-started call answers 503) while nothing moves;
 *  - anything else that is not a 2xx is a refusal in words the delivery log keeps (never the store's body, which may
 *    quote the request), with its status for the callers that answer some differently.
 */
export type StoreApiAnswer = { ok: true; status: number; body: unknown } | { ok: false; status: number; body: unknown; reason: string };

export type StoreApiCall = StoreRequest & {
  platform: string;
  /** What is asked for, in words: "order", "catalog discount". */
  what: string;
  /** What the store calls the credential it refuses: "API token", "access token", "API key". */
  credential: string;
  /** A person waits for this call (a button), so an outage says "try again" instead of "it will be retried". */
  personWaits?: boolean;
  /** A GET is safe to send twice: once more at once when the first send fails on a connection the store closed while idle. */
  retryOnce?: boolean;
};

export async function callStoreApi(call: StoreApiCall): Promise<StoreApiAnswer> {
  const { platform, what, credential, retryOnce, personWaits, ...request } = call;
  const then = personWaits ? 'try again in a few minutes' : 'it will be retried';
  let response;
  try {
    response = await send(platform, request, retryOnce === true && request.method === 'GET');
  } catch (error) {
    if (error instanceof StoreRefusal) return { ok: false, status: 0, body: null, reason: `${platform} redirected the ${what} request elsewhere: connect the store with its current address` };
    throw new AppError('SERVICE_UNAVAILABLE', `The ${platform} API could not be reached for the ${what}; ${then}`);
  }
  const { status, body } = response;
  if (status === 429 || status >= 500) throw new AppError('SERVICE_UNAVAILABLE', `The ${platform} API answered ${status} for the ${what}; ${then}`);
  if (status >= 200 && status < 300) return { ok: true, status, body };
  return { ok: false, status, body, reason: refusalReason(platform, status, body, what, credential) };
}

async function send(platform: string, request: StoreRequest, retryOnce: boolean) {
  try {
    return await storeFetch(platform, request);
  } catch (error) {
    if (!retryOnce || error instanceof StoreRefusal) throw error;
    return storeFetch(platform, request);
  }
}

/** The store's first error code where it sends one (Square's `{ errors: [{ code }] }`), never its detail. */
function errorCode(body: unknown): string | null {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const first = Array.isArray(errors) ? (errors[0] as { code?: unknown } | undefined) : undefined;
  return typeof first?.code === 'string' && /^[A-Z0-9_]{1,60}$/.test(first.code) ? first.code : null;
}

function refusalReason(platform: string, status: number, body: unknown, what: string, credential: string): string {
  const code = errorCode(body);
  const answered = code ? `${status} ${code}` : String(status);
  if (status === 401 || status === 403) return `${platform} refused the ${credential} (${answered}) for the ${what}`;
  if (status === 404) return `${platform} has no such ${what} (404)`;
  return `${platform} answered ${answered} for the ${what}`;
}

export const isJsonObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
