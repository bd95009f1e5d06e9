import type { FraudSignal } from '@shared/contracts/fraud';

/** The shapes the signals, the fraud service and the replay bench share (decision record 039). */

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
  /**
   * Orders in the look-back that share this order's card, IP or address hash but used other staffers' codes.
   * `emails` (optional): distinct buyer email hashes among those orders and this one; when given, one buyer under one
   * email across several staffers (an honest customer shopping around) does not fire, a card or address under
   * changing emails does.
   */
  sharedFingerprint: { otherStaffers: number; orders: number; emails?: number };
  /** Whether a browser page view was recorded for this code/order before the order. */
  sawPageView: boolean;
};

export type FlagInput = { signal: FraudSignal; evidence: Record<string, string | number | boolean> };
