import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, cascadingReference, isActiveColumn, dayColumn } from './columns';
import { dailyViewColumns } from './daily-views';
import { businessIdColumn } from './profiles';

export const promotionTypes = ['banner', 'spotlight', 'featured_listing'] as const;
export const promotionAudiences = ['all_pro_staff', 'specific_specialties', 'location_based'] as const;

/** Paid promotions a business shows to pro staff; spend is charged per click, in cents. */
export const promotions = pgTable(
  'promotions',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    targetUrl: text('target_url'),
    imageUrl: text('image_url'),
    promotionType: text('promotion_type', { enum: promotionTypes }).notNull(),
    targetAudience: text('target_audience', { enum: promotionAudiences }).notNull(),
    targetSpecialties: text('target_specialties').array().notNull().default([]),
    targetLocation: text('target_location'),
    budgetCents: integer('budget_cents').notNull(),
    /** Null: no daily cap. */
    dailyBudgetCents: integer('daily_budget_cents'),
    costPerClickCents: integer('cost_per_click_cents').notNull().default(200),
    /** Inclusive UTC calendar days. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: isActiveColumn(),
    totalImpressions: integer('total_impressions').notNull().default(0),
    totalClicks: integer('total_clicks').notNull().default(0),
    totalSpentCents: integer('total_spent_cents').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [index('promotions_business_id_idx').on(table.businessId), index('promotions_delivery_idx').on(table.isActive, table.startDate, table.endDate)],
);

/** Per promotion and UTC day: what the analytics chart and the daily cap read. */
export const promotionDailyStats = pgTable(
  'promotion_daily_stats',
  {
    promotionId: cascadingReference('promotion_id', () => promotions.id),
    day: dayColumn(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spentCents: integer('spent_cents').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.day] })],
);

/** One row per viewer, promotion, UTC day and kind: impressions and charged clicks count once a day per viewer. */
export const promotionViews = pgTable(
  'promotion_views',
  {
    promotionId: cascadingReference('promotion_id', () => promotions.id),
    ...dailyViewColumns(),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.viewerUserId, table.day, table.kind] })],
);
