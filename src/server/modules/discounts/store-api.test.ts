import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callStoreApi } from './store-api';

/** A store that answers by path, and counts what it was asked (a followed redirect would show up as a hit on /moved-here). */
const hits: string[] = [];
let resetsLeft = 0;
const server = http.createServer((request, response) => {
  const path = request.url ?? '';
  hits.push(`${request.method} ${path} ${request.headers.authorization ?? ''}`);
  if (path === '/reset' && resetsLeft > 0) {
    resetsLeft -= 1;
    request.socket.destroy();
    return;
  }
  const answers: Record<string, [number, Record<string, string>, string]> = {
    '/ok': [200, { 'content-type': 'application/json' }, '{"id":7}'],
    '/reset': [200, { 'content-type': 'application/json' }, '{"again":true}'],
    '/none': [204, {}, ''],
    '/moved': [302, { location: '/moved-here' }, ''],
    '/moved-here': [200, { 'content-type': 'application/json' }, '{"followed":true}'],
    '/busy': [429, {}, ''],
    '/down': [503, {}, 'oops'],
    '/refused': [401, { 'content-type': 'application/json' }, '{"errors":[{"category":"AUTHENTICATION_ERROR","code":"UNAUTHORIZED","detail":"token sk_secret"}]}'],
    '/missing': [404, {}, '{"message":"no"}'],
    '/odd': [422, {}, '{"errors":[{"code":"lower case <b>"}]}'],
  };
  const [status, headers, body] = answers[path] ?? [500, {}, ''];
  response.writeHead(status, headers).end(body);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, extra: { retryOnce?: boolean; personWaits?: boolean } = {}) =>
  callStoreApi({ platform: 'Square', what: 'order', credential: 'access token', method: 'GET', url: `${base}${path}`, headers: { Authorization: 'Bearer tok' }, ...extra });

describe('callStoreApi (decision record 040)', () => {
  it('answers 2xx with the untrusted JSON body, 204 with none', async () => {
    expect(await get('/ok')).toEqual({ ok: true, status: 200, body: { id: 7 } });
    expect(await get('/none')).toEqual({ ok: true, status: 204, body: null });
  });

  it('never follows a redirect with the credentials: the business is told to save the current address', async () => {
    hits.length = 0;
    expect(await get('/moved')).toMatchObject({ ok: false, reason: 'Square redirected the order request elsewhere: connect the store with its current address' });
    expect(hits).toEqual(['GET /moved Bearer tok']);
  });

  it('throws SERVICE_UNAVAILABLE on 429, 5xx and an unreachable store, worded for a task or for a person', async () => {
    await expect(get('/busy')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The Square API answered 429 for the order; it will be retried' });
    await expect(get('/down', { personWaits: true })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The Square API answered 503 for the order; try again in a few minutes' });
    await expect(callStoreApi({ platform: 'Magento', what: 'orders', credential: 'access token', method: 'GET', url: 'http://127.0.0.1:9/x', headers: {} })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The Magento API could not be reached for the orders; it will be retried',
    });
  });

  it('names a refusal by status and the store’s error code, never its detail', async () => {
    const refused = await get('/refused');
    expect(refused).toMatchObject({ ok: false, status: 401, reason: 'Square refused the access token (401 UNAUTHORIZED) for the order' });
    expect(JSON.stringify(refused.ok ? null : refused.reason)).not.toContain('sk_secret');
    expect(await get('/missing')).toMatchObject({ ok: false, status: 404, reason: 'Square has no such order (404)' });
    // A code that is not an upper-case identifier is not repeated.
    expect(await get('/odd')).toMatchObject({ ok: false, status: 422, reason: 'Square answered 422 for the order' });
  });

  it('sends a GET once more after a reset only when asked to', async () => {
    resetsLeft = 1;
    expect(await get('/reset', { retryOnce: true })).toEqual({ ok: true, status: 200, body: { again: true } });
    resetsLeft = 1;
    await expect(get('/reset')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    resetsLeft = 0;
  });
});
