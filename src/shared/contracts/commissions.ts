import { z } from 'zod';
import { centsToDecimalString, parseMoneyToCents } from '../format';
import { currencyCodeInput, filterDay } from './common';
import { proStaffProfile } from './profiles';

export const commissionStatuses = ['pending', 'paid', 'cancelled'] as const;

/** Where a commission came from: by hand, a store order, a refund of a paid one, or an approved campaign task's reward. */
export const commissionSources = ['manual', 'order', 'adjustment', 'task', 'booth'] as const;
export type CommissionSource = (typeof commissionSources)[number];
export type CommissionStatus = (typeof commissionStatuses)[number];

/** One commission is capped well inside the 32-bit cents column. */
export const MAX_COMMISSION_CENTS = 100_000_000;

/** A positive dollar amount with at most two decimals, as a decimal string ("125.50"). */
export const moneyAmountSchema = z
  .string({ error: 'Enter an amount' })
  .trim()
  .min(1, 'Enter an amount')
  .refine((value) => parseMoneyToCents(value) !== null, 'Enter an amount like 125.50 (at most 2 decimals)')
  .refine((value) => (parseMoneyToCents(value) ?? 0) > 0, 'The amount must be greater than 0')
  .refine((value) => (parseMoneyToCents(value) ?? 0) <= MAX_COMMISSION_CENTS, `The amount can be at most $${centsToDecimalString(MAX_COMMISSION_CENTS)}`);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const createCommissionBody = z.object({
  proStaffId: z.number({ error: 'Select a pro staff member' }).int().positive('Select a pro staff member').max(2_147_483_647, 'Select a pro staff member'),
  amount: moneyAmountSchema,
  description: z
    .string()
    .trim()
    .max(1000, 'Keep the description under 1000 characters')
    .nullish()
    .transform((value) => value || null),
  dueDate: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || (isoDate.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), 'Enter a valid date (YYYY-MM-DD)'),
});
export type CreateCommissionBody = z.input<typeof createCommissionBody>;

export const updateCommissionStatusBody = z.object({
  status: z.enum(['paid', 'cancelled'], { error: 'Status must be paid or cancelled' }),
});
export type UpdateCommissionStatusBody = z.infer<typeof updateCommissionStatusBody>;

/** Order commissions wait this many days by default before they are payable (decision record 024). */
export const DEFAULT_HOLD_DAYS = 30;
export const MAX_HOLD_DAYS = 120;

/**
 * The yearly USD total paid to one payee from which the yearly totals flag it for tax reporting: $2,000, the US
 * 1099-NEC threshold for payments made from 2026 (it was $600 before). Each business sets its own; not tax advice.
 */
export const DEFAULT_REPORTING_THRESHOLD_CENTS = 200_000;
export const MAX_REPORTING_THRESHOLD_CENTS = 100_000_000;

export const commissionSettings = z.object({
  /** Days an order commission is held before it is payable (a store's return window); manual ones are payable at once. */
  holdDays: z.number().int().min(0).max(MAX_HOLD_DAYS),
  /** Yearly USD total per payee (cents) from which the yearly totals flag a payee for tax reporting. */
  reportingThresholdCents: z.number().int().min(0).max(MAX_REPORTING_THRESHOLD_CENTS),
});
export type CommissionSettings = z.infer<typeof commissionSettings>;
/** Either setting or both; what is left out keeps its value. */
export const commissionSettingsBody = z
  .object({
    holdDays: z.number({ error: 'Hold period must be a whole number of days' }).int('Hold period must be a whole number of days')
      .min(0, 'Hold period cannot be negative').max(MAX_HOLD_DAYS, `Hold period can be at most ${MAX_HOLD_DAYS} days`).optional(),
    reportingThresholdCents: z.number({ error: 'Enter the threshold in cents' }).int('Enter the threshold in cents')
      .min(0, 'The threshold cannot be negative').max(MAX_REPORTING_THRESHOLD_CENTS, 'The threshold is too large').optional(),
  })
  .refine((body) => body.holdDays !== undefined || body.reportingThresholdCents !== undefined, 'Send holdDays, reportingThresholdCents or both');
export type CommissionSettingsBody = z.infer<typeof commissionSettingsBody>;

/** One payee's paid commissions in a calendar year, in one currency (never added across currencies). */
export const yearlyTotal = z.object({
  proStaffId: z.number(),
  name: z.string(),
  currency: z.string(),
  /** Paid in the year (by paid date), minor units; paid adjustment entries included. */
  paidCents: z.number(),
  paid: z.string(),
  count: z.number(),
  /** USD totals at or over the business's reporting threshold. */
  overThreshold: z.boolean(),
  /** Retail value of gear given in the year in this currency (non-cash compensation, decision record 038). */
  gearValueCents: z.number(),
  gearValue: z.string(),
});
export type YearlyTotal = z.infer<typeof yearlyTotal>;
export const yearlyTotals = z.object({
  year: z.number(),
  reportingThresholdCents: z.number(),
  totals: z.array(yearlyTotal),
});
export type YearlyTotals = z.infer<typeof yearlyTotals>;
export const yearQuery = z.object({
  year: z.union([z.number(), z.string().regex(/^\d{4}$/, 'Use a year like 2026').transform(Number)]).pipe(z.number().int().min(2000).max(2100)).optional(),
});

export const commission = z.object({
  id: z.number(),
  businessId: z.number(),
  proStaffId: z.number(),
  /** Decimal string in the commission's currency, e.g. "125.50" USD or "2.935" KWD; negative for adjustments. */
  amount: z.string(),
  /** Minor units of `currency` (cents, fils, yen). */
  amountCents: z.number(),
  /** ISO 4217; amounts of different currencies are never added. */
  currency: z.string(),
  /** For an adjustment entry: the paid commission it corrects. */
  adjustsCommissionId: z.number().nullable(),
  description: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  dueDate: z.string().nullable(),
  status: z.enum(commissionStatuses),
  source: z.enum(commissionSources),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** When it may be paid (ISO): at once for manual ones, after the business's hold period for order commissions. */
  payableAt: z.string(),
  /** Pending, its hold is over and it is in no payout being processed: it can be paid now. */
  payable: z.boolean(),
  /** The payout it is in: being processed while the status is pending, the one that paid it once paid (record 025). */
  payoutId: z.number().nullable(),
  proStaff: z.object({ firstName: z.string(), lastName: z.string() }),
  business: z.object({ companyName: z.string() }),
  /** How the order was sold (online checkout or a counter, issue 44), for order commissions; null otherwise. */
  channel: z.enum(['online', 'pos']).nullable(),
  /** The store location of a counter sale, when the store names it. */
  locationId: z.string().nullable(),
});
export type Commission = z.infer<typeof commission>;

/** A pro staffer the business can pay: those linked to its jobs first, then everyone matching the search. */
export const commissionPayee = proStaffProfile.pick({ id: true, firstName: true, lastName: true, location: true }).extend({
  /** The strongest link to this business's jobs: accepted, applied, or none. */
  relation: z.enum(['accepted', 'applied']).nullable(),
});
export type CommissionPayee = z.infer<typeof commissionPayee>;

export const payeeQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
});

export { businessIdParam } from './common';

export const rankingEntry = z.object({
  /** The pro staff profile id (one entry per pro staffer). */
  id: z.number(),
  proStaffId: z.number(),
  rank: z.number(),
  profile: proStaffProfile.pick({ firstName: true, lastName: true, isVerified: true, location: true, specialties: true, experience: true }),
  /** The currency of the totals: rankings are per currency (?currency=, the business's main currency by default). */
  currency: z.string(),
  /** Decimal strings in `currency`. */
  totalCommissions: z.string(),
  averageCommission: z.string(),
  totalCommissionsCents: z.number(),
  averageCommissionCents: z.number(),
  /** Number of paid commissions this month. */
  totalJobs: z.number(),
  /** When this ranking was computed (ISO). */
  lastUpdated: z.string(),
  /** The most recent payment counted (ISO). */
  lastPaidAt: z.string(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

/** ?currency= of a ranking: an ISO 4217 code (any case); left out, the business's main currency (`rankingCurrencies`). */
export const rankingQuery = z.object({
  currency: currencyCodeInput.optional(),
});

/** One currency a business has commissions in, with what its ranking this month is made of. */
export const rankingCurrency = z.object({
  /** ISO 4217. */
  currency: z.string(),
  /** Paid commissions this month (UTC) the ranking counts; 0 means that currency's ranking is empty. */
  paidThisMonth: z.number(),
  /** Commissions in this currency that are not cancelled, any month. */
  commissionCount: z.number(),
});
export type RankingCurrency = z.infer<typeof rankingCurrency>;

/**
 * The currencies a business can be ranked in: those with paid commissions this month first (most paid commissions
 * first), then the others it has commissions in (most first), ties by code. Counts, never amounts: amounts of two
 * currencies are not compared or added (decision record 013).
 */
export const rankingCurrencies = z.object({
  /** The business's main currency, ranked when ?currency= is left out: the first of `currencies`, USD when it has none. */
  defaultCurrency: z.string(),
  currencies: z.array(rankingCurrency),
});
export type RankingCurrencies = z.infer<typeof rankingCurrencies>;

/** Filters of a commission statement (CSV): created between two UTC days, inclusive, and a status. */
export const statementQuery = z
  .object({
    from: filterDay().optional(),
    to: filterDay().optional(),
    status: z.enum([...commissionStatuses, 'all']).default('all'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must be on or before to', path: ['from'] });
export type StatementQuery = z.infer<typeof statementQuery>;
export type StatementQueryInput = z.input<typeof statementQuery>;

/** The columns of a statement, in order: what the commission lists show, one row per commission. */
export const statementColumns = [
  'Commission', 'Created', 'Payable from', 'Status', 'Source', 'Order', 'Business', 'Pro staff', 'Description', 'Currency', 'Amount', 'Paid',
  // Added last (issue 44), so a spreadsheet reading the columns above by position keeps working.
  'Channel', 'Location',
] as const;
