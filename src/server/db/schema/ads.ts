import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, cascadingReference } from './columns';
import { userIdColumn } from './users';
import { dailyViewColumns } from './daily-views';

export const adTypes = ['collaboration', 'job_posting', 'service_offer'] as const;
export const adAudiences = ['business', 'pro_staff', 'both'] as const;
export const adStatuses = ['active', 'paused', 'completed', 'draft'] as const;

/** Advertisements any signed-in user may run (within the plan's `advertisements` limit). */
export const advertisements = pgTable(
  'advertisements',
  {
    id: idColumn(),
    userId: userIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    adType: text('ad_type', { enum: adTypes }).notNull(),
    targetAudience: text('target_audience', { enum: adAudiences }).notNull(),
    budgetCents: integer('budget_cents').notNull(),
    durationDays: integer('duration_days').notNull(),
    contactInfo: text('contact_info').notNull(),
    location: text('location'),
    tags: text('tags').array().notNull().default([]),
    status: text('status', { enum: adStatuses }).notNull().default('active'),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    ...timestampColumns(),
  },
  (table) => [index('advertisements_user_id_idx').on(table.userId), index('advertisements_status_end_idx').on(table.status, table.endDate)],
);

/** One row per viewer, ad, UTC day and kind: an impression or click counts once a day per viewer. */
export const adViews = pgTable(
  'ad_views',
  {
    adId: cascadingReference('ad_id', () => advertisements.id),
    ...dailyViewColumns(),
  },
  (table) => [primaryKey({ columns: [table.adId, table.viewerUserId, table.day, table.kind] })],
);
