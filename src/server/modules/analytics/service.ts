import type { AdminGrowthSeries, BusinessAnalyticsSeries, CurrencyWeeks, PromotionsDailySeries } from '@shared/contracts/analytics';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { assertFeature } from '@server/lib/entitlements';
import * as repo from './repository';
import { utcDay } from '@server/lib/utc-day';

type BusinessUser = SessionUser & { businessId: number };


/** Weekly activity of the signed-in business; plans without analytics are refused (403 with an upgrade link). */
export async function businessSeries(ctx: AppContext, user: BusinessUser, weeks: number, now = new Date()): Promise<BusinessAnalyticsSeries> {
  assertFeature(user, 'analytics', 'analytics');
  const [activity, money] = await Promise.all([
    repo.businessWeeks(ctx.db, { businessId: user.businessId, userId: user.id }, now, weeks),
    repo.businessMoneyWeeks(ctx.db, user.businessId, now, weeks),
  ]);
  const byCurrency = new Map<string | null, CurrencyWeeks>();
  for (const row of money) {
    let entry = byCurrency.get(row.currency);
    if (!entry) byCurrency.set(row.currency, (entry = { currency: row.currency, weeks: [] }));
    entry.weeks.push({ weekStart: row.week_start, revenueCents: Number(row.revenue_cents), commissionCents: Number(row.commission_cents) });
  }
  return {
    generatedAt: now.toISOString(),
    weeks: activity.map((row) => ({
      weekStart: row.week_start,
      profileViews: row.profile_views,
      applications: row.applications,
      messagesReceived: row.messages_received,
      messagesSent: row.messages_sent,
      codeUses: row.code_uses,
    })),
    money: [...byCurrency.values()],
  };
}

/** Per-day totals over all of the business's promotions; part of analytics, so gated like it. */
export async function promotionsSeries(ctx: AppContext, user: BusinessUser, days: number, now = new Date()): Promise<PromotionsDailySeries> {
  assertFeature(user, 'analytics', 'analytics');
  const rows = await repo.promotionsDays(ctx.db, user.businessId, utcDay(now), days);
  return {
    generatedAt: now.toISOString(),
    days: rows.map((row) => ({ day: row.day, impressions: row.impressions, clicks: row.clicks, spentCents: Number(row.spent_cents) })),
  };
}

export async function growthSeries(ctx: AppContext, weeks: number, now = new Date()): Promise<AdminGrowthSeries> {
  const rows = await repo.growthWeeks(ctx.db, now, weeks);
  return {
    generatedAt: now.toISOString(),
    weeks: rows.map((row) => ({ weekStart: row.week_start, newBusinesses: row.new_businesses, newProStaff: row.new_pro_staff, totalUsers: row.total_users })),
  };
}

/**
 * Called by the profile routes after a profile was found. Views by the owner are not counted, and a failure to
 * record never fails the page that shows the profile.
 */
export async function recordProfileView(
  ctx: AppContext,
  viewer: SessionUser | null,
  profile: { profileType: 'business' | 'pro_staff'; profileId: number },
  now = new Date(),
): Promise<void> {
  const own = profile.profileType === 'business' ? viewer?.businessId === profile.profileId : viewer?.proStaffId === profile.profileId;
  if (own) return;
  try {
    await repo.recordProfileView(ctx.db, { ...profile, viewerUserId: viewer?.id ?? null }, now);
  } catch (error) {
    ctx.log.warn({ err: error, profileType: profile.profileType }, 'profile view not recorded');
  }
}
