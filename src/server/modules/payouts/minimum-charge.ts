/**
 * Stripe's minimum charge per currency in minor units ("Minimum and maximum charge amounts", docs.stripe.com/currencies).
 * Stripe refuses a smaller PaymentIntent with `amount_too_small`, so Pay now refuses such a payout up front and says
 * why, instead of creating it and failing it with the provider's refusal. A currency not listed is left to Stripe.
 */
const minimumChargeMinor: Readonly<Record<string, number>> = {
  USD: 50, AED: 200, AUD: 50, BGN: 100, BRL: 50, CAD: 50, CHF: 50, CZK: 1500, DKK: 250, EUR: 50, GBP: 30, HKD: 400, HUF: 17500,
  INR: 50, JPY: 50, MXN: 1000, MYR: 200, NOK: 300, NZD: 50, PLN: 200, RON: 200, SEK: 300, SGD: 50, THB: 1000,
};

/** The smallest charge Stripe accepts in `currency` (ISO 4217, any case), or null when we do not know it. */
export function minimumCharge(currency: string): number | null {
  return minimumChargeMinor[currency.toUpperCase()] ?? null;
}
