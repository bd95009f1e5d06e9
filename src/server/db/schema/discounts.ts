import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, timestampColumns, cascadingReference, setNullReference, isActiveColumn } from './columns';
import { commissions } from './commissions';
import { businessIdColumn, proStaffProfiles } from './profiles';

export const platformTypeValues = ['shopify', 'woocommerce', 'magento', 'bigcommerce', 'squarespace', 'square', 'custom'] as const;
/** Where a verified order came from (store_orders.source). */
export const orderSourceValues = ['api', 'tracking', 'shopify', 'woocommerce', 'bigcommerce', 'squarespace', 'magento', 'square'] as const;
/** How the sale was made: online checkout or at a counter (Shopify POS, Square, an event booth's device). */
export const orderChannelValues = ['online', 'pos'] as const;

/**
 * A store connected to a business. Two keys, like Stripe's (docs/decisions/012-order-attribution-keys.md):
 * the publishable key (page source; page views, code checks, unverified order signals) and the secret key
 * (server-to-server; payable orders). Both are shown once and only their SHA-256 is kept.
 */
export const integrationPlatforms = pgTable(
  'integration_platforms',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    name: text('name').notNull(),
    platformType: text('platform_type', { enum: platformTypeValues }).notNull(),
    /** The publishable key's hash (column name kept from the single-key era: existing keys became publishable). */
    apiKeyHash: text('api_key_hash').notNull().unique(),
    /** Last characters of the publishable key, to show it masked. */
    apiKeyLast4: text('api_key_last4').notNull(),
    /** The secret key's hash; null for platforms created before the split until the business issues one. */
    secretKeyHash: text('secret_key_hash').unique(),
    secretKeyLast4: text('secret_key_last4'),
    /** Signs store webhooks (HMAC for Shopify/WooCommerce, shared header for BigCommerce); needed in clear to verify. */
    webhookSecret: text('webhook_secret').notNull(),
    /** The secret replaced by the last rotation, still accepted until previousSecretExpiresAt (grace period). */
    previousWebhookSecret: text('previous_webhook_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** BigCommerce store hash (not secret) and API token (AES-256-GCM, never returned by the API). */
    bigcommerceStoreHash: text('bigcommerce_store_hash'),
    bigcommerceApiTokenEncrypted: text('bigcommerce_api_token_encrypted'),
    webhookUrl: text('webhook_url'),
    /** The storefront origin allowed to call the public API from a browser (CORS); null allows any. */
    storeOrigin: text('store_origin'),
    isActive: isActiveColumn(),
    ...timestampColumns(),
  },
  (table) => [index('integration_platforms_business_id_idx').on(table.businessId)],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** Stored upper-cased: stores treat codes case-insensitively. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent x 100 for percentage codes, cents for fixed codes. */
    discountValueHundredths: integer('discount_value_hundredths').notNull(),
    /** Name of the integration platform it is meant for, or 'All platforms'. */
    platform: text('platform').notNull(),
    proStaffId: setNullReference('pro_staff_id', () => proStaffProfiles.id),
    /** Commission on order value in basis points (1000 = 10%). */
    commissionRateBps: integer('commission_rate_bps').notNull().default(0),
    webhookUrl: text('webhook_url'),
    isActive: isActiveColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Set when the code was rotated (leaked, issue 43): the code that replaced it. The old row stays, inactive, with
     * its orders and commissions; the chain old -> new is what the business and the staffer see as its history.
     */
    replacedByCodeId: setNullReference('replaced_by_code_id', (): AnyPgColumn => discountCodes.id),
    ...timestampColumns(),
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
    id: idColumn(),
    businessId: businessIdColumn(),
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    orderId: text('order_id').notNull(),
    source: text('source', { enum: orderSourceValues }).notNull(),
    discountCodeId: setNullReference('discount_code_id', () => discountCodes.id),
    code: text('code'),
    /** The commission base in the currency's minor units: merchandise subtotal after discounts, before tax and shipping. */
    orderValueCents: integer('order_value_cents'),
    /** ISO 4217 code of orderValueCents; null only for unverified browser signals without one. */
    currency: text('currency'),
    customerEmail: text('customer_email'),
    /** Every code the order carried, upper-cased, in the store's order. */
    codesSeen: jsonb('codes_seen').$type<string[]>().notNull().default([]),
    /** True once a signed webhook or a secret-key call described the order; browser signals never are. */
    verified: boolean('verified').notNull().default(false),
    status: text('status', { enum: ['placed', 'cancelled', 'refunded'] }).notNull().default('placed'),
    /** Online checkout or a counter sale (Shopify POS source_name "pos", Square): shown in the delivery log and reports. */
    channel: text('channel', { enum: orderChannelValues }).notNull().default('online'),
    /** The store's location the sale was made at (Shopify location_id, Square location_id), for counters and event booths. */
    locationId: text('location_id'),
    /** The POS device (Shopify device_id) and the register's staff member (Shopify user_id) a counter sale was rung up on: event booths may be set up by them. */
    deviceId: text('device_id'),
    posUserId: text('pos_user_id'),
    /** When the store says the sale was made (its created_at), not when we heard of it: event booths credit by it. */
    placedAt: timestamp('placed_at', { withTimezone: true }),
    /** Units of merchandise on the order, when the payload lists its lines (booth reports). */
    units: integer('units'),
    ...timestampColumns(),
  },
  (table) => [
    unique('store_orders_business_order_unique').on(table.businessId, table.orderId),
    index('store_orders_discount_code_id_idx').on(table.discountCodeId),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    type: text('type', { enum: ['pageview', 'discount', 'order'] }).notNull(),
    url: text('url'),
    referrer: text('referrer'),
    discountCode: text('discount_code'),
    orderId: text('order_id'),
    orderValueCents: integer('order_value_cents'),
    /** When the store says it happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('tracking_events_business_type_idx').on(table.businessId, table.type)],
);

/** Refunded merchandise per refund (platform refund id), so a redelivered refund is counted once. */
export const storeOrderRefunds = pgTable(
  'store_order_refunds',
  {
    id: idColumn(),
    storeOrderId: cascadingReference('store_order_id', () => storeOrders.id),
    refundKey: text('refund_key').notNull(),
    /** Refunded merchandise in the order currency's minor units. */
    amountMinor: integer('amount_minor').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [unique('store_order_refunds_order_key_unique').on(table.storeOrderId, table.refundKey)],
);

export const deliveryOutcomes = ['created', 'adjusted', 'recorded', 'duplicate', 'ignored', 'unverified'] as const;

/** Every store webhook and browser order report we received and what it did: the Integration Platforms log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** Kept when the platform is deleted (set null), with its name copied below. */
    platformId: setNullReference('platform_id', () => integrationPlatforms.id),
    platformName: text('platform_name').notNull(),
    platformType: text('platform_type').notNull(),
    topic: text('topic').notNull(),
    orderId: text('order_id'),
    codesSeen: jsonb('codes_seen').$type<string[]>().notNull().default([]),
    outcome: text('outcome', { enum: deliveryOutcomes }).notNull(),
    reason: text('reason'),
    commissionId: setNullReference('commission_id', () => commissions.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_business_received_idx').on(table.businessId, table.receivedAt)],
);
