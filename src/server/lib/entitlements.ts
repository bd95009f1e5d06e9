import { sql } from 'drizzle-orm';
import { planFor, type Plan, type UserType } from '@shared/plans';
import { limitMessage, UPGRADE_URL, type CountedLimit } from '@shared/plan-limits';
import { planTrials } from '../db/schema/billing';
import { users } from '../db/schema/users';
import { AppError } from './errors';

/**
 * The tier whose limits apply to a user, as a column for any query over `users`: the subscribed
 * tier, or on Free the plan of a trial still running (decision record 014). Computed at read time, so
 * a trial ends on time even before the scheduled job has recorded its end. Session users carry this
 * value as `subscriptionTier`, which is what `planOf` and the limit checks below read.
 */
export const effectiveTier = sql<string>`case when ${users.subscriptionTier} = 'free' then coalesce((select ${planTrials.tier} from ${planTrials} where ${planTrials.userId} = ${users.id} and ${planTrials.endsAt} > now()), 'free') else ${users.subscriptionTier} end`;

export function planOf(user: { userType: UserType; subscriptionTier: string }): Plan {
  return planFor(user.userType, user.subscriptionTier);
}

/**
 * Throws 402 PLAN_LIMIT when one more would go over the plan's `key` limit.
 * `used` is how many the user already has in the limit's window. The message is a plain sentence; the
 * upgrade target is `details.upgradeUrl`, which the client renders as a link (decision 016).
 */
export function assertWithinLimit(user: { userType: UserType; subscriptionTier: string }, key: CountedLimit, used: number): void {
  const plan = planOf(user);
  const limit = plan.limits[key];
  if (limit === null || used < limit) return;
  throw new AppError('PLAN_LIMIT', limitMessage(plan.name, key, limit), { plan: plan.id, limit, used, upgradeUrl: UPGRADE_URL });
}

/**
 * Throws 403 when the user's plan does not include a feature (analytics, featured placement). 403 rather than
 * 402: no amount of usage unlocks it, only another plan; details.upgradeUrl says where to get one.
 */
export function assertFeature(user: { userType: UserType; subscriptionTier: string }, feature: 'analytics' | 'featuredPlacement', what: string): void {
  if (!planOf(user).limits[feature]) throw planFeatureRefusal(user, feature, (plan) => `Your ${plan} plan does not include ${what}. Upgrade your plan to get it.`);
}

/**
 * The 403 of every feature a plan does not include (API access, branding, coaching, analytics...): the message names
 * the user's plan; the details say which feature and where to upgrade, which the client renders as a link.
 */
export function planFeatureRefusal(user: { userType: UserType; subscriptionTier: string }, feature: string, message: (planName: string) => string): AppError {
  const plan = planOf(user);
  return new AppError('FORBIDDEN', message(plan.name), { reason: 'plan_feature', feature, plan: plan.id, upgradeUrl: UPGRADE_URL });
}

/** Start of the current calendar month in UTC: the window for monthly limits. */
export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
