/**
 * The signals of code abuse (issue 43, decision record 039), as pure functions: what an order's payload says about
 * its buyer, keyed hashes of the normalised values, and the checks. The fraud service (`../service.ts`) gathers the
 * context from the database and stores flags; the replay bench (`bench/fraud.ts`) runs the same checks.
 */
export type { FlagInput, OrderRiskFacts, PostalAddress, RiskHashes, SignalContext, StafferIdentity, VelocityBaseline } from './types';
export { normaliseAddress, normaliseCountry, normalisePostalCode, normaliseStreet } from './address';
export { couponSiteOf, referrerDomain, STARTER_COUPON_SITES } from './coupon-sites';
export { evaluateSignals, SHARED_MIN_OTHER_STAFFERS } from './evaluate';
export { hashIdentity, hashOrder, keyedHash, normaliseIp } from './hashes';
export { cleanText, emailDomain, normaliseEmail, normalisePhone } from './normalise';
export { bigCommerceRiskFacts, emptyFacts, shopifyJourneyReferrers, shopifyRiskFacts, wooCommerceRiskFacts } from './payload-facts';
export { BURST_FACTOR, BURST_RULE, burstThreshold, type BurstRule, expectedUses, HALF_LIFE_HOURS, MIN_BURST, MIN_BURST_COLD, observeUse, VELOCITY_WINDOW_HOURS } from './velocity';
