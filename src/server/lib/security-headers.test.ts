import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { helmetHeaders } from './security-headers';

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } }, crossOriginEmbedderPolicy: false };

/** What helmet's own middleware leaves on a real Node response (the reference the precomputed set must match). */
async function headersFromRealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('helmetHeaders', () => {
  it('is exactly what helmet sets on a real response', async () => {
    const computed = helmetHeaders(options);
    expect(computed['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(computed).toEqual(await headersFromRealResponse());
  });
});

describe('security headers on the app', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('every answer carries them, a 404 and an error too', async () => {
    const client = new TestClient(t.app);
    for (const res of [await client.get('/api/config'), await client.get('/api/no-such-route'), await client.get('/api/auth/me')]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain('https://js.stripe.com');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });

  it('store webhook routes answer servers, not browsers: no security headers there', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/shopify/999999', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
  });
});
