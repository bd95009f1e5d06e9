import { z } from 'zod';
import { filterDay } from './common';

/**
 * Payout reconciliation (decision record 037): what HuntStaff recorded as paid to pro staff, compared with the
 * transfers Stripe has, per business and currency. Computed on demand; nothing is stored and nothing is "fixed".
 */

const DAY_MS = 86_400_000;
/** The longest range one request compares (Stripe's list is paged, but a quarter is plenty for a person to read). */
export const MAX_RECONCILIATION_DAYS = 92;
/** The range the page and the API use when none is given: the last 7 UTC days, today included. */
export const DEFAULT_RECONCILIATION_DAYS = 7;

const dayNumber = (day: string) => new Date(`${day}T00:00:00Z`).getTime() / DAY_MS;

/** `from` and `to` are UTC days, both included; without them, the last 7 days up to today. */
export const reconciliationQuery = z
  .object({ from: filterDay().optional(), to: filterDay().optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must be on or before to', path: ['from'] })
  .refine((query) => !query.from || !query.to || dayNumber(query.to) - dayNumber(query.from) < MAX_RECONCILIATION_DAYS, {
    message: `Compare at most ${MAX_RECONCILIATION_DAYS} days at once`,
    path: ['to'],
  });
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

/**
 * - `missing_at_stripe`: recorded as paid with a Stripe transfer id that Stripe does not list.
 * - `amount_differs` / `currency_differs`: the transfer exists with another amount or currency than recorded.
 * - `reversed`: Stripe reversed all or part of the transfer (`amount_reversed > 0`), which HuntStaff never does.
 * - `not_recorded`: a transfer at Stripe carries a HuntStaff payout in its metadata but is not recorded as paid.
 */
export const mismatchKinds = ['missing_at_stripe', 'amount_differs', 'currency_differs', 'reversed', 'not_recorded'] as const;
export type MismatchKind = (typeof mismatchKinds)[number];

export const mismatchKindLabels: Record<MismatchKind, string> = {
  missing_at_stripe: 'Missing at Stripe',
  amount_differs: 'Amount differs',
  currency_differs: 'Currency differs',
  reversed: 'Reversed at Stripe',
  not_recorded: 'Not recorded as paid',
};

const side = z.object({
  /** ISO 4217, upper case. */
  currency: z.string(),
  amountCents: z.number().int(),
  /** The amount in its currency, e.g. "50.50". */
  amount: z.string(),
});

export const reconciliationMismatch = z.object({
  kind: z.enum(mismatchKinds),
  /** What differs, in words an admin can act on. */
  message: z.string(),
  stripeTransferId: z.string(),
  payoutId: z.number().int().nullable(),
  proStaffId: z.number().int().nullable(),
  /** What HuntStaff recorded as paid; null for a transfer it has no record of. */
  recorded: side.extend({ paidAt: z.string().meta({ format: 'date-time' }) }).nullable(),
  /** What Stripe has; null for a transfer Stripe does not list. */
  atStripe: side
    .extend({
      amountReversedCents: z.number().int(),
      amountReversed: z.string(),
      reversed: z.boolean(),
      createdAt: z.string().meta({ format: 'date-time' }),
    })
    .nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatch>;

/** The mismatches of one business in one currency (business null: a Stripe transfer naming a payout we do not know). */
export const reconciliationGroup = z.object({
  businessId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  currency: z.string(),
  mismatches: z.array(reconciliationMismatch),
});
export type ReconciliationGroup = z.infer<typeof reconciliationGroup>;

export const reconciliationReport = z.object({
  /** The UTC days compared, both included. */
  from: z.string(),
  to: z.string(),
  checkedAt: z.string().meta({ format: 'date-time' }),
  /** Transfers HuntStaff recorded as paid in the range. */
  recordedCount: z.number().int(),
  /** HuntStaff payout transfers Stripe lists in the range. */
  stripeCount: z.number().int(),
  mismatchCount: z.number().int(),
  groups: z.array(reconciliationGroup),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;
