import type { AppContext } from '@server/lib/context';
import { utcDay } from '@server/lib/utc-day';
import { allotmentYear } from './allotment';
import * as repo from './repository';
import { placeStaffer } from './tiers-service';

/**
 * The promotion rule (decision record 038): a tier may promote its staffers into another once, in the allotment year,
 * their attributed sales (in the tier's currency) or approved posts reach a threshold. A daily task applies it; the
 * move is written in the agreement history and told to both sides.
 */

export const PROMOTE_TASK = 'gear.tiers.promote';

export async function promoteQualified(ctx: AppContext, now = new Date()): Promise<{ promoted: number }> {
  const today = utcDay(now);
  let promoted = 0;
  for (const tier of await repo.tiersWithPromotion(ctx.db)) {
    const season = allotmentYear(tier.renewsOn, today);
    for (const member of await repo.membersOf(ctx.db, tier.id)) {
      const measure = await repo.promotionMeasure(ctx.db, tier.promoteMetric!, tier.businessId, member.proStaffId, tier.currency, season.start);
      if (measure < tier.promoteThreshold!) continue;
      try {
        await placeStaffer(ctx, { id: null, businessId: tier.businessId }, member.proStaffId, tier.promoteToTierId!, `the promotion rule of ${tier.name} (${measure} ≥ ${tier.promoteThreshold})`, now, true);
        promoted++;
      } catch (error) {
        // A staffer who left the roster since is not promoted; the others still are.
        ctx.log.info({ err: error, proStaffId: member.proStaffId, tierId: tier.id }, 'gear promotion skipped');
      }
    }
  }
  return { promoted };
}
