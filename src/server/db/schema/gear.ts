import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { campaignTasks } from './campaign-tasks';
import { cascadingReference, createdAtColumn, idColumn, setNullReference, timestampColumns } from './columns';
import { integrationPlatforms } from './discounts';
import { businessIdColumn, businessProfiles, proStaffIdColumn, proStaffProfiles } from './profiles';
import { users } from './users';

// Pay in gear (issue 41, docs/decisions/038-pay-in-gear.md).

/** A level of a business's program: its commission, hold, pro pricing, yearly gear allotment and visible campaigns. */
export const programTiers = pgTable(
  'program_tiers',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** Order on the tiers page and in promotions (lowest first). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    commissionRateBps: integer('commission_rate_bps').notNull(),
    holdDays: integer('hold_days').notNull(),
    proPricingPercent: integer('pro_pricing_percent').notNull(),
    allotmentMinor: integer('allotment_minor').notNull(),
    currency: text('currency').notNull(),
    itemsPerYear: integer('items_per_year'),
    /** MM-DD: the allotment year starts on it. */
    renewsOn: text('renews_on').notNull(),
    /** Campaigns the tier sees; empty = all. */
    campaignIds: jsonb('campaign_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    promoteToTierId: integer('promote_to_tier_id').references((): AnyPgColumn => programTiers.id, { onDelete: 'set null' }),
    promoteMetric: text('promote_metric', { enum: ['attributed_sales', 'approved_posts'] }),
    promoteThreshold: integer('promote_threshold'),
    ...timestampColumns(),
  },
  (table) => [unique('program_tiers_business_name_unique').on(table.businessId, table.name), index('program_tiers_business_idx').on(table.businessId, table.position)],
);

/**
 * A rostered staffer's place in a business's program: one row per business and staffer, written when the business
 * places them (recorded in the agreement history). Allotment checks take the staffer's advisory lock (`gearAllotment`).
 */
export const gearMemberships = pgTable(
  'gear_memberships',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    tierId: setNullReference('tier_id', () => programTiers.id),
    /** When the scheduled promotion last moved them (told once). */
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [unique('gear_memberships_party_unique').on(table.businessId, table.proStaffId), index('gear_memberships_tier_idx').on(table.tierId)],
);

/** Where a business's gear comes from and what a delivered shipment owes. */
export const gearSettings = pgTable('gear_settings', {
  businessId: integer('business_id').primaryKey().references(() => businessProfiles.id, { onDelete: 'cascade' }),
  platformId: setNullReference('platform_id', () => integrationPlatforms.id),
  seedableTags: jsonb('seedable_tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  seedableCollections: jsonb('seedable_collections').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  completeOrders: boolean('complete_orders').notNull().default(true),
  owedTaskId: setNullReference('owed_task_id', () => campaignTasks.id),
  owedDueDays: integer('owed_due_days'),
  owedDueOn: date('owed_due_on', { mode: 'string' }),
  catalogSyncedAt: timestamp('catalog_synced_at', { withTimezone: true }),
  ...timestampColumns(),
});

/** The admin API credentials of a connected store (Shopify, WooCommerce), sealed (AES-256-GCM, never returned). */
export const storeAdminCredentials = pgTable('store_admin_credentials', {
  platformId: integer('platform_id').primaryKey().references(() => integrationPlatforms.id, { onDelete: 'cascade' }),
  /** The shop domain or site URL, shown to the business. */
  storeAddress: text('store_address').notNull(),
  sealed: text('sealed').notNull(),
  ...timestampColumns(),
});

/** A product of a connected store, synced through its API and kept current by its webhooks. */
export const storeProducts = pgTable(
  'store_products',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    platformId: cascadingReference('platform_id', () => integrationPlatforms.id),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    collections: jsonb('collections').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestampColumns(),
  },
  (table) => [unique('store_products_platform_external_unique').on(table.platformId, table.externalId), index('store_products_business_idx').on(table.businessId)],
);

export const storeVariants = pgTable(
  'store_variants',
  {
    id: idColumn(),
    productId: cascadingReference('product_id', () => storeProducts.id),
    externalId: text('external_id').notNull(),
    inventoryItemId: text('inventory_item_id'),
    sku: text('sku'),
    title: text('title').notNull(),
    priceMinor: integer('price_minor').notNull(),
    /** Null: the store does not track it. */
    inventory: integer('inventory'),
    ...timestampColumns(),
  },
  (table) => [unique('store_variants_product_external_unique').on(table.productId, table.externalId), index('store_variants_inventory_item_idx').on(table.inventoryItemId)],
);

export const gearRequests = pgTable(
  'gear_requests',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    tierId: setNullReference('tier_id', () => programTiers.id),
    /** The first day of the allotment year it counts against. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'cancelled'] }).notNull().default('requested'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string | null>>().notNull(),
    note: text('note').notNull().default(''),
    decisionReason: text('decision_reason'),
    decidedByUserId: setNullReference('decided_by_user_id', () => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('gear_requests_business_status_idx').on(table.businessId, table.status, table.id),
    index('gear_requests_allotment_idx').on(table.businessId, table.proStaffId, table.periodStart),
  ],
);

/** What a request asks for, priced when asked (the allotment counts these prices). */
export const gearRequestItems = pgTable(
  'gear_request_items',
  {
    id: idColumn(),
    requestId: cascadingReference('request_id', () => gearRequests.id),
    variantId: setNullReference('variant_id', () => storeVariants.id),
    externalProductId: text('external_product_id').notNull(),
    externalVariantId: text('external_variant_id').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull(),
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
  },
  (table) => [index('gear_request_items_request_idx').on(table.requestId)],
);

/** The store order an approved request became, and its way to the staffer. */
export const gearShipments = pgTable(
  'gear_shipments',
  {
    id: idColumn(),
    requestId: cascadingReference('request_id', () => gearRequests.id).unique(),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    status: text('status', { enum: ['ordering', 'ordered', 'draft', 'failed', 'shipped', 'in_transit', 'delivered', 'cancelled'] }).notNull().default('ordering'),
    externalOrderId: text('external_order_id'),
    orderName: text('order_name'),
    adminUrl: text('admin_url'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    failureReason: text('failure_reason'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('gear_shipments_store_order_unique').on(table.platformId, table.externalOrderId).where(sql`${table.externalOrderId} is not null`),
    index('gear_shipments_business_idx').on(table.businessId, table.id),
    index('gear_shipments_pro_staff_idx').on(table.proStaffId),
  ],
);

/** Content a shipment owes: a campaign task, due a number of days after delivery or on a date. */
export const gearObligations = pgTable(
  'gear_obligations',
  {
    id: idColumn(),
    shipmentId: cascadingReference('shipment_id', () => gearShipments.id),
    proStaffId: proStaffIdColumn(),
    taskId: cascadingReference('task_id', () => campaignTasks.id),
    dueDays: integer('due_days'),
    /** Set on delivery when the obligation counts days from it. */
    dueOn: date('due_on', { mode: 'string' }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('gear_obligations_shipment_idx').on(table.shipmentId), index('gear_obligations_pro_staff_idx').on(table.proStaffId)],
);

/** A staffer's personal pro-pricing code in a business's store: the tier's discount, their purchases only, no commission. */
export const proPricingCodes = pgTable(
  'pro_pricing_codes',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    code: text('code').notNull(),
    percentOff: integer('percent_off').notNull(),
    /** pending: queued for the store; active: live there; disabled: turned off there (agreement ended, tier changed); failed: refused. */
    status: text('status', { enum: ['pending', 'active', 'disabling', 'disabled', 'failed'] }).notNull().default('pending'),
    externalId: text('external_id'),
    failureReason: text('failure_reason'),
    ...timestampColumns(),
  },
  (table) => [
    unique('pro_pricing_codes_business_code_unique').on(table.businessId, table.code),
    uniqueIndex('pro_pricing_codes_live_unique').on(table.businessId, table.proStaffId).where(sql`${table.status} in ('pending', 'active')`),
  ],
);

export const compensationEntryKinds = ['gear_seeded', 'gear_returned', 'pro_pricing_savings'] as const;

/**
 * Non-cash compensation (decision record 038): the retail value of gear a business gave a staffer, in the item's
 * currency and minor units. Append-only like the commission ledger (a trigger refuses UPDATE and DELETE); a returned
 * or cancelled shipment posts a negative `gear_returned` entry.
 */
export const compensationEntries = pgTable(
  'compensation_entries',
  {
    id: idColumn(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id),
    proStaffId: integer('pro_staff_id').notNull().references(() => proStaffProfiles.id),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: compensationEntryKinds }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    shipmentId: integer('shipment_id').references(() => gearShipments.id),
    reason: text('reason').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('compensation_entries_party_idx').on(table.businessId, table.proStaffId, table.currency),
    uniqueIndex('compensation_entries_shipment_kind_unique').on(table.shipmentId, table.kind).where(sql`${table.shipmentId} is not null`),
  ],
);
