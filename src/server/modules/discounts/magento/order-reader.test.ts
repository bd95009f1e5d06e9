import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../tests/fixtures/sign';
import { advance } from './poll-service';
import { creditMemoRefunds, magentoCodes, magentoOrder, toMagentoTime } from './order-reader';

type Json = Record<string, unknown>;
const [o101, o102] = fixture<{ items: Json[] }>('magento/orders-search-page-1.json').items;
const [o103, o104] = fixture<{ items: Json[] }>('magento/orders-search-page-2.json').items;
const memos = fixture<{ items: Json[] }>('magento/creditmemos.json').items;

describe('Magento order reader', () => {
  it('reads the documented order: merchandise after discounts in the base currency, codes, parent-line units, times', () => {
    expect(magentoOrder(o101)).toEqual({
      orderId: '101', codes: ['JAKE10'], baseMinor: 18000, currency: 'USD', customerEmail: 'buyer1@example.com', status: 'placed', refunds: [],
      channel: 'online', placedAt: new Date('2026-11-20T14:03:11Z'), units: 3,
    });
    expect(magentoOrder(o102)).toMatchObject({ codes: [], baseMinor: 4550 });
    expect(magentoOrder(o103)).toMatchObject({ codes: ['WELCOME5', 'JAKE10'], baseMinor: 6800, currency: 'EUR' });
    expect(magentoOrder(o104)).toMatchObject({ status: 'cancelled' });
    expect(magentoOrder({ ...o101, state: 'closed' })).toMatchObject({ status: 'refunded' });
  });

  it('takes each credit memo’s merchandise as one refund keyed by the memo, skipping canceled memos and other orders', () => {
    expect(magentoOrder(o101, memos)).toMatchObject({ refunds: [{ key: 'magento:creditmemo:7', amountMinor: 3600 }] });
    expect(creditMemoRefunds([{ ...memos[0], state: 3 }], '101', 'USD')).toEqual([]);
    expect(creditMemoRefunds(memos, '102', 'USD')).toEqual([]);
    expect(creditMemoRefunds([{ ...memos[0], base_currency_code: 'EUR' }], '101', 'USD')).toEqual([]);
  });

  it('refuses what is not an order or not an amount, with the reason', () => {
    for (const entityId of [undefined, null, true, 'abc', '1\u00002', 1e300, -5]) expect(magentoOrder({ ...o101, entity_id: entityId })).toMatchObject({ ignored: 'The Magento order has no entity_id' });
    expect(magentoOrder({ ...o101, base_currency_code: 'dollars' })).toMatchObject({ ignored: 'The Magento order has no base_currency_code', orderId: '101' });
    for (const subtotal of ['1e309', Number.NaN, Infinity, true, '12.345.6', 1e20]) {
      expect(magentoOrder({ ...o101, base_subtotal: subtotal })).toMatchObject({ ignored: 'The order amounts are not amounts in USD' });
    }
    // A discount larger than the subtotal leaves nothing, never a negative base.
    expect(magentoOrder({ ...o101, base_discount_amount: -500 })).toMatchObject({ baseMinor: 0 });
    expect(magentoOrder({ ...o101, base_subtotal: 33.3333, base_discount_amount: 0 })).toMatchObject({ baseMinor: 3333 });
  });

  it('splits comma-separated coupon codes', () => {
    expect(magentoCodes(' A1 , b2,,C3 ')).toEqual(['A1', 'b2', 'C3']);
    expect(magentoCodes(12)).toEqual([]);
    expect(magentoCodes('x'.repeat(101))).toEqual([]);
  });
});

describe('Magento poll cursor', () => {
  const cursor = { updatedAt: '2026-11-20 14:10:00', seenIds: ['102'] };
  it('keeps every id of the last second, and only those', () => {
    expect(advance(cursor, [{ entity_id: 103, updated_at: '2026-11-20 14:10:00' }])).toEqual({ updatedAt: '2026-11-20 14:10:00', seenIds: ['102', '103'] });
    expect(advance(cursor, [{ entity_id: 103, updated_at: '2026-11-20 14:10:00' }, { entity_id: 99, updated_at: '2026-11-20 14:10:01' }])).toEqual({ updatedAt: '2026-11-20 14:10:01', seenIds: ['99'] });
    expect(advance(cursor, [])).toBe(cursor);
    expect(toMagentoTime(new Date('2026-11-20T14:10:00.999Z'))).toBe('2026-11-20 14:10:00');
  });
});
