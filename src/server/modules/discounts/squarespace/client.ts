import type { Config } from '@server/config';
import { AppError } from '@server/lib/errors';
import { callStoreApi, isJsonObject, type StoreApiAnswer } from '../store-api';

/**
 * The Squarespace calls (API version 1.0, decision record 040):
 *   GET    /1.0/commerce/orders/{id}                 -> the Order (Orders API; an API key with Orders read, or an OAuth token)
 *   POST   /1.0/webhook_subscriptions                -> {id, endpointUrl, topics, secret, createdOn, updatedOn}
 *   DELETE /1.0/webhook_subscriptions/{id}           -> 204
 * Bearer authentication; Squarespace asks every request to carry a User-Agent naming the integration. Its
 * documentation says the Webhook Subscriptions API takes OAuth tokens only, so a plain API key may be refused there.
 * Network trouble, 429 and 5xx throw SERVICE_UNAVAILABLE (store-api.ts): a delivery's task is retried, a button answers 503.
 */
export const SQUARESPACE_USER_AGENT = 'HuntStaff/1.0 (pro staff commissions)';

type Base = Pick<Config, 'squarespaceApiUrl' | 'storeAdminOrigin'>;
const baseOf = (config: Base) => (config.storeAdminOrigin ?? config.squarespaceApiUrl).replace(/\/+$/, '');

function call(config: Base, token: string, method: 'GET' | 'POST' | 'DELETE', path: string, what: string, body?: unknown): Promise<StoreApiAnswer> {
  return callStoreApi({
    platform: 'Squarespace',
    what,
    credential: 'API key',
    personWaits: method !== 'GET',
    method,
    url: `${baseOf(config)}/1.0/${path}`,
    headers: { Authorization: `Bearer ${token}`, 'User-Agent': SQUARESPACE_USER_AGENT },
    body,
  });
}

export type SquarespaceOrderFetch = { ok: true; order: Record<string, unknown> } | { ok: false; reason: string };

/** The order, or why it cannot be read; an outage, 429 or 5xx throws so the delivery's task is retried. */
export async function fetchSquarespaceOrder(config: Config, token: string, orderId: string): Promise<SquarespaceOrderFetch> {
  const answer = await call(config, token, 'GET', `commerce/orders/${encodeURIComponent(orderId)}`, 'order');
  if (!answer.ok) return answer;
  if (answer.status !== 200) return { ok: false, reason: `Squarespace answered ${answer.status} for the order` };
  return isJsonObject(answer.body) ? { ok: true, order: answer.body } : { ok: false, reason: 'Squarespace answered an order that is not an object' };
}

export type CreatedSubscription = { id: string; endpointUrl: string; topics: string[]; secret: string; createdOn: string | null };

/** Why Squarespace refused a subscription call, in words for the business (never its body: it may echo the key). */
function refusal(answer: Extract<StoreApiAnswer, { ok: false }>, what: string): AppError {
  if (answer.status === 401 || answer.status === 403) {
    return new AppError('VALIDATION', `Squarespace refused the saved key (${answer.status}) when ${what}. Squarespace lets only OAuth tokens with Orders access manage webhook subscriptions: save such a token as the key.`, [
      { path: 'apiKey', message: 'Refused by Squarespace' },
    ]);
  }
  return new AppError('VALIDATION', answer.status ? `Squarespace answered ${answer.status} when ${what}` : answer.reason);
}

export async function createSquarespaceSubscription(config: Config, token: string, endpointUrl: string, topics: string[]): Promise<CreatedSubscription> {
  const answer = await call(config, token, 'POST', 'webhook_subscriptions', 'webhook subscription', { endpointUrl, topics });
  if (!answer.ok) throw refusal(answer, 'creating the webhook subscription');
  const body = isJsonObject(answer.body) ? answer.body : {};
  const { id, secret } = body;
  if (typeof id !== 'string' || typeof secret !== 'string' || !/^[0-9a-f]+$/i.test(secret)) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Squarespace answered a subscription without an id or a hexadecimal secret');
  }
  const answeredTopics = Array.isArray(body.topics) ? body.topics.filter((topic): topic is string => typeof topic === 'string') : topics;
  return { id, secret, endpointUrl: typeof body.endpointUrl === 'string' ? body.endpointUrl : endpointUrl, topics: answeredTopics, createdOn: typeof body.createdOn === 'string' ? body.createdOn : null };
}

/** Deletes a subscription; one Squarespace no longer has (404) is already gone. */
export async function deleteSquarespaceSubscription(config: Config, token: string, subscriptionId: string): Promise<void> {
  const answer = await call(config, token, 'DELETE', `webhook_subscriptions/${encodeURIComponent(subscriptionId)}`, 'webhook subscription');
  if (answer.ok || answer.status === 404) return;
  throw refusal(answer, 'deleting the previous webhook subscription');
}
