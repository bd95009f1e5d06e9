import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetPlatform } from './platform-cache';
import { deliverAndProcess } from '@server/test/webhooks';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { businessWithStore, commissionsOf, ordersOf, type StorePlatform as Platform } from '@server/test/store-setup';
import { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN, startFakeBigCommerce, type FakeBigCommerce } from '@server/test/fake-bigcommerce';
import { bigCommerceHeaders, fixture, fixtureText, hmacBase64, shopifyHeaders, wooCommerceHeaders } from '../../../../tests/fixtures/sign';

let t: TestApp;
const STORE_HASH = FAKE_BIGCOMMERCE_STORE_HASH;
const TOKEN = FAKE_BIGCOMMERCE_TOKEN;
/** What the fake BigCommerce answers for GET /v2/orders/{id}; tests change it between deliveries. */
const bigCommerce: { order: Record<string, unknown>; outage: number | null } = { order: {}, outage: null };
let fakeBigCommerce: FakeBigCommerce;

beforeAll(async () => {
  fakeBigCommerce = await startFakeBigCommerce({ order: () => bigCommerce.order, coupons: () => fixture('bigcommerce/order-coupons.json'), outage: () => bigCommerce.outage });
});
afterAll(() => fakeBigCommerce.close());
beforeEach(async () => {
  bigCommerce.order = fixture('bigcommerce/order.json');
  bigCommerce.outage = null;
  t = await createTestApp({ BIGCOMMERCE_API_URL: fakeBigCommerce.url });
});
afterEach(async () => {
  await t.close();
});




/** Posts a delivery and runs the background queue: `json()` is its processed outcome (decision record 023). */
const inject = (url: string, body: string, headers: Record<string, string>) => deliverAndProcess(t.app, { method: 'POST', url, payload: body, headers });

function shopify(platform: Platform, payload: unknown, topic: string) {
  const body = JSON.stringify(payload);
  return inject(`/api/webhooks/shopify/${platform.id}`, body, shopifyHeaders(platform.webhookSecret, body, topic));
}
/** Sends a fixture's bytes unchanged, signed. */
function shopifyRaw(platform: Platform, name: string, topic: string) {
  const body = fixtureText(name);
  return inject(`/api/webhooks/shopify/${platform.id}`, body, shopifyHeaders(platform.webhookSecret, body, topic));
}
function woo(platform: Platform, payload: unknown, topic: string) {
  const body = JSON.stringify(payload);
  return inject(`/api/webhooks/woocommerce/${platform.id}`, body, wooCommerceHeaders(platform.webhookSecret, body, topic));
}

const SHOPIFY_ORDER_ID = '820982911946154508';

describe('Shopify webhooks (fixtures signed as Shopify signs them)', () => {
  it('reads every code case-insensitively, pays on the merchandise subtotal, once, and refuses bad signatures', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const order = fixture('shopify/orders-create.json');
    const body = JSON.stringify(order);
    const url = `/api/webhooks/shopify/${platform.id}`;
    expect((await inject(url, body, shopifyHeaders('wrong-secret', body, 'orders/create'))).statusCode).toBe(401);
    expect((await inject(url, body, { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' })).statusCode).toBe(401);
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    const first = await shopify(platform, order, 'orders/create');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ action: 'created', orderId: SHOPIFY_ORDER_ID, commissionId: expect.any(Number) });
    // WELCOME5 is not ours; jake10 (lower case) is the second code: 10% of subtotal_price 199.00, not of total_price 224.92.
    const [commission] = await commissionsOf(t, biz.businessId);
    expect(commission).toMatchObject({ pro_staff_id: jake.proStaffId, amount_cents: 1990, currency: 'USD', status: 'pending', source: 'order', order_id: SHOPIFY_ORDER_ID });
    expect(commission.description).toBe(`Order ${SHOPIFY_ORDER_ID} with code JAKE10: 10% of USD 199.00 merchandise subtotal after discounts, before tax and shipping`);
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ code: 'JAKE10', codes_seen: ['WELCOME5', 'JAKE10'], order_value_cents: 19900, verified: true }]);
    // Retries and orders/paid for the same order create nothing more.
    expect((await shopify(platform, order, 'orders/create')).json()).toMatchObject({ action: 'duplicate' });
    expect((await shopify(platform, order, 'orders/paid')).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { topic: string; outcome: string; codesSeen: string[]; commissionId: number | null }[];
    expect(log.map((d) => d.outcome)).toEqual(['duplicate', 'duplicate', 'created']);
    expect(log[2]).toMatchObject({ topic: 'orders/create', codesSeen: ['WELCOME5', 'JAKE10'], commissionId: commission.id });
  });

  it('answers once it is queued, queues a redelivered X-Shopify-Webhook-Id once, and drops a delivery whose platform was deleted meanwhile', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const body = JSON.stringify(fixture('shopify/orders-create.json'));
    const headers = { ...shopifyHeaders(platform.webhookSecret, body, 'orders/create'), 'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' };
    const first = await t.app.inject({ method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers });
    expect(first.json()).toEqual({ received: true, action: 'queued', taskId: expect.any(Number) });
    const again = await t.app.inject({ method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers });
    expect(again.json()).toEqual({ received: true, action: 'duplicate', reason: 'This delivery id was received before' });
    // Nothing is credited before the worker runs; then exactly once.
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    await t.app.ctx.tasks.drain();
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
    // Queued, then the platform is deleted before the worker gets to it: recorded as ignored on the task, nothing credited.
    const other = JSON.stringify({ ...fixture('shopify/orders-create.json'), id: 4242 });
    const queued = await t.app.inject({ method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: other, headers: shopifyHeaders(platform.webhookSecret, other, 'orders/create') });
    expect((await biz.client.delete(`/api/integration-platforms/${platform.id}`)).status).toBe(204);
    await t.app.ctx.tasks.drain();
    const [task] = await t.database.query<{ status: string; result: unknown }>(`select status, result from background_tasks where id = ${queued.json().taskId}`);
    expect(task).toEqual({ status: 'done', result: { received: true, action: 'ignored', reason: 'The integration platform was deleted' } });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });

  it('credits the first code on the order that belongs to a pro staffer when several match (the written rule)', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const anna = await createProStaff(t, { firstName: 'Anna', lastName: 'Lee' });
    await biz.client.post('/api/discount-codes', { code: 'welcome5', description: 'Anna', discountType: 'fixed', discountValue: 5, platform: 'Shopify', proStaffId: anna.proStaffId, commissionRate: 5 });
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: anna.proStaffId, amount_cents: 995 }]);
    // The same codes in the other order credit Jake.
    const swapped = { ...fixture('shopify/orders-create.json'), id: 1001, admin_graphql_api_id: 'gid://shopify/Order/1001', discount_codes: [{ code: 'JAKE10' }, { code: 'WELCOME5' }], discount_applications: [] };
    await shopify(platform, swapped, 'orders/create');
    expect((await commissionsOf(t, biz.businessId))[1]).toMatchObject({ pro_staff_id: jake.proStaffId, amount_cents: 1990 });
    // A code only in discount_applications (Shopify's combined discounts) is read too.
    const viaApplications = { ...swapped, id: 1002, admin_graphql_api_id: 'gid://shopify/Order/1002', discount_codes: [], discount_applications: [{ type: 'discount_code', code: 'jake10' }] };
    expect((await shopify(platform, viaApplications, 'orders/create')).json()).toMatchObject({ action: 'created' });
  });

  it('follows a partial refund proportionally, counts a redelivered refund once and cancels on cancellation', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    const refund = fixture('shopify/refunds-create.json');
    expect((await shopifyRaw(platform, 'shopify/refunds-create.json', 'refunds/create')).json()).toMatchObject({ action: 'adjusted', orderId: SHOPIFY_ORDER_ID });
    // 199.00 - 94.76 refunded merchandise = 104.24; 10% = 10.42.
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ amount_cents: 1042, status: 'pending' }]);
    expect((await shopifyRaw(platform, 'shopify/refunds-create.json', 'refunds/create')).json()).toMatchObject({ action: 'duplicate' });
    const updated = { ...fixture('shopify/orders-create.json'), financial_status: 'partially_refunded', refunds: [refund] };
    expect((await shopify(platform, updated, 'orders/updated')).json()).toMatchObject({ action: 'duplicate' });
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(1042);
    const cancelled = { ...updated, cancelled_at: '2022-01-03T10:00:00-05:00' };
    expect((await shopify(platform, cancelled, 'orders/cancelled')).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId))[0].status).toBe('cancelled');
  });

  it('never edits a paid commission: a refund adds a negative adjustment entry linked to it', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    const [paid] = await commissionsOf(t, biz.businessId);
    expect((await biz.client.patch(`/api/commissions/${paid.id}/status`, { status: 'paid' })).status).toBe(200);
    await shopifyRaw(platform, 'shopify/refunds-create.json', 'refunds/create');
    const afterPartial = await commissionsOf(t, biz.businessId);
    expect(afterPartial).toMatchObject([
      { id: paid.id, amount_cents: 1990, status: 'paid' },
      { amount_cents: -948, currency: 'USD', status: 'pending', source: 'adjustment', adjusts_commission_id: paid.id },
    ]);
    const fullyRefunded = { ...fixture('shopify/orders-create.json'), financial_status: 'refunded' };
    await shopify(platform, fullyRefunded, 'orders/updated');
    const entries = await commissionsOf(t, biz.businessId);
    expect(entries.map((c) => c.amount_cents)).toEqual([1990, -948, -1042]);
    expect(entries.reduce((sum, c) => sum + c.amount_cents, 0)).toBe(0);
    const list = (await biz.client.get('/api/commissions/business')).body as { id: number; amount: string; source: string; adjustsCommissionId: number | null }[];
    expect(list.find((c) => c.source === 'adjustment')).toMatchObject({ amount: expect.stringMatching(/^-/), adjustsCommissionId: paid.id });
  });

  it('stores the order currency: CAD is never counted as USD and KWD reads three decimals', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const cad = { ...fixture('shopify/orders-create.json'), id: 2001, admin_graphql_api_id: 'gid://shopify/Order/2001', currency: 'CAD' };
    await shopify(platform, cad, 'orders/create');
    const kwd = { ...fixture('shopify/orders-create.json'), id: 2002, admin_graphql_api_id: 'gid://shopify/Order/2002', currency: 'KWD', subtotal_price: '29.350', current_subtotal_price: '29.350' };
    expect((await shopify(platform, kwd, 'orders/create')).statusCode).toBe(200);
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.currency, c.amount_cents])).toEqual([['CAD', 1990], ['KWD', 2935]]);
    const list = (await biz.client.get('/api/commissions/business')).body as { currency: string; amount: string }[];
    expect(list.map((c) => `${c.currency} ${c.amount}`).sort()).toEqual(['CAD 19.90', 'KWD 2.935']);
    const codes = (await biz.client.get('/api/discount-codes')).body as { revenueByCurrency: unknown[] }[];
    expect(codes[0].revenueByCurrency).toEqual([{ currency: 'CAD', amount: '199.00', amountMinor: 19900 }, { currency: 'KWD', amount: '29.350', amountMinor: 29350 }]);
  });

  it('answers a correctly signed delivery it cannot use with 200 and records why', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const url = `/api/webhooks/shopify/${platform.id}`;
    const notJson = 'this is not json';
    const res = await inject(url, notJson, { ...shopifyHeaders(platform.webhookSecret, notJson, 'orders/create') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'ignored', reason: 'The body is not a JSON object' });
    expect((await shopify(platform, { name: '#1' }, 'orders/create')).json()).toMatchObject({ action: 'ignored', reason: 'The order has no id' });
    const tooPrecise = { ...fixture('shopify/orders-create.json'), subtotal_price: '12.345' };
    expect((await shopify(platform, tooPrecise, 'orders/create')).json()).toMatchObject({ action: 'ignored', reason: 'The subtotal 12.345 is not an amount in USD' });
    expect((await shopify(platform, { ...fixture('shopify/orders-create.json'), currency: null }, 'orders/create')).json()).toMatchObject({ action: 'ignored' });
    expect((await shopify(platform, { id: 1 }, 'products/update')).json()).toMatchObject({ action: 'ignored', reason: 'Topic products/update is not used' });
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { isActive: false });
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).json()).toMatchObject({ action: 'ignored', reason: 'The integration platform is inactive' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { outcome: string; reason: string }[];
    expect(log).toHaveLength(6);
    expect(log.every((d) => d.outcome === 'ignored' && d.reason)).toBe(true);
  });

  it('accepts a signed body over 5 MiB (a very long order)', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const order = fixture<{ line_items: Record<string, unknown>[] }>('shopify/orders-create.json');
    const line = order.line_items[0];
    const padded = { ...order, line_items: Array.from({ length: 4500 }, (_, i) => ({ ...line, id: i + 1, name: `Item ${i} ${'x'.repeat(200)}` })) };
    const body = JSON.stringify(padded);
    expect(Buffer.byteLength(body)).toBeGreaterThan(5 * 1024 * 1024);
    const res = await inject(`/api/webhooks/shopify/${platform.id}`, body, shopifyHeaders(platform.webhookSecret, body, 'orders/create'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'created' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });

  it('overwrites a browser report with the signed webhook, and a forged report alone never pays', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const forged = await t.app.inject({
      method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': platform.publishableKey },
      payload: { discountCode: 'JAKE10', orderValue: 9_999_999, orderId: SHOPIFY_ORDER_ID },
    });
    expect(forged.statusCode).toBe(202);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).json()).toMatchObject({ action: 'created' });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_value_cents: 19900, currency: 'USD', verified: true }]);
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(1990);
  });

  it('accepts the old signing secret during the grace period after an edit or a rotation, not after', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const edited = await biz.client.patch(`/api/integration-platforms/${platform.id}`, { webhookSecret: 'shpss_new_secret_0123456789' });
    expect(edited.status).toBe(200);
    expect(edited.body.previousSecretExpiresAt).toEqual(expect.any(String));
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(200);
    expect((await shopify({ ...platform, webhookSecret: 'shpss_new_secret_0123456789' }, { ...fixture('shopify/orders-create.json'), id: 5, admin_graphql_api_id: null }, 'orders/create')).statusCode).toBe(200);
    // The grace period ends (moved into the past in the row; the cached copy is dropped as time passing would leave it equal).
    await t.database.query(`update integration_platforms set previous_secret_expires_at = now() - interval '1 second' where id = ${platform.id}`);
    forgetPlatform(t.app.ctx, platform.id);
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(401);
    const rotated = await biz.client.post(`/api/integration-platforms/${platform.id}/rotate-key`, { key: 'webhookSecret' });
    expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
    expect((await shopify({ ...platform, webhookSecret: 'shpss_new_secret_0123456789' }, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(200);
    expect((await shopify({ ...platform, webhookSecret: rotated.body.webhookSecret }, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(200);
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { webhookSecret: 'short' })).status).toBe(400);
  });

  it('accepts a secret changed on another instance at once: a signature the cached row refuses is checked against the row afresh', async () => {
    const { platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(200);
    // Another instance saves a new secret: this one still holds the old row in its cache.
    await t.database.query(`update integration_platforms set webhook_secret = 'shpss_set_elsewhere_0123456789' where id = ${platform.id}`);
    expect((await shopify({ ...platform, webhookSecret: 'shpss_set_elsewhere_0123456789' }, { ...fixture('shopify/orders-create.json'), id: 6 }, 'orders/create')).statusCode).toBe(200);
    // The old secret is refused now (no grace period was set for it by that direct change).
    expect((await shopify(platform, { ...fixture('shopify/orders-create.json'), id: 7 }, 'orders/create')).statusCode).toBe(401);
  });
});

describe('WooCommerce webhooks', () => {
  it('reads coupon_lines, pays on the line totals, follows refunds[], refunded status and order.restored', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const ping = await t.app.inject({ method: 'POST', url: `/api/webhooks/woocommerce/${platform.id}`, payload: 'webhook_id=15', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ping.json()).toMatchObject({ action: 'ping' });
    const order = fixture('woocommerce/order.json');
    const body = JSON.stringify(order);
    expect((await inject(`/api/webhooks/woocommerce/${platform.id}`, body, wooCommerceHeaders('nope', body, 'order.created'))).statusCode).toBe(401);
    expect((await woo(platform, order, 'order.created')).json()).toMatchObject({ action: 'created', orderId: '727' });
    // line_items[].total 27.00 + 27.00 = 54.00 (after coupons, before tax 1.35 and shipping 10.00); 10% = 5.40.
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 540, currency: 'USD' }]);
    expect((await ordersOf(t, biz.businessId))[0].codes_seen).toEqual(['SUMMER', 'JAKE10']);
    expect((await woo(platform, order, 'order.updated')).json()).toMatchObject({ action: 'duplicate' });
    // A refund of 32.63 of the 65.25 total is half the order: half the merchandise.
    const partial = { ...order, refunds: [{ id: 730, reason: 'Damaged', total: '-32.63' }] };
    expect((await woo(platform, partial, 'order.updated')).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(270);
    const refunded = { ...partial, status: 'refunded' };
    await woo(platform, refunded, 'order.updated');
    expect((await commissionsOf(t, biz.businessId))[0].status).toBe('cancelled');
    const restored = { ...partial, status: 'processing' };
    expect((await woo(platform, restored, 'order.restored')).json()).toMatchObject({ action: 'adjusted' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ amount_cents: 270, status: 'pending' }]);
    expect((await woo(platform, { ...order, status: 'failed' }, 'order.updated')).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId))[0].status).toBe('cancelled');
  });

  it('reads three-decimal currencies and records unusable signed deliveries as ignored', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const kwd = { ...fixture('woocommerce/order.json'), id: 801, currency: 'KWD', line_items: [{ id: 1, total: '29.350' }], total: '30.350' };
    expect((await woo(platform, kwd, 'order.created')).statusCode).toBe(200);
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ currency: 'KWD', amount_cents: 2935 }]);
    const bad = { ...fixture('woocommerce/order.json'), id: 802, line_items: [{ id: 1, total: 'free' }] };
    expect((await woo(platform, bad, 'order.created')).json()).toMatchObject({ action: 'ignored', reason: 'A line total is not an amount in USD' });
    expect((await woo(platform, { id: 1 }, 'coupon.created')).json()).toMatchObject({ action: 'ignored' });
  });
});

describe('BigCommerce webhooks with server-side fetch', () => {
  it('fetches the order and coupons, pays on subtotal_ex_tax less discounts, and follows status 14 and refund/created', async () => {
    const state = bigCommerce;
    const { biz, jake, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    const saved = await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: STORE_HASH, bigcommerceApiToken: TOKEN });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bigcommerceStoreHash: STORE_HASH, hasBigcommerceToken: true });
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    const [stored] = await t.database.query<{ bigcommerce_api_token_encrypted: string }>(`select bigcommerce_api_token_encrypted from integration_platforms where id = ${platform.id}`);
    expect(stored.bigcommerce_api_token_encrypted).not.toContain(TOKEN);
    const hook = (name: string) => {
      const body = JSON.stringify(fixture(name));
      return inject(`/api/webhooks/bigcommerce/${platform.id}`, body, bigCommerceHeaders(platform.webhookSecret));
    };
    expect((await inject(`/api/webhooks/bigcommerce/${platform.id}`, JSON.stringify(fixture('bigcommerce/webhook-order-created.json')), bigCommerceHeaders('wrong'))).statusCode).toBe(401);
    expect((await hook('bigcommerce/webhook-order-created.json')).json()).toMatchObject({ action: 'created', orderId: '250' });
    // subtotal_ex_tax 150.00 - coupon_discount 20.00 = 130.00; 10% = 13.00. The second coupon (jake10) is Jake's.
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1300, currency: 'USD' }]);
    expect((await ordersOf(t, biz.businessId))[0].codes_seen).toEqual(['SPRING', 'JAKE10']);
    // Partially refunded (status 14): refunded_amount 75.40 of total_inc_tax 150.80 is half the merchandise.
    state.order = { ...state.order, status_id: 14, status: 'Partially Refunded', refunded_amount: '75.4000' };
    expect((await hook('bigcommerce/webhook-order-status-updated.json')).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(650);
    expect((await hook('bigcommerce/webhook-refund-created.json')).json()).toMatchObject({ action: 'duplicate' });
    state.order = { ...state.order, status_id: 4, status: 'Refunded', refunded_amount: '150.8000' };
    await hook('bigcommerce/webhook-refund-created.json');
    expect((await commissionsOf(t, biz.businessId))[0].status).toBe('cancelled');
  });

  it('answers at once while the BigCommerce API is down, and the queued delivery is credited when it is back (retried with backoff)', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: STORE_HASH, bigcommerceApiToken: TOKEN });
    bigCommerce.outage = 503;
    const body = JSON.stringify(fixture('bigcommerce/webhook-order-created.json'));
    const delivery = await inject(`/api/webhooks/bigcommerce/${platform.id}`, body, bigCommerceHeaders(platform.webhookSecret));
    expect(delivery.statusCode).toBe(200);
    expect(delivery.queued).toMatchObject({ action: 'queued' });
    expect(delivery.json()).toMatchObject({ taskStatus: 'queued', attempts: 1, lastError: 'AppError: The BigCommerce API answered 503 for the order; it will be retried' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    // The API is back; the retry's time comes (5 s in real life).
    bigCommerce.outage = null;
    await t.database.query(`update background_tasks set run_at = now()`);
    await t.app.ctx.tasks.drain();
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1300 }]);
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { outcome: string; orderId: string }[];
    expect(log).toMatchObject([{ outcome: 'created', orderId: '250' }]);
  });

  it('records a refused token or a missing order as ignored, and keeps a thin order without credentials', async () => {
    const state = bigCommerce;
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    const body = JSON.stringify(fixture('bigcommerce/webhook-order-created.json'));
    const send = () => inject(`/api/webhooks/bigcommerce/${platform.id}`, body, bigCommerceHeaders(platform.webhookSecret));
    expect((await send()).json()).toMatchObject({ action: 'recorded', orderId: '250' });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '250', order_value_cents: null, verified: true }]);
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: STORE_HASH, bigcommerceApiToken: 'wrong_token_123' });
    expect((await send()).json()).toMatchObject({ action: 'ignored', reason: expect.stringContaining('refused the API token (401)') });
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceApiToken: TOKEN });
    state.order = { ...state.order, id: 999 };
    expect((await send()).json()).toMatchObject({ action: 'ignored', reason: 'BigCommerce has no such order (404)' });
    const shop = await biz.client.post('/api/integration-platforms', { name: 'Shop', platformType: 'shopify' });
    expect((await biz.client.patch(`/api/integration-platforms/${shop.body.id}`, { bigcommerceStoreHash: STORE_HASH })).status).toBe(400);
  });
});

describe('platform deletion and the delivery log API', () => {
  it('deletes a platform and keeps its deliveries and commissions; checks session, role and owner', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    const other = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    expect((await new TestClient(t.app).delete(`/api/integration-platforms/${platform.id}`)).status).toBe(401);
    expect((await pro.client.delete(`/api/integration-platforms/${platform.id}`)).status).toBe(403);
    expect((await other.client.delete(`/api/integration-platforms/${platform.id}`)).status).toBe(403);
    expect((await biz.client.delete('/api/integration-platforms/abc')).status).toBe(400);
    expect((await biz.client.delete(`/api/integration-platforms/${platform.id}`)).status).toBe(204);
    expect((await biz.client.delete(`/api/integration-platforms/${platform.id}`)).status).toBe(404);
    expect((await biz.client.get('/api/integration-platforms')).body).toEqual([]);
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { platformId: number | null; platformName: string }[];
    expect(log).toMatchObject([{ platformId: null, platformName: 'My shopify store' }]);
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/integration-platforms/deliveries')).status).toBe(401);
    expect((await pro.client.get('/api/integration-platforms/deliveries')).status).toBe(403);
    expect((await other.client.get('/api/integration-platforms/deliveries')).body).toEqual([]);
  });

  it('signs exactly as Shopify does: base64 HMAC-SHA256 of the raw bytes', () => {
    // Vector computed independently: printf '%s' '{"id":1}' | openssl dgst -sha256 -hmac secret -binary | base64
    expect(hmacBase64('secret', '{"id":1}')).toBe('A971iWIMgT8Zj9A9eWfikrFj7wQ16/Qwcc4OlRl2PLc=');
  });
});
