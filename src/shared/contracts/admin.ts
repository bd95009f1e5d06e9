import { z } from 'zod';

/** Admin dashboard payloads. Definitions of each figure: docs/decisions/009-admin-metrics.md. */

const count = z.number();
const percent = z.number().nullable();
const countsByKey = z.record(z.string(), z.number());

export const adminAnalytics = z.object({
  generatedAt: z.string(),
  totalUsers: count,
  newUsersToday: count,
  businessCount: count,
  activeBusinesses: count,
  /** Percent; null when there was no baseline to grow from. */
  businessGrowthRate: percent,
  proStaffCount: count,
  activeProStaff: count,
  proStaffGrowthRate: percent,
  jobPostings: count,
  activeJobs: count,
  applications: count,
  /** null when the messaging tables are not installed. */
  messagesSent: count.nullable(),
  /** null when the reviews table is not installed. */
  reviewsCount: count.nullable(),
  pageViews: count,
  pageViewsToday: count,
  topPages: z.array(z.object({ path: z.string(), views: count })),
  /** The business whose postings received the most applications. */
  topBusiness: z.object({ companyName: z.string(), jobPostings: count, applications: count, messages: count.nullable() }).nullable(),
  /** Cents paid this calendar month (UTC). */
  monthlyRevenue: count,
  /** Cents paid, all time. */
  totalRevenue: count,
  /** Cents per month from subscriptions currently billing (active or past_due). */
  recurringRevenue: count,
  /** Users per plan, by account type. */
  subscriptions: z.object({ business: countsByKey, proStaff: countsByKey }),
  /** Stripe subscriptions by status (trialing, active, past_due, canceled, ...). */
  subscriptionStatuses: countsByKey,
  weeklyGrowth: percent,
  monthlyGrowth: percent,
  retentionRate: percent,
  /** Minutes; null without messaging data. */
  averageResponseTime: z.number().nullable(),
  activeSessions: count,
});
export type AdminAnalytics = z.infer<typeof adminAnalytics>;

export const recentUser = z.object({
  id: z.number(),
  email: z.string(),
  userType: z.enum(['business', 'pro_staff']),
  subscriptionTier: z.string(),
  createdAt: z.string(),
});
export type RecentUser = z.infer<typeof recentUser>;

export const platformStats = z.object({
  generatedAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  serverUptimeSeconds: z.number(),
  memoryRssMb: z.number(),
  nodeVersion: z.string(),
  payments: z.object({ stripeConfigured: z.boolean(), webhooksConfigured: z.boolean(), webhooksLast24h: z.number(), lastWebhookAt: z.string().nullable() }),
});
export type PlatformStats = z.infer<typeof platformStats>;
