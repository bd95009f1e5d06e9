import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn, setNullReference, timestampColumns } from './columns';
import { users } from './users';

/** A time window a pro staffer offers for a coaching session, as wall-clock times in their time zone. */
export type PreferredWindow = { date: string; from: string; to: string };

/**
 * An Elite pro staffer's coaching session (decision record 046): asked for with a topic and a few windows, confirmed
 * (and rescheduled) by an admin, or cancelled by either. `uid` and `sequence` are the calendar invite's: one UID for
 * the session's life, the sequence raised by every invite after the first (RFC 5546).
 */
export const coachingSessions = pgTable(
  'coaching_sessions',
  {
    id: idColumn(),
    userId: cascadingReference('user_id', () => users.id),
    topic: text('topic').notNull(),
    preferredTimes: jsonb('preferred_times').$type<PreferredWindow[]>().notNull(),
    timeZone: text('time_zone').notNull(),
    /** requested | confirmed | cancelled */
    status: text('status').notNull().default('requested'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(45),
    uid: text('uid').notNull().unique(),
    sequence: integer('sequence').notNull().default(0),
    /** The admin who confirmed the current time (the invite's organizer). */
    coachId: setNullReference('coach_id', () => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [index('coaching_sessions_user_idx').on(table.userId), index('coaching_sessions_status_idx').on(table.status, table.createdAt)],
);

/** A Contact Us message: from a visitor (user_id null) or a signed-in account. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: idColumn(),
    userId: setNullReference('user_id', () => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** open | answered | closed */
    status: text('status').notNull().default('open'),
    ...timestampColumns(),
  },
  (table) => [index('support_tickets_status_idx').on(table.status, table.createdAt), index('support_tickets_user_idx').on(table.userId), index('support_tickets_email_idx').on(table.email)],
);

/** An admin's answer to a ticket, mailed to the requester. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: idColumn(),
    ticketId: cascadingReference('ticket_id', () => supportTickets.id),
    /** The admin who answered. */
    userId: setNullReference('user_id', () => users.id),
    message: text('message').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('support_ticket_replies_ticket_idx').on(table.ticketId)],
);

/** The admin named as an Enterprise business account's account manager. */
export const accountManagers = pgTable('account_managers', {
  businessUserId: integer('business_user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  managerUserId: cascadingReference('manager_user_id', () => users.id),
  managerName: text('manager_name').notNull(),
  assignedAt: createdAtColumn(),
});
