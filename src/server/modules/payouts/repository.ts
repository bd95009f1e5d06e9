import type { CommissionSource } from '@shared/contracts/commissions';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { commissions } from '@server/db/schema/commissions';
import { payoutAccounts, payoutItems, payouts } from '@server/db/schema/payouts';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';

// ---- payout accounts ----

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export function findAccount(db: Database, proStaffId: number): Promise<PayoutAccountRow | null> {
  return firstRow(db.select().from(payoutAccounts).where(eq(payoutAccounts.proStaffId, proStaffId)));
}

/** Saves a newly created Stripe account; when another request won the race, answers the one already stored. */
export async function saveAccount(db: Database, proStaffId: number, stripeAccountId: string): Promise<PayoutAccountRow> {
  await db.insert(payoutAccounts).values({ proStaffId, stripeAccountId }).onConflictDoNothing();
  return (await findAccount(db, proStaffId))!;
}

export type AccountState = Pick<PayoutAccountRow, 'detailsSubmitted' | 'payoutsEnabled' | 'transfersActive' | 'disabledReason' | 'requirementsDue'>;

/** Applies Stripe's current view of an account; null when the account is not one of ours. */
export async function applyAccountState(db: Database, stripeAccountId: string, state: AccountState): Promise<{ proStaffId: number; userId: number } | null> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .returning({ proStaffId: payoutAccounts.proStaffId });
  if (!row) return null;
  const owner = await firstRow(db.select({ userId: proStaffProfiles.userId }).from(proStaffProfiles).where(eq(proStaffProfiles.id, row.proStaffId)));
  return { proStaffId: row.proStaffId, userId: owner!.userId };
}

export function accountsOf(db: Database, proStaffIds: number[]): Promise<PayoutAccountRow[]> {
  if (proStaffIds.length === 0) return Promise.resolve([]);
  return db.select().from(payoutAccounts).where(inArray(payoutAccounts.proStaffId, proStaffIds));
}

export async function proStaffOwner(db: Database, proStaffId: number) {
  return firstRow(
    db.select({ email: users.email, createdAt: users.createdAt, userId: users.id }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(eq(proStaffProfiles.id, proStaffId)),
  );
}

// ---- selecting what to pay ----

export type PayableCandidate = {
  id: number;
  businessId: number;
  proStaffId: number;
  amountCents: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled';
  source: CommissionSource;
  payableAt: Date;
  payoutId: number | null;
  /** Held for fraud review (decision record 039): not payable. */
  held: boolean;
  firstName: string;
  lastName: string;
  /** The pro staffer's account has confirmed its email (payouts go only to confirmed accounts). */
  emailVerified: boolean;
};

export function ownersOf(db: Database, ids: number[]): Promise<{ id: number; businessId: number }[]> {
  return db.select({ id: commissions.id, businessId: commissions.businessId }).from(commissions).where(inArray(commissions.id, ids));
}

/** The selected commissions, locked until the transaction ends (a concurrent Pay now waits here). */
export function lockCommissions(db: Database, ids: number[]): Promise<PayableCandidate[]> {
  return db
    .select({
      id: commissions.id,
      businessId: commissions.businessId,
      proStaffId: commissions.proStaffId,
      amountCents: commissions.amountCents,
      currency: commissions.currency,
      status: commissions.status,
      source: commissions.source,
      payableAt: commissions.payableAt,
      payoutId: commissions.payoutId,
      held: commissions.held,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(commissions)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, commissions.proStaffId))
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(inArray(commissions.id, ids))
    .orderBy(asc(commissions.id))
    .for('update', { of: commissions });
}

/** Outstanding negative entries (refunds after payment) of these pro staff with this business, in one currency. */
export function lockOutstandingNegatives(db: Database, businessId: number, proStaffIds: number[], currency: string): Promise<{ id: number; proStaffId: number; amountCents: number }[]> {
  return db
    .select({ id: commissions.id, proStaffId: commissions.proStaffId, amountCents: commissions.amountCents })
    .from(commissions)
    .where(
      and(
        eq(commissions.businessId, businessId),
        inArray(commissions.proStaffId, proStaffIds),
        eq(commissions.currency, currency),
        eq(commissions.status, 'pending'),
        lt(commissions.amountCents, 0),
        isNull(commissions.payoutId),
      ),
    )
    .orderBy(asc(commissions.id))
    .for('update');
}

export async function insertPayout(
  db: Database,
  values: { businessId: number; key: string; currency: string; amountCents: number; stripePaymentMethodId: string; stripeCustomerId: string },
  items: { proStaffId: number; amountCents: number; commissionIds: number[] }[],
): Promise<number> {
  const [row] = await db.insert(payouts).values(values).returning({ id: payouts.id });
  await db.insert(payoutItems).values(items.map((item) => ({ payoutId: row.id, proStaffId: item.proStaffId, amountCents: item.amountCents })));
  return row.id;
}

// ---- processing ----

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutItemRow = typeof payoutItems.$inferSelect;

export function findPayout(db: Database, id: number): Promise<PayoutRow | null> {
  return firstRow(db.select().from(payouts).where(eq(payouts.id, id)));
}

/** The payout's items with where each transfer goes. */
export function itemsToProcess(db: Database, payoutId: number) {
  return db
    .select({
      id: payoutItems.id,
      proStaffId: payoutItems.proStaffId,
      amountCents: payoutItems.amountCents,
      status: payoutItems.status,
      stripeAccountId: payoutAccounts.stripeAccountId,
    })
    .from(payoutItems)
    .leftJoin(payoutAccounts, eq(payoutAccounts.proStaffId, payoutItems.proStaffId))
    .where(eq(payoutItems.payoutId, payoutId))
    .orderBy(asc(payoutItems.id));
}

export async function recordCharge(db: Database, payoutId: number, values: { stripePaymentIntentId: string; stripeChargeId: string | null }): Promise<void> {
  await db.update(payouts).set(values).where(eq(payouts.id, payoutId));
}

/**
 * Marks the item paid with its transfer when it is still pending (else another run got there first), as a claim the
 * ledger runs first in the same query as its lock of the commissions (returning the item, or nothing).
 */
export function markItemPaidClaim(payoutId: number, proStaffId: number, stripeTransferId: string): { name: string; text: string; params: unknown[] } {
  return {
    name: 'payout_item_paid',
    text: `update payout_items set status = 'paid', stripe_transfer_id = $1 where payout_id = $2 and pro_staff_id = $3 and status = 'pending' returning id`,
    params: [stripeTransferId, payoutId, proStaffId],
  };
}

/** Marks the item failed with the reason; false when it was no longer pending. */
export async function markItemFailed(db: Database, payoutId: number, proStaffId: number, reason: string, stripeRefundId: string | null): Promise<boolean> {
  const rows = await db
    .update(payoutItems)
    .set({ status: 'failed', failureReason: reason, stripeRefundId })
    .where(and(eq(payoutItems.payoutId, payoutId), eq(payoutItems.proStaffId, proStaffId), eq(payoutItems.status, 'pending')))
    .returning({ id: payoutItems.id });
  return rows.length > 0;
}

export async function finishPayout(db: Database, payoutId: number, status: 'paid' | 'partial' | 'failed', failureReason: string | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ status, failureReason, completedAt: now })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'processing')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

// ---- reading ----

export type ItemView = {
  payoutId: number;
  proStaffId: number;
  firstName: string;
  lastName: string;
  userId: number;
  email: string;
  amountCents: number;
  status: 'pending' | 'paid' | 'failed';
  failureReason: string | null;
};

export function itemsOf(db: Database, payoutIds: number[]): Promise<ItemView[]> {
  if (payoutIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      payoutId: payoutItems.payoutId,
      proStaffId: payoutItems.proStaffId,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      userId: proStaffProfiles.userId,
      email: users.email,
      amountCents: payoutItems.amountCents,
      status: payoutItems.status,
      failureReason: payoutItems.failureReason,
    })
    .from(payoutItems)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, payoutItems.proStaffId))
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(inArray(payoutItems.payoutId, payoutIds))
    .orderBy(asc(payoutItems.payoutId), asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName), asc(payoutItems.proStaffId));
}

/**
 * The commissions each (payout, pro staffer) covers. A failed item's commissions were released, so they are found by
 * the payout they were in only while it processes or once paid: a failed transfer lists none.
 */
export async function commissionIdsOf(db: Database, payoutIds: number[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (payoutIds.length === 0) return out;
  const rows = await db
    .select({ id: commissions.id, payoutId: commissions.payoutId, proStaffId: commissions.proStaffId })
    .from(commissions)
    .where(inArray(commissions.payoutId, payoutIds))
    .orderBy(asc(commissions.id));
  for (const row of rows) {
    const key = `${row.payoutId}:${row.proStaffId}`;
    out.set(key, [...(out.get(key) ?? []), row.id]);
  }
  return out;
}

const dayRange = (filter: { from?: string; to?: string }) => [
  ...(filter.from ? [gte(payouts.createdAt, new Date(`${filter.from}T00:00:00Z`))] : []),
  ...(filter.to ? [lt(payouts.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000))] : []),
];

export function listForBusiness(db: Database, businessId: number, filter: { from?: string; to?: string } = {}, order: 'newest' | 'oldest' = 'newest'): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), ...dayRange(filter)))
    .orderBy(order === 'newest' ? desc(payouts.createdAt) : asc(payouts.createdAt), order === 'newest' ? desc(payouts.id) : asc(payouts.id));
}

export type ReceivedRow = PayoutRow & { companyName: string; itemAmountCents: number; itemStatus: 'pending' | 'paid' | 'failed'; itemFailureReason: string | null };

export function listForProStaff(db: Database, proStaffId: number, filter: { from?: string; to?: string } = {}, order: 'newest' | 'oldest' = 'newest'): Promise<ReceivedRow[]> {
  return db
    .select({
      id: payouts.id,
      businessId: payouts.businessId,
      key: payouts.key,
      currency: payouts.currency,
      amountCents: payouts.amountCents,
      status: payouts.status,
      failureReason: payouts.failureReason,
      stripePaymentIntentId: payouts.stripePaymentIntentId,
      stripeChargeId: payouts.stripeChargeId,
      stripeCustomerId: payouts.stripeCustomerId,
      stripePaymentMethodId: payouts.stripePaymentMethodId,
      createdAt: payouts.createdAt,
      completedAt: payouts.completedAt,
      companyName: businessProfiles.companyName,
      itemAmountCents: payoutItems.amountCents,
      itemStatus: payoutItems.status,
      itemFailureReason: payoutItems.failureReason,
    })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, payouts.businessId))
    .where(and(eq(payoutItems.proStaffId, proStaffId), ...dayRange(filter)))
    .orderBy(order === 'newest' ? desc(payouts.createdAt) : asc(payouts.createdAt), order === 'newest' ? desc(payouts.id) : asc(payouts.id));
}

export type BalanceRow = {
  businessId: number;
  companyName: string;
  proStaffId: number;
  firstName: string;
  lastName: string;
  currency: string;
  payableCents: number;
  negativeCents: number;
};

/**
 * What is owed now per (business, pro staffer, currency): pending commissions whose hold ended and that are in no
 * payout, with negative entries apart. Only pairs with something payable or outstanding.
 */
export async function balances(db: Database, party: { businessId: number } | { proStaffId: number }, now: Date): Promise<BalanceRow[]> {
  const payable = sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.amountCents} > 0), 0)::bigint`.mapWith(Number);
  const negative = sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.amountCents} < 0), 0)::bigint`.mapWith(Number);
  return db
    .select({
      businessId: commissions.businessId,
      companyName: businessProfiles.companyName,
      proStaffId: commissions.proStaffId,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      currency: commissions.currency,
      payableCents: payable,
      negativeCents: negative,
    })
    .from(commissions)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, commissions.proStaffId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, commissions.businessId))
    .where(
      and(
        'businessId' in party ? eq(commissions.businessId, party.businessId) : eq(commissions.proStaffId, party.proStaffId),
        eq(commissions.status, 'pending'),
        lte(commissions.payableAt, now),
        isNull(commissions.payoutId),
        eq(commissions.held, false),
        ne(commissions.amountCents, 0),
      ),
    )
    .groupBy(commissions.businessId, businessProfiles.companyName, commissions.proStaffId, proStaffProfiles.firstName, proStaffProfiles.lastName, commissions.currency)
    .orderBy(asc(businessProfiles.companyName), asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName), asc(commissions.currency));
}

export async function businessOwner(db: Database, businessId: number) {
  return firstRow(db.select({ userId: businessProfiles.userId, companyName: businessProfiles.companyName }).from(businessProfiles).where(eq(businessProfiles.id, businessId)));
}

export async function proStaffName(db: Database, proStaffId: number): Promise<string | null> {
  const row = await firstRow(db.select({ firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName }).from(proStaffProfiles).where(eq(proStaffProfiles.id, proStaffId)));
  return row ? `${row.firstName} ${row.lastName}` : null;
}
