import type { Config } from '@server/config';
import { AppError } from '@server/lib/errors';

/**
 * The Squarespace calls (API version 1.0, decision record 040):
 *   GET    /1.0/commerce/orders/{id}                 -> the Order (Orders API; an API key with Orders read, or an OAuth token)
 *   POST   /1.0/webhook_subscriptions                -> {id, endpointUrl, topics, secret, createdOn, updatedOn}
 *   DELETE /1.0/webhook_subscriptions/{id}           -> 204
 * Bearer authentication; Squarespace asks every request to carry a User-Agent naming the integration. Its
 * documentation says the Webhook Subscriptions API takes OAuth tokens only, so a plain API key may be refused there.
 */
export const SQUARESPACE_USER_AGENT = 'HuntStaff/1.0 (pro staff commissions)';
const TIMEOUT_MS = 10_000;

type Answer = { status: number; body: unknown };

const baseOf = (config: Pick<Config, 'squarespaceApiUrl' | 'storeAdminOrigin'>) => (config.storeAdminOrigin ?? config.squarespaceApiUrl).replace(/\/+$/, '');

/** One call; network trouble throws (as SERVICE_UNAVAILABLE), so a background task is retried with backoff. */
async function call(config: Pick<Config, 'squarespaceApiUrl' | 'storeAdminOrigin'>, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${baseOf(config)}/1.0/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'User-Agent': SQUARESPACE_USER_AGENT,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The Squarespace API could not be reached');
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return { status: response.status, body: null };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export type SquarespaceOrderFetch = { ok: true; order: Record<string, unknown> } | { ok: false; reason: string };

/** The order, or why it cannot be read; an outage, 429 or 5xx throws so the delivery's task is retried. */
export async function fetchSquarespaceOrder(config: Config, token: string, orderId: string): Promise<SquarespaceOrderFetch> {
  const answer = await call(config, token, 'GET', `commerce/orders/${encodeURIComponent(orderId)}`);
  if (answer.status === 429 || answer.status >= 500) throw new AppError('SERVICE_UNAVAILABLE', `The Squarespace API answered ${answer.status}; the delivery will be retried`);
  if (answer.status === 401 || answer.status === 403) return { ok: false, reason: `Squarespace refused the API key (${answer.status}) when fetching the order` };
  if (answer.status === 404) return { ok: false, reason: 'Squarespace has no such order (404)' };
  if (answer.status !== 200) return { ok: false, reason: `Squarespace answered ${answer.status} when fetching the order` };
  return isObject(answer.body) ? { ok: true, order: answer.body } : { ok: false, reason: 'Squarespace answered an order that is not an object' };
}

export type CreatedSubscription = { id: string; endpointUrl: string; topics: string[]; secret: string; createdOn: string | null };

/** Why Squarespace refused a subscription call, in words for the business (never its body: it may echo the key). */
function refusal(status: number, what: string): AppError {
  if (status === 429 || status >= 500) return new AppError('SERVICE_UNAVAILABLE', `Squarespace answered ${status} when ${what}; try again in a few minutes`);
  if (status === 401 || status === 403) {
    return new AppError('VALIDATION', `Squarespace refused the saved key (${status}) when ${what}. Squarespace lets only OAuth tokens with Orders access manage webhook subscriptions: save such a token as the key.`, [
      { path: 'apiKey', message: 'Refused by Squarespace' },
    ]);
  }
  return new AppError('VALIDATION', `Squarespace answered ${status} when ${what}`);
}

export async function createSquarespaceSubscription(config: Config, token: string, endpointUrl: string, topics: string[]): Promise<CreatedSubscription> {
  const answer = await call(config, token, 'POST', 'webhook_subscriptions', { endpointUrl, topics });
  if (answer.status !== 200 && answer.status !== 201) throw refusal(answer.status, 'creating the webhook subscription');
  const body = isObject(answer.body) ? answer.body : {};
  const { id, secret } = body;
  if (typeof id !== 'string' || typeof secret !== 'string' || !/^[0-9a-f]+$/i.test(secret)) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Squarespace answered a subscription without an id or a hexadecimal secret');
  }
  const answeredTopics = Array.isArray(body.topics) ? body.topics.filter((topic): topic is string => typeof topic === 'string') : topics;
  return { id, secret, endpointUrl: typeof body.endpointUrl === 'string' ? body.endpointUrl : endpointUrl, topics: answeredTopics, createdOn: typeof body.createdOn === 'string' ? body.createdOn : null };
}

/** Deletes a subscription; one Squarespace no longer has (404) is already gone. */
export async function deleteSquarespaceSubscription(config: Config, token: string, subscriptionId: string): Promise<void> {
  const answer = await call(config, token, 'DELETE', `webhook_subscriptions/${encodeURIComponent(subscriptionId)}`);
  if (answer.status === 404 || (answer.status >= 200 && answer.status < 300)) return;
  throw refusal(answer.status, 'deleting the previous webhook subscription');
}
