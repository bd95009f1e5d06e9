import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, setNullReference } from './columns';
import { businessIdColumn, businessProfiles, proStaffIdColumn } from './profiles';
import { payouts } from './payouts';

/** Money a business owes a pro staffer. Created by hand (business dashboard) or by order attribution (store integrations). */
export const commissions = pgTable(
  'commissions',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    proStaffId: proStaffIdColumn(),
    /** In the minor units of `currency` (cents for USD, fils for KWD); negative only for adjustment entries. */
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217; amounts of different currencies are never added (docs/decisions/013-commission-currencies.md). */
    currency: text('currency').notNull().default('USD'),
    description: text('description'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull().default('pending'),
    /**
     * 'manual' from the dashboard, 'order' from an attributed store order, 'booth' a staffer's share of an event booth's
     * sale (decision record 040), 'adjustment' after a refund of a paid one,
     * 'task' the reward of an approved campaign task proof (issue 23).
     */
    source: text('source', { enum: ['manual', 'order', 'adjustment', 'task', 'booth'] }).notNull().default('manual'),
    /** The store order that produced it, when source is 'order' or 'adjustment' (unique per business, see discounts). */
    orderId: text('order_id'),
    /** For an order commission: the base (minor units) and rate it was computed from. */
    baseMinor: integer('base_minor'),
    rateBps: integer('rate_bps'),
    /** An adjustment entry points at the paid commission it corrects; a paid commission is never edited. */
    adjustsCommissionId: setNullReference('adjusts_commission_id', (): AnyPgColumn => commissions.id),
    createdAt: createdAtColumn(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When a pending commission may be paid: at once for manual ones and adjustments, after the business's hold period
     * for order commissions (refunds inside it change or cancel them). See docs/decisions/024-commission-lifecycle.md.
     */
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the pro staffer was told it became payable (the release task's "done" mark). */
    payableNotifiedAt: timestamp('payable_notified_at', { withTimezone: true }),
    /**
     * The payout this commission is in (decision record 025): set while it is processing (a pending commission in a
     * processing payout cannot be put in another) and kept once paid; cleared when the payout fails.
     */
    payoutId: setNullReference('payout_id', () => payouts.id),
    /**
     * Held for fraud review (decision record 039): not payable while true. Derived from the newest `held`/`released`
     * entry by the database (migration 0031), like the columns above.
     */
    held: boolean('held').notNull().default(false),
  },
  (table) => [
    index('commissions_business_id_idx').on(table.businessId),
    index('commissions_pro_staff_id_idx').on(table.proStaffId),
    index('commissions_payout_id_idx').on(table.payoutId),
    // The ledger reads a commission's adjustment rows whenever it locks it (decision record 036).
    index('commissions_adjusts_idx').on(table.adjustsCommissionId),
    index('commissions_release_idx').on(table.payableAt).where(sql`status = 'pending' and payable_notified_at is null`),
  ],
);

/** A business's commission settings (decision record 024); a business without a row has the defaults. */
export const commissionSettings = pgTable('commission_settings', {
  businessId: integer('business_id').primaryKey().references(() => businessProfiles.id, { onDelete: 'cascade' }),
  /** Days an order commission waits before it is payable (the store's return window): 0 to 120. */
  holdDays: integer('hold_days').notNull().default(30), // DEFAULT_HOLD_DAYS in the shared contract
  /** Yearly USD total paid to one payee from which it is flagged for tax reporting (DEFAULT_REPORTING_THRESHOLD_CENTS). */
  reportingThresholdCents: integer('reporting_threshold_cents').notNull().default(200000),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
