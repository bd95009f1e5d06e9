import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local BigCommerce for the store-attribution tests: the v2 order and order-coupons endpoints with the
// documented response shapes, 401 without the store's token and 404 for another store or order.

export const FAKE_BIGCOMMERCE_STORE_HASH = 'abc123xyz';
export const FAKE_BIGCOMMERCE_TOKEN = 'bc_token_0123456789abcdef';

export type FakeBigCommerce = { url: string; close(): Promise<void> };

/**
 * `order()` and `coupons()` are read on every request, so a test may change what the store answers; `outage()`, when
 * it returns a status, makes the API answer that instead (BigCommerce's 503 body while it is down).
 */
export async function startFakeBigCommerce(store: { order: () => Record<string, unknown>; coupons: () => unknown; outage?: () => number | null }): Promise<FakeBigCommerce> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const outage = store.outage?.();
    if (outage) return send(outage, [{ status: outage, message: 'Service Unavailable' }]);
    if (req.headers['x-auth-token'] !== FAKE_BIGCOMMERCE_TOKEN) return send(401, [{ status: 401, message: 'You are not authorized to access this resource.' }]);
    const match = /^\/stores\/([^/]+)\/v2\/orders\/(\d+)(\/coupons)?$/.exec(req.url ?? '');
    const order = store.order();
    if (!match || match[1] !== FAKE_BIGCOMMERCE_STORE_HASH || Number(match[2]) !== order.id) return send(404, [{ status: 404, message: 'The requested resource was not found.' }]);
    return send(200, match[3] ? store.coupons() : order);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
