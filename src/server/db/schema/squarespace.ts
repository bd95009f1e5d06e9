import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumns } from './columns';
import { integrationPlatforms } from './discounts';

/**
 * The Squarespace webhook subscription a platform's Subscribe made (decision record 040): its id, to delete it when
 * the business subscribes again. Its signing secret is the platform's webhook secret (the replaced one keeps its
 * grace period), so deliveries are checked like every other store's.
 */
export const squarespaceSubscriptions = pgTable('squarespace_subscriptions', {
  platformId: integer('platform_id').primaryKey().references(() => integrationPlatforms.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').notNull(),
  endpointUrl: text('endpoint_url').notNull(),
  topics: jsonb('topics').$type<string[]>().notNull(),
  ...timestampColumns(),
});
