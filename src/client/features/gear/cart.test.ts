import { describe, expect, it } from 'vitest';
import type { Allotment } from '@shared/contracts/gear';
import { addLine, checkCart, clampQuantity, type CartLine } from './cart';
import { describeAllotment, formatTotals } from './format';

const line = (variantId: number, quantity: number, unitPriceMinor: number, currency = 'USD'): CartLine =>
  ({ variantId, quantity, unitPriceMinor, currency, productTitle: `Product ${variantId}`, variantTitle: 'L' });
const allotment = (over: Partial<Allotment> = {}): Allotment => ({
  currency: 'USD', limitMinor: 30_000, usedMinor: 10_000, remainingMinor: 20_000, itemsLimit: 5, itemsUsed: 2, periodStart: '2026-01-01', renewsOn: '2027-01-01', ...over,
});

describe('the gear cart', () => {
  it('adds the same variant once, raising its quantity up to 20', () => {
    const once = addLine([], line(1, 2, 1_000));
    expect(addLine(once, line(1, 3, 1_000))).toEqual([line(1, 5, 1_000)]);
    expect(addLine(once, line(1, 30, 1_000))[0]!.quantity).toBe(20);
    expect(addLine(once, line(2, 1, 500))).toHaveLength(2);
    expect([0, -3, 2.7, NaN, 99].map(clampQuantity)).toEqual([1, 1, 2, 1, 20]);
  });

  it('is over the allotment by value in its currency or by items, never adding another currency in', () => {
    expect(checkCart([line(1, 2, 10_000)], allotment())).toMatchObject({ items: 2, itemsLeft: 3, overValue: false, overItems: false });
    expect(checkCart([line(1, 2, 10_001)], allotment())).toMatchObject({ overValue: true });
    expect(checkCart([line(1, 4, 100)], allotment())).toMatchObject({ overItems: true });
    expect(checkCart([line(1, 1, 15_000), line(2, 1, 15_000, 'CAD')], allotment())).toMatchObject({ overValue: false, items: 2 });
    expect(checkCart([line(1, 9, 100_000)], allotment({ limitMinor: 0, remainingMinor: 0, itemsLimit: null }))).toMatchObject({ overValue: false, overItems: false, itemsLeft: null });
    expect(checkCart([line(1, 1, 1)], null)).toEqual({ items: 1, itemsLeft: null, overValue: false, overItems: false });
  });

  it('describes the allotment and totals per currency', () => {
    expect(describeAllotment(allotment())).toBe('USD 200.00 of USD 300.00 left · 3 of 5 items left');
    expect(describeAllotment(allotment({ limitMinor: 0, remainingMinor: 0 }))).toBe('3 of 5 items left');
    expect(formatTotals([{ amountMinor: 1_000, currency: 'USD' }, { amountMinor: 500, currency: 'CAD' }, { amountMinor: 250, currency: 'USD' }])).toBe('CAD 5.00 · USD 12.50');
    expect(formatTotals([])).toBe('');
  });
});
