import '@shopify/shopify-api/adapters/node';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiVersion, shopifyApi } from '@shopify/shopify-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureText, shopifyHeaders } from '../../../../tests/fixtures/sign';
import { verifyHmacSignature } from './webhook-signatures';

/**
 * Our Shopify signing (tests/fixtures/sign.ts) and verification (webhook-signatures.ts) checked against Shopify's
 * own library: @shopify/shopify-api's webhooks.validate, on a real HTTP request carrying a published sample order.
 * (13.x is the last major that runs on Node 20; 14+ requires Node 22.)
 */
const SECRET = 'shpss_published_fixture_secret';
const shopify = shopifyApi({
  apiKey: 'huntstaff-test-key',
  apiSecretKey: SECRET,
  apiVersion: ApiVersion.July25,
  hostName: 'huntstaff.test',
  isEmbeddedApp: false,
  logger: { level: 0, log: () => {} },
});

let server: http.Server;
let url = '';

/** Answers each request with Shopify's verdict on it, computed by the library from the raw request and body. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void shopify.webhooks.validate({ rawBody: Buffer.concat(chunks).toString('utf8'), rawRequest: req, rawResponse: res }).then((result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const validate = async (body: string, headers: Record<string, string>) =>
  (await (await fetch(url, { method: 'POST', body, headers })).json()) as { valid: boolean; reason?: string; topic?: string; domain?: string };

describe("Shopify's own library accepts our signing", () => {
  const published = fixtureText('shopify/published/order-450789469.json');

  it('webhooks.validate accepts a published order signed by sign.ts, and our verifier agrees', async () => {
    const headers = shopifyHeaders(SECRET, published, 'orders/create');
    expect(await validate(published, headers)).toMatchObject({ valid: true, topic: 'ORDERS_CREATE', domain: 'huntstaff-test.myshopify.com' });
    expect(verifyHmacSignature(SECRET, Buffer.from(published), headers['x-shopify-hmac-sha256'])).toBe(true);
  });

  it('webhooks.validate rejects the same signature on a tampered body, and so does our verifier', async () => {
    const headers = shopifyHeaders(SECRET, published, 'orders/create');
    const tampered = published.replace('"subtotal_price": "597.00"', '"subtotal_price": "5970.00"');
    expect(tampered).not.toBe(published);
    expect(await validate(tampered, headers)).toMatchObject({ valid: false, reason: 'invalid_hmac' });
    expect(verifyHmacSignature(SECRET, Buffer.from(tampered), headers['x-shopify-hmac-sha256'])).toBe(false);
    // Signed with another secret: rejected by both.
    const other = shopifyHeaders('another-secret', published, 'orders/create');
    expect(await validate(published, other)).toMatchObject({ valid: false, reason: 'invalid_hmac' });
    expect(verifyHmacSignature(SECRET, Buffer.from(published), other['x-shopify-hmac-sha256'])).toBe(false);
  });

  it('non-ASCII bytes: both sign the UTF-8 bytes of the body', async () => {
    const body = JSON.stringify({ id: 1, note: 'Jäger — élan 🦌' });
    const headers = shopifyHeaders(SECRET, body, 'orders/updated');
    expect(await validate(body, headers)).toMatchObject({ valid: true });
    expect(verifyHmacSignature(SECRET, Buffer.from(body, 'utf8'), headers['x-shopify-hmac-sha256'])).toBe(true);
  });
});
