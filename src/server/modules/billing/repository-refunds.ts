import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { users } from '@server/db/schema/users';
import { moneyBackClaims, subscriptionPayments, subscriptionRefunds, subscriptions } from '@server/db/schema/billing';

// The 30-day money-back guarantee's claims and the refunds of subscription payments (decision record 042).

export type PaymentRecord = { stripeInvoiceId: string; stripeSubscriptionId: string | null; amountCents: number; currency: string; paidAt: Date };

/** The account's paid invoices, oldest first: the first one starts the guarantee's 30 days. */
export function paymentsOf(db: Database, userId: number): Promise<PaymentRecord[]> {
  return db
    .select({
      stripeInvoiceId: subscriptionPayments.stripeInvoiceId,
      stripeSubscriptionId: subscriptionPayments.stripeSubscriptionId,
      amountCents: subscriptionPayments.amountCents,
      currency: subscriptionPayments.currency,
      paidAt: subscriptionPayments.paidAt,
    })
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.userId, userId), gt(subscriptionPayments.amountCents, 0)))
    .orderBy(asc(subscriptionPayments.paidAt), asc(subscriptionPayments.id));
}

export function findPaymentByInvoice(db: Database, stripeInvoiceId: string) {
  return firstRow(
    db
      .select({ userId: subscriptionPayments.userId, paidAt: subscriptionPayments.paidAt, stripeSubscriptionId: subscriptionPayments.stripeSubscriptionId })
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.stripeInvoiceId, stripeInvoiceId)),
  );
}

export function findClaim(db: Database, userId: number) {
  return firstRow(db.select({ id: moneyBackClaims.id, createdAt: moneyBackClaims.createdAt, source: moneyBackClaims.source }).from(moneyBackClaims).where(eq(moneyBackClaims.userId, userId)));
}

/**
 * The once-per-customer lock: true for the one request whose claim went in. Parallel requests race on the unique
 * user and Stripe customer, and every other one gets false.
 */
export async function insertClaim(
  db: Database,
  values: { userId: number; stripeCustomerId: string; stripeSubscriptionId: string | null; source: 'app' | 'stripe' },
): Promise<boolean> {
  const rows = await db.insert(moneyBackClaims).values(values).onConflictDoNothing().returning({ id: moneyBackClaims.id });
  return rows.length > 0;
}

/** Gives the claim back when Stripe refused before anything was refunded, so the owner can try again. */
export async function releaseClaim(db: Database, userId: number): Promise<void> {
  await db.delete(moneyBackClaims).where(eq(moneyBackClaims.userId, userId));
}

export type RefundValues = {
  userId: number | null;
  stripeRefundId: string;
  stripeInvoiceId: string;
  stripePaymentIntentId: string | null;
  amountCents: number;
  currency: string;
  status: string;
  source: 'app' | 'stripe';
};

/** Appends a refund's status as Stripe reported it; the same refund and status twice is one row. */
export async function appendRefund(db: Database, values: RefundValues): Promise<boolean> {
  const rows = await db.insert(subscriptionRefunds).values(values).onConflictDoNothing().returning({ id: subscriptionRefunds.id });
  return rows.length > 0;
}

/** Who made a refund already recorded (the app or Stripe's dashboard). */
export async function sourceOfRefund(db: Database, stripeRefundId: string): Promise<'app' | 'stripe' | null> {
  const row = await firstRow(db.select({ source: subscriptionRefunds.source }).from(subscriptionRefunds).where(eq(subscriptionRefunds.stripeRefundId, stripeRefundId)));
  return row?.source ?? null;
}

export async function markSubscriptionCanceled(db: Database, stripeSubscriptionId: string): Promise<void> {
  await db.update(subscriptions).set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: new Date() }).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
}

export async function changeSubscriptionPlan(db: Database, stripeSubscriptionId: string, tier: string, amountCents: number): Promise<void> {
  await db.update(subscriptions).set({ tier, amountCents, updatedAt: new Date() }).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
}

/** The newest refund rows for the admin page (each status Stripe reported is a row). */
export function recentRefunds(db: Database, limit = 50) {
  return db
    .select({
      id: subscriptionRefunds.id,
      stripeRefundId: subscriptionRefunds.stripeRefundId,
      stripeInvoiceId: subscriptionRefunds.stripeInvoiceId,
      userId: subscriptionRefunds.userId,
      email: users.email,
      amountCents: subscriptionRefunds.amountCents,
      currency: subscriptionRefunds.currency,
      status: subscriptionRefunds.status,
      source: subscriptionRefunds.source,
      createdAt: subscriptionRefunds.createdAt,
    })
    .from(subscriptionRefunds)
    .leftJoin(users, eq(users.id, subscriptionRefunds.userId))
    .orderBy(desc(subscriptionRefunds.createdAt), desc(subscriptionRefunds.id))
    .limit(limit);
}
