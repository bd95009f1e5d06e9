import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { businessProfiles, proStaffProfiles } from './profiles';

export const platformTypeValues = ['shopify', 'woocommerce', 'magento', 'bigcommerce', 'squarespace', 'custom'] as const;

/** A store connected to a business. The API key is shown once and only its SHA-256 is kept. */
export const integrationPlatforms = pgTable(
  'integration_platforms',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    platformType: text('platform_type', { enum: platformTypeValues }).notNull(),
    apiKeyHash: text('api_key_hash').notNull().unique(),
    /** Last characters of the key, to show it masked. */
    apiKeyLast4: text('api_key_last4').notNull(),
    /** Signs store webhooks (HMAC for Shopify/WooCommerce, shared header for BigCommerce); needed in clear to verify. */
    webhookSecret: text('webhook_secret').notNull(),
    webhookUrl: text('webhook_url'),
    /** The storefront origin allowed to call the public API from a browser (CORS); null allows any. */
    storeOrigin: text('store_origin'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('integration_platforms_business_id_idx').on(table.businessId)],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id, { onDelete: 'cascade' }),
    /** Stored upper-cased: stores treat codes case-insensitively. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent x 100 for percentage codes, cents for fixed codes. */
    discountValueHundredths: integer('discount_value_hundredths').notNull(),
    /** Name of the integration platform it is meant for, or 'All platforms'. */
    platform: text('platform').notNull(),
    proStaffId: integer('pro_staff_id').references(() => proStaffProfiles.id, { onDelete: 'set null' }),
    /** Commission on order value in basis points (1000 = 10%). */
    commissionRateBps: integer('commission_rate_bps').notNull().default(0),
    webhookUrl: text('webhook_url'),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('discount_codes_business_code_unique').on(table.businessId, table.code),
    index('discount_codes_pro_staff_id_idx').on(table.proStaffId),
  ],
);

/** One row per store order a business told us about; the unique key makes every source idempotent. */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id').references(() => integrationPlatforms.id, { onDelete: 'set null' }),
    orderId: text('order_id').notNull(),
    source: text('source', { enum: ['api', 'tracking', 'shopify', 'woocommerce', 'bigcommerce'] }).notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    code: text('code'),
    orderValueCents: integer('order_value_cents'),
    currency: text('currency'),
    customerEmail: text('customer_email'),
    status: text('status', { enum: ['placed', 'cancelled', 'refunded'] }).notNull().default('placed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('store_orders_business_order_unique').on(table.businessId, table.orderId),
    index('store_orders_discount_code_id_idx').on(table.discountCodeId),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businessProfiles.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id').references(() => integrationPlatforms.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['pageview', 'discount', 'order'] }).notNull(),
    url: text('url'),
    referrer: text('referrer'),
    discountCode: text('discount_code'),
    orderId: text('order_id'),
    orderValueCents: integer('order_value_cents'),
    /** When the store says it happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_events_business_type_idx').on(table.businessId, table.type)],
);
