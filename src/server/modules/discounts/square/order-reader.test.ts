import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../tests/fixtures/sign';
import { squareEvent, squareOrder } from './order-reader';

// The pure reader of Square's Order object and event envelope (decision record 040).

type Order = Record<string, any>;
const order = (extra: Order = {}): Order => ({ ...(fixture('square/retrieve-order.json') as { order: Order }).order, ...extra });
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('squareEvent', () => {
  it('finds the order of each documented event', () => {
    expect(squareEvent(fixture('square/order-updated.json'))).toEqual({ type: 'order.updated', eventId: '4b8e5c91-9f17-39ed-b2d5-1b0a3fe22ab1', orderId: 'eA3vssLHKJrv9H0IdJCM3gNqfdcZY' });
    expect(squareEvent(fixture('square/payment-updated.json')).orderId).toBe('03O3USaPaAaFnI6kkwB1JxGgBsUZY');
    expect(squareEvent(fixture('square/refund-updated.json')).orderId).toBe('haOyDuHiqtAXMk0d8pDKXpL7Jg4F');
    expect(squareEvent({ type: 'order.created', data: { object: { order_created: { order_id: 'A' } } } }).orderId).toBe('A');
    expect(squareEvent({ type: ['x'], event_id: 7, data: null })).toEqual({ type: 'unknown', eventId: null, orderId: null });
  });
});

describe('squareOrder', () => {
  it('reads the fixture order: base after discounts before tax, a pos sale with its location, time and units', () => {
    expect(squareOrder(order())).toEqual({
      orderId: 'eA3vssLHKJrv9H0IdJCM3gNqfdcZY', codes: ['JAKE10'], baseMinor: 11700, currency: 'USD', customerEmail: null, status: 'placed', refunds: [],
      channel: 'pos', locationId: 'FPYCBCHYMXFK1', placedAt: new Date('2026-10-03T15:42:06.421Z'), units: 3,
    });
  });

  it('prefers the code a catalog discount was made for over its name', () => {
    const discounts = [{ uid: 'a', catalog_object_id: 'CAT-1', name: 'Staff deal' }, { uid: 'b', name: 'other' }];
    expect(squareOrder(order({ discounts }), new Map([['CAT-1', 'JAKE10']]))).toMatchObject({ codes: ['JAKE10', 'other'] });
  });

  it('takes returned merchandise from return_amounts, else the merchandise share of completed refunds', () => {
    const returns = { total_money: usd(4860), tax_money: usd(360), tip_money: usd(0), service_charge_money: usd(0), discount_money: usd(500) };
    expect(squareOrder(order({ return_amounts: returns }))).toMatchObject({ refunds: [{ key: 'square:refunded', amountMinor: 4500 }] });
    const refunds = [{ id: 'r1', status: 'COMPLETED', amount_money: usd(12636) }, { id: 'r2', status: 'PENDING', amount_money: usd(500) }];
    expect(squareOrder(order({ refunds }))).toMatchObject({ refunds: [{ key: 'square:refunded', amountMinor: 11700 }] });
    expect(squareOrder(order({ refunds: [{ id: 'r3', status: 'FAILED', amount_money: usd(100) }] }))).toMatchObject({ refunds: [] });
  });

  it('earns for COMPLETED and paid OPEN orders, cancels CANCELED, and waits on drafts and unpaid open orders', () => {
    expect(squareOrder(order({ state: 'OPEN' }))).toMatchObject({ status: 'placed' });
    expect(squareOrder(order({ state: 'CANCELED' }))).toMatchObject({ status: 'cancelled' });
    expect(squareOrder(order({ state: 'OPEN', tenders: [] }))).toMatchObject({ ignored: 'The Square order is open and not paid yet' });
    expect(squareOrder(order({ state: 'DRAFT' }))).toMatchObject({ ignored: 'The Square order is in state DRAFT, not a sale' });
  });

  it('refuses money it cannot add up: another currency, fractions, negatives, huge numbers, booleans', () => {
    for (const bad of [{ amount: 100, currency: 'CAD' }, usd(1.5), usd(-5), usd(2 ** 60), { amount: true, currency: 'USD' }]) {
      const lines = [{ ...order().line_items[0], gross_sales_money: bad }];
      expect(squareOrder(order({ line_items: lines }))).toMatchObject({ ignored: 'The line amounts are not amounts in USD' });
    }
    expect(squareOrder(order({ id: true }))).toEqual({ ignored: 'The Square order has no id' });
    expect(squareOrder(order({ total_money: usd(1), line_items: [] }))).toMatchObject({ baseMinor: 0, units: null });
    expect(squareOrder(order({ total_money: { amount: 1, currency: 'US\u0000' }, line_items: [] }))).toMatchObject({ ignored: 'The Square order has no ISO 4217 currency' });
  });
});
