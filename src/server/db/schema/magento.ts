import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { integrationPlatforms } from './discounts';

/**
 * Where the Magento order poll of one store has got to (issue 44, decision record 040): the last `updated_at` it
 * processed (Magento's "YYYY-MM-DD HH:MM:SS", UTC) and the entity ids it processed at that exact second, so an order
 * updated in the same second as the cursor is neither missed nor counted twice. The row is locked while a page is
 * applied and moved in the same transaction as that page's orders.
 */
export const magentoPollCursors = pgTable('magento_poll_cursors', {
  platformId: integer('platform_id').primaryKey().references(() => integrationPlatforms.id, { onDelete: 'cascade' }),
  updatedAt: text('updated_at').notNull(),
  seenIds: text('seen_ids').array().notNull().default([]),
  polledAt: timestamp('polled_at', { withTimezone: true }).notNull().defaultNow(),
});
