import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, timestampColumns, setNullReference } from './columns';
import { users, userIdColumn } from './users';

/** The Stripe customer that belongs to a user (created on the first subscribe, reused afterwards). */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: createdAtColumn(),
});

/**
 * One row per Stripe subscription, mirrored from Stripe. Webhooks are the source of truth for
 * status and tier; users.subscription_tier is recomputed from these rows.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: userIdColumn(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    tier: text('tier').notNull(),
    /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Monthly price in cents. */
    amountCents: integer('amount_cents').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [index('subscriptions_user_id_idx').on(table.userId)],
);

/**
 * The free trial of a paid plan, no card needed (decision record 014). One per account (the key is the
 * user). The plan applies while `ends_at` is in the future and the account is on Free; the scheduled
 * job only records the reminder and the end (`reminder_sent_at`, `ended_at`) so each mail goes once.
 */
export const planTrials = pgTable(
  'plan_trials',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('plan_trials_ends_at_idx').on(table.endsAt)],
);

/** Paid Stripe invoices: the revenue record. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: idColumn(),
    userId: setNullReference('user_id', () => users.id),
    stripeInvoiceId: text('stripe_invoice_id').notNull().unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscription_payments_paid_at_idx').on(table.paidAt)],
);

/** Stripe event ids already handled: Stripe delivers at least once, so duplicates are dropped here. */
export const processedStripeEvents = pgTable('processed_stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per SPA page view (anonymous allowed). */
export const pageViews = pgTable(
  'page_views',
  {
    id: idColumn(),
    path: text('path').notNull(),
    userId: setNullReference('user_id', () => users.id),
    /** Random id the browser keeps for its tab session; counts anonymous visitors. */
    visitorId: text('visitor_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('page_views_created_at_idx').on(table.createdAt)],
);

/**
 * The 30-day money-back guarantee, used once per customer (decision record 042): the unique user and Stripe
 * customer are the lock, so parallel requests make exactly one claim and one set of refunds. `source` says who made
 * the refund: the app (the subscription page) or Stripe's dashboard (seen through `charge.refunded`/`refund.updated`).
 */
export const moneyBackClaims = pgTable('money_back_claims', {
  id: idColumn(),
  userId: setNullReference('user_id', () => users.id).unique(),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  source: text('source', { enum: ['app', 'stripe'] }).notNull(),
  createdAt: createdAtColumn(),
});

/**
 * Refunds of subscription payments, append-only (money, decision record 003): one row per refund and status as
 * Stripe reported it, never edited; a refund's current status is its newest row. Amounts in minor units.
 */
export const subscriptionRefunds = pgTable(
  'subscription_refunds',
  {
    id: idColumn(),
    userId: setNullReference('user_id', () => users.id),
    stripeRefundId: text('stripe_refund_id').notNull(),
    stripeInvoiceId: text('stripe_invoice_id').notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's refund status: pending, requires_action, succeeded, failed, canceled. */
    status: text('status').notNull(),
    source: text('source', { enum: ['app', 'stripe'] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [unique('subscription_refunds_refund_status_unique').on(table.stripeRefundId, table.status), index('subscription_refunds_created_at_idx').on(table.createdAt)],
);
