import { z } from 'zod';
import { dbId, filterDay } from './common';

/**
 * Payouts through Stripe Connect (docs/decisions/025-payouts-stripe-connect.md): a pro staffer's payout account, a
 * business paying payable commissions in one action, and both sides' payout history and balances.
 */

/**
 * A payout account's state as the pro staffer sees it:
 * - `not_connected`: no account yet;
 * - `details_needed`: onboarding not finished (Stripe still needs details);
 * - `ready`: payouts enabled and transfers active: businesses can pay through HuntStaff;
 * - `restricted`: onboarded, but Stripe paused transfers or payouts until more details are given.
 */
export const payoutAccountStates = ['not_connected', 'details_needed', 'ready', 'restricted'] as const;
export type PayoutAccountState = (typeof payoutAccountStates)[number];

export const payoutAccount = z.object({
  /** Whether this server can take payments and move money (Stripe keys set); without it the page says payouts are being set up. */
  configured: z.boolean(),
  state: z.enum(payoutAccountStates),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** How many details Stripe says are due now. */
  requirementsDue: z.number(),
  /** Stripe's reason the account is disabled, if any (e.g. requirements.past_due). */
  disabledReason: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

export const payoutAccountLink = z.object({
  /** Stripe's hosted onboarding page; short-lived, open it at once. */
  url: z.string(),
});
export type PayoutAccountLink = z.infer<typeof payoutAccountLink>;

export const MAX_COMMISSIONS_PER_PAYOUT = 2000;

export const payNowBody = z.object({
  commissionIds: z
    .array(dbId, { error: 'Select the commissions to pay' })
    .min(1, 'Select at least one commission')
    .max(MAX_COMMISSIONS_PER_PAYOUT, `Pay at most ${MAX_COMMISSIONS_PER_PAYOUT} commissions at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'A commission is listed twice'),
});
export type PayNowBody = z.infer<typeof payNowBody>;

export const payoutStatuses = ['processing', 'paid', 'partial', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutItemStatuses = ['pending', 'paid', 'failed'] as const;

export const payoutItem = z.object({
  proStaffId: z.number(),
  name: z.string(),
  /** What was (or is being) transferred: their commissions less their outstanding negative entries. */
  amount: z.string(),
  amountCents: z.number(),
  status: z.enum(payoutItemStatuses),
  failureReason: z.string().nullable(),
  /** The commissions (and netted negative entries) this transfer covers. */
  commissionIds: z.array(z.number()),
});

export const payout = z.object({
  id: z.number(),
  currency: z.string(),
  /** What the card was charged (the sum of the transfers). */
  amount: z.string(),
  amountCents: z.number(),
  status: z.enum(payoutStatuses),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  items: z.array(payoutItem),
});
export type Payout = z.infer<typeof payout>;

/** A pro staffer's share of one payout, as they see it. */
export const receivedPayout = z.object({
  payoutId: z.number(),
  companyName: z.string(),
  currency: z.string(),
  amount: z.string(),
  amountCents: z.number(),
  /** `processing` while the payout is; then the transfer's own outcome. */
  status: z.enum(['processing', 'paid', 'failed']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  commissionIds: z.array(z.number()),
});
export type ReceivedPayout = z.infer<typeof receivedPayout>;

/** What one business owes one pro staffer in one currency now (amounts never added across currencies). */
export const balance = z.object({
  proStaffId: z.number(),
  name: z.string(),
  businessId: z.number(),
  companyName: z.string(),
  currency: z.string(),
  /** Payable commissions not yet paid or in a payout. */
  payableCents: z.number(),
  /** Outstanding negative entries (refunds after payment), ≤ 0. */
  negativeCents: z.number(),
  /** payable + negative: what the next payout transfers; negative when refunds exceed what is owed. */
  netCents: z.number(),
  net: z.string(),
  /** Whether the pro staffer can be paid through HuntStaff now. */
  accountState: z.enum(payoutAccountStates),
});
export type Balance = z.infer<typeof balance>;

export const businessPayouts = z.object({
  /** Whether Pay now is available on this server (Stripe keys set); otherwise commissions are marked paid outside HuntStaff. */
  configured: z.boolean(),
  payouts: z.array(payout),
  balances: z.array(balance),
});
export type BusinessPayouts = z.infer<typeof businessPayouts>;
export const proStaffPayouts = z.object({ payouts: z.array(receivedPayout), balances: z.array(balance) });
export type ProStaffPayouts = z.infer<typeof proStaffPayouts>;

/** POST /api/stripe/connect-webhook: as the account webhook answers. */
export const connectWebhookResult = z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.literal(true).optional() });

/** Filters of a payout statement (CSV): created between two UTC days, inclusive, and a transfer's status. */
export const payoutStatementQuery = z
  .object({
    from: filterDay().optional(),
    to: filterDay().optional(),
    status: z.enum(['processing', 'paid', 'failed', 'all']).default('all'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must be on or before to', path: ['from'] });
export type PayoutStatementQuery = z.infer<typeof payoutStatementQuery>;

/** One row per transfer (a payout to one pro staffer), in the order the payout lists show. */
export const payoutStatementColumns = ['Payout', 'Created', 'Completed', 'Status', 'Business', 'Pro staff', 'Currency', 'Amount', 'Commissions', 'Failure reason'] as const;
