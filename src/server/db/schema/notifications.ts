import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn } from './columns';
import { users } from './users';

/**
 * One thing that happened to a user, for the notification centre (decision record 030). The text is written when it
 * happens, so the list reads the same after the other party renames or deletes their account; `link` is an app path
 * (never an absolute URL), opened when the user clicks it. Messages are not copied here: conversations carry their own
 * unread count (and a mass message would write a row per recipient).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: cascadingReference('user_id', () => users.id),
    kind: text('kind', { enum: ['application', 'commission', 'payout', 'agreement', 'review', 'credential', 'campaign', 'task', 'goal', 'gear'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    // The bell's count reads only the unread rows.
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/**
 * A user's email choices. No row means the defaults: every kind by email, no weekly digest. `emailOff` lists the
 * kinds the user turned off (so a kind added later is on by email until they say otherwise).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: cascadingReference('user_id', () => users.id).primaryKey(),
  emailOff: jsonb('email_off').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  weeklyDigest: boolean('weekly_digest').notNull().default(false),
  /** When the last weekly digest went out, so a retried or overlapping run never sends two. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
