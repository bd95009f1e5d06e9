import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { businessWithStore, commissionsOf, ordersOf, type StorePlatform as Platform } from '@server/test/store-setup';
import { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN, startFakeBigCommerce, type FakeBigCommerce } from '@server/test/fake-bigcommerce';
import { processDelivery } from './webhook-processing';
import { bigCommerceHeaders, fixture, fixtureText, shopifyHeaders, wooCommerceHeaders } from '../../../../tests/fixtures/sign';

// What the background worker does with a signed delivery (webhook-processing.ts), path by path: the deliveries a store
// really sends but that carry no usable order, the topics and scopes it does not use, and where the currency of a
// delivery that names none comes from. Each answer is also what the delivery log shows the business.

const bigCommerce: { order: Record<string, unknown> } = { order: {} };
let fakeBigCommerce: FakeBigCommerce;
beforeAll(async () => {
  fakeBigCommerce = await startFakeBigCommerce({ order: () => bigCommerce.order, coupons: () => fixture('bigcommerce/order-coupons.json') });
});
afterAll(() => fakeBigCommerce.close());
beforeEach(() => {
  bigCommerce.order = fixture('bigcommerce/order.json');
});
const t = useTestApp(() => ({ BIGCOMMERCE_API_URL: fakeBigCommerce.url }));

type Delivery = { topic: string; orderId: string | null; outcome: string; reason: string | null; codesSeen: string[]; commissionId: number | null };
const deliveries = async (client: { get: (url: string) => Promise<{ body: unknown }> }) => (await client.get('/api/integration-platforms/deliveries')).body as Delivery[];

const post = (type: string, platform: Platform, body: string, headers: Record<string, string>) =>
  deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/${type}/${platform.id}`, payload: body, headers });
const shopify = (platform: Platform, body: string, topic: string) => post('shopify', platform, body, shopifyHeaders(platform.webhookSecret, body, topic));
const woo = (platform: Platform, body: string, topic: string) => post('woocommerce', platform, body, wooCommerceHeaders(platform.webhookSecret, body, topic));
const bc = (platform: Platform, payload: unknown) => post('bigcommerce', platform, typeof payload === 'string' ? payload : JSON.stringify(payload), bigCommerceHeaders(platform.webhookSecret));
const withoutHeader = (headers: Record<string, string>, name: string) => Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

/** The Shopify fixture order as a CAD order of its own id (below 2^53, so JSON.stringify keeps it). */
const shopifyOrder = (id: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...fixture('shopify/orders-create.json'), id, admin_graphql_api_id: `gid://shopify/Order/${id}`, ...extra });
/** A refunds/create body for `orderId`: the fixture's refund, its lines replaced (and no transactions, which name the order too). */
const shopifyRefund = (orderId: unknown, lines: unknown[], id = 70001) =>
  JSON.stringify({ ...fixture('shopify/refunds-create.json'), id, admin_graphql_api_id: `gid://shopify/Refund/${id}`, order_id: orderId, refund_line_items: lines, transactions: [] });

describe('Shopify refunds/create', () => {
  it('takes the currency of a refund that names none from its known order, and lowers that order’s commission', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await shopify(platform, shopifyOrder(2001, { currency: 'CAD' }), 'orders/create')).json()).toMatchObject({ action: 'created', orderId: '2001' });
    // A refund line without subtotal_set: CAD 10.00 of the CAD 199.00 subtotal, so 10% of 189.00 is owed.
    const answer = (await shopify(platform, shopifyRefund(2001, [{ id: 1, quantity: 1, subtotal: '10.00' }]), 'refunds/create')).json();
    expect(answer).toEqual({ received: true, action: 'adjusted', orderId: '2001', commissionId: expect.any(Number) });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.currency, c.amount_cents])).toEqual([['CAD', 1890]]);
    // A refund names no codes: the log shows none for it.
    expect((await deliveries(biz.client)).map((d) => [d.topic, d.codesSeen])).toEqual([['refunds/create', []], ['orders/create', ['WELCOME5', 'JAKE10']]]);
  });

  it('refuses a refund whose amount the known order’s currency cannot hold, and names the order', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, shopifyOrder(2002, { currency: 'JPY', subtotal_price: '19900', current_subtotal_price: '19900' }), 'orders/create');
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.currency, c.amount_cents])).toEqual([['JPY', 1990]]);
    // JPY has no minor unit: 10.50 is not an amount in it.
    expect((await shopify(platform, shopifyRefund(2002, [{ subtotal: '10.50' }]), 'refunds/create')).json()).toEqual({
      received: true, action: 'ignored', reason: 'The refund amounts are not amounts in JPY', orderId: '2002',
    });
    expect((await commissionsOf(t, biz.businessId))[0]).toMatchObject({ currency: 'JPY', amount_cents: 1990 });
    expect((await deliveries(biz.client)).map((d) => [d.topic, d.orderId, d.outcome])).toEqual([['refunds/create', '2002', 'ignored'], ['orders/create', '2002', 'created']]);
  });

  it('records a refund of an unknown order without a currency, and one without an order_id, as ignored', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    expect((await shopify(platform, shopifyRefund(9999, [{ subtotal: '1.00' }]), 'refunds/create')).json()).toEqual({
      received: true, action: 'ignored', reason: 'The refund has no currency and its order is unknown', orderId: '9999',
    });
    expect((await shopify(platform, shopifyRefund(null, [{ subtotal: '1.00' }]), 'refunds/create')).json()).toEqual({
      received: true, action: 'ignored', reason: 'The refund has no order_id',
    });
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    expect((await deliveries(biz.client)).map((d) => [d.orderId, d.reason])).toEqual([
      [null, 'The refund has no order_id'], ['9999', 'The refund has no currency and its order is unknown'],
    ]);
  });

  it('counts a refund of shipping only (no refund lines) as no merchandise returned', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, shopifyOrder(2004), 'orders/create');
    expect((await shopify(platform, shopifyRefund(2004, []), 'refunds/create')).json()).toMatchObject({ action: 'duplicate', orderId: '2004' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.amount_cents, c.status])).toEqual([[1990, 'pending']]);
  });

  it('reads an order_id sent as a string', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await shopify(platform, shopifyOrder(2003), 'orders/create');
    expect((await shopify(platform, shopifyRefund('2003', [{ subtotal: '99.50' }]), 'refunds/create')).json()).toMatchObject({ action: 'adjusted', orderId: '2003' });
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(995);
  });
});

describe('deliveries without a topic header', () => {
  it('reads a Shopify delivery without X-Shopify-Topic as orders/create and a WooCommerce one without its topic as order.created', async () => {
    const shop = await businessWithStore(t, 'shopify', 'JAKE10');
    const body = shopifyOrder(2101);
    const answer = await post('shopify', shop.platform, body, withoutHeader(shopifyHeaders(shop.platform.webhookSecret, body, 'orders/create'), 'x-shopify-topic'));
    expect(answer.json()).toMatchObject({ action: 'created', orderId: '2101' });
    expect((await deliveries(shop.biz.client))[0]).toMatchObject({ topic: 'orders/create', outcome: 'created' });

    const store = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixtureText('woocommerce/order.json');
    const wooAnswer = await post('woocommerce', store.platform, order, withoutHeader(wooCommerceHeaders(store.platform.webhookSecret, order, 'order.created'), 'x-wc-webhook-topic'));
    expect(wooAnswer.json()).toMatchObject({ action: 'created', orderId: '727' });
    expect((await deliveries(store.biz.client))[0]).toMatchObject({ topic: 'order.created', outcome: 'created' });
  });
});

describe('Shopify and WooCommerce deliveries that are not used', () => {
  it('records Shopify bodies that are not a JSON object, and each order topic it reads', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    for (const body of ['[]', 'null', '"text"', '12']) {
      expect((await shopify(platform, body, 'orders/create')).json(), body).toEqual({ received: true, action: 'ignored', reason: 'The body is not a JSON object' });
    }
    // Shopify's order topics all carry the order; each is read (the first creates, the next find it).
    const topics = ['orders/edited', 'orders/fulfilled', 'orders/updated', 'orders/paid'];
    const answers = [];
    for (const topic of topics) answers.push((await shopify(platform, shopifyOrder(2201), topic)).json().action);
    expect(answers).toEqual(['created', 'duplicate', 'duplicate', 'duplicate']);
    expect((await shopify(platform, shopifyOrder(2202), 'orders/partially_fulfilled')).json()).toEqual({
      received: true, action: 'ignored', reason: 'Topic orders/partially_fulfilled is not used',
    });
    // The reason quotes at most 60 characters of the topic.
    expect((await shopify(platform, shopifyOrder(2202), `orders/${'x'.repeat(100)}`)).json()).toMatchObject({ reason: `Topic orders/${'x'.repeat(53)} is not used` });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });

  it('records WooCommerce deliveries of an inactive store, of other topics and of bodies that are not a JSON object', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixtureText('woocommerce/order.json');
    expect((await woo(platform, order, 'product.updated')).json()).toEqual({ received: true, action: 'ignored', reason: 'Topic product.updated is not used' });
    expect((await woo(platform, order, `order.${'x'.repeat(100)}`)).json()).toMatchObject({ reason: `Topic order.${'x'.repeat(54)} is not used` });
    for (const topic of ['order.created', 'order.updated', 'order.restored', 'order.deleted']) {
      expect((await woo(platform, '[{"id":727}]', topic)).json(), topic).toEqual({ received: true, action: 'ignored', reason: 'The body is not a JSON object' });
    }
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { isActive: false })).status).toBe(200);
    for (const topic of ['order.created', 'product.updated']) {
      expect((await woo(platform, order, topic)).json(), topic).toEqual({ received: true, action: 'ignored', reason: 'The integration platform is inactive' });
    }
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    const log = await deliveries(biz.client);
    expect(log).toHaveLength(8);
    expect(log.every((d) => d.outcome === 'ignored' && d.orderId === null)).toBe(true);
  });

  it('names the order and its codes in the log when the order cannot be used', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const bad = JSON.stringify({ ...fixture('woocommerce/order.json'), currency: 'dollars' });
    expect((await woo(platform, bad, 'order.created')).json()).toEqual({ received: true, action: 'ignored', reason: 'The order has no ISO 4217 currency', orderId: '727' });
    expect((await deliveries(biz.client))[0]).toMatchObject({ orderId: '727', outcome: 'ignored', codesSeen: ['SUMMER', 'JAKE10'] });
  });
});

describe('deleted orders keep their own currency', () => {
  it('cancels a CAD order on orders/delete and keeps it CAD', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    // A browser reported the order first (unverified, CAD); the signed deletion names no currency.
    const report = await t.app.inject({ method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': platform.publishableKey }, payload: { discountCode: 'JAKE10', orderValue: 10, currency: 'CAD', orderId: '2301' } });
    expect(report.statusCode).toBe(202);
    expect((await shopify(platform, '{"id":2301}', 'orders/delete')).json()).toEqual({ received: true, action: 'recorded', orderId: '2301', commissionId: null });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '2301', currency: 'CAD', status: 'cancelled', verified: true }]);
    // An order nobody reported before is kept in USD, the default.
    expect((await shopify(platform, '{"id":2302}', 'orders/delete')).json()).toMatchObject({ action: 'recorded', orderId: '2302' });
    expect((await ordersOf(t, biz.businessId))[1]).toMatchObject({ order_id: '2302', currency: 'USD', status: 'cancelled', code: null, codes_seen: [] });
    // A deletion names no codes (the browser's report of 2301 named its code).
    expect((await deliveries(biz.client)).map((d) => [d.orderId, d.codesSeen])).toEqual([['2302', []], ['2301', []], ['2301', ['JAKE10']]]);
    // A deletion without an id is recorded, with no order named.
    expect((await shopify(platform, '{"id":"  "}', 'orders/delete')).json()).toEqual({ received: true, action: 'ignored', reason: 'The deletion has no order id' });
  });
});

describe('BigCommerce deliveries', () => {
  const created = () => fixture<{ scope: string; data: Record<string, unknown> }>('bigcommerce/published/store_order_created.json');
  const statusUpdated = (newStatus: unknown) => {
    const published = fixture<{ data: { status: Record<string, unknown> } }>('bigcommerce/published/store_order_statusUpdated.json');
    return { ...published, data: { ...published.data, status: { ...published.data.status, new_status_id: newStatus } } };
  };

  it('records deliveries of an inactive store, bodies that are not JSON, other scopes and ones without an order id', async () => {
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    expect((await bc(platform, 'not json')).json()).toEqual({ received: true, action: 'ignored', reason: 'The body is not a JSON object' });
    expect((await bc(platform, { ...created(), scope: 'store/product/updated' })).json()).toEqual({ received: true, action: 'ignored', reason: 'Scope store/product/updated is not used' });
    expect((await bc(platform, { ...created(), scope: `store/cart/${'x'.repeat(100)}` })).json()).toMatchObject({ reason: `Scope store/cart/${'x'.repeat(49)} is not used` });
    expect((await bc(platform, { ...created(), scope: undefined })).json()).toEqual({ received: true, action: 'ignored', reason: 'Scope unknown is not used' });
    expect((await bc(platform, { ...created(), data: { type: 'order' } })).json()).toEqual({ received: true, action: 'ignored', reason: 'The delivery has no order id' });
    expect((await bc(platform, { ...created(), data: undefined })).json()).toEqual({ received: true, action: 'ignored', reason: 'The delivery has no order id' });
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { isActive: false })).status).toBe(200);
    expect((await bc(platform, created())).json()).toEqual({ received: true, action: 'ignored', reason: 'The integration platform is inactive' });
    expect((await bc(platform, 'not json')).json()).toEqual({ received: true, action: 'ignored', reason: 'The integration platform is inactive' });
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    expect((await deliveries(biz.client)).map((d) => [d.topic, d.reason])).toEqual([
      ['unknown', 'The integration platform is inactive'],
      ['store/order/created', 'The integration platform is inactive'],
      ['store/order/created', 'The delivery has no order id'],
      ['store/order/created', 'The delivery has no order id'],
      ['unknown', 'Scope unknown is not used'],
      // The log keeps 100 characters of the scope, the reason 60.
      [`store/cart/${'x'.repeat(89)}`, `Scope store/cart/${'x'.repeat(49)} is not used`],
      ['store/product/updated', 'Scope store/product/updated is not used'],
      ['unknown', 'The body is not a JSON object'],
    ]);
  });

  it('without API credentials reads only the new status of statusUpdated, ignores an incomplete order, and keeps a known order’s currency', async () => {
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    expect((await bc(platform, statusUpdated(0))).json()).toEqual({ received: true, action: 'ignored', reason: 'The order is incomplete (status 0)', orderId: '250' });
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    // Status 5 in a created delivery is not a status change: the order is placed, awaiting its amount.
    expect((await bc(platform, { ...created(), data: { id: 251, status: { new_status_id: 5 } } })).json()).toEqual({ received: true, action: 'recorded', orderId: '251', commissionId: null });
    expect((await bc(platform, statusUpdated('n/a'))).json()).toMatchObject({ action: 'recorded', orderId: '250' });
    // A secret-key call gives order 252 its CAD amount; the thin cancellation keeps the order in CAD.
    const usage = await t.app.inject({ method: 'POST', url: '/api/discount-codes/track-usage', headers: { 'x-api-key': platform.secretKey }, payload: { code: 'JAKE10', orderValue: 100, currency: 'CAD', orderId: '252' } });
    expect(usage.statusCode).toBe(201);
    const cancelled = statusUpdated(5);
    expect((await bc(platform, { ...cancelled, data: { ...cancelled.data, id: 252 } })).json()).toMatchObject({ action: 'adjusted', orderId: '252' });
    expect((await ordersOf(t, biz.businessId)).map((o) => [o.order_id, o.status, o.currency])).toEqual([['251', 'placed', 'USD'], ['250', 'placed', 'USD'], ['252', 'cancelled', 'CAD']]);
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.currency, c.status])).toEqual([['252', 'CAD', 'cancelled']]);
  });

  it('reads a store hash saved without its API token as no credentials: the thin delivery is recorded, awaiting its amount', async () => {
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: FAKE_BIGCOMMERCE_STORE_HASH })).status).toBe(200);
    expect((await bc(platform, created())).json()).toEqual({ received: true, action: 'recorded', orderId: '250', commissionId: null });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '250', code: null, codes_seen: [], order_value_cents: null, verified: true }]);
  });

  it('with API credentials records an order the store reports incomplete, naming the order and its coupons', async () => {
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'JAKE10');
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: FAKE_BIGCOMMERCE_STORE_HASH, bigcommerceApiToken: FAKE_BIGCOMMERCE_TOKEN })).status).toBe(200);
    bigCommerce.order = { ...fixture('bigcommerce/order.json'), status_id: 0, status: 'Incomplete' };
    expect((await bc(platform, created())).json()).toEqual({ received: true, action: 'ignored', reason: 'The order is incomplete (status 0): no checkout yet', orderId: '250' });
    expect(await deliveries(biz.client)).toMatchObject([{ topic: 'store/order/created', orderId: '250', outcome: 'ignored', codesSeen: ['SPRING', 'JAKE10'] }]);
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
  });
});

describe('a queued delivery whose platform changed', () => {
  it('credits nothing when the platform is no longer of the queued type', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const raw = Buffer.from(fixtureText('woocommerce/order.json'));
    expect(await processDelivery(t.app.ctx, { platformId: platform.id, platformType: 'woocommerce', topic: 'order.created', raw })).toEqual({
      received: true, action: 'ignored', reason: 'The integration platform was deleted',
    });
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
  });
});
