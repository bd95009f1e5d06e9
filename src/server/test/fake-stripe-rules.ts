/**
 * Rules of Stripe's that the fake Stripe (fake-stripe-server.ts, fake-stripe-connect.ts) shares between its halves:
 * the reply shape, which refusals are parameter validation (Stripe saves no idempotent result for those), the
 * per-currency minimum charge, and which customer a PaymentMethod belongs to. Test-only.
 */
type Json = Record<string, any>;

/**
 * An answer of the fake. `validation` marks a refusal of the request's parameters, made before the endpoint began
 * executing: Stripe saves no idempotent result for it ("We save results only after the execution of an endpoint
 * begins. If incoming parameters fail validation … no idempotent result is saved", docs.stripe.com/idempotency), so
 * the same key with corrected parameters is a new request. Everything else (a decline, a refused transfer) is saved
 * and replayed.
 */
export type Reply = { status: number; body: Json; validation?: true };

export const errorReply = (status: number, type: string, message: string, extra: Json = {}): Reply => ({
  status,
  body: { error: { type, message, ...(extra.code ? { doc_url: `https://stripe.com/docs/error-codes/${String(extra.code).replace(/_/g, '-')}` } : {}), ...extra } },
});

export const invalid = (message: string, param?: string, code?: string): Reply =>
  errorReply(400, 'invalid_request_error', message, { ...(code ? { code } : {}), ...(param ? { param } : {}) });

/** A refusal of the parameters themselves (see `Reply.validation`). */
export const invalidParams = (message: string, param?: string, code?: string): Reply => ({ ...invalid(message, param, code), validation: true });

export const missingParam = (param: string): Reply => invalidParams(`Missing required param: ${param}.`, param, 'parameter_missing');

/** Stripe's answer to a parameter the endpoint does not take: `Received unknown parameter: <name>` (nested names as `a[b]`). */
export function unknownParameter(body: Json, allowed: string[], nested: Record<string, NestedParams> = {}): Reply | null {
  for (const name of Object.keys(body)) {
    if (!allowed.includes(name)) return invalidParams(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    const unknown = nested[name] ? unknownNested(body[name], nested[name], name) : null;
    if (unknown) return invalidParams(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  }
  return null;
}

/**
 * The keys a hash parameter takes: a list of names, or names with their own nested keys. `'*'` stands for any key
 * (a list's indexes, or the capability names of `capabilities`); `metadata` takes any keys and is never listed.
 */
export type NestedParams = { [key: string]: NestedParams | true };

function unknownNested(value: unknown, allowed: NestedParams, path: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Json)) {
    const rule = allowed[key] ?? allowed['*'];
    if (!rule) return `${path}[${key}]`;
    if (rule !== true) {
      const unknown = unknownNested(child, rule, `${path}[${key}]`);
      if (unknown) return unknown;
    }
  }
  return null;
}

/**
 * Stripe's minimum charge per presentment currency, in the currency's minor unit (docs.stripe.com/currencies,
 * "Minimum and maximum charge amounts"; JPY is zero-decimal, so 50 is ¥50). Stripe checks the amount after conversion
 * to the account's settlement currency too; the fake's platform settles in USD, where the table's figures hold.
 * Currencies not listed are not checked here.
 */
export const minimumChargeAmounts: Readonly<Record<string, number>> = {
  usd: 50, aed: 200, aud: 50, bgn: 100, brl: 50, cad: 50, chf: 50, czk: 1500, dkk: 250, eur: 50, gbp: 30, hkd: 400, huf: 17500,
  inr: 50, jpy: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, pln: 200, ron: 200, sek: 300, sgd: 50, thb: 1000,
};

const zeroDecimal = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/**
 * Stripe's refusal of a charge under the minimum: 400 `amount_too_small`, worded as Stripe words it
 * ("Amount must be at least $0.50 usd", "… €0.50 eur").
 */
export function amountTooSmall(amount: number, currency: string): Reply | null {
  const minimum = minimumChargeAmounts[currency];
  if (minimum === undefined || amount >= minimum) return null;
  const major = zeroDecimal.has(currency) ? minimum : minimum / 100;
  const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' }).format(major);
  return invalidParams(`Amount must be at least ${shown} ${currency}`, 'amount', 'amount_too_small');
}

/** Stripe's test PaymentMethods (docs.stripe.com/testing): each use of one of these names is a new, unattached card. */
export const testCardNames = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined', 'pm_card_chargeDeclinedInsufficientFunds'];

/**
 * PaymentMethods attached to customers. Attaching a test card name does what Stripe does with it: it makes a new
 * PaymentMethod (a new id) that behaves as that test card, so two customers never share one.
 */
export class FakePaymentMethods {
  private readonly attached = new Map<string, { customer: string; card: string }>();

  constructor(private readonly id: (prefix: string) => string) {}

  /** Attaches `paymentMethod` (an id, or a test card name for a new one) to `customer`; answers the attached id. */
  attach(customer: string, paymentMethod: string): string {
    const id = testCardNames.includes(paymentMethod) ? this.id('pm') : paymentMethod;
    const card = this.attached.get(paymentMethod)?.card ?? (testCardNames.includes(paymentMethod) ? paymentMethod : 'pm_card_visa');
    this.attached.set(id, { customer, card });
    return id;
  }

  /** The test card a PaymentMethod behaves as, or null for an id Stripe would not know. */
  cardOf(paymentMethod: string): string | null {
    if (testCardNames.includes(paymentMethod)) return paymentMethod;
    return this.attached.get(paymentMethod)?.card ?? null;
  }

  /**
   * Stripe's refusal of a PaymentMethod that belongs to another customer than the PaymentIntent's, or to a customer
   * when the PaymentIntent names none (the shapes recorded from Stripe's API: no code and `param: payment_method`
   * for the first; `parameter_missing` with `param: source` for the second). A fresh test card belongs to no one.
   */
  ownershipRefusal(paymentMethod: string, customer: string | undefined): Reply | null {
    const owner = this.attached.get(paymentMethod)?.customer;
    if (!owner || owner === customer) return null;
    if (!customer) {
      return invalid(`The \`payment_method\` parameter supplied ${paymentMethod} belongs to the Customer ${owner}. Please include the Customer in the \`customer\` parameter on the PaymentIntent.`, 'source', 'parameter_missing');
    }
    return invalid(`The PaymentMethod ${paymentMethod} does not belong to the Customer you supplied ${customer}. Please use this PaymentMethod with the Customer that it belongs to instead.`, 'payment_method');
  }
}
