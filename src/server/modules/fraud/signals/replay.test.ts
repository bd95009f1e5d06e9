import { describe, expect, it } from 'vitest';
import { fired, generateReplaySet, replay, SMOKE_SET } from '../../../../../bench/lib/fraud-replay';

// The replay bench's set (bench/fraud.ts) in its smoke size: deterministic, and the signals meet the targets on it.
describe('fraud replay set (smoke size)', () => {
  const set = generateReplaySet(SMOKE_SET);
  const results = replay(set);
  const of = (label: string) => results.filter((result) => result.order.label === label);

  it('is the same set for the same seed and another for another seed', () => {
    const again = generateReplaySet(SMOKE_SET);
    expect(again.orders.map((order) => [order.at.toISOString(), order.label, JSON.stringify(order.body)])).toEqual(set.orders.map((order) => [order.at.toISOString(), order.label, JSON.stringify(order.body)]));
    expect(generateReplaySet({ ...SMOKE_SET, seed: 7 }).orders.length).not.toBe(set.orders.length);
    for (const label of ['honest', 'self', 'leak', 'ring']) expect(of(label).length).toBeGreaterThan(0);
  });
  it('catches self-purchases at >= 95% with <= 2% of honest orders flagged as own use', () => {
    const recall = of('self').filter((result) => fired(result, 'own_use')).length / of('self').length;
    const falsePositives = of('honest').filter((result) => fired(result, 'own_use')).length / of('honest').length;
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falsePositives).toBeLessThanOrEqual(0.02);
  });
  it('flags every coupon-site burst on its first coupon-site order and every burst at some point', () => {
    const bursts = new Set(results.flatMap((result) => (result.order.burst === null ? [] : [result.order.burst])));
    for (const burst of bursts) {
      const orders = results.filter((result) => result.order.burst === burst);
      const firstCoupon = orders.find((result) => result.order.couponReferrer);
      if (firstCoupon) expect(firstCoupon.flags.map((flag) => flag.signal)).toContain('coupon_referrer');
      expect(orders.some((result) => result.flags.length > 0)).toBe(true);
    }
  });
});
