import { z } from 'zod';

/** Time series for the charts (docs/decisions/019-analytics-charts.md). Buckets are UTC, oldest first, zero-filled. */

export const MAX_ANALYTICS_WEEKS = 52;
export const MAX_ANALYTICS_DAYS = 90;

export const weeklySeriesQuery = z.strictObject({
  weeks: z.coerce.number().int().min(1).max(MAX_ANALYTICS_WEEKS).default(12),
});
export const dailySeriesQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(MAX_ANALYTICS_DAYS).default(30),
});

export type BusinessWeek = {
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: string;
  profileViews: number;
  applications: number;
  messagesReceived: number;
  messagesSent: number;
  /** Store orders placed with one of the business's discount codes. */
  codeUses: number;
};

/** Money never mixes currencies: one series per currency the store reported (null: the store did not say). */
export type CurrencyWeeks = {
  currency: string | null;
  weeks: { weekStart: string; revenueCents: number; commissionCents: number }[];
};

export type BusinessAnalyticsSeries = {
  generatedAt: string;
  weeks: BusinessWeek[];
  money: CurrencyWeeks[];
};

export type PromotionsDay = { day: string; impressions: number; clicks: number; spentCents: number };

/** Every promotion of the business added up per UTC day; promotion spend is billed in US dollars. */
export type PromotionsDailySeries = { generatedAt: string; days: PromotionsDay[] };

export type GrowthWeek = { weekStart: string; newBusinesses: number; newProStaff: number; totalUsers: number };

export type AdminGrowthSeries = { generatedAt: string; weeks: GrowthWeek[] };
