import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn, setNullReference, timestampColumns } from './columns';
import { businessIdColumn, proStaffIdColumn } from './profiles';
import { users } from './users';

/**
 * A business's campaign for its pro staff (decision record 031): a brief, the days it is open and who it is for.
 * The status is never stored: scheduled before `opens_on`, open from `opens_on` until the day before `closes_on`,
 * closed from `closes_on`. `announced_at` records that the audience was notified when it opened (once).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    title: text('title').notNull(),
    brief: text('brief').notNull(),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    /** The first day it is no longer open. */
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** `roster`: every staffer with a live agreement; `selected`: the live-agreement staffers in campaign_members. */
    audience: text('audience', { enum: ['roster', 'selected'] }).notNull().default('roster'),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdByUserId: setNullReference('created_by_user_id', () => users.id),
    ...timestampColumns(),
  },
  (table) => [
    index('campaigns_business_idx').on(table.businessId, table.opensOn),
    index('campaigns_unannounced_idx').on(table.opensOn).where(sql`${table.announcedAt} is null`),
  ],
);

/** The staffers a `selected` campaign is for. */
export const campaignMembers = pgTable(
  'campaign_members',
  {
    campaignId: cascadingReference('campaign_id', () => campaigns.id),
    proStaffId: proStaffIdColumn(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.proStaffId] }), index('campaign_members_pro_staff_idx').on(table.proStaffId)],
);

/** The content library: a file in storage (folder `campaigns/`) or an https link, each with a name and usage notes. */
export const campaignAssets = pgTable(
  'campaign_assets',
  {
    id: idColumn(),
    campaignId: cascadingReference('campaign_id', () => campaigns.id),
    kind: text('kind', { enum: ['file', 'link'] }).notNull(),
    name: text('name').notNull(),
    usageNotes: text('usage_notes').notNull().default(''),
    url: text('url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('campaign_assets_campaign_idx').on(table.campaignId, table.id)],
);
