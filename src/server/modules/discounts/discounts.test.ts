import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';

const t = useTestApp();

const codeBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'elk15', description: '15% off for followers', discountType: 'percentage', discountValue: 15, platform: 'All platforms', ...overrides,
});

async function paidBusiness(tier = 'professional') {
  return createBusiness(t, { tier });
}

async function addPlatform(client: TestClient, platformType = 'shopify', extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/integration-platforms', { name: `My ${platformType} store`, platformType, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; apiKey: string; publishableKey: string; secretKey: string; webhookSecret: string; businessId: number };
}

function storeRequest(method: 'GET' | 'POST' | 'OPTIONS', url: string, apiKey: string | undefined, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload: payload as object | undefined, headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), ...headers } });
}

async function commissionsOf(businessId: number) {
  return t.database.query<{ id: number; pro_staff_id: number; amount_cents: number; currency: string; status: string; source: string; order_id: string }>(
    `select id, pro_staff_id, amount_cents, currency, status, source, order_id from commissions where business_id = ${businessId} order by id`,
  );
}

async function ordersOf(businessId: number) {
  return t.database.query<{ order_id: string; code: string | null; discount_code_id: number | null; order_value_cents: number | null; status: string; verified: boolean }>(
    `select order_id, code, discount_code_id, order_value_cents, status, verified from store_orders where business_id = ${businessId} order by id`,
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
    // A fixed amount over 100 is no percentage: other edits of it pass.
    expect((await biz.client.patch(`/api/discount-codes/${fixed.body.id}`, { description: 'Still $150 off' })).status).toBe(200);
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

  it('PATCH keeps what it does not name, and checks owner, rate, expiry and code against the merged code', async () => {
    const biz = await paidBusiness();
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const owned = (await biz.client.post('/api/discount-codes', codeBody({ code: 'OWNED', proStaffId: pro.proStaffId, commissionRate: 12.5, webhookUrl: 'https://example.com/hook' }))).body;
    const plain = (await biz.client.post('/api/discount-codes', codeBody({ code: 'PLAIN' }))).body;
    expect(plain).toMatchObject({ proStaffId: null, commissionRate: 0 });
    const patch = (id: number, body: Record<string, unknown>) => biz.client.patch(`/api/discount-codes/${id}`, body);

    // Unnamed fields stay: the owner and the rate survive a description change.
    expect((await patch(owned.id, { description: 'New words' })).body).toMatchObject({ proStaffId: pro.proStaffId, commissionRate: 12.5, webhookUrl: 'https://example.com/hook', description: 'New words' });
    // A new rate for the stored owner; removing the owner removes the rate.
    expect((await patch(owned.id, { commissionRate: 20 })).body).toMatchObject({ proStaffId: pro.proStaffId, commissionRate: 20 });
    expect((await patch(owned.id, { proStaffId: null })).body).toMatchObject({ proStaffId: null, commissionRate: 0 });
    // A rate without an owner, or an owner who does not exist, is refused.
    const rateOnly = await patch(plain.id, { commissionRate: 5 });
    expect(rateOnly.status).toBe(400);
    expect(rateOnly.body.error.details).toEqual([{ path: 'commissionRate', message: 'Choose the pro staff member who earns the commission' }]);
    expect((await patch(plain.id, { proStaffId: 999999 })).body.error.details[0].path).toBe('proStaffId');
    // An owner given later keeps a rate of 0 until one is set.
    expect((await patch(plain.id, { proStaffId: pro.proStaffId })).body).toMatchObject({ proStaffId: pro.proStaffId, commissionRate: 0 });

    // The expiry: in the past refused, null clears it, unnamed keeps it.
    const past = await patch(plain.id, { expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.error.details[0].path).toBe('expiresAt');
    expect((await patch(plain.id, { expiresAt: '2099-06-01T00:00:00Z' })).body.expiresAt).toBe('2099-06-01T00:00:00.000Z');
    expect((await patch(plain.id, { description: 'Still expiring' })).body.expiresAt).toBe('2099-06-01T00:00:00.000Z');
    expect((await patch(plain.id, { expiresAt: null })).body.expiresAt).toBeNull();
    // The webhook: null clears it.
    expect((await patch(owned.id, { webhookUrl: null })).body.webhookUrl).toBeNull();

    // Renaming: to another code of this business (any case) is a 409; to its own code in another case is fine.
    const taken = await patch(plain.id, { code: 'owned' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CONFLICT');
    expect((await patch(plain.id, { code: 'plain' })).body.code).toBe('PLAIN');
    expect((await patch(plain.id, { code: 'renamed' })).body.code).toBe('RENAMED');
    const codes = (await biz.client.get('/api/discount-codes')).body as { code: string }[];
    expect(codes.map((c) => c.code).sort()).toEqual(['OWNED', 'RENAMED']);
  });

  it('counts only active codes against the plan: an inactive one is stored over the limit, but not on a plan without codes', async () => {
    const startup = await paidBusiness('startup');
    for (let i = 0; i < 10; i++) expect((await startup.client.post('/api/discount-codes', codeBody({ code: `FULL${i}` }))).status).toBe(201);
    const parked = await startup.client.post('/api/discount-codes', codeBody({ code: 'PARKED', isActive: false }));
    expect(parked.status).toBe(201);
    expect(parked.body.isActive).toBe(false);
    // Editing an active code at the limit, even sending isActive: true again, is no new activation.
    const active = (await startup.client.get('/api/discount-codes')).body.find((c: { code: string }) => c.code === 'FULL0');
    expect((await startup.client.patch(`/api/discount-codes/${active.id}`, { isActive: true, description: 'Same' })).status).toBe(200);
    // An inactive code stays editable at the limit; only activating it is refused.
    expect((await startup.client.patch(`/api/discount-codes/${parked.body.id}`, { description: 'For next season' })).status).toBe(200);
    expect((await startup.client.patch(`/api/discount-codes/${parked.body.id}`, { isActive: true })).status).toBe(402);
    const free = await createBusiness(t);
    const none = await free.client.post('/api/discount-codes', codeBody({ isActive: false }));
    expect(none.status).toBe(402);
    expect(none.body.error.code).toBe('PLAN_LIMIT');
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
  it('shows the publishable and secret keys once, stores only their hashes and masks them afterwards', async () => {
    const biz = await paidBusiness();
    const created = await addPlatform(biz.client, 'woocommerce', { storeUrl: 'https://shop.example.com/path' });
    expect(created.publishableKey).toMatch(/^hpk_live_[A-Za-z0-9_-]{32}$/);
    expect(created.apiKey).toBe(created.publishableKey);
    expect(created.secretKey).toMatch(/^hsk_secret_[A-Za-z0-9_-]{32}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ platformType: 'woocommerce', storeUrl: 'https://shop.example.com', isActive: true, storeWebhookPath: `/api/webhooks/woocommerce/${created.id}` });
    const [row] = await t.database.query<{ api_key_hash: string; secret_key_hash: string }>(`select api_key_hash, secret_key_hash from integration_platforms where id = ${created.id}`);
    expect(row.api_key_hash).toBe(crypto.createHash('sha256').update(created.publishableKey).digest('hex'));
    expect(row.secret_key_hash).toBe(crypto.createHash('sha256').update(created.secretKey).digest('hex'));
    const list = await biz.client.get(`/api/integration-platforms/business/${biz.businessId}`);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      publishableKey: `hpk_live_••••••••${created.publishableKey.slice(-4)}`,
      secretKey: `hsk_secret_••••••••${created.secretKey.slice(-4)}`,
      webhookSecretHint: `••••${created.webhookSecret.slice(-4)}`,
    });
    expect(list.body[0]).not.toHaveProperty('webhookSecret');
    expect(JSON.stringify(list.body)).not.toContain(created.secretKey);
  });

  it('accepts a store-issued webhook secret, edits, deactivates and rotates each key', async () => {
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
    const secret = await biz.client.post(`/api/integration-platforms/${created.id}/rotate-key`, { key: 'secret' });
    expect(secret.body.secretKey).toMatch(/^hsk_secret_/);
    expect((await storeRequest('GET', '/api/discount-codes/validate/X', created.secretKey)).statusCode).toBe(401);
    expect((await storeRequest('GET', '/api/discount-codes/validate/X', secret.body.secretKey)).statusCode).toBe(200);
    expect((await biz.client.post(`/api/integration-platforms/${created.id}/rotate-key`, { key: 'everything' })).status).toBe(400);
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

  it('records usage (secret key) once per order and creates one pending commission (base x rate) in the order currency', async () => {
    const { biz, pro, platform } = await setup();
    const pushed: unknown[] = [];
    t.events.subscribe(pro.user.id, (event) => pushed.push(event));
    const body = { code: 'elk15', orderId: 'A-1001', orderValue: 199.99, customerEmail: 'buyer@example.com' };
    const first = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ orderId: 'A-1001', code: 'ELK15', orderValue: '199.99', currency: 'USD', duplicate: false, commission: { proStaffId: pro.proStaffId, amount: '25.00', currency: 'USD', status: 'pending' } });
    const again = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { ...body, orderValue: '500.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, orderValue: '199.99' });
    expect(pushed).toEqual([{ type: 'commission.created', data: { commissionId: first.json().commission.id, status: 'pending' } }]);
    expect(await commissionsOf(biz.businessId)).toEqual([{ id: expect.any(Number), pro_staff_id: pro.proStaffId, amount_cents: 2500, currency: 'USD', status: 'pending', source: 'order', order_id: 'A-1001' }]);
    const codes = await biz.client.get('/api/discount-codes');
    expect(codes.body[0]).toMatchObject({ usageCount: 1, revenue: '199.99', revenueByCurrency: [{ currency: 'USD', amount: '199.99', amountMinor: 19999 }] });
    // KWD has three decimals: 29.350 KWD is 29350 fils; the commission is 12.5% of it, in KWD.
    const kwd = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderId: 'K-1', orderValue: '29.350', currency: 'kwd' });
    expect(kwd.statusCode).toBe(201);
    expect(kwd.json()).toMatchObject({ orderValue: '29.350', currency: 'KWD', commission: { amount: '3.669', currency: 'KWD' } });
    const tooPrecise = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderId: 'U-1', orderValue: '10.001' });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().error.details).toEqual([{ path: 'orderValue', message: expect.stringContaining('USD') }]);
    const byCurrency = (await biz.client.get('/api/discount-codes')).body[0].revenueByCurrency;
    expect(byCurrency).toEqual([{ currency: 'KWD', amount: '29.350', amountMinor: 29350 }, { currency: 'USD', amount: '199.99', amountMinor: 19999 }]);
  });

  it('refuses track-usage with the publishable key, and the secret key from a browser', async () => {
    const { biz, platform } = await setup();
    const body = { code: 'ELK15', orderId: 'F-1', orderValue: 9_999_999 };
    const forged = await storeRequest('POST', '/api/discount-codes/track-usage', platform.publishableKey, body);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toContain('secret key');
    const fromBrowser = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, body, { origin: 'https://shop.example.com' });
    expect(fromBrowser.statusCode).toBe(403);
    expect(await commissionsOf(biz.businessId)).toEqual([]);
    expect(await ordersOf(biz.businessId)).toEqual([]);
  });

  it('treats a retry as a duplicate even after the code has expired, and concurrent repeats create one commission', async () => {
    const { biz, platform, code } = await setup();
    const body = { code: 'ELK15', orderId: 'R-1', orderValue: 100 };
    expect((await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, body)).statusCode).toBe(201);
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    const retry = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ duplicate: true, commission: { amount: '12.50' } });
    await t.database.query(`update discount_codes set expires_at = null where id = ${code.id}`);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { ...body, orderId: 'R-2' })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await commissionsOf(biz.businessId)).map((c) => c.order_id)).toEqual(['R-1', 'R-2']);
  });

  it('refuses usage of unknown, inactive and expired codes and stores nothing', async () => {
    const { biz, platform, code } = await setup();
    const unknown = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'NOPE', orderId: '1', orderValue: 10 });
    expect(unknown.statusCode).toBe(404);
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: false });
    const inactive = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderId: '2', orderValue: 10 });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.details).toEqual({ reason: 'inactive' });
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: true });
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    const expired = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderId: '3', orderValue: 10 });
    expect(expired.statusCode).toBe(400);
    expect(await ordersOf(biz.businessId)).toEqual([]);
    expect(await commissionsOf(biz.businessId)).toEqual([]);
    const invalid = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderValue: 'ten' });
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

  it('tracks page views and keeps browser order reports as unverified signals that never pay', async () => {
    const { biz, platform } = await setup();
    const pv = await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId, url: 'https://shop.example.com/', referrer: 'https://instagram.com/jake', timestamp: new Date().toISOString() });
    expect(pv.statusCode).toBe(202);
    const order = await storeRequest('POST', '/api/track/order', platform.apiKey, { businessId: String(biz.businessId), orderId: 5001, timestamp: Date.now() });
    expect(order.statusCode).toBe(202);
    // The forgery: no Origin header, a huge order value. It is recorded as a signal and pays nothing.
    const discount = { businessId: biz.businessId, discountCode: 'elk15', orderValue: 9_999_999, orderId: 5002, customerEmail: 'b@example.com', timestamp: new Date().toISOString() };
    expect((await storeRequest('POST', '/api/track/discount', platform.apiKey, discount)).json()).toEqual({ recorded: true, duplicate: false, verified: false });
    expect((await storeRequest('POST', '/api/track/discount', platform.apiKey, discount)).json()).toEqual({ recorded: true, duplicate: true, verified: false });
    expect(await commissionsOf(biz.businessId)).toEqual([]);
    expect(await ordersOf(biz.businessId)).toMatchObject([{ order_id: '5001', verified: false }, { order_id: '5002', code: 'ELK15', order_value_cents: 999_999_900, verified: false }]);
    expect((await biz.client.get('/api/discount-codes')).body[0]).toMatchObject({ usageCount: 0, revenueByCurrency: [] });
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { topic: string; outcome: string; codesSeen: string[] }[];
    expect(log.map((d) => [d.topic, d.outcome])).toEqual([['browser/track-discount', 'unverified'], ['browser/track-discount', 'unverified'], ['browser/track-order', 'unverified']]);
    expect(log[0].codesSeen).toEqual(['ELK15']);
    const events = await t.database.query<{ type: string }>(`select type from tracking_events where business_id = ${biz.businessId} order by id`);
    expect(events.map((e) => e.type)).toEqual(['pageview', 'order', 'discount', 'discount']);
    const wrongBusiness = await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId + 1000, url: '/' });
    expect(wrongBusiness.statusCode).toBe(403);
    expect((await storeRequest('POST', '/api/track/pageview', platform.apiKey, { businessId: biz.businessId })).statusCode).toBe(400);
  });

  it('lets signed values overwrite a browser report: the secret-key call after a forged signal pays on its own value', async () => {
    const { biz, pro, platform } = await setup();
    await storeRequest('POST', '/api/track/discount', platform.apiKey, { discountCode: 'ELK15', orderValue: 9_999_999, orderId: 'B-1' });
    const usage = await storeRequest('POST', '/api/discount-codes/track-usage', platform.secretKey, { code: 'ELK15', orderId: 'B-1', orderValue: '80.00' });
    expect(usage.statusCode).toBe(201);
    expect(usage.json()).toMatchObject({ orderValue: '80.00', commission: { amount: '10.00' } });
    expect(await commissionsOf(biz.businessId)).toMatchObject([{ pro_staff_id: pro.proStaffId, amount_cents: 1000 }]);
    expect(await ordersOf(biz.businessId)).toMatchObject([{ order_id: 'B-1', order_value_cents: 8000, verified: true }]);
    // A later browser report cannot change the verified order.
    await storeRequest('POST', '/api/track/discount', platform.apiKey, { discountCode: 'ELK15', orderValue: 5000, orderId: 'B-1' });
    expect(await ordersOf(biz.businessId)).toMatchObject([{ order_value_cents: 8000, verified: true }]);
  });

  it('documents the public store API and the webhooks in the API document', async () => {
    const res = await new TestClient(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/discount-codes/validate/{code}', '/api/discount-codes/track-usage', '/api/track/pageview', '/api/track/discount', '/api/track/order', '/api/webhooks/shopify/{platformId}']));
    const usage = paths['/api/discount-codes/track-usage'].post;
    expect(usage.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['code', 'orderId', 'orderValue']));
    expect(Object.keys(usage.responses)).toEqual(expect.arrayContaining(['200', '201']));
    for (const [url, method] of [['/api/discount-codes/validate/{code}', 'get'], ['/api/discount-codes/track-usage', 'post'], ['/api/track/pageview', 'post'], ['/api/track/discount', 'post'], ['/api/track/order', 'post']] as const) {
      expect(paths[url][method].security, url).toEqual([{ storeKey: [] }]);
      expect(paths[url][method].tags, url).toEqual(['Store API']);
    }
    expect(paths['/api/track/order'].post.description).toMatch(/unverified signal/);
    for (const [platform, scheme] of [['shopify', 'shopifyHmac'], ['woocommerce', 'wooSignature'], ['bigcommerce', 'bigcommerceSecret']]) {
      const webhook = paths[`/api/webhooks/${platform}/{platformId}`].post;
      expect(webhook.security, platform).toEqual([{ [scheme]: [] }]);
      expect(webhook.tags, platform).toEqual(['Webhooks']);
      expect(webhook.description, platform).toMatch(/answered 200 and recorded/);
    }
    expect(res.body.components.securitySchemes.storeKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  });

  it('does not touch the global JSON parser', async () => {
    const biz = await paidBusiness();
    const res = await biz.client.post('/api/discount-codes', codeBody());
    expect(res.status).toBe(201);
  });
});
