/** Admin dashboard payloads. Definitions of each figure: docs/decisions/009-admin-metrics.md. */

export type AdminAnalytics = {
  generatedAt: string;
  totalUsers: number;
  newUsersToday: number;
  businessCount: number;
  activeBusinesses: number;
  /** Percent; null when there was no baseline to grow from. */
  businessGrowthRate: number | null;
  proStaffCount: number;
  activeProStaff: number;
  proStaffGrowthRate: number | null;
  jobPostings: number;
  activeJobs: number;
  applications: number;
  /** null when the messaging tables are not installed. */
  messagesSent: number | null;
  /** null when the reviews table is not installed. */
  reviewsCount: number | null;
  pageViews: number;
  pageViewsToday: number;
  topPages: { path: string; views: number }[];
  /** The business whose postings received the most applications. */
  topBusiness: { companyName: string; jobPostings: number; applications: number; messages: number | null } | null;
  /** Cents paid this calendar month (UTC). */
  monthlyRevenue: number;
  /** Cents paid, all time. */
  totalRevenue: number;
  /** Cents per month from subscriptions currently billing (active or past_due). */
  recurringRevenue: number;
  /** Users per plan, by account type. */
  subscriptions: { business: Record<string, number>; proStaff: Record<string, number> };
  /** Stripe subscriptions by status (trialing, active, past_due, canceled, ...). */
  subscriptionStatuses: Record<string, number>;
  weeklyGrowth: number | null;
  monthlyGrowth: number | null;
  retentionRate: number | null;
  /** Minutes; null without messaging data. */
  averageResponseTime: number | null;
  activeSessions: number;
};

export type RecentUser = { id: number; email: string; userType: 'business' | 'pro_staff'; subscriptionTier: string; createdAt: string };

export type PlatformStats = {
  generatedAt: string;
  database: { kind: 'pglite' | 'postgres'; ok: boolean; latencyMs: number };
  serverUptimeSeconds: number;
  memoryRssMb: number;
  nodeVersion: string;
  payments: { stripeConfigured: boolean; webhooksConfigured: boolean; webhooksLast24h: number; lastWebhookAt: string | null };
};
