import { z } from 'zod';
import { allTiers } from '../plans';

export const createSubscriptionBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

export const createSubscriptionResponse = z.object({
  /** Confirm with stripe.confirmCardSetup ('setup', trials) or stripe.confirmCardPayment ('payment'). */
  clientSecret: z.string(),
  intentType: z.enum(['setup', 'payment']),
  subscriptionId: z.string(),
  status: z.string(),
  /** Free-trial days granted (first subscription only). */
  trialDays: z.number(),
  /** Unix seconds of the first charge when it is not today (trial, or the old plan's paid period), else null. */
  billingStartsAt: z.number().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/** Stripe statuses that keep the plan's features (past_due is the retry grace period). */
export const liveSubscriptionStatuses = ['active', 'trialing', 'past_due'] as const;

/** Spec: every paid plan can be tried for 14 days without a card, once per account. */
export const TRIAL_DAYS = 14;

export const startTrialBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
});
export type StartTrialBody = z.infer<typeof startTrialBody>;

export const trialStatus = z.object({
  tier: z.string(),
  /** Unix seconds. */
  startedAt: z.number(),
  endsAt: z.number(),
  /** Whole days left, rounded up; 0 once ended. */
  daysLeft: z.number(),
  /** The trial's plan applies now (running, and the account has not subscribed). */
  active: z.boolean(),
});
export type TrialStatus = z.infer<typeof trialStatus>;

export const subscriptionStatusResponse = z.object({
  hasSubscription: z.boolean(),
  /** The plan that applies now: the subscription's, a running trial's, or free. */
  tier: z.string(),
  status: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Unix seconds, or null. */
  currentPeriodEnd: z.number().nullable(),
  /** The account's free trial, running or past; null if it never started one. */
  trial: trialStatus.nullable(),
  /** Whether the account may still start a free trial. */
  trialAvailable: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponse>;

/** The subscription's end as the status gives it: it stays active until `currentPeriodEnd` (Unix seconds). */
export const cancelSubscriptionResponse = subscriptionStatusResponse.pick({ cancelAtPeriodEnd: true, currentPeriodEnd: true });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;

/** POST /api/stripe/webhook: received, and whether the event was a duplicate or of a type we do not use. */
export const stripeWebhookResult = z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.literal(true).optional() });
export type StripeWebhookResult = z.infer<typeof stripeWebhookResult>;

/** POST /api/test/end-my-trial (test server only): what the trial job did. */
export const trialJobsResult = z.object({ reminded: z.number(), ended: z.number() });

export const pageViewBody = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^\/(?!api(\/|$))/, 'A page path starting with / (not /api)')
    .transform((path) => path.split(/[?#]/)[0]),
  visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});
export type PageViewBody = z.input<typeof pageViewBody>;

// ---- plan changes with proration, and the 30-day money-back guarantee (decision record 042) ----

export const planChangePreviewBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
});
export type PlanChangePreviewBody = z.infer<typeof planChangePreviewBody>;

export const prorationLine = z.object({
  description: z.string(),
  /** Minor units; negative for the credit of the unused time on the old plan. */
  amount: z.number().int(),
  proration: z.boolean(),
  /** Unix seconds. */
  periodStart: z.number(),
  periodEnd: z.number(),
});

/** Stripe's invoice preview of the change, as the subscription page shows it before the change is confirmed. */
export const planChangePreview = z.object({
  tier: z.string(),
  direction: z.enum(['upgrade', 'downgrade']),
  /** Minor units charged at once (0 for a downgrade, whose credit goes to the account's Stripe balance). */
  amountDue: z.number().int(),
  /** Sum of the lines: negative when the change leaves a credit. */
  total: z.number().int(),
  /** Credit (minor units, ≥ 0) left on the balance for the next invoices. */
  credit: z.number().int(),
  currency: z.string(),
  /** Unix seconds Stripe prorated to: send it back with the confirmation. */
  prorationDate: z.number().int(),
  /** When the new plan's limits apply (Unix seconds: now). */
  effectiveAt: z.number(),
  /** The current period's end, when the next full invoice at the new price comes. */
  periodEnd: z.number(),
  /** The new plan's monthly price, minor units. */
  newMonthlyAmount: z.number().int(),
  lines: z.array(prorationLine),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;

export const planChangeBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
  /** The `prorationDate` of the preview that was shown: the change is prorated to it. */
  prorationDate: z.number({ message: 'Preview the change first' }).int().positive(),
  /** The `amountDue` of that preview: refused (409) when Stripe would now charge another amount. */
  expectedAmountDue: z.number({ message: 'Preview the change first' }).int().min(0),
});
export type PlanChangeBody = z.infer<typeof planChangeBody>;

export const planChangeResult = z.object({
  tier: z.string(),
  amountCharged: z.number().int(),
  credit: z.number().int(),
  currency: z.string(),
  effectiveAt: z.number(),
});
export type PlanChangeResult = z.infer<typeof planChangeResult>;

/** Spec: a 30-day money-back guarantee on every paid plan, counted from the subscription's first payment. */
export const MONEY_BACK_DAYS = 30;

export const moneyBackStatus = z.object({
  eligible: z.boolean(),
  /** Why not, in words for the disabled button; null when eligible. */
  reason: z.string().nullable(),
  /** Unix seconds: the end of the 30 days, null before a first payment. */
  until: z.number().nullable(),
  /** What would be refunded (minor units) and its currency. */
  amount: z.number().int(),
  currency: z.string(),
});
export type MoneyBackStatus = z.infer<typeof moneyBackStatus>;

export const moneyBackResult = z.object({
  refunded: z.number().int(),
  currency: z.string(),
  refunds: z.number().int(),
  tier: z.literal('free'),
});
export type MoneyBackResult = z.infer<typeof moneyBackResult>;

export const adminRefund = z.object({
  id: z.number(),
  stripeRefundId: z.string(),
  stripeInvoiceId: z.string(),
  userId: z.number().nullable(),
  email: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  source: z.enum(['app', 'stripe']),
  createdAt: z.string(),
});
export const adminRefundsResponse = z.object({ refunds: z.array(adminRefund) });
export type AdminRefundsResponse = z.infer<typeof adminRefundsResponse>;
