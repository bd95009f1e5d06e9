import type { AdminAnalytics, PlatformStats, RecentUser } from '@shared/contracts/admin';
import { businessTiers, proStaffTiers } from '@shared/plans';
import type { AppContext } from '@server/lib/context';
import { isoInstant } from '@server/db/rows';
import { startOfMonthUtc } from '@server/lib/entitlements';
import { isStripeConfigured } from '../billing/stripe-client';
import * as repo from './repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const RECENT_USERS_LIMIT = 10;

/** Percent with one decimal; null when there is nothing to compare against. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

function windows(now: Date): repo.Windows {
  return {
    now,
    todayStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    monthStart: startOfMonthUtc(now),
    since7d: new Date(now.getTime() - 7 * DAY),
    since30d: new Date(now.getTime() - 30 * DAY),
    since15m: new Date(now.getTime() - 15 * MINUTE),
  };
}

export async function analytics(ctx: AppContext, now = new Date()): Promise<AdminAnalytics> {
  const w = windows(now);
  const { db } = ctx;
  const [counts, pages, tiers, statuses, top, hasMessages, hasReviews] = await Promise.all([
    repo.coreCounts(db, w),
    repo.topPages(db, w.since7d),
    repo.usersByTier(db),
    repo.subscriptionsByStatus(db),
    repo.topBusiness(db),
    repo.hasColumns(db, 'messages', ['conversation_id', 'from_user_id', 'to_user_id', 'created_at']),
    repo.hasColumns(db, 'reviews', ['id']),
  ]);

  const business: Record<string, number> = Object.fromEntries(businessTiers.map((tier) => [tier, 0]));
  const proStaff: Record<string, number> = Object.fromEntries(proStaffTiers.map((tier) => [tier, 0]));
  for (const row of tiers) {
    const bucket = row.user_type === 'pro_staff' ? proStaff : business;
    bucket[row.subscription_tier] = (bucket[row.subscription_tier] ?? 0) + Number(row.n);
  }

  const messagesSent = hasMessages ? await repo.countRows(db, 'messages') : null;
  const averageResponseTime = hasMessages ? await repo.averageReplyMinutes(db, w.since30d) : null;

  return {
    generatedAt: now.toISOString(),
    totalUsers: counts.total_users,
    newUsersToday: counts.new_users_today,
    businessCount: counts.business_count,
    activeBusinesses: counts.active_businesses,
    businessGrowthRate: percent(counts.business_new, counts.business_base),
    proStaffCount: counts.pro_staff_count,
    activeProStaff: counts.active_pro_staff,
    proStaffGrowthRate: percent(counts.pro_staff_new, counts.pro_staff_base),
    jobPostings: counts.job_postings,
    activeJobs: counts.active_jobs,
    applications: counts.applications,
    messagesSent,
    reviewsCount: hasReviews ? await repo.countRows(db, 'reviews') : null,
    pageViews: counts.page_views,
    pageViewsToday: counts.page_views_today,
    topPages: pages,
    topBusiness: top
      ? {
          companyName: top.company_name,
          jobPostings: Number(top.job_postings),
          applications: Number(top.applications),
          messages: hasMessages ? await repo.messagesSentBy(db, top.user_id) : null,
        }
      : null,
    monthlyRevenue: counts.monthly_revenue,
    totalRevenue: counts.total_revenue,
    recurringRevenue: counts.recurring_revenue,
    subscriptions: { business, proStaff },
    subscriptionStatuses: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
    weeklyGrowth: percent(counts.new_7d, counts.base_7d),
    monthlyGrowth: percent(counts.new_30d, counts.base_30d),
    retentionRate: percent(counts.retained, counts.base_30d),
    averageResponseTime: averageResponseTime === null ? null : Math.round(averageResponseTime * 10) / 10,
    activeSessions: counts.active_sessions,
  };
}

export async function recentUsers(ctx: AppContext): Promise<RecentUser[]> {
  const rows = await repo.recentUsers(ctx.db, RECENT_USERS_LIMIT);
  return rows.map((row) => ({ id: row.id, email: row.email, userType: row.user_type, subscriptionTier: row.subscription_tier, createdAt: isoInstant(row.created_at) }));
}

export async function platformStats(ctx: AppContext, now = new Date()): Promise<PlatformStats> {
  const started = performance.now();
  let ok = true;
  try {
    await repo.pingDatabase(ctx.db);
  } catch {
    ok = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const webhooks = ok ? await repo.webhookActivity(ctx.db, new Date(now.getTime() - DAY)) : { recent: 0, last: null };
  return {
    generatedAt: now.toISOString(),
    database: { kind: ctx.database.kind, ok, latencyMs },
    serverUptimeSeconds: Math.round(process.uptime()),
    memoryRssMb: Math.round(process.memoryUsage().rss / (1024 * 1024)),
    nodeVersion: process.version,
    payments: {
      stripeConfigured: isStripeConfigured(ctx.config),
      webhooksConfigured: Boolean(ctx.config.stripe.webhookSecret),
      webhooksLast24h: webhooks.recent,
      lastWebhookAt: webhooks.last ? isoInstant(webhooks.last) : null,
    },
  };
}
