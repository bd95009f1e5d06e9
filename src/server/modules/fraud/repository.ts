import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { commissions } from '@server/db/schema/commissions';
import { storeOrders, trackingEvents } from '@server/db/schema/discounts';
import { codeVelocity, couponSiteLists, fraudFlags, fraudSettings, householdAddresses, orderRiskHashes, type FingerprintKind } from '@server/db/schema/fraud';
import { gearRequests } from '@server/db/schema/gear';
import { proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import type { FlagStatus, FraudSignal } from '@shared/contracts/fraud';
import type { VelocityBaseline } from './signals';

export type NewFlag = typeof fraudFlags.$inferInsert;
export type FlagRow = typeof fraudFlags.$inferSelect & { proStaffName: string; commissionAmountMinor: number | null; currency: string | null; held: boolean };

function selectFlags(db: Pick<Database, 'select'>) {
  return db
    .select({
      flag: fraudFlags,
      proStaffName: sql<string>`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`,
      commissionAmountMinor: commissions.amountCents,
      currency: commissions.currency,
      commissionHeld: commissions.held,
    })
    .from(fraudFlags)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, fraudFlags.proStaffId))
    .leftJoin(commissions, eq(commissions.id, fraudFlags.commissionId));
}

type SelectedFlag = { flag: typeof fraudFlags.$inferSelect; proStaffName: string; commissionAmountMinor: number | null; currency: string | null; commissionHeld: boolean | null };
const toFlagRow = (row: SelectedFlag): FlagRow => ({
  ...row.flag, proStaffName: row.proStaffName, commissionAmountMinor: row.commissionAmountMinor, currency: row.currency,
  // The flag holds the commission while it is open in hold mode and the ledger says it is held.
  held: row.flag.mode === 'hold' && row.flag.status === 'open' && row.commissionHeld === true,
});

export type FlagFilter = { businessId?: number; proStaffId?: number; status?: FlagStatus; signal?: FraudSignal };

function flagWhere(filter: FlagFilter): SQL | undefined {
  return and(
    filter.businessId === undefined ? undefined : eq(fraudFlags.businessId, filter.businessId),
    filter.proStaffId === undefined ? undefined : eq(fraudFlags.proStaffId, filter.proStaffId),
    filter.status === undefined ? undefined : eq(fraudFlags.status, filter.status),
    filter.signal === undefined ? undefined : eq(fraudFlags.signal, filter.signal),
  );
}

export async function listFlags(db: Database, filter: FlagFilter, page: { limit: number; offset: number }): Promise<{ rows: FlagRow[]; total: number }> {
  const where = flagWhere(filter);
  const rows = await selectFlags(db).where(where).orderBy(desc(fraudFlags.id)).limit(page.limit).offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(fraudFlags).where(where);
  return { rows: rows.map(toFlagRow), total };
}

export async function flagsByIds(db: Database, ids: number[]): Promise<FlagRow[]> {
  if (ids.length === 0) return [];
  return (await selectFlags(db).where(inArray(fraudFlags.id, ids)).orderBy(asc(fraudFlags.id))).map(toFlagRow);
}

/** The flags, locked until the transaction ends (parallel decisions on one flag queue here; the first one wins). */
export function lockFlags(db: Database, ids: number[]) {
  return db.select().from(fraudFlags).where(inArray(fraudFlags.id, ids)).orderBy(asc(fraudFlags.id)).for('update');
}

/** Inserts the flags; one already raised for the order and signal (a redelivery) is skipped. Answers the new ones. */
/** The commissions the flags hold (no lock: read to lock those commissions before the flags). */
export async function commissionIdsOf(db: Database, ids: number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ commissionId: fraudFlags.commissionId }).from(fraudFlags).where(inArray(fraudFlags.id, ids));
  return rows.flatMap((row) => (row.commissionId === null ? [] : [row.commissionId]));
}

export async function insertFlags(db: Database, flags: NewFlag[]) {
  if (flags.length === 0) return [];
  return db.insert(fraudFlags).values(flags).onConflictDoNothing({ target: [fraudFlags.businessId, fraudFlags.orderId, fraudFlags.signal] }).returning();
}

export async function settle(db: Database, ids: number[], values: Pick<NewFlag, 'status' | 'resolution' | 'reason' | 'decidedAt'>): Promise<void> {
  if (ids.length === 0) return;
  await db.update(fraudFlags).set(values).where(inArray(fraudFlags.id, ids));
}

/** Open hold-mode flags of a commission other than these: while one stands, the commission stays held. */
export async function otherOpenHolds(db: Database, commissionId: number, except: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fraudFlags)
    .where(and(eq(fraudFlags.commissionId, commissionId), eq(fraudFlags.status, 'open'), eq(fraudFlags.mode, 'hold'), sql`${fraudFlags.id} <> all(${sql.param(except)}::integer[])`));
  return row.n;
}

/**
 * Whether a flag on the commission was rejected as fraud. Its flags are locked for share first: a rejection being
 * decided at this moment (it locks them for update) is waited for and seen.
 */
export async function rejectedAsFraud(db: Database, commissionId: number): Promise<boolean> {
  const rows = await db.select({ status: fraudFlags.status }).from(fraudFlags).where(eq(fraudFlags.commissionId, commissionId)).for('share');
  return rows.some((row) => row.status === 'rejected');
}

/** Open flags whose expiry passed, oldest first. */
export async function expiredFlagIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: fraudFlags.id })
    .from(fraudFlags)
    .where(and(eq(fraudFlags.status, 'open'), isNotNull(fraudFlags.expiresAt), lte(fraudFlags.expiresAt, now)))
    .orderBy(asc(fraudFlags.expiresAt), asc(fraudFlags.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export type StafferCounts = { proStaffId: number; proStaffName: string; signal: FraudSignal; status: FlagStatus; n: number };

export function stafferCounts(db: Database, businessId: number): Promise<StafferCounts[]> {
  return db
    .select({
      proStaffId: fraudFlags.proStaffId,
      proStaffName: sql<string>`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`,
      signal: fraudFlags.signal,
      status: fraudFlags.status,
      n: count(),
    })
    .from(fraudFlags)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, fraudFlags.proStaffId))
    .where(eq(fraudFlags.businessId, businessId))
    .groupBy(fraudFlags.proStaffId, proStaffProfiles.firstName, proStaffProfiles.lastName, fraudFlags.signal, fraudFlags.status)
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName), asc(fraudFlags.proStaffId));
}

/** Pro staff with rejected flags from at least `minRejected` orders, across businesses: counts only. */
export function repeatedRejections(db: Database, minRejected: number) {
  return db
    .select({
      proStaffId: fraudFlags.proStaffId,
      proStaffName: sql<string>`min(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})`,
      rejected: sql<number>`count(distinct (${fraudFlags.businessId}, ${fraudFlags.orderId}))`.mapWith(Number),
      businesses: sql<number>`count(distinct ${fraudFlags.businessId})`.mapWith(Number),
      lastRejectedAt: sql<Date>`max(${fraudFlags.decidedAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(fraudFlags)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, fraudFlags.proStaffId))
    .where(eq(fraudFlags.status, 'rejected'))
    .groupBy(fraudFlags.proStaffId)
    .having(sql`count(distinct (${fraudFlags.businessId}, ${fraudFlags.orderId})) >= ${minRejected}`)
    .orderBy(sql`3 desc`, asc(fraudFlags.proStaffId))
    .limit(200);
}

export const findSettings = (db: Database, businessId: number) => firstRow(db.select().from(fraudSettings).where(eq(fraudSettings.businessId, businessId)));

export async function saveSettings(db: Database, values: typeof fraudSettings.$inferInsert): Promise<void> {
  await db.insert(fraudSettings).values(values).onConflictDoUpdate({ target: fraudSettings.businessId, set: { ...values, businessId: undefined } });
}

export const findCouponSiteList = (db: Database) => firstRow(db.select({ domains: couponSiteLists.domains }).from(couponSiteLists).where(eq(couponSiteLists.id, 1)));

export async function saveCouponSiteList(db: Database, domains: string[], now: Date): Promise<void> {
  await db.insert(couponSiteLists).values({ id: 1, domains, updatedAt: now }).onConflictDoUpdate({ target: couponSiteLists.id, set: { domains, updatedAt: now } });
}

export const listHouseholdAddresses = (db: Database, proStaffId: number) =>
  db.select().from(householdAddresses).where(eq(householdAddresses.proStaffId, proStaffId)).orderBy(asc(householdAddresses.id));

export async function insertHouseholdAddress(db: Database, values: typeof householdAddresses.$inferInsert) {
  const [row] = await db.insert(householdAddresses).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteHouseholdAddress(db: Database, proStaffId: number, id: number): Promise<boolean> {
  const rows = await db.delete(householdAddresses).where(and(eq(householdAddresses.id, id), eq(householdAddresses.proStaffId, proStaffId))).returning({ id: householdAddresses.id });
  return rows.length > 0;
}

export const countHouseholdAddresses = async (db: Database, proStaffId: number) =>
  (await db.select({ n: count() }).from(householdAddresses).where(eq(householdAddresses.proStaffId, proStaffId)))[0].n;

/** What the staffer gave us about themselves: account email, gear shipping addresses (with phones), household hashes. */
export async function stafferIdentity(db: Database, proStaffId: number) {
  const account = await firstRow(db.select({ email: users.email }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(eq(proStaffProfiles.id, proStaffId)));
  const shipping = await db.selectDistinct({ address: gearRequests.shippingAddress }).from(gearRequests).where(eq(gearRequests.proStaffId, proStaffId)).limit(20);
  const household = await db.select({ hash: householdAddresses.addressHash }).from(householdAddresses).where(eq(householdAddresses.proStaffId, proStaffId));
  return { email: account?.email ?? null, shipping: shipping.map((row) => row.address), householdHashes: household.map((row) => row.hash) };
}

/** Verified orders with this code since `since` (this one included once it is recorded). */
export async function codeUsesSince(db: Database, discountCodeId: number, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storeOrders).where(and(eq(storeOrders.discountCodeId, discountCodeId), eq(storeOrders.verified, true), gt(storeOrders.createdAt, since)));
  return row.n;
}

/** A browser page view carrying this code recorded before the order, and the referrers browser signals recorded for the order. */
export async function browserTrail(db: Database, businessId: number, code: string, orderId: string, before: Date): Promise<{ sawPageView: boolean; referrers: string[] }> {
  const [view] = await db
    .select({ n: count() })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.businessId, businessId), eq(trackingEvents.type, 'pageview'), sql`upper(${trackingEvents.discountCode}) = ${code}`, lte(trackingEvents.occurredAt, before)));
  const refs = await db
    .select({ referrer: trackingEvents.referrer })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.businessId, businessId), eq(trackingEvents.orderId, orderId), isNotNull(trackingEvents.referrer)))
    .limit(10);
  return { sawPageView: view.n > 0, referrers: refs.map((row) => row.referrer!).filter(Boolean) };
}

export const findVelocity = async (db: Database, discountCodeId: number) =>
  (await firstRow(db.select({ baseline: codeVelocity.baseline }).from(codeVelocity).where(eq(codeVelocity.discountCodeId, discountCodeId)).for('update')))?.baseline ?? null;

export async function saveVelocity(db: Database, discountCodeId: number, baseline: VelocityBaseline, now: Date): Promise<void> {
  await db.insert(codeVelocity).values({ discountCodeId, baseline, updatedAt: now }).onConflictDoUpdate({ target: codeVelocity.discountCodeId, set: { baseline, updatedAt: now } });
}

export async function insertRiskHashes(db: Database, rows: { businessId: number; orderId: string; proStaffId: number; kind: FingerprintKind; hash: string; createdAt: Date }[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderRiskHashes).values(rows);
}

/** Orders since `since` sharing one of these hashes but credited to other pro staff of the business. */
export async function sharedFingerprint(db: Database, businessId: number, proStaffId: number, hashes: string[], since: Date): Promise<{ otherStaffers: number; orders: number }> {
  if (hashes.length === 0) return { otherStaffers: 0, orders: 0 };
  const [row] = await db
    .select({ otherStaffers: sql<number>`count(distinct ${orderRiskHashes.proStaffId})`.mapWith(Number), orders: sql<number>`count(distinct ${orderRiskHashes.orderId})`.mapWith(Number) })
    .from(orderRiskHashes)
    .where(and(eq(orderRiskHashes.businessId, businessId), inArray(orderRiskHashes.hash, hashes), gt(orderRiskHashes.createdAt, since), ne(orderRiskHashes.proStaffId, proStaffId)));
  return row;
}

/** Order risk rows older than the retention window go (decision record 039). */
export async function purgeRiskHashes(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(orderRiskHashes).where(lte(orderRiskHashes.createdAt, before)).returning({ id: orderRiskHashes.id });
  return rows.length;
}

export const userOfProStaff = async (db: Database, proStaffId: number) =>
  (await firstRow(db.select({ userId: proStaffProfiles.userId }).from(proStaffProfiles).where(eq(proStaffProfiles.id, proStaffId))))?.userId ?? null;
