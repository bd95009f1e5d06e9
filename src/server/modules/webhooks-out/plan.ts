import { planFeatureRefusal, planOf } from '@server/lib/entitlements';
import type { UserType } from '@shared/plans';

/**
 * Outgoing webhooks are part of "API access", which only the Enterprise plan lists (src/shared/plans.ts). A business
 * that leaves the plan keeps its endpoints (it sees them and may delete them) but nothing more is sent or changed
 * until it is back (decision record 044).
 */
export const API_ACCESS_TIER = 'enterprise';

export function assertApiAccess(user: { userType: UserType; subscriptionTier: string }): void {
  if (planOf(user).id === API_ACCESS_TIER) return;
  throw planFeatureRefusal(user, 'apiAccess', (plan) => `Your ${plan} plan does not include API access and webhooks. Upgrade to Enterprise to get them.`);
}
