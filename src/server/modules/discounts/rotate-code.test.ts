import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';
import { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN, startFakeBigCommerceCatalog, type FakeBigCommerceCatalog } from '@server/test/fake-bigcommerce-catalog';
import { FAKE_SHOPIFY_DOMAIN, FAKE_SHOPIFY_TOKEN, startFakeShopifyAdmin, type FakeShopifyAdmin } from '@server/test/fake-shopify-admin';
import { FAKE_WC_KEY, FAKE_WC_SECRET, startFakeWooCommerce, type FakeWooCommerce } from '@server/test/fake-woocommerce';
import { useTestApp } from '@server/test/use-test-app';

// Rotation of a leaked code (issue 43): POST /api/discount-codes/:id/rotate against the three fake stores.

let shopify: FakeShopifyAdmin;
let woo: FakeWooCommerce;
let bigcommerce: FakeBigCommerceCatalog;
/** STORE_ADMIN_ORIGIN is one address: this front sends each platform's paths to its fake. */
let front: http.Server;
let frontUrl = '';

beforeAll(async () => {
  [shopify, woo, bigcommerce] = await Promise.all([startFakeShopifyAdmin(), startFakeWooCommerce(), startFakeBigCommerceCatalog()]);
  front = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const target = path.startsWith('/admin/api/') ? shopify.url : path.startsWith('/wp-json/') ? woo.url : bigcommerce.url;
    const forward = http.request(`${target}${path}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => front.close(resolve));
  await Promise.all([shopify.close(), woo.close(), bigcommerce.close()]);
});
beforeEach(() => {
  shopify.state.discounts.length = 0;
  woo.state.coupons.length = 0;
  bigcommerce.state.coupons.length = 0;
});

const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: frontUrl }));
const EXPIRES = '2027-06-30T00:00:00.000Z';

type World = { biz: SignedIn & { businessId: number }; pro: SignedIn & { proStaffId: number } };

async function world(): Promise<World> {
  const biz = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Outfitters' });
  const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  return { biz, pro };
}

async function connect(w: World, platformType: 'shopify' | 'woocommerce' | 'bigcommerce', name: string): Promise<number> {
  const platform = await w.biz.client.post('/api/integration-platforms', { name, platformType });
  expect(platform.status, JSON.stringify(platform.body)).toBe(201);
  if (platformType === 'bigcommerce') {
    const keys = await w.biz.client.patch(`/api/integration-platforms/${platform.body.id}`, { bigcommerceStoreHash: FAKE_BIGCOMMERCE_STORE_HASH, bigcommerceApiToken: FAKE_BIGCOMMERCE_TOKEN });
    expect(keys.status, JSON.stringify(keys.body)).toBe(200);
  }
  const credentials =
    platformType === 'shopify' ? { platform: 'shopify', shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: FAKE_SHOPIFY_TOKEN }
    : platformType === 'woocommerce' ? { platform: 'woocommerce', siteUrl: 'https://shop.example.com', consumerKey: FAKE_WC_KEY, consumerSecret: FAKE_WC_SECRET }
    : null;
  if (credentials) expect((await w.biz.client.put(`/api/gear/stores/${platform.body.id}/credentials`, credentials)).status).toBe(204);
  return platform.body.id as number;
}

async function code(w: World, codeText: string, platform: string): Promise<number> {
  const made = await w.biz.client.post('/api/discount-codes', {
    code: codeText, description: '15% off for Jake’s followers', discountType: 'percentage', discountValue: 15, platform, proStaffId: w.pro.proStaffId, commissionRate: 12.5, expiresAt: EXPIRES,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as number;
}

const codesOf = async (w: World) => (await w.biz.client.get('/api/discount-codes')).body as { id: number; code: string; isActive: boolean; proStaffId: number; commissionRate: number; discountValue: number; discountType: string; platform: string; expiresAt: string }[];
const notificationsOf = async (w: World) => (await w.pro.client.get('/api/notifications')).body.notifications as { title: string; body: string }[];

/** The old code inactive and pointing at the new one, which has the same terms, rate, platform, expiry and staffer. */
async function expectRotated(w: World, oldId: number, newCode: string, platform: string): Promise<void> {
  const codes = await codesOf(w);
  const old = codes.find((c) => c.id === oldId)!;
  const replacement = codes.find((c) => c.code === newCode)!;
  expect(old.isActive).toBe(false);
  expect(replacement).toMatchObject({ isActive: true, proStaffId: w.pro.proStaffId, commissionRate: 12.5, discountType: 'percentage', discountValue: 15, platform, expiresAt: EXPIRES });
  const [row] = await t.database.query<{ replaced_by_code_id: number }>(`select replaced_by_code_id from discount_codes where id = ${oldId}`);
  expect(row.replaced_by_code_id).toBe(replacement.id);
  expect((await notificationsOf(w))[0]).toMatchObject({ title: `Ridge Outfitters replaced your code ${old.code} with ${newCode}` });
  const [mail] = await t.database.query<{ n: number }>(`select count(*)::int as n from background_tasks where kind like 'mail%' and payload::text like '%${newCode}%'`);
  expect(mail.n).toBe(1);
}

describe('rotating in the store', () => {
  it('Shopify: copies the discount’s terms to a generated code, ends the old one, and replaces the HuntStaff code', async () => {
    const w = await world();
    await connect(w, 'shopify', 'Ridge Shopify');
    const id = await code(w, 'JAKE15', 'Ridge Shopify');
    shopify.state.discounts.push({
      id: 41, code: 'jake15', title: 'Jake pro staff 15%', status: 'ACTIVE', percentage: 0.15, customerIds: [], startsAt: '2026-01-01T00:00:00Z', endsAt: EXPIRES, appliesOncePerCustomer: true,
      usageLimit: 500, combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true }, minimum: { subtotal: '50.0' }, items: { kind: 'collections', collectionIds: [77] },
    });

    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ oldCodeId: id, newCode: expect.stringMatching(/^JAKE15-[2-9A-HJKMNP-TW-Z]{4}$/), store: { disabled: true, created: true, platform: 'shopify', detail: null } });
    const [old, copy] = shopify.state.discounts;
    expect(old.status).toBe('EXPIRED');
    expect(copy).toMatchObject({
      code: res.body.newCode, title: 'Jake pro staff 15%', status: 'ACTIVE', percentage: 0.15, customerIds: [], endsAt: EXPIRES, appliesOncePerCustomer: true, usageLimit: 500,
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true }, minimum: { subtotal: '50.0' }, items: { kind: 'collections', collectionIds: [77] },
    });
    await expectRotated(w, id, res.body.newCode, 'Ridge Shopify');
    expect(res.body.newCodeId).toBe((await codesOf(w)).find((c) => c.code === res.body.newCode)!.id);
  });

  it('WooCommerce: the chosen code is posted with the coupon’s terms and the old coupon goes back to draft', async () => {
    const w = await world();
    await connect(w, 'woocommerce', 'Ridge Woo');
    const id = await code(w, 'JAKEWOO', 'woocommerce');
    woo.state.coupons.push({
      id: 720, code: 'jakewoo', status: 'publish', amount: '15.00', discount_type: 'percent', description: 'Jake', date_expires: '2027-06-30T00:00:00', individual_use: true, product_ids: [31, 32],
      excluded_product_ids: [], usage_count: 212, usage_limit: 1000, usage_limit_per_user: 1, limit_usage_to_x_items: null, free_shipping: false, product_categories: [9], excluded_product_categories: [],
      exclude_sale_items: true, minimum_amount: '40.00', maximum_amount: '0.00', email_restrictions: [], meta_data: [],
    });

    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'jake-fall' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ newCode: 'JAKE-FALL', store: { disabled: true, created: true, platform: 'woocommerce' } });
    expect(woo.state.coupons[0]).toMatchObject({ status: 'draft', usage_count: 212 });
    expect(woo.state.coupons[1]).toMatchObject({
      code: 'jake-fall', status: 'publish', amount: '15.00', discount_type: 'percent', date_expires: '2027-06-30T00:00:00', individual_use: true, product_ids: [31, 32], usage_limit: 1000,
      usage_limit_per_user: 1, product_categories: [9], exclude_sale_items: true, minimum_amount: '40.00', usage_count: 0, description: 'Jake (replaces JAKEWOO)',
    });
    await expectRotated(w, id, 'JAKE-FALL', 'woocommerce');
  });

  it('BigCommerce: a new coupon with the same type, amount and restrictions; the old one disabled with its applies_to kept', async () => {
    const w = await world();
    await connect(w, 'bigcommerce', 'Ridge BC');
    const id = await code(w, 'JAKEBC', 'All platforms');
    bigcommerce.state.coupons.push({
      id: 55, name: 'Jake BC', code: 'JAKEBC', type: 'percentage_discount', amount: '15.0000', min_purchase: '25.0000', expires: 'Wed, 30 Jun 2027 00:00:00 +0000', enabled: true,
      applies_to: { entity: 'products', ids: [111, 112] }, num_uses: 40, max_uses: 300, max_uses_per_customer: 1, restricted_to: { countries: 'US' }, shipping_methods: null, date_created: 'Mon, 05 Jan 2026 12:00:00 +0000',
    });

    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'JAKEBC2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.store).toMatchObject({ disabled: true, created: true, platform: 'bigcommerce' });
    expect(bigcommerce.state.coupons[0]).toMatchObject({ enabled: false, applies_to: { entity: 'products', ids: [111, 112] }, num_uses: 40 });
    expect(bigcommerce.state.coupons[1]).toMatchObject({
      code: 'JAKEBC2', name: 'Jake BC (JAKEBC2)', type: 'percentage_discount', amount: '15.0000', min_purchase: '25.0000', expires: 'Wed, 30 Jun 2027 00:00:00 +0000', enabled: true,
      applies_to: { entity: 'products', ids: [111, 112] }, max_uses: 300, max_uses_per_customer: 1, restricted_to: { countries: 'US' },
    });
    await expectRotated(w, id, 'JAKEBC2', 'All platforms');
  });
});

describe('when the store refuses, cannot be reached or no longer has the code', () => {
  it('a code the store already has (WooCommerce 400): 409, the old coupon still published, HuntStaff untouched, no one told', async () => {
    const w = await world();
    await connect(w, 'woocommerce', 'Ridge Woo');
    const id = await code(w, 'JAKEWOO', 'Ridge Woo');
    woo.state.coupons.push({ id: 720, code: 'jakewoo', status: 'publish', amount: '15.00', discount_type: 'percent', description: '', meta_data: [] }, { id: 721, code: 'taken1', status: 'publish', amount: '5.00', discount_type: 'percent', description: '', meta_data: [] });
    const before = await codesOf(w);

    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'TAKEN1' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^Ridge Woo refused the rotation, so nothing changed/), details: { platform: 'woocommerce', reason: 'code_taken' } });
    expect(woo.state.coupons.map((c) => c.status)).toEqual(['publish', 'publish']);
    expect(await codesOf(w)).toEqual(before);
    expect(await notificationsOf(w)).toEqual([]);
  });

  it('a store that cannot be reached (Shopify throttled): 503', async () => {
    const w = await world();
    await connect(w, 'shopify', 'Ridge Shopify');
    const id = await code(w, 'JAKE15', 'shopify');
    shopify.state.discounts.push({ id: 41, code: 'JAKE15', title: 'Jake', status: 'ACTIVE', percentage: 0.15, customerIds: [], startsAt: '2026-01-01T00:00:00Z', appliesOncePerCustomer: false });
    const before = await codesOf(w);

    shopify.throttleNext(1);
    const down = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, {});
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { platform: 'shopify', store: 'Ridge Shopify' } });
    expect(shopify.state.discounts).toHaveLength(1);
    expect(await codesOf(w)).toEqual(before);

    expect(await notificationsOf(w)).toEqual([]);
  });

  it('a code no longer live in the store (already ended there): rotated in HuntStaff, the business told to create the new one', async () => {
    const w = await world();
    await connect(w, 'shopify', 'Ridge Shopify');
    const id = await code(w, 'JAKE15', 'shopify');
    shopify.state.discounts.push({ id: 41, code: 'JAKE15', title: 'Jake', status: 'EXPIRED', percentage: 0.15, customerIds: [], startsAt: '2026-01-01T00:00:00Z', appliesOncePerCustomer: false });
    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'JAKE16' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.store).toEqual({ disabled: false, created: false, platform: 'shopify', detail: 'JAKE15 is not live in Ridge Shopify (disabled or removed there already): create JAKE16 there with the same discount.' });
    expect(shopify.state.discounts).toHaveLength(1);
    await expectRotated(w, id, 'JAKE16', 'shopify');
  });
});

describe('rotating in HuntStaff alone, and the rules', () => {
  it('no store admin access for the code’s platform: rotated in HuntStaff, the business told what to do in the store', async () => {
    const w = await world();
    await w.biz.client.post('/api/integration-platforms', { name: 'Counter sales', platformType: 'custom' });
    const id = await code(w, 'JAKE15', 'Counter sales');
    const res = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'JAKE16' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.store).toEqual({ disabled: false, created: false, platform: 'custom', detail: expect.stringMatching(/^Disable JAKE15 in your store and create JAKE16/) });
    await expectRotated(w, id, 'JAKE16', 'Counter sales');
    // Rotated once: the old code cannot be rotated again.
    expect((await w.biz.client.post(`/api/discount-codes/${id}/rotate`, {})).status).toBe(409);
  });

  it('validation, a code already held, signed out, wrong role, another business’s code and an unknown id', async () => {
    const w = await world();
    const id = await code(w, 'JAKE15', 'Phone orders');
    await code(w, 'HELD10', 'Phone orders');
    const bad = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'no spaces!' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION');
    const held = await w.biz.client.post(`/api/discount-codes/${id}/rotate`, { newCode: 'held10' });
    expect(held.status).toBe(409);
    expect(held.body.error.details).toEqual([{ path: 'newCode', message: 'Choose a code you do not have yet' }]);
    expect((await t.anonymous().post(`/api/discount-codes/${id}/rotate`, {})).status).toBe(401);
    expect((await w.pro.client.post(`/api/discount-codes/${id}/rotate`, {})).status).toBe(403);
    const other = await createBusiness(t, { tier: 'professional' });
    expect((await other.client.post(`/api/discount-codes/${id}/rotate`, {})).status).toBe(403);
    expect((await w.biz.client.post('/api/discount-codes/999999/rotate', {})).status).toBe(404);
    expect((await codesOf(w)).every((c) => c.isActive)).toBe(true);
  });

  it('parallel rotations of one code: exactly one succeeds, the others 409, one copy in the store', async () => {
    const w = await world();
    await connect(w, 'bigcommerce', 'Ridge BC');
    const id = await code(w, 'JAKEBC', 'bigcommerce');
    bigcommerce.state.coupons.push({ id: 55, name: 'Jake BC', code: 'JAKEBC', type: 'percentage_discount', amount: '15.0000', enabled: true, applies_to: { entity: 'categories', ids: [0] } });
    const answers = await Promise.all([1, 2, 3].map(() => w.biz.client.post(`/api/discount-codes/${id}/rotate`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(bigcommerce.state.coupons.map((c) => [c.code, c.enabled])).toEqual([['JAKEBC', false], [answers.find((a) => a.status === 200)!.body.newCode, true]]);
    expect((await codesOf(w)).filter((c) => c.isActive)).toHaveLength(1);
  });
});
