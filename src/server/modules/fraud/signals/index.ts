import type { FraudSignal } from '@shared/contracts/fraud';

/**
 * The signals of code abuse (issue 43, decision record 039), as pure functions: what an order's payload says about
 * its buyer, keyed hashes of the normalised values, and the checks. The fraud service (`../service.ts`) gathers the
 * context from the database and stores flags; the replay bench (`bench/fraud.ts`) runs the same checks.
 *
 * INTERFACE STUB: the signals work fills in the bodies; the names and types below are the contract both sides use.
 */

export type PostalAddress = {
  name?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
};

/** What an order says about its buyer and where they came from, read from the store's published payload. */
export type OrderRiskFacts = {
  customerEmail: string | null;
  customerPhone: string | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  browserIp: string | null;
  /** A payment-card fingerprint when the store sends one (never a card number). */
  cardFingerprint: string | null;
  /** Referrer URLs or hosts the order carries (landing/referring site, attribution meta, the browser signal's referrer). */
  referrers: string[];
  /** Whether the store says this is the customer's first order (null: unknown). */
  newCustomer: boolean | null;
};

/** Keyed hashes (HMAC-SHA256, hex) of normalised values: what is stored and compared, never the raw values. */
export type RiskHashes = { emails: string[]; phones: string[]; addresses: string[]; ip: string | null; card: string | null };

/** What a pro staffer gave us about themselves: account email, phone, household and shipping addresses. */
export type StafferIdentity = { emails: string[]; phones: string[]; addresses: PostalAddress[] };

/** A code's rolling rate of use (JSON-serialisable, stored per code). */
export type VelocityBaseline = { perHour: number; observedHours: number; updatedAt: string };

export type SignalContext = {
  /** Hashes of the code owner's own identity. */
  staffer: RiskHashes;
  /** Deployment's and the business's coupon-site domains, lower case. */
  couponDomains: ReadonlySet<string>;
  /** Uses of this code in the last VELOCITY_WINDOW_HOURS before this order (this one included), and its baseline before them. */
  velocity: { usesInWindow: number; baseline: VelocityBaseline | null; now: Date };
  /** Orders in the look-back that share this order's card, IP or address hash but used other staffers' codes. */
  sharedFingerprint: { otherStaffers: number; orders: number };
  /** Whether a browser page view was recorded for this code/order before the order. */
  sawPageView: boolean;
};

export type FlagInput = { signal: FraudSignal; evidence: Record<string, string | number | boolean> };

export const VELOCITY_WINDOW_HOURS = 6;

export const STARTER_COUPON_SITES: readonly string[] = [];

export function shopifyRiskFacts(_body: unknown): OrderRiskFacts {
  return emptyFacts();
}
export function wooCommerceRiskFacts(_body: unknown): OrderRiskFacts {
  return emptyFacts();
}
export function bigCommerceRiskFacts(_order: unknown): OrderRiskFacts {
  return emptyFacts();
}
export function emptyFacts(): OrderRiskFacts {
  return { customerEmail: null, customerPhone: null, shippingAddress: null, billingAddress: null, browserIp: null, cardFingerprint: null, referrers: [], newCustomer: null };
}

export function hashOrder(_facts: OrderRiskFacts, _key: string): RiskHashes {
  return { emails: [], phones: [], addresses: [], ip: null, card: null };
}
export function hashIdentity(_identity: StafferIdentity, _key: string): RiskHashes {
  return { emails: [], phones: [], addresses: [], ip: null, card: null };
}

/** The host of a referrer URL or bare host, lower case, without `www.`; null when none. */
export function referrerDomain(_value: string): string | null {
  return null;
}

/** The baseline after this order's use of the code (called once per attributed order). */
export function observeUse(previous: VelocityBaseline | null, now: Date): VelocityBaseline {
  return previous ?? { perHour: 0, observedHours: 0, updatedAt: now.toISOString() };
}

/** Every signal that fires on this order, with its evidence (no raw personal data in evidence). */
export function evaluateSignals(_facts: OrderRiskFacts, _hashes: RiskHashes, _context: SignalContext): FlagInput[] {
  return [];
}
