import { describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { createProStaff } from '@server/test/factories';
import { businessWithStore, commissionsOf, type StorePlatform as Platform } from '@server/test/store-setup';
import { bigCommerceHeaders, fixture, fixtureText, shopifyHeaders, wooCommerceHeaders } from '../../../../tests/fixtures/sign';

// The edges of the credit rule, the delivery log and paid-commission adjustments (record 018: what mutation testing
// of attribution-service.ts showed untested).
const t = useTestApp();

function shopify(platform: Platform, payload: unknown, topic: string) {
  const body = JSON.stringify(payload);
  return deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, topic) });
}

function woo(platform: Platform, payload: unknown, topic: string) {
  const body = JSON.stringify(payload);
  return deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/woocommerce/${platform.id}`, payload: body, headers: wooCommerceHeaders(platform.webhookSecret, body, topic) });
}

const orderWith = (id: number, codes: string[], extra: Record<string, unknown> = {}) => ({
  ...fixture('shopify/orders-create.json'), id, admin_graphql_api_id: `gid://shopify/Order/${id}`,
  discount_codes: codes.map((code) => ({ code })), discount_applications: [], ...extra,
});

type Delivery = { topic: string; orderId: string | null; outcome: string; reason: string | null; codesSeen: string[]; commissionId: number | null };
const deliveries = async (client: { get: (url: string) => Promise<{ body: unknown }> }) => (await client.get('/api/integration-platforms/deliveries')).body as Delivery[];

describe('the credit rule at its edges', () => {
  it('skips a usable code without an owner or with a 0% rate and credits the first code with a rate', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const anna = await createProStaff(t, { firstName: 'Anna', lastName: 'Lee' });
    const plain = { description: 'Store promotion', discountType: 'fixed', discountValue: 5, platform: 'Shopify' };
    expect((await biz.client.post('/api/discount-codes', { ...plain, code: 'PLAIN5' })).status).toBe(201);
    expect((await biz.client.post('/api/discount-codes', { ...plain, code: 'ANNA0', proStaffId: anna.proStaffId, commissionRate: 0 })).status).toBe(201);

    expect((await shopify(platform, orderWith(3001, ['PLAIN5', 'ANNA0', 'JAKE10']), 'orders/create')).json()).toMatchObject({ action: 'created' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1990, order_id: '3001' }]);
    const [order] = await t.database.query<{ code: string }>(`select code from store_orders where order_id = '3001'`);
    expect(order.code).toBe('JAKE10');

    // Only codes nobody earns on: recorded on the first usable one, no commission, and the log says why.
    expect((await shopify(platform, orderWith(3002, ['PLAIN5', 'ANNA0']), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
    const [plainOrder] = await t.database.query<{ code: string }>(`select code from store_orders where order_id = '3002'`);
    expect(plainOrder.code).toBe('PLAIN5');
    const log = await deliveries(biz.client);
    expect(log[0]).toMatchObject({ outcome: 'recorded', reason: 'The code has no pro staffer with a commission rate', commissionId: null });
    expect(log[1]).toMatchObject({ outcome: 'created', reason: null, commissionId: expect.any(Number) });
  });

  it('logs no reason for a created, an adjusted or a duplicate delivery, and why a cancelled order earns nothing', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, orderWith(3101, []), 'orders/create');
    expect((await shopify(platform, orderWith(3101, []), 'orders/create')).json()).toMatchObject({ action: 'duplicate' });
    expect((await shopify(platform, orderWith(3102, ['JAKE10'], { cancelled_at: '2022-01-03T10:00:00-05:00' }), 'orders/cancelled')).json()).toMatchObject({ action: 'recorded' });
    const log = await deliveries(biz.client);
    expect(log.map((d) => [d.outcome, d.reason])).toEqual([
      ['recorded', 'Order is cancelled: no commission'],
      ['duplicate', null],
      ['recorded', 'No discount code on the order'],
    ]);
  });

  it('stores the customer email of a signed order and of a browser report', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, orderWith(3201, ['JAKE10']), 'orders/create');
    const browser = await t.app.inject({
      method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': platform.publishableKey },
      payload: { discountCode: 'JAKE10', orderValue: 10, orderId: 'B-3202', customerEmail: 'hunter@example.com' },
    });
    expect(browser.statusCode).toBe(202);
    const rows = await t.database.query<{ order_id: string; customer_email: string | null }>(`select order_id, customer_email from store_orders where business_id = ${biz.businessId} order by id`);
    expect(rows).toEqual([{ order_id: '3201', customer_email: 'jon@example.com' }, { order_id: 'B-3202', customer_email: 'hunter@example.com' }]);
  });
});

describe('codes that cannot be used right now', () => {
  it('neither credits nor records an inactive, expired or wrong-store code on a signed order', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const owned = { description: 'Jake', discountType: 'percentage', discountValue: 10, proStaffId: jake.proStaffId, commissionRate: 10 };
    expect((await biz.client.post('/api/discount-codes', { ...owned, code: 'OFF10', platform: 'All platforms', isActive: false })).status).toBe(201);
    expect((await biz.client.post('/api/discount-codes', { ...owned, code: 'OLD10', platform: 'All platforms' })).status).toBe(201);
    expect((await biz.client.post('/api/discount-codes', { ...owned, code: 'WOO10', platform: 'WooCommerce' })).status).toBe(201);
    expect((await biz.client.post('/api/discount-codes', { code: 'PLAIN5', description: 'Store promotion', discountType: 'fixed', discountValue: 5, platform: 'Shopify' })).status).toBe(201);
    // An expiry in the past cannot be sent through the API: the code expired since it was made.
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 day' where code = 'OLD10' and business_id = ${biz.businessId}`);

    for (const [id, code] of [[3801, 'OFF10'], [3802, 'OLD10'], [3803, 'WOO10']] as const) {
      expect((await shopify(platform, orderWith(id, [code]), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    }
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    // Not counted as a use of any code, and the log says none of them could be used.
    const unusable = await t.database.query<{ order_id: string; discount_code_id: number | null; code: string }>(
      `select order_id, discount_code_id, code from store_orders where business_id = ${biz.businessId} order by order_id`,
    );
    expect(unusable).toEqual([
      { order_id: '3801', discount_code_id: null, code: 'OFF10' },
      { order_id: '3802', discount_code_id: null, code: 'OLD10' },
      { order_id: '3803', discount_code_id: null, code: 'WOO10' },
    ]);
    const log = await deliveries(biz.client);
    expect(log.map((d) => [d.outcome, d.reason])).toEqual(Array.from({ length: 3 }, () => ['recorded', 'None of the codes is an active code of this business on this store']));

    // Before a usable code: the usable one is recorded (PLAIN5, no commission) or credited (JAKE10).
    expect((await shopify(platform, orderWith(3804, ['OFF10', 'OLD10', 'WOO10', 'PLAIN5']), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect((await shopify(platform, orderWith(3805, ['OFF10', 'OLD10', 'WOO10', 'JAKE10']), 'orders/create')).json()).toMatchObject({ action: 'created' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.pro_staff_id, c.amount_cents])).toEqual([['3805', jake.proStaffId, 1990]]);
    const later = await t.database.query<{ order_id: string; code: string }>(`select order_id, code from store_orders where order_id in ('3804', '3805') order by order_id`);
    expect(later).toEqual([{ order_id: '3804', code: 'PLAIN5' }, { order_id: '3805', code: 'JAKE10' }]);
  });
});

describe('a delivery without an amount', () => {
  const thin = (id: number, codes: string[], extra: Record<string, unknown> = {}) => orderWith(id, codes, { subtotal_price: null, current_subtotal_price: null, ...extra });

  it('never keeps a browser report’s amount: a signed order without one awaits a verified amount (issue 40)', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const track = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { 'x-api-key': platform.publishableKey }, payload });
    expect((await track('/api/track/discount', { discountCode: 'JAKE10', orderValue: 10, currency: 'EUR', orderId: '3901' })).statusCode).toBe(202);
    expect((await track('/api/track/order', { orderId: '3902' })).statusCode).toBe(202);

    // Signed, cancelled, with no amount and no code: the browser's EUR 10.00 is dropped, not kept as the order's value.
    expect((await shopify(platform, thin(3901, [], { cancelled_at: '2022-01-03T10:00:00-05:00' }), 'orders/cancelled')).json()).toMatchObject({ action: 'recorded' });
    // A code but no amount: recorded on the code, awaiting the amount.
    expect((await shopify(platform, thin(3902, ['JAKE10']), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    const orders = await t.database.query<{ order_id: string; order_value_cents: number | null; currency: string | null; status: string; verified: boolean; code: string | null }>(
      `select order_id, order_value_cents, currency, status, verified, code from store_orders where business_id = ${biz.businessId} order by order_id`,
    );
    expect(orders).toEqual([
      { order_id: '3901', order_value_cents: null, currency: 'USD', status: 'cancelled', verified: true, code: null },
      { order_id: '3902', order_value_cents: null, currency: 'USD', status: 'placed', verified: true, code: 'JAKE10' },
    ]);
    expect((await deliveries(biz.client)).slice(0, 2).map((d) => [d.orderId, d.outcome, d.reason])).toEqual([
      ['3902', 'recorded', 'Awaiting a verified amount'],
      ['3901', 'recorded', 'Order is cancelled: no commission'],
    ]);

    // The amount arrives later: the order's code earns its commission then.
    expect((await shopify(platform, orderWith(3902, ['JAKE10']), 'orders/updated')).json()).toMatchObject({ action: 'created' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.pro_staff_id, c.amount_cents, c.currency])).toEqual([['3902', jake.proStaffId, 1990, 'USD']]);
  });

  it('never pays on a forged browser amount: a thin signed delivery waits, and the secret-key call sets the base (issue 40)', async () => {
    // BigCommerce without API credentials: its store/order/created delivery names the order and nothing else.
    const { biz, jake, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    const forged = await t.app.inject({ method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': platform.publishableKey }, payload: { discountCode: 'JAKE10', orderValue: 9999999, currency: 'USD', orderId: '4101' } });
    expect(forged.statusCode).toBe(202);
    const created = { ...fixture<{ data: Record<string, unknown> }>('bigcommerce/webhook-order-created.json') };
    const thinBody = JSON.stringify({ ...created, data: { ...created.data, id: 4101 } });
    const thinDelivery = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/bigcommerce/${platform.id}`, payload: thinBody, headers: bigCommerceHeaders(platform.webhookSecret) });
    expect(thinDelivery.json()).toMatchObject({ action: 'recorded' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    const [log] = await deliveries(biz.client);
    expect(log).toMatchObject({ orderId: '4101', outcome: 'recorded', reason: 'Awaiting a verified amount (a browser reported USD 9999999.00, unverified: never used as the base)' });

    // The store's server reports the true amount with the secret key: that is the base, not the browser's.
    const usage = await t.app.inject({ method: 'POST', url: '/api/discount-codes/track-usage', headers: { 'x-api-key': platform.secretKey }, payload: { code: 'JAKE10', orderValue: 100, currency: 'USD', orderId: '4101' } });
    expect(usage.statusCode).toBe(201);
    expect(usage.json()).toMatchObject({ orderValue: '100.00', duplicate: false, commission: { amount: '10.00', currency: 'USD', status: 'pending' } });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.pro_staff_id, c.amount_cents, c.status])).toEqual([['4101', jake.proStaffId, 1000, 'pending']]);
    const [order] = await t.database.query<{ order_value_cents: number }>(`select order_value_cents from store_orders where order_id = '4101'`);
    expect(order.order_value_cents).toBe(10000);
  });
});

describe('the delivery log keeps its limits', () => {
  it('cuts a long topic to 100 characters and logs an ignored delivery with no codes', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const topic = `products/${'x'.repeat(200)}`;
    expect((await shopify(platform, { id: 1 }, topic)).json()).toMatchObject({ action: 'ignored' });
    const [entry] = await deliveries(biz.client);
    expect(entry.topic).toBe(topic.slice(0, 100));
    expect(entry.codesSeen).toEqual([]);
  });
});

describe('commissions follow refunds', () => {
  it('describes a paid commission’s refund adjustment with the rate and what is now owed', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    const [paid] = await commissionsOf(t, biz.businessId);
    expect((await biz.client.patch(`/api/commissions/${paid.id}/status`, { status: 'paid' })).status).toBe(200);
    const body = fixtureText('shopify/refunds-create.json');
    await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, 'refunds/create') });
    const [, adjustment] = await commissionsOf(t, biz.businessId);
    // 199.00 - 94.76 refunded = 104.24 owed in total at 10%.
    expect(adjustment.description).toBe(`Adjustment to paid commission #${paid.id} for order ${paid.order_id}: refund, 10% of USD 104.24 merchandise now owed in total`);
  });

  it('creates the commission on what is left when the first delivery already carries a refund', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const refunded = { ...fixture('shopify/orders-create.json'), financial_status: 'partially_refunded', refunds: [fixture('shopify/refunds-create.json')] };
    expect((await shopify(platform, refunded, 'orders/updated')).json()).toMatchObject({ action: 'created' });
    const [commission] = await commissionsOf(t, biz.businessId);
    expect(commission).toMatchObject({ amount_cents: 1042, status: 'pending' });
    expect(commission.description).toContain('10% of USD 104.24 merchandise subtotal');
    const [row] = await t.database.query<{ base_minor: number }>(`select base_minor from commissions where id = ${commission.id}`);
    expect(Number(row.base_minor)).toBe(10424);
  });
});

describe('commissions follow cancellations and restores', () => {
  it('describes a paid commission’s restore adjustment after a cancellation took it back', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixture('woocommerce/order.json');
    expect((await woo(platform, order, 'order.created')).json()).toMatchObject({ action: 'created' });
    const [paid] = await commissionsOf(t, biz.businessId);
    expect((await biz.client.patch(`/api/commissions/${paid.id}/status`, { status: 'paid' })).status).toBe(200);
    expect((await woo(platform, { ...order, status: 'cancelled' }, 'order.updated')).json()).toMatchObject({ action: 'adjusted' });
    expect((await woo(platform, { ...order, status: 'processing' }, 'order.restored')).json()).toMatchObject({ action: 'adjusted' });
    const entries = await commissionsOf(t, biz.businessId);
    expect(entries.map((c) => [c.source, c.status, c.amount_cents, c.adjusts_commission_id])).toEqual([
      ['order', 'paid', 540, null], ['adjustment', 'pending', -540, paid.id], ['adjustment', 'pending', 540, paid.id],
    ]);
    expect(entries[1].description).toBe(`Adjustment to paid commission #${paid.id} for order 727: refund, 10% of USD 0.00 merchandise now owed in total`);
    expect(entries[2].description).toBe(`Adjustment to paid commission #${paid.id} for order 727: restore, 10% of USD 54.00 merchandise now owed in total`);
  });

  it('keeps a cancelled commission cancelled when the order comes back fully refunded', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixture('woocommerce/order.json');
    await woo(platform, order, 'order.created');
    expect((await woo(platform, { ...order, status: 'cancelled' }, 'order.updated')).json()).toMatchObject({ action: 'adjusted' });
    // Restored, but with a refund of the whole order: nothing is owed, so nothing comes back (the order's new status and
    // refund are recorded; a redelivery of the same body is then a duplicate).
    const refundedInFull = { ...order, status: 'processing', refunds: [{ id: 731, reason: 'Returned', total: '-65.25' }] };
    expect((await woo(platform, refundedInFull, 'order.restored')).json()).toMatchObject({ action: 'recorded' });
    expect((await woo(platform, refundedInFull, 'order.restored')).json()).toMatchObject({ action: 'duplicate' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.status, c.amount_cents])).toEqual([['cancelled', 540]]);
  });

  it('follows a refund with the rate a commission stored before rates were implies', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create');
    const [legacy] = await commissionsOf(t, biz.businessId);
    await t.database.query(`update commissions set rate_bps = null where id = ${legacy.id}`);
    const body = fixtureText('shopify/refunds-create.json');
    const refund = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, 'refunds/create') });
    expect(refund.json()).toMatchObject({ action: 'adjusted' });
    // 1990 on 199.00 implies 10%: 10% of the 104.24 left.
    const [followed] = await commissionsOf(t, biz.businessId);
    expect(followed).toMatchObject({ id: legacy.id, amount_cents: 1042, status: 'pending' });
    expect(followed.description).toContain('10% of USD 104.24 merchandise subtotal');
    const [row] = await t.database.query<{ rate_bps: number }>(`select rate_bps from commissions where id = ${legacy.id}`);
    expect(Number(row.rate_bps)).toBe(1000);
  });
});

describe('later deliveries of a verified order', () => {
  it('never brings back a commission the business cancelled, and a redelivery to a paid one adds no empty adjustment', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, orderWith(3301, ['JAKE10']), 'orders/create');
    await shopify(platform, orderWith(3302, ['JAKE10']), 'orders/create');
    const [cancelled, paid] = await commissionsOf(t, biz.businessId);
    expect((await biz.client.patch(`/api/commissions/${cancelled.id}/status`, { status: 'cancelled' })).status).toBe(200);
    expect((await biz.client.patch(`/api/commissions/${paid.id}/status`, { status: 'paid' })).status).toBe(200);
    expect((await shopify(platform, orderWith(3301, ['JAKE10']), 'orders/updated')).json()).toMatchObject({ action: 'duplicate' });
    expect((await shopify(platform, orderWith(3302, ['JAKE10']), 'orders/updated')).json()).toMatchObject({ action: 'duplicate' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.id, c.status, c.amount_cents])).toEqual([[cancelled.id, 'cancelled', 1990], [paid.id, 'paid', 1990]]);
  });

  it('keeps the code a verified order was recorded on: a later delivery with a commission code credits nobody', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await biz.client.post('/api/discount-codes', { code: 'PLAIN5', description: 'Store promotion', discountType: 'fixed', discountValue: 5, platform: 'Shopify' })).status).toBe(201);
    expect((await shopify(platform, orderWith(3501, ['PLAIN5']), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect((await shopify(platform, orderWith(3501, ['PLAIN5', 'JAKE10']), 'orders/updated')).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    const [order] = await t.database.query<{ code: string }>(`select code from store_orders where order_id = '3501'`);
    expect(order.code).toBe('PLAIN5');
  });

  it('logs at most 50 of the codes on an order', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const codes = ['JAKE10', ...Array.from({ length: 59 }, (_, i) => `OTHER${i}`)];
    expect((await shopify(platform, orderWith(3401, codes), 'orders/create')).json()).toMatchObject({ action: 'created' });
    const [entry] = await deliveries(biz.client);
    expect(entry.codesSeen).toEqual(codes.slice(0, 50));
  });

  it('overwrites a browser report with the signed currency and status, and records a signed order without codes', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const report = (orderId: string) => t.app.inject({ method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': platform.publishableKey }, payload: { discountCode: 'JAKE10', orderValue: 10, orderId } });
    for (const id of ['3601', '3602', '3603']) expect((await report(id)).statusCode).toBe(202);
    expect((await shopify(platform, orderWith(3601, ['JAKE10'], { currency: 'CAD' }), 'orders/create')).json()).toMatchObject({ action: 'created' });
    expect((await shopify(platform, orderWith(3602, ['JAKE10'], { cancelled_at: '2022-01-03T10:00:00-05:00' }), 'orders/cancelled')).json()).toMatchObject({ action: 'recorded' });
    expect((await shopify(platform, orderWith(3603, []), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.currency, c.amount_cents])).toEqual([['3601', 'CAD', 1990]]);
    const orders = await t.database.query<{ order_id: string; currency: string; status: string; verified: boolean }>(`select order_id, currency, status, verified from store_orders where business_id = ${biz.businessId} order by order_id`);
    expect(orders).toEqual([
      { order_id: '3601', currency: 'CAD', status: 'placed', verified: true },
      { order_id: '3602', currency: 'USD', status: 'cancelled', verified: true },
      { order_id: '3603', currency: 'USD', status: 'placed', verified: true },
    ]);
  });

  it('fills in the code of a verified order recorded without one, and pays nothing on an order worth 0', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await shopify(platform, orderWith(3701, []), 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect((await shopify(platform, orderWith(3701, ['JAKE10']), 'orders/updated')).json()).toMatchObject({ action: 'created' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ order_id: '3701', pro_staff_id: jake.proStaffId, amount_cents: 1990 }]);
    const [filled] = await t.database.query<{ code: string | null; codes_seen: string[] }>(`select code, codes_seen from store_orders where order_id = '3701'`);
    expect(filled).toEqual({ code: 'JAKE10', codes_seen: ['JAKE10'] });
    const free = orderWith(3702, ['JAKE10'], { subtotal_price: '0.00', current_subtotal_price: '0.00', total_price: '0.00' });
    expect((await shopify(platform, free, 'orders/create')).json()).toMatchObject({ action: 'recorded' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });
});

// Issue 40: the stores' real deletion bodies name the order and nothing else.
describe('deleted orders', () => {
  const raw = (platform: Platform, url: string, body: string, headers: Record<string, string>) => deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/${url}/${platform.id}`, payload: body, headers });

  it('cancels the commission when WooCommerce trashes the order ({"id": N}) and restores it with order.restored', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    expect((await woo(platform, fixture('woocommerce/order.json'), 'order.created')).json()).toMatchObject({ action: 'created', orderId: '727' });
    const [created] = await commissionsOf(t, biz.businessId);
    const deleted = fixtureText('woocommerce/order-deleted.json');
    expect(deleted).toBe('{"id":727}');
    expect((await raw(platform, 'woocommerce', deleted, wooCommerceHeaders(platform.webhookSecret, deleted, 'order.deleted'))).json()).toMatchObject({ action: 'adjusted', orderId: '727' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ id: created.id, status: 'cancelled', amount_cents: created.amount_cents }]);
    expect((await deliveries(biz.client))[0]).toMatchObject({ topic: 'order.deleted', orderId: '727', outcome: 'adjusted' });
    // Untrashed: WooCommerce sends the whole order again as order.restored.
    expect((await woo(platform, fixture('woocommerce/order.json'), 'order.restored')).json()).toMatchObject({ action: 'adjusted' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ id: created.id, status: 'pending', amount_cents: created.amount_cents }]);
  });

  it('cancels on Shopify orders/delete, reading an id past 2^53 exactly, and a deletion before the order holds', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await shopify(platform, fixture('shopify/orders-create.json'), 'orders/create')).json()).toMatchObject({ action: 'created' });
    const body = fixtureText('shopify/orders-delete.json');
    expect((await raw(platform, 'shopify', body, shopifyHeaders(platform.webhookSecret, body, 'orders/delete'))).json()).toMatchObject({ action: 'adjusted', orderId: '820982911946154508' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.status])).toEqual([['820982911946154508', 'cancelled']]);

    // Deleted before its orders/create arrives: the order is known as cancelled, and the late creation pays nothing; it
    // filled in the amount and code, so the log says recorded with why there is no commission, not duplicate.
    const early = '{"id":5550001}';
    expect((await raw(platform, 'shopify', early, shopifyHeaders(platform.webhookSecret, early, 'orders/delete'))).json()).toMatchObject({ action: 'recorded', orderId: '5550001' });
    expect((await shopify(platform, orderWith(5550001, ['JAKE10']), 'orders/create')).json()).toMatchObject({ action: 'recorded', commissionId: null });
    expect((await deliveries(biz.client))[0]).toMatchObject({ topic: 'orders/create', orderId: '5550001', outcome: 'recorded', reason: 'Order is cancelled: no commission' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
    const [late] = await t.database.query<{ status: string; order_value_cents: number }>(`select status, order_value_cents from store_orders where order_id = '5550001'`);
    expect(late).toEqual({ status: 'cancelled', order_value_cents: 19900 });
    // A deletion that names no order is answered 200 and recorded, never refused.
    const none = '{"id":null}';
    const ignored = await raw(platform, 'shopify', none, shopifyHeaders(platform.webhookSecret, none, 'orders/delete'));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toMatchObject({ action: 'ignored', reason: 'The deletion has no order id' });
  });

  it('cancels on a BigCommerce status change to cancelled, refunded or declined', async () => {
    for (const [statusId, status] of [[5, 'cancelled'], [4, 'refunded'], [6, 'cancelled']] as const) {
      const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
      const usage = await t.app.inject({ method: 'POST', url: '/api/discount-codes/track-usage', headers: { 'x-api-key': platform.secretKey }, payload: { code: 'JAKE10', orderValue: 100, orderId: '250' } });
      expect(usage.statusCode).toBe(201);
      const published = fixture<{ data: { status: Record<string, unknown> } }>('bigcommerce/webhook-order-status-updated.json');
      const body = JSON.stringify({ ...published, data: { ...published.data, id: 250, status: { ...published.data.status, new_status_id: statusId } } });
      expect((await raw(platform, 'bigcommerce', body, bigCommerceHeaders(platform.webhookSecret))).json()).toMatchObject({ action: 'adjusted', orderId: '250' });
      expect((await commissionsOf(t, biz.businessId)).map((c) => c.status), `status ${statusId}`).toEqual(['cancelled']);
      const [order] = await t.database.query<{ status: string }>(`select status from store_orders where business_id = ${biz.businessId}`);
      expect(order.status).toBe(status);
    }
  });
});

