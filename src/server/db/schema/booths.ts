import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn, setNullReference, timestampColumns } from './columns';
import { commissions } from './commissions';
import { integrationPlatforms, storeOrders } from './discounts';
import { businessIdColumn, proStaffIdColumn } from './profiles';

/**
 * An event booth (issue 44, decision record 040): a business's stand at a show, with the store locations its counter
 * sales are rung up at, its opening windows and its rostered staffers. Sales without a staffer's code made there while
 * it is open are split among the staffers by `split_rule` at `commission_rate_bps`.
 */
export const boothEvents = pgTable(
  'booth_events',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    place: text('place').notNull().default(''),
    /** IANA zone of the place: the windows are entered and reported in it, stored in UTC. */
    timeZone: text('time_zone').notNull(),
    /** The store whose sales count; null: any of the business's stores (locations still have to match). */
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    /** Store location ids (Shopify location_id, Square location_id) of the booth's counter. */
    locationIds: jsonb('location_ids').$type<string[]>().notNull().default([]),
    /** POS device or register staff ids (Shopify device_id, user_id): a counter sale rung up on one is the booth's (record 040). */
    deviceIds: jsonb('device_ids').$type<string[]>().notNull().default([]),
    splitRule: text('split_rule', { enum: ['equal', 'by_hours', 'code_holder'] }).notNull(),
    commissionRateBps: integer('commission_rate_bps').notNull(),
    ...timestampColumns(),
  },
  (table) => [index('booth_events_business_idx').on(table.businessId)],
);

/** One opening window of a booth, in UTC ([starts_at, ends_at)) for matching, and as entered in the event's zone. */
export const boothEventWindows = pgTable(
  'booth_event_windows',
  {
    id: idColumn(),
    eventId: cascadingReference('event_id', () => boothEvents.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    /** `HH:MM` wall-clock times of the place; `24:00` closes at midnight. */
    localFrom: text('local_from').notNull(),
    localTo: text('local_to').notNull(),
  },
  (table) => [index('booth_event_windows_range_idx').on(table.startsAt, table.endsAt)],
);

/** A staffer rostered on the booth, with the minutes they worked (the by-hours split's weights). */
export const boothEventStaff = pgTable(
  'booth_event_staff',
  {
    eventId: cascadingReference('event_id', () => boothEvents.id),
    proStaffId: proStaffIdColumn(),
    minutesWorked: integer('minutes_worked').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.proStaffId] })],
);

/**
 * A verified order the booth made, decided once when the order is applied: one booth per order (the unique store
 * order), so overlapping events never credit a sale twice. `code_sale`: a staffer's code earned the sale's commission.
 */
export const boothSales = pgTable(
  'booth_sales',
  {
    id: idColumn(),
    eventId: cascadingReference('event_id', () => boothEvents.id),
    storeOrderId: cascadingReference('store_order_id', () => storeOrders.id),
    codeSale: boolean('code_sale').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('booth_sales_order_unique').on(table.storeOrderId), index('booth_sales_event_idx').on(table.eventId)],
);

/** A staffer's share of a booth sale: one commission each, which follows the order's refunds through the ledger. */
export const boothCredits = pgTable(
  'booth_credits',
  {
    commissionId: cascadingReference('commission_id', () => commissions.id).primaryKey(),
    boothSaleId: cascadingReference('booth_sale_id', () => boothSales.id),
    proStaffId: proStaffIdColumn(),
    /** The staffer's weight in the split (1 for equal, minutes for by-hours): refunds split the same way. */
    weight: integer('weight').notNull(),
  },
  (table) => [uniqueIndex('booth_credits_sale_staffer_unique').on(table.boothSaleId, table.proStaffId)],
);
