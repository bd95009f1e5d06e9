import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness } from '@server/test/factories';
import type { TestClient } from '@server/test/test-app';
import { verifyHmacSignature, hmacBase64 } from './webhook-signatures';

// Rules of the integration platforms and the store API that discounts' first Stryker run of these files left unpinned
// (decision record 018, 26 November): each test fails against the mutant its title names.

const t = useTestApp();

async function platformOf(client: TestClient, platformType = 'shopify', extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/integration-platforms', { name: `My ${platformType} store`, platformType, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; apiKey: string; publishableKey: string; secretKey: string; webhookSecret: string };
}

const validate = (apiKey: string, code: string) => t.app.inject({ method: 'GET', url: `/api/discount-codes/validate/${encodeURIComponent(code)}`, headers: { 'x-api-key': apiKey } });

describe('integration platform edits', () => {
  it('checks the plan limit only when an inactive platform is turned on (platforms-service.ts:81)', async () => {
    const biz = await createBusiness(t, { tier: 'startup' }); // two active platforms
    const first = await platformOf(biz.client);
    const second = await platformOf(biz.client, 'custom');
    // At the limit, an active platform can still be renamed and marked active again.
    expect((await biz.client.patch(`/api/integration-platforms/${first.id}`, { name: 'Renamed', isActive: true })).status).toBe(200);
    expect((await biz.client.patch(`/api/integration-platforms/${second.id}`, { isActive: false })).status).toBe(200);
    await platformOf(biz.client, 'woocommerce'); // the freed place is taken again
    const over = await biz.client.patch(`/api/integration-platforms/${second.id}`, { isActive: true });
    expect(over.status).toBe(402);
    // An inactive platform may be edited while the plan is full, staying inactive.
    expect((await biz.client.patch(`/api/integration-platforms/${second.id}`, { name: 'Spare' })).body).toMatchObject({ name: 'Spare', isActive: false });
  });

  it('keeps the store address unless one is sent, and takes BigCommerce fields only for BigCommerce (platforms-service.ts:84-99)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client, 'shopify', { storeUrl: 'https://shop.example.com/admin' });
    expect((await biz.client.patch(`/api/integration-platforms/${shop.id}`, { name: 'Main' })).body).toMatchObject({ storeUrl: 'https://shop.example.com' });
    expect((await biz.client.patch(`/api/integration-platforms/${shop.id}`, { storeUrl: 'https://new.example.com/x' })).body).toMatchObject({ storeUrl: 'https://new.example.com' });
    const refused = await biz.client.patch(`/api/integration-platforms/${shop.id}`, { bigcommerceStoreHash: 'abc123' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'bigcommerceStoreHash', message: 'Only BigCommerce platforms take a store hash and API token' }]);
    // A token alone is refused as well, and nothing is kept of it.
    const tokenOnly = await biz.client.patch(`/api/integration-platforms/${shop.id}`, { bigcommerceApiToken: 'token-0123456789' });
    expect(tokenOnly.status).toBe(400);
    expect((await biz.client.get('/api/integration-platforms')).body.find((p: { id: number }) => p.id === shop.id)).toMatchObject({ hasBigcommerceToken: false });

    const big = await platformOf(biz.client, 'bigcommerce');
    expect((await biz.client.patch(`/api/integration-platforms/${big.id}`, { bigcommerceStoreHash: 'abc123', bigcommerceApiToken: 'token-0123456789' })).body).toMatchObject({ bigcommerceStoreHash: 'abc123', hasBigcommerceToken: true });
    // A later edit that does not name the token keeps it.
    expect((await biz.client.patch(`/api/integration-platforms/${big.id}`, { bigcommerceStoreHash: 'def456' })).body).toMatchObject({ bigcommerceStoreHash: 'def456', hasBigcommerceToken: true });
  });

  it('keeps the previous webhook secret for the grace period only when a different one is set (platforms-service.ts:95, mappers.ts:62)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client, 'shopify', { webhookSecret: 'shpss_first_secret_0001' });
    const previous = async () => (await t.database.query<{ previous_webhook_secret: string | null }>(`select previous_webhook_secret from integration_platforms where id = ${shop.id}`))[0].previous_webhook_secret;
    // The same secret again, or no secret at all: nothing to keep.
    expect((await biz.client.patch(`/api/integration-platforms/${shop.id}`, { webhookSecret: 'shpss_first_secret_0001' })).body.previousSecretExpiresAt).toBeNull();
    expect((await biz.client.patch(`/api/integration-platforms/${shop.id}`, { name: 'Main' })).body.previousSecretExpiresAt).toBeNull();
    expect(await previous()).toBeNull();
    const changed = await biz.client.patch(`/api/integration-platforms/${shop.id}`, { webhookSecret: 'shpss_second_secret_0002' });
    expect(changed.body.previousSecretExpiresAt).toEqual(expect.any(String));
    expect(new Date(changed.body.previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(await previous()).toBe('shpss_first_secret_0001');
    // Once the grace period is over, the list no longer says an old secret is accepted.
    await t.database.query(`update integration_platforms set previous_secret_expires_at = now() - interval '1 second' where id = ${shop.id}`);
    const [listed] = (await biz.client.get('/api/integration-platforms')).body;
    expect(listed.previousSecretExpiresAt).toBeNull();
  });

  it('shows the last four characters of a rotated key (platforms-service.ts:118, :123)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client);
    const publishable = (await biz.client.post(`/api/integration-platforms/${shop.id}/rotate-key`, { key: 'publishable' })).body;
    const secret = (await biz.client.post(`/api/integration-platforms/${shop.id}/rotate-key`, { key: 'secret' })).body;
    const [listed] = (await biz.client.get('/api/integration-platforms')).body;
    expect(listed.publishableKey).toBe(`hpk_live_••••••••${publishable.publishableKey.slice(-4)}`);
    expect(listed.secretKey).toBe(`hsk_secret_••••••••${secret.secretKey.slice(-4)}`);
  });
});

describe('store API details', () => {
  it('trims the key and the code, and answers an unknown code as not found (store-service.ts:23, :39, :62)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client, 'custom');
    expect((await biz.client.post('/api/discount-codes', { code: 'ELK15', description: 'x', discountType: 'percentage', discountValue: 15, platform: 'All platforms' })).status).toBe(201);
    const padded = await validate(` ${shop.apiKey} `, '  elk15 ');
    expect(padded.statusCode).toBe(200);
    expect(padded.json()).toMatchObject({ valid: true, code: 'ELK15' });
    expect((await validate(shop.apiKey, 'nothing')).json()).toEqual({ valid: false, code: 'NOTHING', discountType: null, discountValue: null, expiresAt: null, reason: 'not_found' });
  });

  it('a code scoped to a platform is valid on that platform, whatever the case (store-service.ts:45)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client, 'shopify');
    expect((await biz.client.post('/api/discount-codes', { code: 'SHOPONLY', description: 'x', discountType: 'percentage', discountValue: 10, platform: 'Shopify' })).status).toBe(201);
    expect((await validate(shop.apiKey, 'SHOPONLY')).json()).toMatchObject({ valid: true });
  });

  it('a code with an expiry still to come is valid (store-service.ts:53)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const shop = await platformOf(biz.client, 'custom');
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await biz.client.post('/api/discount-codes', { code: 'SOON', description: 'x', discountType: 'fixed', discountValue: 5, platform: 'All platforms', expiresAt })).status).toBe(201);
    expect((await validate(shop.apiKey, 'SOON')).json()).toMatchObject({ valid: true, expiresAt: expect.any(String) });
  });
});

describe('webhook signatures', () => {
  it('accepts a signature header with surrounding whitespace and refuses a different one (webhook-signatures.ts:17)', () => {
    const body = Buffer.from('{"id":1}');
    const signature = hmacBase64('secret', body);
    expect(verifyHmacSignature('secret', body, ` ${signature}\n`)).toBe(true);
    expect(verifyHmacSignature('secret', body, hmacBase64('other', body))).toBe(false);
    expect(verifyHmacSignature('secret', body, undefined)).toBe(false);
  });
});
