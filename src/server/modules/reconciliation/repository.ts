import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { payoutItems, payouts } from '@server/db/schema/payouts';
import { commissionEntries } from '@server/db/schema/ledger';
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
 * HuntStaff's side of the reconciliation: what the commission ledger says was paid out by transfer (decision records
 * 036, 037). Per payout and pro staffer, the sum of the ledger's `paid` entries, which it posts when that transfer
 * landed, with the payout item's Stripe transfer id. A payout item marked paid
 * without entries (impossible since the ledger) would show as missing here, not be trusted.
 *
 * The only place that reads what HuntStaff recorded as paid out; nothing else in the reconciliation module reads money.
 */
export function recordedTransfers(db: Database, range: { from: Date; to: Date }): Promise<RecordedTransfer[]> {
  // The payout's completion (its creation while it processes) dates the transfer, as Stripe's own list is read by time.
  const paidAt = sql<Date>`coalesce(${payouts.completedAt}, ${payouts.createdAt})`.mapWith(payouts.createdAt);
  return db
    .select({
      businessId: payouts.businessId,
      companyName: businessProfiles.companyName,
      payoutId: payouts.id,
      proStaffId: commissionEntries.proStaffId,
      currency: sql<string>`upper(${commissionEntries.currency})`,
      amountCents: sql<number>`sum(${commissionEntries.amountMinor})::bigint`.mapWith(Number),
      stripeTransferId: sql<string>`${payoutItems.stripeTransferId}`,
      paidAt,
    })
    .from(commissionEntries)
    .innerJoin(payouts, eq(payouts.id, commissionEntries.payoutId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, payouts.businessId))
    .innerJoin(payoutItems, and(eq(payoutItems.payoutId, commissionEntries.payoutId), eq(payoutItems.proStaffId, commissionEntries.proStaffId)))
    .where(and(eq(commissionEntries.kind, 'paid'), isNotNull(payoutItems.stripeTransferId), gte(paidAt, range.from), lt(paidAt, range.to)))
    .groupBy(payouts.id, payouts.businessId, businessProfiles.companyName, commissionEntries.proStaffId, commissionEntries.currency, payoutItems.stripeTransferId, payouts.completedAt, payouts.createdAt)
    .orderBy(asc(payouts.id), asc(commissionEntries.proStaffId));
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
