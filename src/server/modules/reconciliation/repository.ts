import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { payoutItems, payouts } from '@server/db/schema/payouts';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';

/** One transfer HuntStaff recorded as paid to a pro staffer. */
export type RecordedTransfer = {
  businessId: number;
  companyName: string;
  payoutId: number;
  proStaffId: number;
  /** ISO 4217, upper case. */
  currency: string;
  amountCents: number;
  stripeTransferId: string;
  paidAt: Date;
};

/**
 * HuntStaff's side of the reconciliation: every transfer recorded as paid whose payment time falls in [from, to).
 *
 * THIS IS THE ONLY PLACE THAT READS WHAT HUNTSTAFF RECORDED AS PAID OUT (decision record 037). Today that is a
 * `payout_items` row with status `paid` and its Stripe transfer id, joined with its payout; when payouts move to the
 * append-only ledger, swap this body to read the ledger's `paid` entries and keep the returned shape. Nothing else in
 * the reconciliation module may read payouts' money.
 *
 * `paid_at` is not stored per item: the payout's completion time stands for it (the item is marked paid a moment
 * before the payout completes), or its creation while it is still processing.
 */
export function recordedTransfers(db: Database, range: { from: Date; to: Date }): Promise<RecordedTransfer[]> {
  const paidAt = sql<Date>`coalesce(${payouts.completedAt}, ${payouts.createdAt})`.mapWith(payouts.createdAt);
  return db
    .select({
      businessId: payouts.businessId,
      companyName: businessProfiles.companyName,
      payoutId: payouts.id,
      proStaffId: payoutItems.proStaffId,
      currency: sql<string>`upper(${payouts.currency})`,
      amountCents: payoutItems.amountCents,
      stripeTransferId: sql<string>`${payoutItems.stripeTransferId}`,
      paidAt,
    })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, payouts.businessId))
    .where(and(eq(payoutItems.status, 'paid'), isNotNull(payoutItems.stripeTransferId), gte(paidAt, range.from), lt(paidAt, range.to)))
    .orderBy(asc(payouts.id), asc(payoutItems.proStaffId));
}

/**
 * Whose payouts these are, to name the business of a Stripe transfer HuntStaff has no paid record of. Reads who a
 * payout belongs to, never what it paid.
 */
export function payoutOwners(db: Database, payoutIds: number[]): Promise<{ payoutId: number; businessId: number; companyName: string }[]> {
  if (payoutIds.length === 0) return Promise.resolve([]);
  return db
    .select({ payoutId: payouts.id, businessId: payouts.businessId, companyName: businessProfiles.companyName })
    .from(payouts)
    .innerJoin(businessProfiles, eq(businessProfiles.id, payouts.businessId))
    .where(inArray(payouts.id, payoutIds));
}

/** Every admin account, to tell them about mismatches. */
export async function adminUserIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id));
  return rows.map((row) => row.id);
}
