import { describe, expect, it } from 'vitest';
import { couponSiteOf, referrerDomain, STARTER_COUPON_SITES } from './coupon-sites';
import { evaluateSignals } from './evaluate';
import { hashIdentity, hashOrder } from './hashes';
import { emptyFacts } from './payload-facts';
import type { OrderRiskFacts, SignalContext } from './types';
import { burstThreshold, expectedUses, HALF_LIFE_HOURS, observeUse, VELOCITY_WINDOW_HOURS } from './velocity';

const KEY = 'test-key';
const NOW = new Date('2026-03-01T12:00:00Z');
const staffer = hashIdentity({ emails: ['jake.smith@gmail.com'], phones: ['208-555-0100'], addresses: [{ line1: '12 Oak Street', postalCode: '59801', country: 'US' }] }, KEY);
const context = (overrides: Partial<SignalContext> = {}): SignalContext => ({
  staffer,
  couponDomains: new Set(STARTER_COUPON_SITES),
  velocity: { usesInWindow: 1, baseline: null, now: NOW },
  sharedFingerprint: { otherStaffers: 0, orders: 0 },
  sawPageView: true,
  ...overrides,
});
const evaluate = (facts: Partial<OrderRiskFacts>, overrides: Partial<SignalContext> = {}) => {
  const full = { ...emptyFacts(), ...facts };
  return evaluateSignals(full, hashOrder(full, KEY), context(overrides));
};
const stranger = { customerEmail: 'pat@example.com', customerPhone: '406-555-0199', shippingAddress: { line1: '9 Elk Rd', postalCode: '59802', country: 'US' } };

describe('own use', () => {
  it('matches a disguised email, phone or address and says which, never the value', () => {
    expect(evaluate({ ...stranger, customerEmail: 'J.akesmith+elk@googlemail.com' })).toEqual([{ signal: 'own_use', evidence: { matched: 'email' } }]);
    expect(evaluate({ ...stranger, customerPhone: '+1 (208) 555-0100' })).toEqual([{ signal: 'own_use', evidence: { matched: 'phone' } }]);
    expect(evaluate({ ...stranger, shippingAddress: { name: 'Aunt May', line1: '12 OAK ST APT 4B', postalCode: '59801-1234', country: 'US' } })).toEqual([{ signal: 'own_use', evidence: { matched: 'address' } }]);
  });
  it('stays quiet for a stranger and for an order without any identity', () => {
    expect(evaluate(stranger)).toEqual([]);
    expect(evaluate({})).toEqual([]);
  });
});

describe('coupon referrer', () => {
  it('flags a listed site or a subdomain of one, with the host as evidence', () => {
    expect(evaluate({ referrers: ['https://www.retailmenot.com/view/store.com'] })).toEqual([{ signal: 'coupon_referrer', evidence: { referrer: 'retailmenot.com', listed: 'retailmenot.com' } }]);
    expect(evaluate({ referrers: ['/landing', 'uk.slickdeals.net'] })[0].evidence).toEqual({ referrer: 'uk.slickdeals.net', listed: 'slickdeals.net' });
  });
  it('uses the business list it is given, and ignores look-alikes and forums', () => {
    expect(evaluate({ referrers: ['https://huntdeals.example/x'] }, { couponDomains: new Set(['huntdeals.example']) })).toHaveLength(1);
    expect(evaluate({ referrers: ['https://notretailmenot.com/', 'https://www.reddit.com/r/hunting', 'https://retailmenot.com.evil.example/'] })).toEqual([]);
  });
  it('reads referrer domains', () => {
    expect(referrerDomain('HTTPS://WWW.RetailMeNot.com:443/x?y=1')).toBe('retailmenot.com');
    expect(referrerDomain('couponfollow.com')).toBe('couponfollow.com');
    expect(referrerDomain('https://bücher.example/')).toBe('xn--bcher-kva.example');
    for (const value of ['', '/?ref=x', '(direct)', 'android-app://com.google.android.gm', 'javascript:alert(1)', 'localhost', '\u0000']) expect(referrerDomain(value)).toBeNull();
  });
  it('lists about 40 coupon and deal sites and no forums or social sites', () => {
    expect(STARTER_COUPON_SITES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(STARTER_COUPON_SITES).size).toBe(STARTER_COUPON_SITES.length);
    for (const social of ['reddit.com', 'facebook.com', 'instagram.com', 'youtube.com', 'rokslide.com']) expect(STARTER_COUPON_SITES).not.toContain(social);
  });
});

describe('velocity', () => {
  /** A code used steadily `perDay` times a day for `days` days before NOW. */
  const steady = (perDay: number, days: number) => {
    let baseline = null;
    for (let use = perDay * days; use > 0; use -= 1) baseline = observeUse(baseline, new Date(NOW.getTime() - (use * 24 * 3_600_000) / perDay));
    return baseline;
  };
  it('learns a steady rate: 24 a day expects about 6 in a 6-hour window', () => {
    expect(expectedUses(steady(24, 60), NOW)).toBeCloseTo(24 * (VELOCITY_WINDOW_HOURS / 24), 0);
    expect(expectedUses(null, NOW)).toBe(0);
  });
  it('flags a burst on a quiet code, with the count and the expectation as evidence', () => {
    const baseline = steady(1, 30);
    expect(evaluate({}, { velocity: { usesInWindow: 7, baseline, now: NOW } })).toEqual([]);
    const [flag] = evaluate({}, { velocity: { usesInWindow: 8, baseline, now: NOW } });
    expect(flag.signal).toBe('velocity');
    expect(flag.evidence).toMatchObject({ usesInWindow: 8, threshold: 8, windowHours: 6, newCustomerWithoutPageView: false });
    expect(flag.evidence.expected).toBeCloseTo(0.25, 1);
  });
  it('needs fewer uses when the buyer is new and viewed no page', () => {
    const velocity = { usesInWindow: 5, baseline: steady(1, 30), now: NOW };
    expect(evaluate({ newCustomer: true }, { velocity, sawPageView: false })[0].evidence.newCustomerWithoutPageView).toBe(true);
    expect(evaluate({ newCustomer: true }, { velocity, sawPageView: true })).toEqual([]);
  });
  it('does not flag a busy code at its usual pace', () => {
    expect(evaluate({}, { velocity: { usesInWindow: 12, baseline: steady(24, 60), now: NOW } })).toEqual([]);
  });
  it('survives a corrupt or future baseline', () => {
    const corrupt = { perHour: Number.NaN, observedHours: -1, updatedAt: 'yesterday' };
    expect(observeUse(corrupt, NOW)).toMatchObject({ observedHours: 0, updatedAt: NOW.toISOString() });
    const future = observeUse(null, new Date(NOW.getTime() + 3_600_000));
    expect(observeUse(future, NOW).updatedAt).toBe(future.updatedAt);
  });
});

describe('disposable email and shared fingerprint', () => {
  it('flags a disposable domain from the package list, with the domain as evidence', () => {
    expect(evaluate({ customerEmail: 'x+1@Mailinator.com' })).toEqual([{ signal: 'disposable_email', evidence: { domain: 'mailinator.com' } }]);
    expect(evaluate({ customerEmail: 'x@gmail.com' })).toEqual([]);
  });
  it('flags the same card/IP/address on two other staffers\' codes, not one', () => {
    expect(evaluate({}, { sharedFingerprint: { otherStaffers: 1, orders: 4 } })).toEqual([]);
    expect(evaluate({}, { sharedFingerprint: { otherStaffers: 2, orders: 3 } })).toEqual([{ signal: 'shared_fingerprint', evidence: { otherStaffers: 2, orders: 3 } }]);
  });
  it('reports every signal that fires on one order', () => {
    const flags = evaluate({ customerEmail: 'jakesmith+x@gmail.com', referrers: ['https://slickdeals.net/f/1'] }, { sharedFingerprint: { otherStaffers: 3, orders: 5 } });
    expect(flags.map((flag) => flag.signal)).toEqual(['own_use', 'coupon_referrer', 'shared_fingerprint']);
  });
});

describe('shared fingerprint with the buyer emails counted', () => {
  it('stays quiet for one buyer under one email across staffers, fires under changing emails', () => {
    expect(evaluate({}, { sharedFingerprint: { otherStaffers: 3, orders: 3, emails: 1 } })).toEqual([]);
    expect(evaluate({}, { sharedFingerprint: { otherStaffers: 2, orders: 2, emails: 3 } })).toEqual([{ signal: 'shared_fingerprint', evidence: { otherStaffers: 2, orders: 2, emails: 3 } }]);
  });
});

describe('the velocity baseline at its edges (record 018: each fails when its rule is removed)', () => {
  const HOUR = 3_600_000;
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
  const good = { perHour: 0.5, observedHours: 500, updatedAt: NOW.toISOString() };

  it('treats each broken part of a stored baseline as no baseline', () => {
    for (const broken of [
      { ...good, perHour: -0.1 },
      { ...good, perHour: Number.POSITIVE_INFINITY },
      { ...good, observedHours: -1 },
      { ...good, observedHours: Number.NaN },
      // Stored as JSON: a lost number comes back as null, which `>= 0` alone would take for 0.
      { ...good, observedHours: null as unknown as number },
      { ...good, perHour: null as unknown as number },
      { ...good, updatedAt: 'not a date' },
    ]) {
      expect(expectedUses(broken, NOW)).toBe(0);
      expect(observeUse(broken, NOW)).toEqual({ perHour: Math.LN2 / HALF_LIFE_HOURS, observedHours: 0, updatedAt: NOW.toISOString() });
    }
    expect(expectedUses(good, NOW)).toBeGreaterThan(0);
  });
  it('decays the rate with the time since the last use, and counts that time as observed', () => {
    const later = observeUse(good, at(HALF_LIFE_HOURS));
    expect(later.perHour).toBeCloseTo(good.perHour / 2 + Math.LN2 / HALF_LIFE_HOURS, 10);
    expect(later.observedHours).toBeCloseTo(good.observedHours + HALF_LIFE_HOURS, 6);
    expect(later.updatedAt).toBe(at(HALF_LIFE_HOURS).toISOString());
    const settled = { ...good, observedHours: 100_000 };
    expect(expectedUses(settled, at(HALF_LIFE_HOURS))).toBeCloseTo(expectedUses(settled, NOW) / 2, 6);
    // The weight seen so far counts the hours since the last use too: 100 hours after a first use, not 72.
    const lambda = Math.LN2 / HALF_LIFE_HOURS;
    const first = observeUse(null, NOW);
    expect(expectedUses(first, at(100))).toBeCloseTo(((lambda * Math.exp(-lambda * 100)) / (1 - Math.exp(-lambda * 100))) * VELOCITY_WINDOW_HOURS, 8);
  });
  it('reads a baseline stamped in the future as of its own time, never as a rate grown by the clock', () => {
    const ahead = { ...good, updatedAt: at(5).toISOString() };
    expect(expectedUses(ahead, NOW)).toBeCloseTo(expectedUses(good, NOW), 10);
    expect(observeUse(ahead, NOW)).toMatchObject({ perHour: good.perHour + Math.LN2 / HALF_LIFE_HOURS, observedHours: good.observedHours });
  });
  it('does not read two uses a minute apart on a new code as a rate of 60 an hour (72 observed hours at least)', () => {
    const young = observeUse(observeUse(null, new Date(NOW.getTime() - 60_000)), NOW);
    expect(expectedUses(young, NOW)).toBeLessThan(1);
    expect(expectedUses(young, NOW)).toBeCloseTo(((2 * Math.LN2) / HALF_LIFE_HOURS / (1 - 2 ** (-72 / HALF_LIFE_HOURS))) * VELOCITY_WINDOW_HOURS, 2);
  });
  it('needs max(8, ⌈4 × expected⌉) uses, or max(5, …) for a new buyer who viewed no page', () => {
    expect(burstThreshold(0, false)).toBe(8);
    expect(burstThreshold(0, true)).toBe(5);
    expect(burstThreshold(2.1, false)).toBe(9);
    expect(burstThreshold(1.3, true)).toBe(6);
    expect(burstThreshold(3, false)).toBe(12);
  });
});

describe('referrer hosts at their edges (record 018)', () => {
  it('reads a fully qualified host (trailing dot) as the same site, and only http(s) addresses', () => {
    expect(referrerDomain('https://www.retailmenot.com./view/x')).toBe('retailmenot.com');
    expect(referrerDomain('ftp://coupons.com/list')).toBeNull();
    expect(referrerDomain('//slickdeals.net/f/1')).toBeNull();
    expect(referrerDomain('www.slickdeals.net')).toBe('slickdeals.net');
  });
  it('checks the host and each parent domain, never the top-level domain alone', () => {
    expect(couponSiteOf('deals.uk.retailmenot.com', new Set(['retailmenot.com']))).toBe('retailmenot.com');
    expect(couponSiteOf('retailmenot.com', new Set(['retailmenot.com']))).toBe('retailmenot.com');
    expect(couponSiteOf('example.com', new Set(['com']))).toBeNull();
    expect(couponSiteOf('example.com', new Set(['other.com']))).toBeNull();
  });
});
