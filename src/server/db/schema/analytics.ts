import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, setNullReference } from './columns';
import { users } from './users';

/**
 * One row per time a profile was opened by someone other than its owner; the weekly "profile views"
 * series of the business analytics page counts these (docs/decisions/019-analytics-charts.md).
 * profile_id is a business_profiles or pro_staff_profiles id, told apart by profile_type.
 */
export const profileViews = pgTable(
  'profile_views',
  {
    id: idColumn(),
    profileType: text('profile_type', { enum: ['business', 'pro_staff'] }).notNull(),
    profileId: integer('profile_id').notNull(),
    /** Null for visitors without a session. */
    viewerUserId: setNullReference('viewer_user_id', () => users.id),
    createdAt: createdAtColumn(),
  },
  (table) => [index('profile_views_profile_created_idx').on(table.profileType, table.profileId, table.createdAt)],
);
