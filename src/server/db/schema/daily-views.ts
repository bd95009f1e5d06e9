import { text } from 'drizzle-orm/pg-core';
import { cascadingReference, dayColumn } from './columns';
import { users } from './users';

/**
 * The viewer, UTC day and kind of a "counted once a day per viewer" table (ad and promotion views): with the
 * viewed item's id they make the primary key, so a repeated impression or click that day adds no row.
 */
export const dailyViewColumns = () => ({
  viewerUserId: cascadingReference('viewer_user_id', () => users.id),
  day: dayColumn(),
  kind: text('kind', { enum: ['impression', 'click'] }).notNull(),
});
