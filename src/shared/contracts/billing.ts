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
