import type { SessionUser } from '@shared/contracts/auth';
import type { LimitUsage, PlanUsageResponse } from '@shared/contracts/usage';
import { limitMessage, UPGRADE_URL, type CountedLimit } from '@shared/plan-limits';
import type { AppContext } from '@server/lib/context';
import { planOf, startOfMonthUtc } from '@server/lib/entitlements';
// Each count is the very query the owning module enforces its limit with, so the gate and the refusal agree.
import { countActivePostings, countApplicationsSince, countPostingsCreatedSince } from '../jobs/repository';
import { countActiveCodes, countActivePlatforms } from '../discounts/repository';
import { countLive as countLiveAds } from '../ads/repository';
import { attachmentBytesUsed, countDirectMessagesSince } from '../messaging/repository';
import { countOpenForBusiness as countOpenAgreements } from '../agreements/repository';
import { countActive as countActiveCampaigns } from '../campaigns/repository';
import { utcDay } from '@server/lib/utc-day';

/** What the signed-in account has used of each plan limit, so the client can gate actions before a form opens. */
export async function planUsage(ctx: AppContext, user: SessionUser, now = new Date()): Promise<PlanUsageResponse> {
  const plan = planOf(user);
  const month = startOfMonthUtc(now);
  const usage = (key: CountedLimit, used: number): LimitUsage => {
    const limit = plan.limits[key];
    // Counts: one more would go over. Storage (bytes): nothing is left.
    const reached = limit !== null && used >= limit;
    return { limit, used, reached, message: limit === null ? null : limitMessage(plan.name, key, limit) };
  };
  const [messages, ads, storage] = await Promise.all([
    countDirectMessagesSince(ctx.db, user.id, month),
    countLiveAds(ctx.db, user.id, now),
    attachmentBytesUsed(ctx.db, user.id),
  ]);
  const limits: PlanUsageResponse['limits'] = {
    messagesPerMonth: usage('messagesPerMonth', messages),
    advertisements: usage('advertisements', ads),
    fileStorageBytes: usage('fileStorageBytes', storage),
  };
  if (user.userType === 'business') {
    const businessId = user.businessId;
    const today = utcDay(now);
    const [posts, active, codes, platforms, agreements, campaigns] = businessId
      ? await Promise.all([
          countPostingsCreatedSince(ctx.db, businessId, month),
          countActivePostings(ctx.db, businessId),
          countActiveCodes(ctx.db, businessId),
          countActivePlatforms(ctx.db, businessId),
          countOpenAgreements(ctx.db, businessId, today),
          countActiveCampaigns(ctx.db, businessId, today),
        ])
      : [0, 0, 0, 0, 0, 0];
    limits.jobPostsPerMonth = usage('jobPostsPerMonth', posts);
    limits.activeJobPostings = usage('activeJobPostings', active);
    limits.discountCodes = usage('discountCodes', codes);
    limits.integrations = usage('integrations', platforms);
    limits.activeAgreements = usage('activeAgreements', agreements);
    limits.activeCampaigns = usage('activeCampaigns', campaigns);
  } else {
    const applications = user.proStaffId ? await countApplicationsSince(ctx.db, user.proStaffId, month) : 0;
    limits.applicationsPerMonth = usage('applicationsPerMonth', applications);
  }
  return { plan: { id: plan.id, name: plan.name }, upgradeUrl: UPGRADE_URL, limits };
}
