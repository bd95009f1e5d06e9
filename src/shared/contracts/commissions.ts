import { z } from 'zod';
import { centsToDecimalString, parseMoneyToCents } from '../format';
import { dbIdParam } from './common';

export const commissionStatuses = ['pending', 'paid', 'cancelled'] as const;
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

export type Commission = {
  id: number;
  businessId: number;
  proStaffId: number;
  /** Decimal string in the commission's currency, e.g. "125.50" USD or "2.935" KWD; negative for adjustments. */
  amount: string;
  /** Minor units of `currency` (cents, fils, yen). */
  amountCents: number;
  /** ISO 4217; amounts of different currencies are never added. */
  currency: string;
  /** For an adjustment entry: the paid commission it corrects. */
  adjustsCommissionId: number | null;
  description: string | null;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  status: CommissionStatus;
  source: 'manual' | 'order' | 'adjustment';
  orderId: string | null;
  createdAt: string;
  paidAt: string | null;
  proStaff: { firstName: string; lastName: string };
  business: { companyName: string };
};

/** A pro staffer the business can pay: those linked to its jobs first, then everyone matching the search. */
export type CommissionPayee = {
  id: number;
  firstName: string;
  lastName: string;
  location: string | null;
  /** The strongest link to this business's jobs: accepted, applied, or none. */
  relation: 'accepted' | 'applied' | null;
};

export const payeeQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
});

export const businessIdParam = z.object({ businessId: dbIdParam });

export type RankingEntry = {
  /** The pro staff profile id (one entry per pro staffer). */
  id: number;
  proStaffId: number;
  rank: number;
  profile: {
    firstName: string;
    lastName: string;
    isVerified: boolean;
    location: string | null;
    specialties: string[];
    experience: number;
  };
  /** The currency of the totals: rankings are per currency (?currency=, USD by default). */
  currency: string;
  /** Decimal strings in `currency`. */
  totalCommissions: string;
  averageCommission: string;
  totalCommissionsCents: number;
  averageCommissionCents: number;
  /** Number of paid commissions this month. */
  totalJobs: number;
  /** When this ranking was computed (ISO). */
  lastUpdated: string;
  /** The most recent payment counted (ISO). */
  lastPaidAt: string;
};
