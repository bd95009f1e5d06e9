import crypto from 'node:crypto';
import { startFakeStoreServer, type FakeAnswer, type FakeRequest, type FakeStoreServer } from './fake-store-server';

// A local Square API for the Square tests (decision record 040): RetrieveOrder, and Upsert-, Retrieve- and
// DeleteCatalogObject with the
// documented shapes. Like Square it answers 401 UNAUTHORIZED without the seller's Bearer token, 400 with
// { errors: [{ category, code, detail, field }] } for a missing field, and IDEMPOTENCY_KEY_REUSED when a key comes back
// with another body (the same key and body get the first answer again, so one object is made).

export const FAKE_SQUARE_TOKEN = 'EAAAl_fake_square_access_token_0123456789';
export const FAKE_SQUARE_SIGNATURE_KEY = 'Ibxx_5AKakO-fake-signature';

export type FakeSquare = FakeStoreServer & {
  /** Orders RetrieveOrder answers, by id. */
  orders: Map<string, Record<string, unknown>>;
  /** Catalog objects made, by their Square id. */
  catalog: Map<string, Record<string, unknown>>;
  /** Forgets every order, object and idempotency key (test ids repeat after each database reset). */
  reset(): void;
};

const error = (status: number, category: string, code: string, detail: string, field?: string): FakeAnswer => ({
  status, body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] },
});
const missing = (field: string) => error(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', `Field must be set`, field);

/** `latencyMs`: how long each answer takes (the counter-sales bench gives Square's realistic network and API time). */
export async function startFakeSquare(options: { latencyMs?: () => number } = {}): Promise<FakeSquare> {
  const orders = new Map<string, Record<string, unknown>>();
  const catalog = new Map<string, Record<string, unknown>>();
  const answered = new Map<string, { body: string; answer: FakeAnswer }>();

  const upsert = (request: FakeRequest): FakeAnswer => {
    const body = (request.body ?? {}) as { idempotency_key?: unknown; object?: Record<string, unknown> };
    if (typeof body.idempotency_key !== 'string' || !body.idempotency_key) return missing('idempotency_key');
    const first = answered.get(body.idempotency_key);
    if (first) return first.body === request.rawBody ? first.answer : error(400, 'INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key');
    const object = body.object;
    if (!object || typeof object !== 'object') return missing('object');
    if (typeof object.type !== 'string') return missing('object.type');
    if (typeof object.id !== 'string' || !object.id) return missing('object.id');
    const data = (object.discount_data ?? null) as Record<string, unknown> | null;
    if (object.type === 'DISCOUNT') {
      if (!data) return missing('object.discount_data');
      if (typeof data.discount_type !== 'string') return missing('object.discount_data.discount_type');
      if (data.discount_type === 'FIXED_PERCENTAGE' && typeof data.percentage !== 'string') return missing('object.discount_data.percentage');
      if (data.discount_type === 'FIXED_AMOUNT' && !data.amount_money) return missing('object.discount_data.amount_money');
    }
    // An id without '#' updates an existing object: Square wants its current version (optimistic concurrency) and
    // refuses a missing or older one, and an id it does not know.
    if (!object.id.startsWith('#')) {
      const current = catalog.get(object.id);
      if (!current) return error(400, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Resource not found.');
      if (object.version !== current.version) return error(400, 'INVALID_REQUEST_ERROR', 'VERSION_MISMATCH', 'Object version does not match latest database version.', 'version');
      const updated = { ...object, updated_at: new Date().toISOString(), version: (current.version as number) + 1, is_deleted: false };
      catalog.set(object.id, updated);
      const answer = { status: 200, body: { catalog_object: updated } };
      answered.set(body.idempotency_key, { body: request.rawBody, answer });
      return answer;
    }
    const id = crypto.randomBytes(12).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'Q').slice(0, 24);
    const made = { ...object, id, updated_at: new Date().toISOString(), version: Date.now(), is_deleted: false };
    catalog.set(id, made);
    const answer = { status: 200, body: { catalog_object: made, id_mappings: [{ client_object_id: object.id, object_id: id }] } };
    answered.set(body.idempotency_key, { body: request.rawBody, answer });
    return answer;
  };

  const server = await startFakeStoreServer(async (request) => {
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs!()));
    const label = `${request.method} ${request.path}`;
    if (request.headers.authorization !== `Bearer ${FAKE_SQUARE_TOKEN}`) {
      return { label, answer: error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.') };
    }
    const orderMatch = /^\/v2\/orders\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]));
      return { label, answer: order ? { status: 200, body: { order } } : error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find order with id \`${orderMatch[1]}\`.`, 'order_id') };
    }
    if (request.method === 'POST' && request.path === '/v2/catalog/object') return { label, answer: upsert(request) };
    // RetrieveCatalogObject and DeleteCatalogObject: a deleted object is gone for both (404 NOT_FOUND).
    const objectMatch = /^\/v2\/catalog\/object\/([^/]+)$/.exec(request.path);
    if (objectMatch) {
      const id = decodeURIComponent(objectMatch[1]);
      const object = catalog.get(id);
      if (!object) return { label, answer: error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Object with ID \`${id}\` not found.`) };
      if (request.method === 'GET') return { label, answer: { status: 200, body: { object } } };
      if (request.method === 'DELETE') {
        catalog.delete(id);
        return { label, answer: { status: 200, body: { deleted_object_ids: [id], deleted_at: new Date().toISOString() } } };
      }
    }
    return { label, answer: error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Resource not found.') };
  });
  const reset = () => {
    orders.clear();
    catalog.clear();
    answered.clear();
  };
  return Object.assign(server, { orders, catalog, reset });
}
