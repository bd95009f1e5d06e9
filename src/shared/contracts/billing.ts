import { z } from 'zod';
import { allTiers } from '../plans';

export const createSubscriptionBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

export type CreateSubscriptionResponse = {
  /** Confirm with stripe.confirmCardSetup ('setup', trials) or stripe.confirmCardPayment ('payment'). */
  clientSecret: string;
  intentType: 'setup' | 'payment';
  subscriptionId: string;
  status: string;
  /** Free-trial days granted (first subscription only). */
  trialDays: number;
  /** Unix seconds of the first charge when it is not today (trial, or the old plan's paid period), else null. */
  billingStartsAt: number | null;
};

/** Stripe statuses that keep the plan's features (past_due is the retry grace period). */
export const liveSubscriptionStatuses = ['active', 'trialing', 'past_due'] as const;

/** Spec: every paid plan can be tried for 14 days without a card, once per account. */
export const TRIAL_DAYS = 14;

export const startTrialBody = z.object({
  tier: z.enum(allTiers, { message: 'Choose a plan' }),
});
export type StartTrialBody = z.infer<typeof startTrialBody>;

export type TrialStatus = {
  tier: string;
  /** Unix seconds. */
  startedAt: number;
  endsAt: number;
  /** Whole days left, rounded up; 0 once ended. */
  daysLeft: number;
  /** The trial's plan applies now (running, and the account has not subscribed). */
  active: boolean;
};

export type SubscriptionStatusResponse = {
  hasSubscription: boolean;
  /** The plan that applies now: the subscription's, a running trial's, or free. */
  tier: string;
  status: string | null;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds, or null. */
  currentPeriodEnd: number | null;
  /** The account's free trial, running or past; null if it never started one. */
  trial: TrialStatus | null;
  /** Whether the account may still start a free trial. */
  trialAvailable: boolean;
};

export type CancelSubscriptionResponse = {
  cancelAtPeriodEnd: boolean;
  /** Unix seconds: the subscription stays active until then. */
  currentPeriodEnd: number | null;
};

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
