import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, idColumn, timestampColumns } from './columns';
import { businessIdColumn, proStaffIdColumn } from './profiles';

/**
 * A business's season (decision record 033): a named range of UTC days, e.g. "Spring turkey 2027". Both days are
 * inside the season (`ends_on` is its last day). The name is unique per business, whatever its case.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The last day of the season (inclusive). */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('seasons_business_name_idx').on(table.businessId, sql`lower(${table.name})`),
    index('seasons_ends_on_idx').on(table.endsOn),
  ],
);

/**
 * One rostered staffer's targets for a season (at most one goal per staffer and season). A null target is no target;
 * the sales target is an amount in minor units of `sales_currency` (both null, or both set). Progress is computed on
 * read from attributed orders and approved task proofs; `reached_notified_at` records that both sides were told the
 * goal was reached (once; cleared when the targets change).
 */
export const goals = pgTable(
  'goals',
  {
    id: idColumn(),
    seasonId: cascadingReference('season_id', () => seasons.id),
    proStaffId: proStaffIdColumn(),
    salesTargetMinor: integer('sales_target_minor'),
    salesCurrency: text('sales_currency'),
    postsTarget: integer('posts_target'),
    eventsTarget: integer('events_target'),
    reportsTarget: integer('reports_target'),
    reachedNotifiedAt: timestamp('reached_notified_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('goals_season_pro_staff_idx').on(table.seasonId, table.proStaffId),
    index('goals_pro_staff_idx').on(table.proStaffId),
    index('goals_unnotified_idx').on(table.seasonId).where(sql`${table.reachedNotifiedAt} is null`),
  ],
);
