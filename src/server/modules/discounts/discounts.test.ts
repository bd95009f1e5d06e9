import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createBusiness, createProStaff, signUp } from '../../test/factories';
import { resetStoreApiThrottling } from './store-service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  resetStoreApiThrottling();
});
afterEach(async () => {
  await t.close();
});

const codeBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'elk15', description: '15% off for followers', discountType: 'percentage', discountValue: 15, platform: 'All platforms', ...overrides,
});

async function paidBusiness(tier = 'professional') {
  return createBusiness(t, { tier });
}

async function addPlatform(client: TestClient, platformType = 'shopify', extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/integration-platforms', { name: `My ${platformType} store`, platformType, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; apiKey: string; webhookSecret: string; businessId: number };
}

function storeRequest(method: 'GET' | 'POST' | 'OPTIONS', url: string, apiKey: string | undefined, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload: payload as object | undefined, headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers } });
}

const sign = (secret: string, body: string) => crypto.createHmac('sha256', secret).update(body).digest('base64');

async function commissionsOf(businessId: number) {
  return t.database.query<{ id: number; pro_staff_id: number; amount_cents: number; status: string; source: string; order_id: string }>(
    `select id, pro_staff_id, amount_cents, status, source, order_id from commissions where business_id = ${businessId} order by id`,
  );
}

async function ordersOf(businessId: number) {
  return t.database.query<{ order_id: string; code: string | null; discount_code_id: number | null; order_value_cents: number | null; status: string }>(
    `select order_id, code, discount_code_id, order_value_cents, status from store_orders where business_id = ${businessId} order by id`,
  );
}

describe('discount codes (business)', () => {
  it('creates, lists, edits and deactivates a code owned by a pro staffer', async () => {
    const biz = await paidBusiness();
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const created = await biz.client.post('/api/discount-codes', codeBody({ proStaffId: pro.proStaffId, commissionRate: 10, expiresAt: '2099-01-01T00:00:00.000Z' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'ELK15', discountType: 'percentage', discountValue: 15, proStaffId: pro.proStaffId, proStaffName: 'Jake Morrison',
      commissionRate: 10, isActive: true, expiresAt: '2099-01-01T00:00:00.000Z', usageCount: 0, revenue: '0.00', businessId: biz.businessId,
    });
    const list = await biz.client.get(`/api/discount-codes/business/${biz.businessId}`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { code: string }) => c.code)).toEqual(['ELK15']);
    const patched = await biz.client.patch(`/api/discount-codes/${created.body.id}`, { isActive: false, description: 'Paused' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ isActive: false, description: 'Paused', commissionRate: 10 });
    expect((await biz.client.get('/api/discount-codes')).body[0].isActive).toBe(false);
  });

  it('keeps a percentage discount at or under 100 after a PATCH merges with the stored code', async () => {
    const biz = await paidBusiness();
    const fixed = await biz.client.post('/api/discount-codes', codeBody({ code: 'FLAT150', discountType: 'fixed', discountValue: 150 }));
    expect(fixed.status).toBe(201);
    // Only the type changes: the stored 150 would become 150 %.
    const toPercent = await biz.client.patch(`/api/discount-codes/${fixed.body.id}`, { discountType: 'percentage' });
    expect(toPercent.status).toBe(400);
    expect(toPercent.body.error.details).toEqual([{ path: 'discountValue', message: 'A percentage discount cannot exceed 100' }]);
    const percent = await biz.client.post('/api/discount-codes', codeBody({ code: 'PCT50', discountValue: 50 }));
    // Only the value changes, on a stored percentage code.
    const tooMuch = await biz.client.patch(`/api/discount-codes/${percent.body.id}`, { discountValue: 100.01 });
    expect(tooMuch.status).toBe(400);
    const codes = (await biz.client.get('/api/discount-codes')).body as { code: string; discountType: string; discountValue: number }[];
    expect(codes.map(({ code, discountType, discountValue }) => ({ code, discountType, discountValue })).sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'FLAT150', discountType: 'fixed', discountValue: 150 },
      { code: 'PCT50', discountType: 'percentage', discountValue: 50 },
    ]);
    expect((await biz.client.patch(`/api/discount-codes/${percent.body.id}`, { discountValue: 100 })).status).toBe(200);
    expect((await biz.client.patch(`/api/discount-codes/${fixed.body.id}`, { discountType: 'percentage', discountValue: 100 })).status).toBe(200);
  });

  it('keeps codes unique per business, case-insensitively, but not across businesses', async () => {
    const a = await paidBusiness();
    const b = await paidBusiness();
    expect((await a.client.post('/api/discount-codes', codeBody())).status).toBe(201);
    const dup = await a.client.post('/api/discount-codes', codeBody({ code: 'Elk15' }));
    expect(dup.status).toBe(409);
    expect((await b.client.post('/api/discount-codes', codeBody())).status).toBe(201);
  });

  it('rejects invalid input with field details', async () => {
    const biz = await paidBusiness();
    const res = await biz.client.post('/api/discount-codes', { code: 'a b', discountType: 'bogus', discountValue: -1, platform: '' });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'description', 'discountType', 'discountValue', 'platform']));
    expect((await biz.client.post('/api/discount-codes', codeBody({ discountValue: 150 }))).status).toBe(400);
    expect((await biz.client.post('/api/discount-codes', codeBody({ webhookUrl: 'not a url' }))).status).toBe(400);
    expect((await biz.client.post('/api/discount-codes', codeBody({ expiresAt: '2001-01-01T00:00:00Z' }))).status).toBe(400);
    expect((await biz.client.post('/api/discount-codes', codeBody({ proStaffId: 999999 }))).status).toBe(400);
    expect((await biz.client.post('/api/discount-codes', codeBody({ commissionRate: 10 }))).status).toBe(400);
  });

  it('requires a session, a business role and a business profile', async () => {
    expect((await new TestClient(t.app).get('/api/discount-codes')).status).toBe(401);
    expect((await new TestClient(t.app).post('/api/discount-codes', codeBody())).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.post('/api/discount-codes', codeBody())).status).toBe(403);
    expect((await pro.client.get('/api/discount-codes/pro-staff-options')).status).toBe(403);
    const noProfile = await signUp(t, 'business');
    const res = await noProfile.client.post('/api/discount-codes', codeBody());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Please complete your business profile first.');
  });

  it("refuses another business's list and codes", async () => {
    const a = await paidBusiness();
    const b = await paidBusiness();
    const created = await a.client.post('/api/discount-codes', codeBody());
    expect((await b.client.get(`/api/discount-codes/business/${a.businessId}`)).status).toBe(403);
    expect((await b.client.patch(`/api/discount-codes/${created.body.id}`, { isActive: false })).status).toBe(403);
    expect((await b.client.patch('/api/discount-codes/999999', { isActive: false })).status).toBe(404);
  });

  it('enforces plan limits with 402: none on free, 10 active on startup', async () => {
    const free = await createBusiness(t);
    const res = await free.client.post('/api/discount-codes', codeBody());
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('PLAN_LIMIT');
    const startup = await paidBusiness('startup');
    for (let i = 0; i < 10; i++) expect((await startup.client.post('/api/discount-codes', codeBody({ code: `CODE${i}` }))).status).toBe(201);
    expect((await startup.client.post('/api/discount-codes', codeBody({ code: 'CODE10' }))).status).toBe(402);
    // Deactivating frees a slot; reactivating over the limit is refused.
    const list = (await startup.client.get('/api/discount-codes')).body as { id: number }[];
    expect((await startup.client.patch(`/api/discount-codes/${list[0].id}`, { isActive: false })).status).toBe(200);
    expect((await startup.client.post('/api/discount-codes', codeBody({ code: 'CODE10' }))).status).toBe(201);
    expect((await startup.client.patch(`/api/discount-codes/${list[0].id}`, { isActive: true })).status).toBe(402);
  });

  it('lists pro staff to choose an owner from', async () => {
    const biz = await paidBusiness();
    const pro = await createProStaff(t, { firstName: 'Ana', lastName: 'Ruiz' });
    const res = await biz.client.get('/api/discount-codes/pro-staff-options');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: pro.proStaffId, name: 'Ana Ruiz' });
  });
});

describe('integration platforms (business)', () => {
  it('shows the generated API key once, stores only its hash and masks it afterwards', async () => {
    const biz = await paidBusiness();
    const created = await addPlatform(biz.client, 'woocommerce', { storeUrl: 'https://shop.example.com/path' });
    expect(created.apiKey).toMatch(/^hsk_live_[A-Za-z0-9_-]{32}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ platformType: 'woocommerce', storeUrl: 'https://shop.example.com', isActive: true, storeWebhookPath: `/api/webhooks/woocommerce/${created.id}` });
    const [row] = await t.database.query<{ api_key_hash: string }>(`select api_key_hash from integration_platforms where id = ${created.id}`);
    expect(row.api_key_hash).toBe(crypto.createHash('sha256').update(created.apiKey).digest('hex'));
    const list = await biz.client.get(`/api/integration-platforms/business/${biz.businessId}`);
    expect(list.status).toBe(200);
    expect(list.body[0].apiKey).toBe(`hsk_live_••••••••${created.apiKey.slice(-4)}`);
    expect(list.body[0]).not.toHaveProperty('webhookSecret');
  });

  it('accepts a store-issued webhook secret, edits, deactivates and rotates the key', async () => {
    const biz = await paidBusiness();
    const created = await addPlatform(biz.client, 'shopify', { webhookSecret: 'shpss_0123456789abcdef' });
    expect(created.webhookSecret).toBe('shpss_0123456789abcdef');
    const patched = await biz.client.patch(`/api/integration-platforms/${created.id}`, { name: 'Main store', isActive: false });
    expect(patched.body).toMatchObject({ name: 'Main store', isActive: false });
    const rotated = await biz.client.post(`/api/integration-platforms/${created.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.apiKey).not.toBe(created.apiKey);
    await biz.client.patch(`/api/integration-platforms/${created.id}`, { isActive: true });
    expect((await storeRequest('GET', '/api/discount-codes/validate/X', created.apiKey)).statusCode).toBe(401);
    expect((await storeRequest('GET', '/api/discount-codes/validate/X', rotated.body.apiKey)).statusCode).toBe(200);
  });

  it('validates input, role, ownership and plan limits', async () => {
    const biz = await paidBusiness('startup');
    const bad = await biz.client.post('/api/integration-platforms', { name: '', platformType: 'ebay', webhookUrl: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['name', 'platformType', 'webhookUrl']));
    expect((await new TestClient(t.app).post('/api/integration-platforms', { name: 'x', platformType: 'custom' })).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/integration-platforms')).status).toBe(403);
    const other = await paidBusiness();
    const mine = await addPlatform(biz.client, 'custom');
    expect((await other.client.get(`/api/integration-platforms/business/${biz.businessId}`)).status).toBe(403);
    expect((await other.client.patch(`/api/integration-platforms/${mine.id}`, { isActive: false })).status).toBe(403);
    expect((await other.client.post(`/api/integration-platforms/${mine.id}/rotate-key`)).status).toBe(403);
    await addPlatform(biz.client, 'shopify');
    const third = await biz.client.post('/api/integration-platforms', { name: 'Third', platformType: 'custom' });
    expect(third.status).toBe(402);
    const free = await createBusiness(t);
    expect((await free.client.post('/api/integration-platforms', { name: 'x', platformType: 'custom' })).status).toBe(402);
  });
});

describe('public store API', () => {
  async function setup() {
    const biz = await paidBusiness();
    const pro = await createProStaff(t);
    const platform = await addPlatform(biz.client, 'custom');
    const code = (await biz.client.post('/api/discount-codes', codeBody({ proStaffId: pro.proStaffId, commissionRate: 12.5 }))).body;
    return { biz, pro, platform, code };
  }

  it('validates codes case-insensitively and explains invalid ones', async () => {
    const { biz, platform, code } = await setup();
    const ok = await storeRequest('GET', '/api/discount-codes/validate/elk15', platform.apiKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, code: 'ELK15', discountType: 'percentage', discountValue: 15, expiresAt: null });
    expect((await storeRequest('GET', '/api/discount-codes/validate/NOPE', platform.apiKey)).json()).toMatchObject({ valid: false, reason: 'not_found' });
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: false });
    expect((await storeRequest('GET', '/api/discount-codes/validate/ELK15', platform.apiKey)).json()).toMatchObject({ valid: false, reason: 'inactive' });
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: true });
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    expect((await storeRequest('GET', '/api/discount-codes/validate/ELK15', platform.apiKey)).json()).toMatchObject({ valid: false, reason: 'expired' });
    const scoped = (await biz.client.post('/api/discount-codes', codeBody({ code: 'SHOPONLY', platform: 'Shopify' }))).body;
    expect(scoped.code).toBe('SHOPONLY');
    expect((await storeRequest('GET', '/api/discount-codes/validate/SHOPONLY', platform.apiKey)).json()).toMatchObject({ valid: false, reason: 'wrong_platform' });
  });

  it("does not see another business's codes", async () => {
    const { platform } = await setup();
    const other = await paidBusiness();
    await other.client.post('/api/discount-codes', codeBody({ code: 'THEIRS' }));
    expect((await storeRequest('GET', '/api/discount-codes/validate/THEIRS', platform.apiKey)).json()).toMatchObject({ valid: false, reason: 'not_found' });
  });

  it('refuses a missing, wrong or inactive key and rate-limits guessing', async () => {
    const { biz, platform } = await setup();
    expect((await storeRequest('GET', '/api/discount-codes/validate/ELK15', undefined)).statusCode).toBe(401);
    expect((await storeRequest('GET', '/api/discount-codes/validate/ELK15', 'hsk_live_wrong')).statusCode).toBe(401);
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { isActive: false });
    expect((await storeRequest('GET', '/api/discount-codes/validate/ELK15', platform.apiKey)).statusCode).toBe(403);
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await storeRequest('GET', '/api/discount-codes/validate/ELK15', `hsk_live_guess${i}`)).statusCode;
    expect(last).toBe(429);
  });

  it('records usage once per order and creates one pending commission (order value x rate)', async () => {
    const { biz, pro, platform } = await setup();
    const pushed: unknown[] = [];
    t.events.subscribe(pro.user.id, (event) => pushed.push(event));
    const body = { code: 'elk15', orderId: 'A-1001', orderValue: 199.99, customerEmail: 'buyer@example.com' };
    const first = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ orderId: 'A-1001', code: 'ELK15', orderValue: '199.99', duplicate: false, commission: { proStaffId: pro.proStaffId, amount: '25.00', status: 'pending' } });
    const again = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { ...body, orderValue: '500.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, orderValue: '199.99' });
    expect(pushed).toEqual([{ type: 'commission.created', data: { commissionId: first.json().commission.id, status: 'pending' } }]);
    expect(await commissionsOf(biz.businessId)).toEqual([{ id: expect.any(Number), pro_staff_id: pro.proStaffId, amount_cents: 2500, status: 'pending', source: 'order', order_id: 'A-1001' }]);
    const codes = await biz.client.get('/api/discount-codes');
    expect(codes.body[0]).toMatchObject({ usageCount: 1, revenue: '199.99' });
  });

  it('treats a retry as a duplicate even after the code has expired, and concurrent repeats create one commission', async () => {
    const { biz, platform, code } = await setup();
    const body = { code: 'ELK15', orderId: 'R-1', orderValue: 100 };
    expect((await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, body)).statusCode).toBe(201);
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    const retry = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ duplicate: true, commission: { amount: '12.50' } });
    await t.database.query(`update discount_codes set expires_at = null where id = ${code.id}`);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { ...body, orderId: 'R-2' })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await commissionsOf(biz.businessId)).map((c) => c.order_id)).toEqual(['R-1', 'R-2']);
  });

  it('refuses usage of unknown, inactive and expired codes and stores nothing', async () => {
    const { biz, platform, code } = await setup();
    const unknown = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { code: 'NOPE', orderId: '1', orderValue: 10 });
    expect(unknown.statusCode).toBe(404);
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: false });
    const inactive = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { code: 'ELK15', orderId: '2', orderValue: 10 });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.details).toEqual({ reason: 'inactive' });
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: true });
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    const expired = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { code: 'ELK15', orderId: '3', orderValue: 10 });
    expect(expired.statusCode).toBe(400);
    expect(await ordersOf(biz.businessId)).toEqual([]);
    expect(await commissionsOf(biz.businessId)).toEqual([]);
    const invalid = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { code: 'ELK15', orderValue: 'ten' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers CORS preflights and enforces the store origin', async () => {
    const biz = await paidBusiness();
    const platform = await addPlatform(biz.client, 'custom', { storeUrl: 'https://shop.example.com' });
    const preflight = await storeRequest('OPTIONS', '/api/track/pageview', undefined, undefined, { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Api-Key');
    const ok = await storeRequest('GET', '/api/discount-codes/validate/X', platform.apiKey, undefined, { origin: 'https://shop.example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const evil = await storeRequest('GET', '/api/discount-codes/validate/X', platform.apiKey, undefined, { origin: 'https://evil.example.com' });
    expect(evil.statusCode).toBe(403);
    // Business endpoints get no CORS headers.
    expect((await biz.client.get('/api/discount-codes')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('tracks page views, discount uses and orders with the spec payloads', async () => {
    const { biz, pro, platform } = await setup();
    const pv = await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId, url: 'https://shop.example.com/', referrer: 'https://instagram.com/jake', timestamp: new Date().toISOString() });
    expect(pv.statusCode).toBe(202);
    const order = await storeRequest('POST', '/api/track/order', platform.apiKey, { businessId: String(biz.businessId), orderId: 5001, timestamp: Date.now() });
    expect(order.statusCode).toBe(202);
    // The order was first seen without a code; the discount event attributes it, once.
    const discount = { businessId: biz.businessId, discountCode: 'ELK15', orderValue: '80.00', orderId: 5001, customerEmail: 'b@example.com', timestamp: new Date().toISOString() };
    expect((await storeRequest('POST', '/api/track/discount', platform.apiKey, discount)).json()).toEqual({ recorded: true, duplicate: false });
    expect((await storeRequest('POST', '/api/track/discount', platform.apiKey, discount)).json()).toEqual({ recorded: true, duplicate: true });
    expect(await commissionsOf(biz.businessId)).toMatchObject([{ pro_staff_id: pro.proStaffId, amount_cents: 1000, order_id: '5001' }]);
    const events = await t.database.query<{ type: string }>(`select type from tracking_events where business_id = ${biz.businessId} order by id`);
    expect(events.map((e) => e.type)).toEqual(['pageview', 'order', 'discount', 'discount']);
    const wrongBusiness = await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId + 1000, url: '/' });
    expect(wrongBusiness.statusCode).toBe(403);
    expect((await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId })).statusCode).toBe(400);
  });

  it('serves an OpenAPI 3.1 document for the public API', async () => {
    const res = await new TestClient(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/discount-codes/validate/{code}', '/api/discount-codes/track-usage', '/api/track/pageview', '/api/track/discount', '/api/track/order', '/api/webhooks/shopify/{platformId}']));
    const usage = res.body.paths['/api/discount-codes/track-usage'].post.requestBody.content['application/json'].schema;
    expect(usage.required).toEqual(expect.arrayContaining(['code', 'orderId', 'orderValue']));
  });
});

describe('store webhooks', () => {
  async function setup(platformType: string) {
    const biz = await paidBusiness();
    const pro = await createProStaff(t);
    const platform = await addPlatform(biz.client, platformType);
    await biz.client.post('/api/discount-codes', codeBody({ code: 'JAKE10', proStaffId: pro.proStaffId, commissionRate: 10 }));
    return { biz, pro, platform };
  }

  const post = (url: string, body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });

  it('Shopify: verifies the HMAC, attributes the order once, and cancels the pending commission on cancellation', async () => {
    const { biz, pro, platform } = await setup('shopify');
    const url = `/api/webhooks/shopify/${platform.id}`;
    const order = JSON.stringify({ id: 820982911946154500, total_price: '250.00', currency: 'USD', email: 'jon@example.com', discount_codes: [{ code: 'jake10', amount: '25.00', type: 'percentage' }] });
    const good = { 'x-shopify-hmac-sha256': sign(platform.webhookSecret, order), 'x-shopify-topic': 'orders/create' };
    const bad = await post(url, order, { ...good, 'x-shopify-hmac-sha256': sign('wrong-secret', order) });
    expect(bad.statusCode).toBe(401);
    expect((await post(url, order, { 'x-shopify-topic': 'orders/create' })).statusCode).toBe(401);
    expect(await ordersOf(biz.businessId)).toEqual([]);
    const first = await post(url, order, good);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ action: 'recorded', commissionId: expect.any(Number) });
    // Shopify retries and also sends orders/paid for the same order: no second commission.
    expect((await post(url, order, good)).json()).toMatchObject({ action: 'duplicate' });
    expect((await post(url, order, { ...good, 'x-shopify-topic': 'orders/paid' })).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(biz.businessId)).toMatchObject([{ pro_staff_id: pro.proStaffId, amount_cents: 2500, status: 'pending', order_id: '820982911946154500' }]);
    const cancel = JSON.stringify({ id: 820982911946154500, cancelled_at: '2026-01-01T00:00:00Z', total_price: '250.00' });
    const cancelled = await post(url, cancel, { 'x-shopify-hmac-sha256': sign(platform.webhookSecret, cancel), 'x-shopify-topic': 'orders/cancelled' });
    expect(cancelled.json()).toMatchObject({ action: 'cancelled' });
    expect((await commissionsOf(biz.businessId))[0].status).toBe('cancelled');
  });

  it('Shopify: a full refund cancels a pending commission but never a paid one; a partial refund leaves it', async () => {
    const { biz, platform } = await setup('shopify');
    const url = `/api/webhooks/shopify/${platform.id}`;
    const send = (payload: object, topic: string) => {
      const body = JSON.stringify(payload);
      return post(url, body, { 'x-shopify-hmac-sha256': sign(platform.webhookSecret, body), 'x-shopify-topic': topic });
    };
    await send({ id: 1, total_price: '100.00', discount_codes: [{ code: 'JAKE10' }] }, 'orders/create');
    await send({ id: 2, total_price: '100.00', discount_codes: [{ code: 'JAKE10' }] }, 'orders/create');
    expect((await send({ order_id: 1, transactions: [{ kind: 'refund', status: 'success', amount: '30.00' }] }, 'refunds/create')).json()).toMatchObject({ action: 'ignored' });
    expect((await commissionsOf(biz.businessId))[0].status).toBe('pending');
    await send({ order_id: 1, transactions: [{ kind: 'refund', status: 'success', amount: '100.00' }] }, 'refunds/create');
    await t.database.query(`update commissions set status = 'paid', paid_at = now() where order_id = '2'`);
    await send({ order_id: 2, transactions: [] }, 'refunds/create');
    expect((await commissionsOf(biz.businessId)).map((c) => c.status)).toEqual(['cancelled', 'paid']);
  });

  it('Shopify: a cancellation that arrives first prevents a later commission; unknown platform is 404', async () => {
    const { biz, platform } = await setup('shopify');
    const url = `/api/webhooks/shopify/${platform.id}`;
    const cancel = JSON.stringify({ id: 9, cancelled_at: '2026-01-01T00:00:00Z' });
    await post(url, cancel, { 'x-shopify-hmac-sha256': sign(platform.webhookSecret, cancel), 'x-shopify-topic': 'orders/cancelled' });
    const order = JSON.stringify({ id: 9, total_price: '100.00', discount_codes: [{ code: 'JAKE10' }] });
    await post(url, order, { 'x-shopify-hmac-sha256': sign(platform.webhookSecret, order), 'x-shopify-topic': 'orders/create' });
    expect(await commissionsOf(biz.businessId)).toEqual([]);
    expect((await post('/api/webhooks/shopify/999999', order, { 'x-shopify-hmac-sha256': 'x' })).statusCode).toBe(404);
    expect((await post(`/api/webhooks/woocommerce/${platform.id}`, order, { 'x-wc-webhook-signature': 'x' })).statusCode).toBe(404);
  });

  it('WooCommerce: answers the ping, verifies the signature, reads coupon_lines and cancels on refund', async () => {
    const { biz, pro, platform } = await setup('woocommerce');
    const url = `/api/webhooks/woocommerce/${platform.id}`;
    const ping = await t.app.inject({ method: 'POST', url, payload: 'webhook_id=15', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toMatchObject({ action: 'ping' });
    const order = JSON.stringify({ id: 727, status: 'processing', total: '59.90', currency: 'USD', billing: { email: 'a@example.com' }, coupon_lines: [{ id: 1, code: 'jake10', discount: '6.00' }] });
    const badSig = await post(url, order, { 'x-wc-webhook-signature': sign('nope', order), 'x-wc-webhook-topic': 'order.created' });
    expect(badSig.statusCode).toBe(401);
    expect(await ordersOf(biz.businessId)).toEqual([]);
    const headers = { 'x-wc-webhook-signature': sign(platform.webhookSecret, order), 'x-wc-webhook-topic': 'order.created' };
    expect((await post(url, order, headers)).json()).toMatchObject({ action: 'recorded' });
    expect((await post(url, order, { ...headers, 'x-wc-webhook-topic': 'order.updated' })).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(biz.businessId)).toMatchObject([{ pro_staff_id: pro.proStaffId, amount_cents: 599, status: 'pending' }]);
    const refunded = JSON.stringify({ id: 727, status: 'refunded', total: '59.90' });
    await post(url, refunded, { 'x-wc-webhook-signature': sign(platform.webhookSecret, refunded), 'x-wc-webhook-topic': 'order.updated' });
    expect((await commissionsOf(biz.businessId))[0].status).toBe('cancelled');
    expect((await ordersOf(biz.businessId))[0].status).toBe('refunded');
  });

  it('BigCommerce: checks the shared secret header, keeps the thin order, and attributes it when usage arrives', async () => {
    const { biz, pro, platform } = await setup('bigcommerce');
    const url = `/api/webhooks/bigcommerce/${platform.id}`;
    const created = JSON.stringify({ scope: 'store/order/created', store_id: '1025646', data: { type: 'order', id: 250 }, hash: 'abc', created_at: 1561479335, producer: 'stores/abc' });
    expect((await post(url, created, { 'x-webhook-secret': 'wrong' })).statusCode).toBe(401);
    expect((await post(url, created, {})).statusCode).toBe(401);
    expect(await ordersOf(biz.businessId)).toEqual([]);
    expect((await post(url, created, { 'x-webhook-secret': platform.webhookSecret })).json()).toMatchObject({ action: 'recorded', orderId: '250' });
    expect((await post(url, created, { 'x-webhook-secret': platform.webhookSecret })).json()).toMatchObject({ action: 'duplicate' });
    expect(await ordersOf(biz.businessId)).toMatchObject([{ order_id: '250', code: null, order_value_cents: null, status: 'placed' }]);
    const usage = await storeRequest('POST', '/api/discount-codes/track-usage', platform.apiKey, { code: 'JAKE10', orderId: '250', orderValue: 120 });
    expect(usage.statusCode).toBe(201);
    expect(await commissionsOf(biz.businessId)).toMatchObject([{ pro_staff_id: pro.proStaffId, amount_cents: 1200, status: 'pending' }]);
    const refunded = JSON.stringify({ scope: 'store/order/statusUpdated', data: { type: 'order', id: 250, status: { previous_status_id: 11, new_status_id: 4 } } });
    expect((await post(url, refunded, { 'x-webhook-secret': platform.webhookSecret })).json()).toMatchObject({ action: 'cancelled' });
    expect((await commissionsOf(biz.businessId))[0].status).toBe('cancelled');
  });

  it('does not touch the global JSON parser', async () => {
    const biz = await paidBusiness();
    const res = await biz.client.post('/api/discount-codes', codeBody());
    expect(res.status).toBe(201);
  });
});
