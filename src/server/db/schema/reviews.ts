import { boolean, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, cascadingReference } from './columns';
import { sql } from 'drizzle-orm';
import { users, userIdColumn } from './users';

/**
 * A review of a business or pro staff profile. revieweeId is business_profiles.id or pro_staff_profiles.id
 * depending on revieweeType (polymorphic, so no foreign key).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    reviewerId: cascadingReference('reviewer_id', () => users.id),
    reviewerType: text('reviewer_type', { enum: ['business', 'pro_staff'] }).notNull(),
    revieweeType: text('reviewee_type', { enum: ['business', 'pro_staff'] }).notNull(),
    revieweeId: integer('reviewee_id').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    pros: text('pros').array(),
    cons: text('cons').array(),
    isPublic: boolean('is_public').notNull().default(true),
    helpfulVotes: integer('helpful_votes').notNull().default(0),
    unhelpfulVotes: integer('unhelpful_votes').notNull().default(0),
    businessResponse: text('business_response'),
    responseDate: timestamp('response_date', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    unique('reviews_reviewer_reviewee_unique').on(table.reviewerId, table.revieweeType, table.revieweeId),
    index('reviews_reviewee_idx').on(table.revieweeType, table.revieweeId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** One helpful/unhelpful vote per user per review; the counters on reviews are kept in step with these rows. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    id: idColumn(),
    reviewId: cascadingReference('review_id', () => reviews.id),
    userId: userIdColumn(),
    isHelpful: boolean('is_helpful').notNull(),
    ...timestampColumns(),
  },
  (table) => [unique('review_votes_review_user_unique').on(table.reviewId, table.userId)],
);
