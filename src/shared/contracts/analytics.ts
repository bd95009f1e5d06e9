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

export const businessWeek = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: z.string(),
  profileViews: z.number(),
  applications: z.number(),
  messagesReceived: z.number(),
  messagesSent: z.number(),
  /** Store orders placed with one of the business's discount codes. */
  codeUses: z.number(),
});
export type BusinessWeek = z.infer<typeof businessWeek>;

/** Money never mixes currencies: one series per currency the store reported (null: the store did not say). */
export const currencyWeeks = z.object({
  currency: z.string().nullable(),
  weeks: z.array(z.object({ weekStart: z.string(), revenueCents: z.number(), commissionCents: z.number() })),
});
export type CurrencyWeeks = z.infer<typeof currencyWeeks>;

export const businessAnalyticsSeries = z.object({ generatedAt: z.string(), weeks: z.array(businessWeek), money: z.array(currencyWeeks) });
export type BusinessAnalyticsSeries = z.infer<typeof businessAnalyticsSeries>;

export const promotionsDay = z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spentCents: z.number() });
export type PromotionsDay = z.infer<typeof promotionsDay>;

/** Every promotion of the business added up per UTC day; promotion spend is billed in US dollars. */
export const promotionsDailySeries = z.object({ generatedAt: z.string(), days: z.array(promotionsDay) });
export type PromotionsDailySeries = z.infer<typeof promotionsDailySeries>;

export const growthWeek = z.object({ weekStart: z.string(), newBusinesses: z.number(), newProStaff: z.number(), totalUsers: z.number() });
export type GrowthWeek = z.infer<typeof growthWeek>;

export const adminGrowthSeries = z.object({ generatedAt: z.string(), weeks: z.array(growthWeek) });
export type AdminGrowthSeries = z.infer<typeof adminGrowthSeries>;
