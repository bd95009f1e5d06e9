import { describe, expect, it } from 'vitest';
import { referrerDomain, STARTER_COUPON_SITES } from './coupon-sites';
import { evaluateSignals } from './evaluate';
import { hashIdentity, hashOrder } from './hashes';
import { emptyFacts } from './payload-facts';
import type { OrderRiskFacts, SignalContext } from './types';
import { expectedUses, observeUse, VELOCITY_WINDOW_HOURS } from './velocity';

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
