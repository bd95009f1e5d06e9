import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { users } from '@server/db/schema/users';
import { pageViews, processedStripeEvents, stripeCustomers, subscriptionPayments, subscriptions } from '@server/db/schema/billing';
import { liveSubscriptionStatuses } from '@shared/contracts/billing';

export type SubscriptionRecord = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'userId' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'tier' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'amountCents' | 'createdAt'
>;

export type SubscriptionValues = {
  userId: number;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
  tier: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
};

const subscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  stripeCustomerId: subscriptions.stripeCustomerId,
  stripeSubscriptionId: subscriptions.stripeSubscriptionId,
  tier: subscriptions.tier,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  amountCents: subscriptions.amountCents,
  createdAt: subscriptions.createdAt,
};

export async function findUserBilling(db: Database, userId: number) {
  return firstRow(
    db
      .select({ id: users.id, email: users.email, userType: users.userType, subscriptionTier: users.subscriptionTier, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

export async function findCustomerId(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ id: stripeCustomers.stripeCustomerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, userId)).limit(1);
  return row?.id ?? null;
}

export async function findUserIdByCustomer(db: Database, stripeCustomerId: string): Promise<number | null> {
  const [row] = await db.select({ userId: stripeCustomers.userId }).from(stripeCustomers).where(eq(stripeCustomers.stripeCustomerId, stripeCustomerId)).limit(1);
  return row?.userId ?? null;
}

/** Saves the mapping; when another request won the race, returns the customer id already stored. */
export async function saveCustomerId(db: Database, userId: number, stripeCustomerId: string): Promise<string> {
  await db.insert(stripeCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
  return (await findCustomerId(db, userId)) ?? stripeCustomerId;
}

export async function countSubscriptions(db: Database, userId: number, options: { startedOnly?: boolean } = {}): Promise<number> {
  const where = options.startedOnly
    ? and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, ['incomplete', 'incomplete_expired']))
    : eq(subscriptions.userId, userId);
  const [row] = await db.select({ n: count() }).from(subscriptions).where(where);
  return Number(row?.n ?? 0);
}

/** The newest subscription whose status still grants the plan, if any. */
export async function findLiveSubscription(db: Database, userId: number): Promise<SubscriptionRecord | null> {
  return firstRow(
    db
      .select(subscriptionColumns)
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...liveSubscriptionStatuses])))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
  );
}

export async function findLatestSubscription(db: Database, userId: number): Promise<SubscriptionRecord | null> {
  return firstRow(
    db
      .select(subscriptionColumns)
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
  );
}

export async function findIncompleteSubscriptions(db: Database, userId: number): Promise<SubscriptionRecord[]> {
  return db
    .select(subscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'incomplete')))
    .orderBy(desc(subscriptions.createdAt));
}

export async function findSubscriptionByStripeId(db: Database, stripeSubscriptionId: string): Promise<SubscriptionRecord | null> {
  return firstRow(db.select(subscriptionColumns).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)));
}

/** Records a subscription Stripe just returned; never overwrites what a webhook already stored. */
export async function insertSubscriptionIfMissing(db: Database, values: SubscriptionValues): Promise<void> {
  await db.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.stripeSubscriptionId });
}

/** Stripe statuses a subscription never leaves: a canceled or expired subscription is final. */
export const terminalStatuses = ['canceled', 'incomplete_expired'] as const;
const isTerminal = (status: string) => (terminalStatuses as readonly string[]).includes(status);

/**
 * Applies Stripe's current view of a subscription (retrieved, not taken from the event). A deletion
 * is final: a retrieve that raced with the cancellation and answered with an older, live state
 * never revives a subscription already recorded as ended. Returns false when nothing was applied.
 */
export async function applySubscriptionState(db: Database, values: SubscriptionValues): Promise<boolean> {
  const existing = await findSubscriptionByStripeId(db, values.stripeSubscriptionId);
  if (!existing) {
    await db.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.stripeSubscriptionId });
    return true;
  }
  if (isTerminal(existing.status) && !isTerminal(values.status)) return false;
  await db.update(subscriptions).set({ ...values, updatedAt: new Date() }).where(eq(subscriptions.id, existing.id));
  return true;
}

/** Our own write after a successful Stripe call (e.g. cancel at period end), ahead of its webhook. */
export async function updateSubscriptionFields(
  db: Database,
  stripeSubscriptionId: string,
  fields: Partial<Pick<SubscriptionValues, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>>,
): Promise<void> {
  await db.update(subscriptions).set({ ...fields, updatedAt: new Date() }).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
}

export async function setUserTier(db: Database, userId: number, tier: string): Promise<void> {
  await db.update(users).set({ subscriptionTier: tier }).where(eq(users.id, userId));
}

export async function isEventProcessed(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ eventId: processedStripeEvents.eventId }).from(processedStripeEvents).where(eq(processedStripeEvents.eventId, eventId)).limit(1);
  return Boolean(row);
}

/** Marks an event as handled; false when it was handled before (a duplicate delivery). */
export async function markEventProcessed(db: Database, eventId: string, type: string): Promise<boolean> {
  const rows = await db.insert(processedStripeEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: processedStripeEvents.eventId });
  return rows.length > 0;
}

export async function recordPayment(
  db: Database,
  values: { userId: number | null; stripeInvoiceId: string; stripeSubscriptionId: string | null; amountCents: number; currency: string; paidAt: Date },
): Promise<void> {
  await db.insert(subscriptionPayments).values(values).onConflictDoNothing({ target: subscriptionPayments.stripeInvoiceId });
}

export async function insertPageView(db: Database, values: { path: string; userId: number | null; visitorId: string | null }): Promise<void> {
  await db.insert(pageViews).values(values);
}
