import { date, index, integer, pgTable, primaryKey, text, timestamp, bigint } from 'drizzle-orm/pg-core';
import { cascadingReference } from './columns';
import { users } from './users';
import { businessIdColumn, proStaffIdColumn } from './profiles';

/**
 * Accounts warned that they will be removed for inactivity (decision record 026): one row per account, with the
 * `last_active_at` it had when warned. The account is removed 30 days after the warning only if it is still that
 * value (the user did not come back); a user who comes back has the row dropped and is warned afresh next time.
 */
export const retentionWarnings = pgTable('retention_warnings', {
  userId: cascadingReference('user_id', () => users.id).primaryKey(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  warnedAt: timestamp('warned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each month's pro staff rankings per business and currency, stored once the month has ended (decision record 026),
 * so a past month's table no longer depends on rows that may later change or be removed.
 */
export const rankingSnapshots = pgTable(
  'ranking_snapshots',
  {
    /** The first day of the ranked UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    businessId: businessIdColumn(),
    currency: text('currency').notNull(),
    proStaffId: proStaffIdColumn(),
    rank: integer('rank').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCount: integer('paid_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.businessId, table.currency, table.proStaffId] }),
    index('ranking_snapshots_business_month_idx').on(table.businessId, table.month),
  ],
);
