import { describe, expect, it } from 'vitest';
import { bigCommerceMinor, bigCommerceOrder, bigCommerceStatus, deletedOrderId, exactIntegerField, shopifyOrder, shopifyRefundAmount, wooCommerceOrder } from './order-payloads';
import { fixture, fixtureText } from '../../../../tests/fixtures/sign';

// What each platform's order payload is worth to us, read straight from the published samples (tests/fixtures/<platform>/
// published, sources in each README) and the hand-written fixtures shaped after them. No database: these are the
// pure readers the webhook worker calls (webhook-processing.ts); the routes' own tests send the same bytes end to end.

type Json = Record<string, unknown>;
const shopifyPublished = (name: string) => fixture<{ order: Json }>(`shopify/published/${name}`).order;
const TENOFF_ORDER = () => shopifyPublished('order-450789469.json');
const wooPublished723 = () => fixture<Json[]>('woocommerce/published/orders-list.json').find((order) => order.id === 723) as Json;

describe('Shopify orders (shopifyOrder)', () => {
  it('reads the published TENOFF order: subtotal_price, not current_subtotal_price, and its refund of 195.66 + 195.67 merchandise', () => {
    expect(shopifyOrder(TENOFF_ORDER(), 'orders/create')).toEqual({
      orderId: '450789469',
      channel: 'online', locationId: null, placedAt: new Date('2008-01-10T16:00:00Z'), units: 3,
      // discount_codes, then the discount_code application of the same code (the credit rule reads the first usable one).
      codes: ['TENOFF', 'TENOFF'],
      baseMinor: 59700,
      currency: 'USD',
      customerEmail: 'bob.norman@mail.example.com',
      // partially_refunded is neither cancelled nor refunded: the refund lines say how much.
      status: undefined,
      refunds: [{ key: 'shopify:509562969', amountMinor: 39133 }],
    });
  });

  it('reads the published FAKE30 order: a manual discount application is not a code', () => {
    expect(shopifyOrder(shopifyPublished('order-1073459981.json'), 'orders/create')).toMatchObject({
      orderId: '1073459981', codes: ['FAKE30'], baseMinor: 18109, currency: 'USD', customerEmail: 'jane@example.com', status: undefined, refunds: [],
    });
  });

  it('reads the published EUR order without a code, whose email is empty and which has no customer', () => {
    expect(shopifyOrder(shopifyPublished('order-1073459976.json'), 'orders/paid')).toEqual({
      orderId: '1073459976', codes: [], baseMinor: 22497, currency: 'EUR', customerEmail: null, status: undefined, refunds: [],
      channel: 'online', locationId: null, placedAt: new Date('2025-04-02T16:31:26Z'), units: 3,
    });
  });

  it('takes the exact id from admin_graphql_api_id (past 2^53) and falls back to id when that is not an Order gid', () => {
    const order = fixture<Json>('shopify/orders-create.json');
    expect(Number.isSafeInteger(order.id)).toBe(false);
    expect(shopifyOrder(order, 'orders/create')).toMatchObject({ orderId: '820982911946154508', baseMinor: 19900, customerEmail: 'jon@example.com' });
    // Without the gid the JSON number is all there is (rounded by JSON.parse: why the gid is read first).
    const fallbacks = [null, '', 'gid://shopify/Refund/1', 'gid://shopify/Order/', 'gid://shopify/Order/12a', 'xgid://shopify/Order/1', 'gid://shopify/Order/1 2', `gid://shopify/Order/${'9'.repeat(31)}`];
    for (const gid of fallbacks) {
      expect(shopifyOrder({ ...TENOFF_ORDER(), id: 77, admin_graphql_api_id: gid }, 'orders/create'), String(gid)).toMatchObject({ orderId: '77' });
    }
    expect(shopifyOrder({ ...TENOFF_ORDER(), id: 77, admin_graphql_api_id: `gid://shopify/Order/${'9'.repeat(30)}` }, 'orders/create')).toMatchObject({ orderId: '9'.repeat(30) });
    expect(shopifyOrder({ ...TENOFF_ORDER(), id: ' 88 ', admin_graphql_api_id: null }, 'orders/create')).toMatchObject({ orderId: '88' });
  });

  it('ignores an order without a usable id, and names the order and its codes when the currency or subtotal cannot be read', () => {
    for (const id of [undefined, null, '', '   ', NaN, Infinity, true, {}, 'x'.repeat(101)]) {
      expect(shopifyOrder({ ...TENOFF_ORDER(), id, admin_graphql_api_id: null }, 'orders/create'), String(id)).toEqual({ ignored: 'The order has no id' });
    }
    expect(shopifyOrder({ ...TENOFF_ORDER(), id: 'x'.repeat(100), admin_graphql_api_id: null }, 'orders/create')).toMatchObject({ orderId: 'x'.repeat(100) });
    for (const currency of [undefined, 'US', 'US Dollar', 12]) {
      expect(shopifyOrder({ ...TENOFF_ORDER(), currency }, 'orders/create')).toEqual({ ignored: 'The order has no ISO 4217 currency', orderId: '450789469', codes: ['TENOFF', 'TENOFF'] });
    }
    // A currency in lower case is still ISO 4217.
    expect(shopifyOrder({ ...TENOFF_ORDER(), currency: ' usd ' }, 'orders/create')).toMatchObject({ currency: 'USD', baseMinor: 59700 });
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: '597.001' }, 'orders/create')).toEqual({ ignored: 'The subtotal 597.001 is not an amount in USD', orderId: '450789469', codes: ['TENOFF', 'TENOFF'] });
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: `1.${'0'.repeat(60)}1` }, 'orders/create')).toMatchObject({ ignored: `The subtotal 1.${'0'.repeat(38)} is not an amount in USD` });
  });

  it('pays on subtotal_price, on current_subtotal_price only when there is none, and keeps an order without either as amount unknown', () => {
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: null }, 'orders/create')).toMatchObject({ baseMinor: 19567 });
    const { subtotal_price: _dropped, ...withoutSubtotal } = TENOFF_ORDER();
    expect(shopifyOrder(withoutSubtotal, 'orders/create')).toMatchObject({ baseMinor: 19567 });
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: null, current_subtotal_price: null }, 'orders/create')).toMatchObject({ baseMinor: null, orderId: '450789469' });
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: undefined, current_subtotal_price: undefined }, 'orders/create')).toMatchObject({ baseMinor: null });
    expect(shopifyOrder({ ...TENOFF_ORDER(), subtotal_price: '0.00' }, 'orders/create')).toMatchObject({ baseMinor: 0 });
  });

  it('reads codes from discount_codes and discount_code applications only, trimmed, dropping empty ones and ones over 100 characters', () => {
    const order = {
      ...TENOFF_ORDER(),
      discount_codes: [{ code: ' jake10 ' }, { code: '' }, { code: '   ' }, { code: 'x'.repeat(101) }, { code: 'y'.repeat(100) }, { amount: '5.00' }, 'JUNK', null],
      discount_applications: [{ type: 'manual', code: 'MANUAL' }, { type: 'automatic', title: 'AUTO' }, { type: 'script', code: 'SCRIPT' }, { type: 'discount_code', code: 'COMBINED' }],
    };
    expect(shopifyOrder(order, 'orders/create')).toMatchObject({ codes: ['jake10', 'y'.repeat(100), 'COMBINED'] });
    expect(shopifyOrder({ ...TENOFF_ORDER(), discount_codes: { code: 'NOTALIST' }, discount_applications: null }, 'orders/create')).toMatchObject({ codes: [] });
  });

  it('cancels on orders/cancelled, a cancelled_at or a voided payment, and marks a refunded payment refunded', () => {
    const status = (extra: Json, topic = 'orders/updated') => (shopifyOrder({ ...TENOFF_ORDER(), ...extra }, topic) as { status?: string }).status;
    // The published cancel answer: cancelled_at set, financial_status still partially_refunded.
    expect(shopifyOrder(shopifyPublished('order-450789469-cancelled.json'), 'orders/updated')).toMatchObject({ status: 'cancelled' });
    expect(status({}, 'orders/cancelled')).toBe('cancelled');
    expect(status({ financial_status: 'voided' })).toBe('cancelled');
    expect(status({ financial_status: 'refunded' })).toBe('refunded');
    expect(status({ financial_status: 'refunded', cancelled_at: '2025-04-02T11:31:25-05:00' })).toBe('cancelled');
    for (const financial of ['paid', 'pending', 'authorized', 'partially_paid', 'partially_refunded']) expect(status({ financial_status: financial }), financial).toBeUndefined();
    expect(status({ financial_status: 'paid' }, 'orders/paid')).toBeUndefined();
  });

  it('reads the customer email from email, else from customer.email, and none from an order with neither', () => {
    expect(shopifyOrder({ ...TENOFF_ORDER(), email: '  ann@example.com ' }, 'orders/create')).toMatchObject({ customerEmail: 'ann@example.com' });
    expect(shopifyOrder({ ...TENOFF_ORDER(), email: null, customer: { email: 'cust@example.com' } }, 'orders/create')).toMatchObject({ customerEmail: 'cust@example.com' });
    expect(shopifyOrder({ ...TENOFF_ORDER(), email: ' ', customer: { email: 'cust@example.com' } }, 'orders/create')).toMatchObject({ customerEmail: 'cust@example.com' });
    expect(shopifyOrder({ ...TENOFF_ORDER(), email: null, customer: [{ email: 'cust@example.com' }] }, 'orders/create')).toMatchObject({ customerEmail: null });
    // Without the email and customer fields at all (not even null), the order is still read.
    const { email: _email, customer: _customer, ...anonymous } = TENOFF_ORDER();
    expect(shopifyOrder(anonymous, 'orders/create')).toMatchObject({ orderId: '450789469', customerEmail: null, baseMinor: 59700 });
  });

  it('keeps each refund it can read and drops one without an id or with an unreadable line', () => {
    const [published] = TENOFF_ORDER().refunds as Json[];
    const refunds = [
      { ...published, id: 1, admin_graphql_api_id: null },
      { ...published, id: null, admin_graphql_api_id: null },
      { ...published, id: 3, admin_graphql_api_id: null, refund_line_items: [{ subtotal: '1.005' }] },
      { ...published, id: 4, admin_graphql_api_id: null, refund_line_items: [{ subtotal: '2.50' }, { quantity: 1 }] },
    ];
    expect(shopifyOrder({ ...TENOFF_ORDER(), refunds }, 'orders/updated')).toMatchObject({ refunds: [{ key: 'shopify:1', amountMinor: 39133 }, { key: 'shopify:4', amountMinor: 250 }] });
  });
});

describe('Shopify refunds (shopifyRefundAmount)', () => {
  it('reads the published refund 509562969 and the refunds/create fixture as their merchandise, keyed by the exact refund id', () => {
    const published = fixture<{ refund: Json }>('shopify/published/refund-509562969.json').refund;
    expect(shopifyRefundAmount(published, 'USD')).toEqual({ key: 'shopify:509562969', amountMinor: 39133 });
    // The fixture's id passes 2^53: the gid keeps it exact.
    expect(shopifyRefundAmount(fixture('shopify/refunds-create.json'), 'USD')).toEqual({ key: 'shopify:890088186047892319', amountMinor: 9476 });
  });

  it('counts a refund without lines as 0 and refuses one without an id or with an amount the currency cannot hold', () => {
    expect(shopifyRefundAmount({ id: 5, refund_line_items: [] }, 'USD')).toEqual({ key: 'shopify:5', amountMinor: 0 });
    expect(shopifyRefundAmount({ id: 5 }, 'USD')).toEqual({ key: 'shopify:5', amountMinor: 0 });
    expect(shopifyRefundAmount({ admin_graphql_api_id: 'gid://shopify/Order/5', refund_line_items: [] }, 'USD')).toBeNull();
    expect(shopifyRefundAmount({ id: 5, refund_line_items: [{ subtotal: '10.50' }] }, 'JPY')).toBeNull();
    expect(shopifyRefundAmount({ id: 5, refund_line_items: [{ subtotal: '10.500' }, { subtotal: '0.250' }] }, 'KWD')).toEqual({ key: 'shopify:5', amountMinor: 10750 });
  });
});

describe('deleted orders (deletedOrderId, exactIntegerField)', () => {
  it('reads the id of Shopify’s and WooCommerce’s deletion bodies from the text, exact past 2^53', () => {
    const shopify = fixtureText('shopify/orders-delete.json');
    expect(deletedOrderId(JSON.parse(shopify) as Json, shopify)).toBe('820982911946154508');
    const woo = fixtureText('woocommerce/order-deleted.json');
    expect(deletedOrderId(JSON.parse(woo) as Json, woo)).toBe('727');
    expect(deletedOrderId({ id: 727 }, '{ "id" :\n 727 }')).toBe('727');
  });

  it('falls back to a string id and ignores a deletion without one', () => {
    expect(deletedOrderId({ id: ' A-17 ' }, '{"id":" A-17 "}')).toBe('A-17');
    expect(deletedOrderId({ id: null }, '{"id":null}')).toEqual({ ignored: 'The deletion has no order id' });
    expect(deletedOrderId({}, '{}')).toEqual({ ignored: 'The deletion has no order id' });
  });

  it('reads the first whole integer of the field, never part of another field or of a longer token', () => {
    const refund = fixtureText('shopify/refunds-create.json');
    expect(exactIntegerField(refund, 'order_id')).toBe('820982911946154508');
    expect(exactIntegerField(refund, 'id')).toBe('890088186047892319');
    expect(exactIntegerField('{"order_id":5}', 'id')).toBeNull();
    expect(exactIntegerField('{"id":"5"}', 'id')).toBeNull();
    expect(exactIntegerField('{"id":12abc}', 'id')).toBeNull();
    expect(exactIntegerField(`{"id":${'1'.repeat(30)}}`, 'id')).toBe('1'.repeat(30));
    expect(exactIntegerField(`{"id":${'1'.repeat(31)}}`, 'id')).toBeNull();
    expect(exactIntegerField('{"id": 1, "id": 2}', 'id')).toBe('1');
  });
});

describe('WooCommerce orders (wooCommerceOrder)', () => {
  it('reads the order fixture: coupon_lines, line totals after coupons, billing email', () => {
    expect(wooCommerceOrder(fixture('woocommerce/order.json'))).toEqual({
      orderId: '727', codes: ['summer', 'Jake10'], baseMinor: 5400, currency: 'USD', customerEmail: 'john.doe@example.com', status: 'placed', refunds: [],
      channel: 'online', placedAt: new Date('2017-03-22T19:28:02Z'), units: 3,
    });
  });

  it('reads the published order 723: each refund’s merchandise share is its part of the order total', () => {
    // Lines 9.00 + 20.00 = 29.00 of a 39.00 total: 10.00 refunded is 29.00 x 10/39 = 7.4359 -> 7.44, 9.00 is 6.6923 -> 6.69.
    expect(wooCommerceOrder(wooPublished723())).toEqual({
      orderId: '723', codes: [], baseMinor: 2900, currency: 'USD', customerEmail: 'joao.silva@example.com', status: 'placed',
      channel: 'online', placedAt: new Date('2017-03-21T19:16:00Z'), units: 2,
      refunds: [{ key: 'woocommerce:726', amountMinor: 744 }, { key: 'woocommerce:724', amountMinor: 669 }],
    });
  });

  it('never refunds more merchandise than the order has, and skips refunds it cannot share out', () => {
    const order = fixture<Json>('woocommerce/order.json');
    const refunds = (list: unknown[], extra: Json = {}) => (wooCommerceOrder({ ...order, ...extra, refunds: list }) as { refunds: unknown[] }).refunds;
    expect(refunds([{ id: 1, total: '-65.25' }])).toEqual([{ key: 'woocommerce:1', amountMinor: 5400 }]);
    expect(refunds([{ id: 1, total: '-130.50' }])).toEqual([{ key: 'woocommerce:1', amountMinor: 5400 }]);
    // A refund total written without its minus sign reads the same.
    expect(refunds([{ id: 1, total: '32.63' }])).toEqual([{ key: 'woocommerce:1', amountMinor: 2700 }]);
    expect(refunds([{ id: 1, total: 32.625 }, { id: 2, total: '--1.00' }, { id: 3 }, { id: null, total: '-1.00' }, { id: 4, total: '-0.00' }])).toEqual([{ key: 'woocommerce:4', amountMinor: 0 }]);
    // Without an order total or a merchandise base there is nothing to share the refund out of.
    expect(refunds([{ id: 1, total: '-10.00' }], { total: '0.00' })).toEqual([]);
    expect(refunds([{ id: 1, total: '-10.00' }], { total: 'n/a' })).toEqual([]);
    expect(refunds([{ id: 1, total: '-10.00' }], { line_items: [] })).toEqual([]);
  });

  it('sums line totals in the order currency, keeps an order without lines as amount unknown, and ignores an unreadable line', () => {
    const order = fixture<Json>('woocommerce/order.json');
    expect(wooCommerceOrder({ ...order, currency: 'kwd', line_items: [{ total: '29.350' }, { total: '0.005' }] })).toMatchObject({ currency: 'KWD', baseMinor: 29355 });
    expect(wooCommerceOrder({ ...order, line_items: [] })).toMatchObject({ orderId: '727', baseMinor: null });
    expect(wooCommerceOrder({ ...order, line_items: undefined })).toMatchObject({ orderId: '727', baseMinor: null });
    expect(wooCommerceOrder({ ...order, line_items: [{ total: '27.00' }, { total: '-3.00' }] })).toEqual({ ignored: 'A line total is not an amount in USD', orderId: '727', codes: ['summer', 'Jake10'] });
    expect(wooCommerceOrder({ ...order, line_items: [{ name: 'no total' }] })).toEqual({ ignored: 'A line total is not an amount in USD', orderId: '727', codes: ['summer', 'Jake10'] });
  });

  it('ignores an order without an id or a currency', () => {
    const order = fixture<Json>('woocommerce/order.json');
    expect(wooCommerceOrder({ ...order, id: undefined })).toEqual({ ignored: 'The order has no id' });
    expect(wooCommerceOrder({ ...order, id: '' })).toEqual({ ignored: 'The order has no id' });
    expect(wooCommerceOrder({ ...order, currency: '' })).toEqual({ ignored: 'The order has no ISO 4217 currency', orderId: '727', codes: ['summer', 'Jake10'] });
  });

  it('maps WooCommerce statuses: cancelled, failed and trash cancel, refunded refunds, every other status is placed', () => {
    const order = fixture<Json>('woocommerce/order.json');
    const status = (wcStatus: unknown) => (wooCommerceOrder({ ...order, status: wcStatus }) as { status: string }).status;
    expect(['cancelled', 'failed', 'trash', ' cancelled '].map(status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(status('refunded')).toBe('refunded');
    expect(['pending', 'processing', 'on-hold', 'completed', 'checkout-draft', undefined].map(status)).toEqual(Array.from({ length: 6 }, () => 'placed'));
  });

  it('reads the billing email only, and none from an order without billing', () => {
    const order = fixture<Json>('woocommerce/order.json');
    const { billing: _billing, ...withoutBilling } = order;
    expect(wooCommerceOrder(withoutBilling)).toMatchObject({ orderId: '727', customerEmail: null, baseMinor: 5400 });
    expect(wooCommerceOrder({ ...order, billing: { email: ' ' } })).toMatchObject({ customerEmail: null });
    expect(wooCommerceOrder({ ...order, billing: null, email: 'top@example.com' })).toMatchObject({ customerEmail: null });
  });
});

describe('BigCommerce amounts and statuses', () => {
  it('reads four-decimal amounts, numbers and strings, rounded half up to the currency’s minor unit', () => {
    const cases: [amount: unknown, currency: string, minor: number | null][] = [
      [62.6793, 'USD', 6268],
      [5, 'USD', 500],
      [' 62.6793 ', 'USD', 6268],
      ['0.0050', 'USD', 1],
      ['0.0049', 'USD', 0],
      ['1.005', 'USD', 101],
      ['1.00', 'USD', 100],
      ['29.350', 'KWD', 29350],
      ['29.3504', 'KWD', 29350],
      ['1.2345', 'CLF', 12345],
      ['1500.4999', 'JPY', 1500],
      ['9.9950', 'USD', 1000],
      ['62.67935', 'USD', null],
      ['1234567890123.0000', 'USD', null],
      [NaN, 'USD', null],
      [Infinity, 'USD', null],
      [null, 'USD', null],
    ];
    for (const [amount, currency, minor] of cases) expect(bigCommerceMinor(amount, currency), `${String(amount)} ${currency}`).toBe(minor);
  });

  it('maps v2 status ids: 0 incomplete, 4 refunded, 5 and 6 cancelled, anything else placed', () => {
    expect([0, 4, 5, 6].map(bigCommerceStatus)).toEqual(['incomplete', 'refunded', 'cancelled', 'cancelled']);
    expect([1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14].map(bigCommerceStatus)).toEqual(Array.from({ length: 11 }, () => 'placed'));
  });
});

describe('BigCommerce orders (bigCommerceOrder)', () => {
  const order250 = () => fixture<Json>('bigcommerce/order.json');
  const coupons250 = () => fixture<Json[]>('bigcommerce/order-coupons.json');

  it('reads the published order 218 and its coupon: 62.6793 rounds to 62.68, less 5.00 + 5.00 discounts', () => {
    expect(bigCommerceOrder(fixture('bigcommerce/published/order-218.json'), fixture<Json[]>('bigcommerce/published/order-coupons.json'))).toEqual({
      orderId: '218', codes: ['S2549JM0Y'], baseMinor: 5268, currency: 'USD', customerEmail: 'janedoe@example.com', status: 'placed', refunds: [],
      channel: 'online', placedAt: new Date('2019-03-05T21:40:11Z'), units: 4,
    });
  });

  it('reads order 250 and its two coupons: 150.00 less the 20.00 coupon discount', () => {
    expect(bigCommerceOrder(order250(), coupons250())).toEqual({
      orderId: '250', codes: ['spring', 'jake10'], baseMinor: 13000, currency: 'USD', customerEmail: 'janedoe@example.com', status: 'placed', refunds: [],
      channel: 'online', placedAt: new Date('2019-06-25T16:15:35Z'), units: 2,
    });
  });

  it('follows refunded_amount as one running refund of its merchandise share, at most the whole base', () => {
    const refunds = (extra: Json) => (bigCommerceOrder({ ...order250(), ...extra }, coupons250()) as { refunds: unknown[] }).refunds;
    // 75.40 of the 150.80 total is half: half of 130.00.
    expect(refunds({ status_id: 14, refunded_amount: '75.4000' })).toEqual([{ key: 'bigcommerce:refunded_amount', amountMinor: 6500 }]);
    expect(refunds({ status_id: 14, refunded_amount: '0.0100' })).toEqual([{ key: 'bigcommerce:refunded_amount', amountMinor: 1 }]);
    expect(refunds({ status_id: 4, refunded_amount: '301.6000' })).toEqual([{ key: 'bigcommerce:refunded_amount', amountMinor: 13000 }]);
    expect(refunds({ refunded_amount: '0.0000' })).toEqual([]);
    expect(refunds({ refunded_amount: undefined })).toEqual([]);
    expect(refunds({ refunded_amount: 'n/a' })).toEqual([]);
    expect(refunds({ refunded_amount: '75.4000', total_inc_tax: '0.0000' })).toEqual([]);
    expect(refunds({ refunded_amount: '75.4000', total_inc_tax: undefined })).toEqual([]);
  });

  it('takes default_currency_code when currency_code is missing, and ignores an order without either, without an id or with unreadable amounts', () => {
    expect(bigCommerceOrder({ ...order250(), currency_code: undefined, default_currency_code: 'cad' }, coupons250())).toMatchObject({ currency: 'CAD', baseMinor: 13000 });
    expect(bigCommerceOrder({ ...order250(), currency_code: null, default_currency_code: null }, coupons250())).toEqual({ ignored: 'The BigCommerce order has no currency', orderId: '250', codes: ['spring', 'jake10'] });
    expect(bigCommerceOrder({ ...order250(), id: null }, coupons250())).toEqual({ ignored: 'The BigCommerce order has no id' });
    for (const bad of [{ subtotal_ex_tax: 'n/a' }, { discount_amount: '-1.0000' }, { coupon_discount: 'ten' }]) {
      expect(bigCommerceOrder({ ...order250(), ...bad }, coupons250()), JSON.stringify(bad)).toEqual({ ignored: 'The order amounts are not amounts in USD', orderId: '250', codes: ['spring', 'jake10'] });
    }
  });

  it('subtracts both discounts, reads missing ones as 0, and never goes below 0', () => {
    const base = (extra: Json) => (bigCommerceOrder({ ...order250(), ...extra }, coupons250()) as { baseMinor: number }).baseMinor;
    expect(base({ discount_amount: '5.0000', coupon_discount: '20.0000' })).toBe(12500);
    expect(base({ discount_amount: undefined, coupon_discount: undefined })).toBe(15000);
    expect(base({ discount_amount: null, coupon_discount: '20.0000' })).toBe(13000);
    expect(base({ discount_amount: '100.0000', coupon_discount: '100.0000' })).toBe(0);
  });

  it('ignores an incomplete order (status 0) and reads the others’ status', () => {
    expect(bigCommerceOrder({ ...order250(), status_id: 0 }, coupons250())).toEqual({ ignored: 'The order is incomplete (status 0): no checkout yet', orderId: '250', codes: ['spring', 'jake10'] });
    expect(bigCommerceOrder({ ...order250(), status_id: 5 }, coupons250())).toMatchObject({ status: 'cancelled' });
    expect(bigCommerceOrder({ ...order250(), status_id: '4' }, coupons250())).toMatchObject({ status: 'refunded' });
    expect(bigCommerceOrder({ ...order250(), billing_address: { email: '' } }, [])).toMatchObject({ customerEmail: null, codes: [] });
  });
});
