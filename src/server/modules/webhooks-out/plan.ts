import { AppError } from '@server/lib/errors';
import { planOf } from '@server/lib/entitlements';
import { UPGRADE_URL } from '@shared/plan-limits';
import type { UserType } from '@shared/plans';

/**
 * Outgoing webhooks are part of "API access", which only the Enterprise plan lists (src/shared/plans.ts). A business
 * that leaves the plan keeps its endpoints (it sees them and may delete them) but nothing more is sent or changed
 * until it is back (decision record 044).
 */
export const API_ACCESS_TIER = 'enterprise';

export function assertApiAccess(user: { userType: UserType; subscriptionTier: string }): void {
  const plan = planOf(user);
  if (plan.id === API_ACCESS_TIER) return;
  throw new AppError('FORBIDDEN', `Your ${plan.name} plan does not include API access and webhooks. Upgrade to Enterprise to get them.`, {
    reason: 'plan_feature',
    feature: 'apiAccess',
    plan: plan.id,
    upgradeUrl: UPGRADE_URL,
  });
}
