import { planFor, type Plan, type UserType } from '@shared/plans';
import { limitMessage, UPGRADE_URL, type CountedLimit } from '@shared/plan-limits';
import { AppError } from './errors';

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

export function assertFeature(user: { userType: UserType; subscriptionTier: string }, feature: 'analytics' | 'featuredPlacement', what: string): void {
  const plan = planOf(user);
  if (!plan.limits[feature]) {
    throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan does not include ${what}.`, { plan: plan.id, upgradeUrl: UPGRADE_URL });
  }
}

/** Start of the current calendar month in UTC: the window for monthly limits. */
export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
