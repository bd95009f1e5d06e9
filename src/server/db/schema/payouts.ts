import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAtColumn, idColumn, timestampColumns } from './columns';
import { businessIdColumn, proStaffIdColumn, proStaffProfiles } from './profiles';

/**
 * A pro staffer's Stripe Connect Express account (decision record 025). Its state is Stripe's, copied from the
 * account as retrieved when an `account.updated` event arrives; only `payouts_enabled` with an active `transfers`
 * capability makes it ready to receive a payout.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  proStaffId: integer('pro_staff_id').primaryKey().references(() => proStaffProfiles.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  transfersActive: boolean('transfers_active').notNull().default(false),
  /** Stripe's `requirements.disabled_reason`, e.g. `requirements.past_due`. */
  disabledReason: text('disabled_reason'),
  /** How many requirements Stripe lists as currently due. */
  requirementsDue: integer('requirements_due').notNull().default(0),
  ...timestampColumns(),
});

/**
 * One Pay now: one charge to the business's saved card, then one transfer per pro staffer (`payout_items`).
 * `processing` until every Stripe call has answered; then `paid`, `partial` (some transfers failed and were refunded to
 * the card) or `failed` (nothing moved), with the reason.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** Random; names the payout in Stripe idempotency keys, so a retry never pays twice and a new database never replays an old answer. */
    key: text('key').notNull().unique(),
    currency: text('currency').notNull(),
    /** What the card is charged: the sum of the items (minor units). */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['processing', 'paid', 'partial', 'failed'] }).notNull().default('processing'),
    failureReason: text('failure_reason'),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    /** The business's saved card, chosen when the payout was created (a retry charges the same card, same idempotency key). */
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeChargeId: text('stripe_charge_id'),
    createdAt: createdAtColumn(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('payouts_business_id_idx').on(table.businessId, table.createdAt)],
);

/** One pro staffer's share of a payout: their payable commissions less their outstanding negative entries. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: idColumn(),
    payoutId: cascadingReference('payout_id', () => payouts.id),
    proStaffId: proStaffIdColumn(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    stripeTransferId: text('stripe_transfer_id'),
    stripeRefundId: text('stripe_refund_id'),
  },
  (table) => [unique('payout_items_payout_pro_staff').on(table.payoutId, table.proStaffId), index('payout_items_pro_staff_idx').on(table.proStaffId)],
);
