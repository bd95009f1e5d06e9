import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, setNullReference } from './columns';
import { users } from './users';

/** A "Schedule Demo" request from the landing page; admins are notified and see the list on /admin. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    preferredTime: text('preferred_time').notNull(),
    message: text('message'),
    /** The signed-in account that asked, if any. */
    userId: setNullReference('user_id', () => users.id),
    createdAt: createdAtColumn(),
  },
  (table) => [index('demo_requests_created_at_idx').on(table.createdAt)],
);
