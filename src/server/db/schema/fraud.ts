import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { FlagResolution, FlagStatus, FraudMode, FraudSignal } from '@shared/contracts/fraud';
import { createdAtColumn, idColumn, setNullReference } from './columns';
import { commissions } from './commissions';
import { discountCodes } from './discounts';
import { businessIdColumn, businessProfiles, proStaffIdColumn } from './profiles';
import type { VelocityBaseline } from '@server/modules/fraud/signals';

/**
 * Code abuse (issue 43, decision record 039). Personal data appears here only as keyed hashes (HMAC-SHA256 of the
 * normalised value, key derived from the server secret): enough to compare, never to read back.
 */

/** One signal that fired on one attributed order, with its evidence (signal names, domains, counts: no raw data). */
export const fraudFlags = pgTable(
  'fraud_flags',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** The store's order id and platform type, as on store_orders. */
    orderId: text('order_id').notNull(),
    platform: text('platform').notNull(),
    discountCodeId: setNullReference('discount_code_id', () => discountCodes.id),
    /** The code as it was on the order (kept after a rotation). */
    code: text('code').notNull(),
    proStaffId: proStaffIdColumn(),
    commissionId: setNullReference('commission_id', () => commissions.id),
    signal: text('signal').$type<FraudSignal>().notNull(),
    /** The business's mode for the signal when it fired. */
    mode: text('mode').$type<FraudMode>().notNull(),
    status: text('status').$type<FlagStatus>().notNull().default('open'),
    resolution: text('resolution').$type<FlagResolution>(),
    /** What the business told the staffer on rejection. */
    reason: text('reason'),
    evidence: jsonb('evidence').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** When an open flag approves itself (null: stays open until decided). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    // A redelivered order never flags twice for the same signal.
    unique('fraud_flags_order_signal_unique').on(table.businessId, table.orderId, table.signal),
    index('fraud_flags_business_status_idx').on(table.businessId, table.status, table.id),
    index('fraud_flags_pro_staff_idx').on(table.proStaffId),
    index('fraud_flags_commission_idx').on(table.commissionId),
    index('fraud_flags_expiry_idx').on(table.expiresAt).where(sql`status = 'open'`),
    check('fraud_flags_status_check', sql`${table.status} in ('open', 'approved', 'rejected')`),
    check('fraud_flags_mode_check', sql`${table.mode} in ('flag', 'hold', 'auto_reject')`),
  ],
);

/** A business's rules; a business without a row has the defaults (DEFAULT_FRAUD_MODES, DEFAULT_FLAG_EXPIRY_DAYS). */
export const fraudSettings = pgTable('fraud_settings', {
  businessId: integer('business_id').primaryKey().references(() => businessProfiles.id, { onDelete: 'cascade' }),
  modes: jsonb('modes').$type<Partial<Record<FraudSignal, FraudMode>>>().notNull().default({}),
  /** Days before an open flag approves itself; null keeps it open until the business decides. */
  expiryDays: integer('expiry_days').default(14),
  /** The business's own coupon-site domains, on top of the deployment's list. */
  couponSites: jsonb('coupon_sites').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The deployment's coupon-site list (one row, edited by admins); until it is saved, the starter list applies. */
export const couponSiteLists = pgTable(
  'coupon_site_lists',
  {
    id: integer('id').primaryKey().default(1),
    domains: jsonb('domains').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('coupon_site_lists_single_row', sql`${table.id} = 1`)],
);

/** A household address a pro staffer gave for the own-use check: its keyed hash and a masked label, never the address. */
export const householdAddresses = pgTable(
  'household_addresses',
  {
    id: idColumn(),
    proStaffId: proStaffIdColumn(),
    addressHash: text('address_hash').notNull(),
    /** Masked for the list, e.g. `12 O… St, Boise ID`. */
    label: text('label').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [unique('household_addresses_staff_hash_unique').on(table.proStaffId, table.addressHash)],
);

export const fingerprintKinds = ['email', 'phone', 'address', 'ip', 'card'] as const;
export type FingerprintKind = (typeof fingerprintKinds)[number];

/**
 * The hashes of an attributed order's buyer, one row per value, for the cross-staffer look-up (shared_fingerprint).
 * Purged after ORDER_RISK_RETENTION_DAYS (180) by the retention task.
 */
export const orderRiskHashes = pgTable(
  'order_risk_hashes',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    orderId: text('order_id').notNull(),
    proStaffId: proStaffIdColumn(),
    kind: text('kind', { enum: fingerprintKinds }).notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('order_risk_hashes_lookup_idx').on(table.businessId, table.hash, table.createdAt),
    index('order_risk_hashes_created_idx').on(table.createdAt),
  ],
);

/** A code's rolling rate of use (the velocity signal's baseline), updated on every attributed order. */
export const codeVelocity = pgTable('code_velocity', {
  discountCodeId: integer('discount_code_id').primaryKey().references(() => discountCodes.id, { onDelete: 'cascade' }),
  baseline: jsonb('baseline').$type<VelocityBaseline>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
