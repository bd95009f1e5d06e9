import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { couponSiteOf, referrerDomain } from './coupon-sites';
import { emailDomain } from './normalise';
import type { FlagInput, OrderRiskFacts, RiskHashes, SignalContext } from './types';
import { burstThreshold, expectedUses, VELOCITY_WINDOW_HOURS } from './velocity';

/**
 * Same buyer across staffers: the order's card, IP or address hash was used in the look-back with the codes of at
 * least this many OTHER staffers (so three staffers' codes in all). One other staffer is common and honest (a buyer
 * follows two staffers, a household where two members hunt); three is what a buyer farming several codes looks like.
 */
export const SHARED_MIN_OTHER_STAFFERS = 2;

const overlaps = (order: string[], own: string[]) => order.some((hash) => own.includes(hash));

/** The order's email, phone or an address equals one the code's own staffer gave. */
function ownUse(hashes: RiskHashes, staffer: RiskHashes): FlagInput | null {
  const matched = [
    overlaps(hashes.emails, staffer.emails) && 'email',
    overlaps(hashes.phones, staffer.phones) && 'phone',
    overlaps(hashes.addresses, staffer.addresses) && 'address',
  ].filter((what): what is string => Boolean(what));
  return matched.length ? { signal: 'own_use', evidence: { matched: matched.join(', ') } } : null;
}

/** A referrer of the order is, or is under, a coupon-site domain. */
function couponReferrer(facts: OrderRiskFacts, context: SignalContext): FlagInput | null {
  for (const referrer of Array.isArray(facts.referrers) ? facts.referrers : []) {
    const host = typeof referrer === 'string' ? referrerDomain(referrer) : null;
    const site = host && couponSiteOf(host, context.couponDomains);
    if (site) return { signal: 'coupon_referrer', evidence: { referrer: host, listed: site } };
  }
  return null;
}

/** Uses in the window at or above max(minimum, factor × expected); the minimum is lower for a cold buyer. */
function velocity(facts: OrderRiskFacts, context: SignalContext): FlagInput | null {
  const { usesInWindow, baseline, now } = context.velocity;
  const expected = expectedUses(baseline, now);
  const coldBuyer = facts.newCustomer === true && !context.sawPageView;
  const threshold = burstThreshold(expected, coldBuyer);
  if (!(usesInWindow >= threshold)) return null;
  return { signal: 'velocity', evidence: { usesInWindow, expected: Math.round(expected * 100) / 100, threshold, windowHours: VELOCITY_WINDOW_HOURS, newCustomerWithoutPageView: coldBuyer } };
}

// The package's isDisposableEmailDomain builds a Set of its ~100k domains on every call: build it once.
let disposableDomains: Set<string> | null = null;

/** The buyer's email domain, or a parent of it, is on the disposable-domain list of `disposable-email-domains-js`. */
function disposableEmail(facts: OrderRiskFacts): FlagInput | null {
  const domain = emailDomain(facts.customerEmail);
  disposableDomains ??= disposableEmailBlocklistSet();
  return domain && couponSiteOf(domain, disposableDomains) ? { signal: 'disposable_email', evidence: { domain } } : null;
}

/** At least SHARED_MIN_OTHER_STAFFERS other staffers' codes on this card/IP/address, under more than one email when that is known. */
function sharedFingerprint(context: SignalContext): FlagInput | null {
  const { otherStaffers, orders, emails } = context.sharedFingerprint;
  if (otherStaffers < SHARED_MIN_OTHER_STAFFERS || (emails !== undefined && emails < 2)) return null;
  return { signal: 'shared_fingerprint', evidence: emails === undefined ? { otherStaffers, orders } : { otherStaffers, orders, emails } };
}

/** Every signal that fires on this order, with its evidence (hash matches and domains, never raw personal data). */
export function evaluateSignals(facts: OrderRiskFacts, hashes: RiskHashes, context: SignalContext): FlagInput[] {
  const flags = [ownUse(hashes, context.staffer), couponReferrer(facts, context), velocity(facts, context), disposableEmail(facts), sharedFingerprint(context)];
  return flags.filter((flag): flag is FlagInput => flag !== null);
}
