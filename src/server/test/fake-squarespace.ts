import crypto from 'node:crypto';
import { startFakeStoreServer, type FakeAnswer, type FakeRequest, type FakeStoreServer } from './fake-store-server';

/**
 * A local Squarespace API (version 1.0) for the Squarespace tests (decision record 040), answering with the documented
 * shapes and refusing what Squarespace refuses: a missing or unknown Bearer token (401), a request without a
 * User-Agent (400), an unknown order (404), and, as its docs say, an API key on the Webhook Subscriptions API (only
 * OAuth tokens manage subscriptions). Errors have Squarespace's shape {type, subtype, message, details, contextId}.
 */

export const FAKE_SQUARESPACE_API_KEY = 'sqsp-api-key-0123456789abcdef0123';
export const FAKE_SQUARESPACE_OAUTH_TOKEN = 'sqsp-oauth-token-0123456789abcdef01';
const TOPICS = ['extension.uninstall', 'order.create', 'order.update'];

export type FakeSubscription = { id: string; endpointUrl: string; topics: string[]; secret: string; createdOn: string; updatedOn: string };
export type FakeSquarespace = FakeStoreServer & {
  /** Orders by id, read on every request: a test changes what the store answers. */
  orders: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeSubscription>;
};

const error = (status: number, type: string, message: string): FakeAnswer => ({ status, body: { type, subtype: null, message, details: null, contextId: crypto.randomBytes(8).toString('hex') } });

function createSubscription(request: FakeRequest, subscriptions: Map<string, FakeSubscription>): FakeAnswer {
  const body = (request.body ?? {}) as { endpointUrl?: unknown; topics?: unknown };
  if (typeof body.endpointUrl !== 'string' || !body.endpointUrl.startsWith('https://')) return error(400, 'INVALID_REQUEST_ERROR', 'endpointUrl must be an HTTPS URL');
  if (!Array.isArray(body.topics) || body.topics.length === 0 || body.topics.some((topic) => !TOPICS.includes(topic as string))) {
    return error(400, 'INVALID_REQUEST_ERROR', 'topics must be a non-empty list of supported topics');
  }
  if (subscriptions.size >= 25) return error(400, 'INVALID_REQUEST_ERROR', 'A website supports at most 25 webhook subscriptions');
  const now = new Date().toISOString();
  const subscription: FakeSubscription = { id: crypto.randomUUID(), endpointUrl: body.endpointUrl, topics: body.topics as string[], secret: crypto.randomBytes(32).toString('hex'), createdOn: now, updatedOn: now };
  subscriptions.set(subscription.id, subscription);
  return { status: 200, body: subscription };
}

export async function startFakeSquarespace(): Promise<FakeSquarespace> {
  const orders = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const server = await startFakeStoreServer((request) => {
    const label = `${request.method} ${request.path.replace(/\/[0-9a-f-]{8,}$/i, '/{id}')}`;
    const answer = ((): FakeAnswer => {
      if (!request.headers['user-agent']) return error(400, 'INVALID_REQUEST_ERROR', 'The User-Agent header is required');
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (token !== FAKE_SQUARESPACE_API_KEY && token !== FAKE_SQUARESPACE_OAUTH_TOKEN) return error(401, 'AUTHORIZATION_ERROR', 'Unauthorized');
      const order = /^\/1\.0\/commerce\/orders\/([^/]+)$/.exec(request.path);
      if (order && request.method === 'GET') {
        const found = orders.get(decodeURIComponent(order[1]));
        return found ? { status: 200, body: found } : error(404, 'NOT_FOUND', 'Order not found');
      }
      const subscription = /^\/1\.0\/webhook_subscriptions(?:\/([^/]+))?$/.exec(request.path);
      if (!subscription) return error(404, 'NOT_FOUND', 'Not found');
      if (token !== FAKE_SQUARESPACE_OAUTH_TOKEN) return error(401, 'AUTHORIZATION_ERROR', 'The Webhook Subscriptions API requires an OAuth token');
      if (!subscription[1] && request.method === 'POST') return createSubscription(request, subscriptions);
      if (subscription[1] && request.method === 'DELETE') return subscriptions.delete(subscription[1]) ? { status: 204 } : error(404, 'NOT_FOUND', 'Webhook subscription not found');
      return error(405, 'INVALID_REQUEST_ERROR', 'Method not allowed');
    })();
    return { label, answer };
  });
  return Object.assign(server, { orders, subscriptions });
}
