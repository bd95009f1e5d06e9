import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, setNullReference, timestampColumns, cascadingReference } from './columns';
import { businessIdColumn, proStaffIdColumn } from './profiles';
import { users } from './users';

/**
 * A pro staff agreement between a business and a pro staffer (decision record 028). Each row is one version of its
 * terms: a change is a new row (`version` + 1, `series_id` = the first version's id) that the staffer accepts, and
 * the accepted version is frozen. `expired` is never stored: an active row whose `end_date` has passed reads as
 * expired.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: idColumn(),
    /** The first version's id; null on the first version itself. */
    seriesId: integer('series_id').references((): AnyPgColumn => agreements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    status: text('status', { enum: ['offered', 'active', 'declined', 'withdrawn', 'ended', 'superseded'] }).notNull().default('offered'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    commissionRateBps: integer('commission_rate_bps').notNull(),
    gearAllowanceMinor: integer('gear_allowance_minor').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    proDealDiscountPercent: integer('pro_deal_discount_percent').notNull().default(0),
    duties: text('duties').notNull().default(''),
    postsPerTerm: integer('posts_per_term').notNull().default(0),
    eventsPerTerm: integer('events_per_term').notNull().default(0),
    fieldTestReportsPerTerm: integer('field_test_reports_per_term').notNull().default(0),
    exclusivityCategory: text('exclusivity_category'),
    /** Sent although the staffer held a conflicting exclusive agreement; the staffer must confirm ending it. */
    conflictAcknowledged: boolean('conflict_acknowledged').notNull().default(false),
    offeredByUserId: setNullReference('offered_by_user_id', () => users.id),
    acceptedByUserId: setNullReference('accepted_by_user_id', () => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedIp: text('accepted_ip'),
    endedByUserId: setNullReference('ended_by_user_id', () => users.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    ...timestampColumns(),
  },
  (table) => [
    index('agreements_business_status_idx').on(table.businessId, table.status),
    index('agreements_pro_staff_status_idx').on(table.proStaffId, table.status),
    index('agreements_series_idx').on(table.seriesId).where(sql`${table.seriesId} is not null`),
  ],
);

/** Every transition of an agreement, shown to both parties as its history. */
export const agreementEvents = pgTable(
  'agreement_events',
  {
    id: idColumn(),
    agreementId: cascadingReference('agreement_id', () => agreements.id),
    /** The series the version belongs to: its first version's id. */
    seriesId: integer('series_id').notNull(),
    actorUserId: setNullReference('actor_user_id', () => users.id),
    action: text('action', { enum: ['offered', 'revised', 'accepted', 'declined', 'withdrawn', 'ended', 'superseded', 'expired', 'tier_changed'] }).notNull(),
    reason: text('reason'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('agreement_events_series_idx').on(table.seriesId, table.id)],
);
