import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { businessWithStore, commissionsOf, ordersOf, type StorePlatform as Platform } from '@server/test/store-setup';
import { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN, startFakeBigCommerce, type FakeBigCommerce } from '@server/test/fake-bigcommerce';
import { bigCommerceMinor } from './order-payloads';
import { bigCommerceHeaders, fixture, fixtureText, shopifyHeaders, wooCommerceHeaders } from '../../../../tests/fixtures/sign';

/**
 * The platforms' own published sample payloads (tests/fixtures/<platform>/published, sources in its README),
 * sent through the real webhook routes and signed as each platform signs them.
 */
let t: TestApp;
const STORE_HASH = FAKE_BIGCOMMERCE_STORE_HASH;
const TOKEN = FAKE_BIGCOMMERCE_TOKEN;
/** The BigCommerce docs' GET /v2/orders/{id} sample is order 218; their webhook samples name order 250. */
const BC_ORDER_ID = 218;
let fakeBigCommerce: FakeBigCommerce;

/** A local BigCommerce answering with the docs' own order 218 and order-coupons samples; 401 without the token. */
beforeAll(async () => {
  fakeBigCommerce = await startFakeBigCommerce({
    order: () => fixture('bigcommerce/published/order-218.json'),
    coupons: () => fixture('bigcommerce/published/order-coupons.json'),
  });
});
afterAll(() => fakeBigCommerce.close());
beforeEach(async () => {
  t = await createTestApp({ BIGCOMMERCE_API_URL: fakeBigCommerce.url });
});
afterEach(async () => {
  await t.close();
});

type Delivery = { topic: string; orderId: string | null; outcome: string; reason: string | null; codesSeen: string[]; commissionId: number | null };


const deliveriesOf = async (client: { get: (url: string) => Promise<{ body: unknown }> }) => (await client.get('/api/integration-platforms/deliveries')).body as Delivery[];

/** Posts a delivery and runs the background queue: `json()` is its processed outcome (decision record 023). */
const inject = (url: string, body: string, headers: Record<string, string>) => deliverAndProcess(t.app, { method: 'POST', url, payload: body, headers });

/**
 * The Admin REST samples wrap the resource ({"order": {...}, "notice": ...}); a webhook body is the bare resource.
 * This cuts the inner object out of the published text, so the bytes sent and signed are the published bytes.
 */
function unwrapped(name: string, key: 'order' | 'refund'): string {
  const text = fixtureText(name);
  const prefix = `{"${key}": `;
  expect(text.startsWith(prefix)).toBe(true);
  let depth = 0;
  let inString = false;
  let end = -1;
  for (let i = prefix.length; i < text.length && end < 0; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) end = i + 1;
  }
  const inner = text.slice(prefix.length, end);
  expect(JSON.parse(inner)).toEqual((JSON.parse(text) as Record<string, unknown>)[key]);
  return inner;
}

function shopifySend(platform: Platform, body: string, topic: string) {
  return inject(`/api/webhooks/shopify/${platform.id}`, body, shopifyHeaders(platform.webhookSecret, body, topic));
}

describe("Shopify's published order and refund samples (Shopify/shopify-app-js REST fixtures, API 2025-07)", () => {
  const ORDER = 'shopify/published/order-450789469.json';

  it('credits TENOFF on subtotal_price less the refunded merchandise, counts the redelivered refund once, cancels on orders/cancelled', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'TENOFF');
    const body = unwrapped(ORDER, 'order');
    expect((await inject(`/api/webhooks/shopify/${platform.id}`, body, shopifyHeaders('not-the-secret', body, 'orders/create'))).statusCode).toBe(401);
    const created = await shopifySend(platform, body, 'orders/create');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ action: 'created', orderId: '450789469' });
    // subtotal_price 597.00 is the merchandise after the TENOFF discount, before tax (11.94) and shipping; the sample
    // is partially_refunded and carries refund 509562969: refund_line_items subtotals 195.66 + 195.67 = 391.33.
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '450789469', code: 'TENOFF', codes_seen: ['TENOFF'], order_value_cents: 59700, currency: 'USD', status: 'placed', verified: true }]);
    const [commission] = await commissionsOf(t, biz.businessId);
    // 10% of (597.00 - 391.33 = 205.67) = 20.567 -> 20.57.
    expect(commission).toMatchObject({ pro_staff_id: jake.proStaffId, amount_cents: 2057, currency: 'USD', status: 'pending', source: 'order', order_id: '450789469' });
    // The description names the base the commission is computed on: what is left after the refund.
    expect(commission.description).toBe('Order 450789469 with code TENOFF: 10% of USD 205.67 merchandise subtotal after discounts, before tax and shipping');

    // The same refund delivered on its own (refunds/create, the published refund 509562969) is not subtracted twice.
    const refund = unwrapped('shopify/published/refund-509562969.json', 'refund');
    expect((await shopifySend(platform, refund, 'refunds/create')).json()).toMatchObject({ action: 'duplicate', orderId: '450789469' });
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(2057);
    // orders/updated with the same order changes nothing.
    expect((await shopifySend(platform, body, 'orders/updated')).json()).toMatchObject({ action: 'duplicate' });

    // The published cancel answer (cancelled_at set) cancels the unpaid commission.
    const cancelled = unwrapped('shopify/published/order-450789469-cancelled.json', 'order');
    expect((await shopifySend(platform, cancelled, 'orders/cancelled')).json()).toMatchObject({ action: 'adjusted', orderId: '450789469' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ id: commission.id, status: 'cancelled' }]);
    expect((await deliveriesOf(biz.client)).map((d) => [d.topic, d.outcome])).toEqual([
      ['orders/cancelled', 'adjusted'], ['orders/updated', 'duplicate'], ['refunds/create', 'duplicate'], ['orders/create', 'created'],
    ]);
  });

  it('a refund delivered before its order is counted once, and a paid commission gets a negative entry on cancellation', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'tenoff');
    // The refund first (Shopify does not order deliveries): its order is unknown, the currency comes from subtotal_set.
    const refund = unwrapped('shopify/published/refund-509562969.json', 'refund');
    expect((await shopifySend(platform, refund, 'refunds/create')).statusCode).toBe(200);
    expect((await shopifySend(platform, unwrapped(ORDER, 'order'), 'orders/create')).json()).toMatchObject({ action: 'created' });
    const [commission] = await commissionsOf(t, biz.businessId);
    expect(commission).toMatchObject({ amount_cents: 2057, currency: 'USD', status: 'pending' });
    // Paid, then cancelled: the paid entry is never edited; a negative adjustment linked to it takes the 20.57 back.
    expect((await biz.client.patch(`/api/commissions/${commission.id}/status`, { status: 'paid' })).status).toBe(200);
    expect((await shopifySend(platform, unwrapped('shopify/published/order-450789469-cancelled.json', 'order'), 'orders/cancelled')).json()).toMatchObject({ action: 'adjusted' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([
      { id: commission.id, amount_cents: 2057, status: 'paid' },
      { amount_cents: -2057, currency: 'USD', source: 'adjustment', adjusts_commission_id: commission.id },
    ]);
  });

  it('credits FAKE30 (order 1073459981) on subtotal_price 181.09, not total_price', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    expect((await shopifySend(platform, unwrapped('shopify/published/order-1073459981.json', 'order'), 'orders/create')).json()).toMatchObject({ action: 'created', orderId: '1073459981' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1811, currency: 'USD', status: 'pending' }]);
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ code: 'FAKE30', order_value_cents: 18109 }]);
  });

  it('records the EUR sample order without a code (1073459976) with 200 and its reason, in EUR minor units', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'TENOFF');
    const res = await shopifySend(platform, unwrapped('shopify/published/order-1073459976.json', 'order'), 'orders/create');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'recorded', orderId: '1073459976', commissionId: null });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '1073459976', code: null, order_value_cents: 22497, currency: 'EUR' }]);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect(await deliveriesOf(biz.client)).toMatchObject([{ outcome: 'recorded', reason: 'No discount code on the order', codesSeen: [] }]);
  });
});

describe("WooCommerce's published order samples (woocommerce-rest-api-docs, wp-api-v3 orders)", () => {
  function wooSend(platform: Platform, body: string, topic: string) {
    return inject(`/api/webhooks/woocommerce/${platform.id}`, body, wooCommerceHeaders(platform.webhookSecret, body, topic));
  }

  it('records order 727 (no coupon_lines) with 200 and its reason; its base is the line totals 6.00 + 12.00, not the 29.35 total', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'SUMMERSALE');
    const res = await wooSend(platform, fixtureText('woocommerce/published/order-727.json'), 'order.created');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'recorded', orderId: '727', commissionId: null });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '727', code: null, order_value_cents: 1800, currency: 'USD', status: 'placed' }]);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect(await deliveriesOf(biz.client)).toMatchObject([{ topic: 'order.created', outcome: 'recorded', reason: 'No discount code on the order' }]);
  });

  it('records order 723 (completed, refunds[] of -10.00 and -9.00, no coupon) with 200 and its reason', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'SUMMERSALE');
    // The docs list orders as an array; a webhook body is one order, which WooCommerce sends as compact JSON.
    const order = (JSON.parse(fixtureText('woocommerce/published/orders-list.json')) as { id: number }[]).find((o) => o.id === 723);
    const res = await wooSend(platform, JSON.stringify(order), 'order.updated');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'recorded', orderId: '723' });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '723', code: null, order_value_cents: 2900 }]);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect(await deliveriesOf(biz.client)).toMatchObject([{ outcome: 'recorded', reason: 'No discount code on the order' }]);
  });
});

describe("BigCommerce's published webhook and order samples (bigcommerce/api-specs)", () => {
  /** A published webhook body with data.id pointed at the docs' sample order 218 (the samples name order 250). */
  function hook(platform: Platform, name: string) {
    const payload = fixture<{ data: { id: number } }>(name);
    expect(payload.data.id).toBe(250);
    payload.data.id = BC_ORDER_ID;
    const body = JSON.stringify(payload);
    return inject(`/api/webhooks/bigcommerce/${platform.id}`, body, bigCommerceHeaders(platform.webhookSecret));
  }

  it('fetches order 218 and its coupon S2549JM0Y and pays on subtotal_ex_tax 62.6793 less 5.00 + 5.00 discounts', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'bigcommerce', 'S2549JM0Y');
    expect((await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: STORE_HASH, bigcommerceApiToken: TOKEN })).status).toBe(200);
    const res = await hook(platform, 'bigcommerce/published/store_order_created.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'created', orderId: '218' });
    // 62.6793 rounds to 62.68; less discount_amount 5.00 and coupon_discount 5.00 = 52.68; 10% = 5.268 -> 5.27.
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: '218', code: 'S2549JM0Y', order_value_cents: 5268, currency: 'USD', status: 'placed' }]);
    const [commission] = await commissionsOf(t, biz.businessId);
    expect(commission).toMatchObject({ pro_staff_id: jake.proStaffId, amount_cents: 527, currency: 'USD', status: 'pending' });
    expect(commission.description).toBe('Order 218 with code S2549JM0Y: 10% of USD 52.68 merchandise subtotal after discounts, before tax and shipping');
    // The published statusUpdated (0 -> 11) and refund/created re-fetch the order: refunded_amount is 0.0000, nothing changes.
    expect((await hook(platform, 'bigcommerce/published/store_order_statusUpdated.json')).json()).toMatchObject({ action: 'duplicate', orderId: '218' });
    expect((await hook(platform, 'bigcommerce/published/store_order_refund_created.json')).json()).toMatchObject({ action: 'duplicate', orderId: '218' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ amount_cents: 527, status: 'pending' }]);
  });

  it('records the published order without a matching code with 200 and its reason', async () => {
    const { biz, platform } = await businessWithStore(t, 'bigcommerce', 'SUMMERSALE');
    await biz.client.patch(`/api/integration-platforms/${platform.id}`, { bigcommerceStoreHash: STORE_HASH, bigcommerceApiToken: TOKEN });
    expect((await hook(platform, 'bigcommerce/published/store_order_created.json')).json()).toMatchObject({ action: 'recorded', orderId: '218' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect(await deliveriesOf(biz.client)).toMatchObject([{ outcome: 'recorded', reason: 'None of the codes is an active code of this business on this store', codesSeen: ['S2549JM0Y'] }]);
  });

  it('reads BigCommerce four-decimal amounts rounded half up to the currency minor unit', () => {
    const cases: [amount: unknown, currency: string, minor: number | null][] = [
      ['62.6793', 'USD', 6268],
      ['62.6750', 'USD', 6268],
      ['62.6749', 'USD', 6267],
      ['5.0000', 'USD', 500],
      ['29.3505', 'KWD', 29351],
      ['1500.5000', 'JPY', 1501],
      ['924.47', 'USD', 92447],
      [0, 'USD', 0],
      ['-5.0000', 'USD', null],
      ['1e3', 'USD', null],
      [true, 'USD', null],
    ];
    for (const [amount, currency, minor] of cases) {
      expect(bigCommerceMinor(amount, currency), `${JSON.stringify(amount)} ${currency}`).toBe(minor);
    }
  });
});
