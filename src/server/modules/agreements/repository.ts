import { aliasedTable, and, asc, desc, eq, gte, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Agreement, AgreementAction, AgreementEvent, AgreementStatus, AgreementTerms, ExclusivityCategory } from '@shared/contracts/agreements';
import { rowsOf, type Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { firstRow } from '@server/db/rows';
import { agreementEvents, agreements } from '@server/db/schema/agreements';
import { isLiveAgreement } from '@server/db/live-agreement';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { brandColumns, withBrand, type BrandColumns } from '../branding/brand-columns';

type StoredStatus = Exclude<AgreementStatus, 'expired'>;

/** Acceptances for one pro staffer run one at a time, so two exclusive acceptances cannot both pass the check (028). */
export const lockProStaffAgreements = transactionLock('agreementsProStaff');
/** Offers of one business run one at a time, so two offers cannot both pass the plan limit. */
export const lockBusinessAgreements = transactionLock('agreementsBusiness');
export const lockExpiryNotices = transactionLock('agreementsExpiry');

/** The series key: the first version's id. */
const seriesKey = sql<number>`coalesce(${agreements.seriesId}, ${agreements.id})`.mapWith(Number);

/**
 * `active` past its end date reads as `expired` (decision record 028: expiry is computed, never stored); so does an
 * offer nobody answered before the end of the term it offered.
 */
const effectiveStatus = (today: string) =>
  sql<AgreementStatus>`case when ${agreements.status} in ('active', 'offered') and ${agreements.endDate} < ${today} then 'expired' else ${agreements.status} end`;

const columns = (today: string) => ({
  id: agreements.id,
  seriesId: seriesKey,
  version: agreements.version,
  businessId: agreements.businessId,
  businessName: businessProfiles.companyName,
  businessUserId: businessProfiles.userId,
  proStaffId: agreements.proStaffId,
  proStaffName: sql<string>`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`,
  proStaffUserId: proStaffProfiles.userId,
  status: effectiveStatus(today),
  startDate: agreements.startDate,
  endDate: agreements.endDate,
  commissionRateBps: agreements.commissionRateBps,
  gearAllowanceMinor: agreements.gearAllowanceMinor,
  currency: agreements.currency,
  proDealDiscountPercent: agreements.proDealDiscountPercent,
  duties: agreements.duties,
  postsPerTerm: agreements.postsPerTerm,
  eventsPerTerm: agreements.eventsPerTerm,
  fieldTestReportsPerTerm: agreements.fieldTestReportsPerTerm,
  exclusivityCategory: agreements.exclusivityCategory,
  conflictAcknowledged: agreements.conflictAcknowledged,
  acceptedAt: agreements.acceptedAt,
  acceptedIp: agreements.acceptedIp,
  endedAt: agreements.endedAt,
  endReason: agreements.endReason,
  // The business's custom branding on the agreement pages (decision record 045).
  ...brandColumns,
  createdAt: agreements.createdAt,
});

export type AgreementRow = Agreement & { businessUserId: number; proStaffUserId: number };

type RawRow = Omit<AgreementRow, 'acceptedAt' | 'endedAt' | 'createdAt' | 'exclusivityCategory' | 'brand'> & BrandColumns & {
  acceptedAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
  exclusivityCategory: string | null;
};

const toAgreement = (raw: RawRow): AgreementRow => {
  const row = withBrand(raw);
  return {
    ...row,
    exclusivityCategory: row.exclusivityCategory as ExclusivityCategory | null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
};

function selectAgreements(db: Database, today: string) {
  return db
    .select(columns(today))
    .from(agreements)
    .innerJoin(businessProfiles, eq(businessProfiles.id, agreements.businessId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, agreements.proStaffId));
}

export async function findAgreement(db: Database, id: number, today: string): Promise<AgreementRow | null> {
  const row = await firstRow(selectAgreements(db, today).where(eq(agreements.id, id)));
  return row ? toAgreement(row as RawRow) : null;
}

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AgreementFilters = { status?: AgreementStatus; category?: ExclusivityCategory; q?: string };

/** One party's agreements, newest first; `q` matches the other party's name. */
export async function listAgreements(db: Database, party: { businessId: number } | { proStaffId: number }, filters: AgreementFilters, today: string): Promise<AgreementRow[]> {
  const conditions: (SQL | undefined)[] = [
    'businessId' in party ? eq(agreements.businessId, party.businessId) : eq(agreements.proStaffId, party.proStaffId),
  ];
  if (filters.status) conditions.push(sql`${effectiveStatus(today)} = ${filters.status}`);
  if (filters.category) conditions.push(eq(agreements.exclusivityCategory, filters.category));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      'businessId' in party
        ? or(ilike(proStaffProfiles.firstName, pattern), ilike(proStaffProfiles.lastName, pattern), ilike(sql`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`, pattern))
        : ilike(businessProfiles.companyName, pattern),
    );
  }
  const rows = await selectAgreements(db, today)
    .where(and(...conditions))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(500);
  return (rows as RawRow[]).map(toAgreement);
}

export type NewAgreement = Omit<AgreementTerms, 'acknowledgeConflict'> & {
  businessId: number;
  proStaffId: number;
  seriesId: number | null;
  version: number;
  conflictAcknowledged: boolean;
  offeredByUserId: number;
};

export async function insertAgreement(db: Database, values: NewAgreement): Promise<number> {
  const [row] = await db.insert(agreements).values(values).returning({ id: agreements.id });
  return row!.id;
}

/** Moves `id` from one of `from` to `to` with `changes`; false when it was no longer in `from` (someone got there first). */
export async function transition(
  db: Database,
  id: number,
  from: readonly StoredStatus[],
  to: StoredStatus,
  changes: Partial<typeof agreements.$inferInsert>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(agreements)
    .set({ ...changes, status: to, updatedAt: now })
    .where(and(eq(agreements.id, id), inArray(agreements.status, [...from])))
    .returning({ id: agreements.id });
  return rows.length === 1;
}

export async function insertEvent(
  db: Database,
  event: { agreementId: number; seriesId: number; actorUserId: number | null; action: AgreementAction; reason?: string | null; at: Date },
): Promise<void> {
  await db.insert(agreementEvents).values({
    agreementId: event.agreementId,
    seriesId: event.seriesId,
    actorUserId: event.actorUserId,
    action: event.action,
    reason: event.reason || null,
    createdAt: event.at,
  });
}

export async function listEvents(db: Database, seriesId: number): Promise<AgreementEvent[]> {
  const actor = aliasedTable(users, 'actor');
  const rows = await db
    .select({
      id: agreementEvents.id,
      agreementId: agreementEvents.agreementId,
      version: agreements.version,
      action: agreementEvents.action,
      actorName: sql<string | null>`coalesce(${businessProfiles.companyName}, ${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})`,
      reason: agreementEvents.reason,
      createdAt: agreementEvents.createdAt,
    })
    .from(agreementEvents)
    .innerJoin(agreements, eq(agreements.id, agreementEvents.agreementId))
    .leftJoin(actor, eq(actor.id, agreementEvents.actorUserId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, actor.id))
    .leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, actor.id))
    .where(eq(agreementEvents.seriesId, seriesId))
    .orderBy(asc(agreementEvents.createdAt), asc(agreementEvents.id));
  return rows.map((row) => ({ ...row, actorName: row.actorName ?? null, createdAt: row.createdAt.toISOString() }));
}

/**
 * Agreements that count against a business's plan limit: live ones, and first-version offers still open (a
 * revision replaces a live one, so it does not count twice).
 */
export async function countOpenForBusiness(db: Database, businessId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(agreements)
    .where(and(eq(agreements.businessId, businessId), or(isLiveAgreement(today), and(eq(agreements.status, 'offered'), isNull(agreements.seriesId), gte(agreements.endDate, today)))));
  return row?.n ?? 0;
}

/** An open offer or a live agreement between the two: a new offer would duplicate it. */
export async function openBetween(db: Database, businessId: number, proStaffId: number, today: string): Promise<number | null> {
  const row = await firstRow(
    db
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.businessId, businessId), eq(agreements.proStaffId, proStaffId), or(isLiveAgreement(today), and(eq(agreements.status, 'offered'), gte(agreements.endDate, today))))),
  );
  return row?.id ?? null;
}

/** A live exclusive agreement of the staffer in `category` with another business than `exceptBusinessId`. */
export async function liveExclusiveElsewhere(
  db: Database,
  proStaffId: number,
  category: ExclusivityCategory,
  exceptBusinessId: number,
  today: string,
): Promise<{ id: number; businessName: string } | null> {
  return firstRow(
    db
      .select({ id: agreements.id, businessName: businessProfiles.companyName })
      .from(agreements)
      .innerJoin(businessProfiles, eq(businessProfiles.id, agreements.businessId))
      .where(and(eq(agreements.proStaffId, proStaffId), eq(agreements.exclusivityCategory, category), ne(agreements.businessId, exceptBusinessId), isLiveAgreement(today))),
  );
}

/** The version of a series that is open as an offer, other than `exceptId`. */
export async function openRevisionIds(db: Database, seriesId: number, exceptId: number): Promise<number[]> {
  const rows = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.seriesId, seriesId), eq(agreements.status, 'offered'), ne(agreements.id, exceptId)));
  return rows.map((row) => row.id);
}

export async function maxVersion(db: Database, seriesId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${agreements.version}), 0)`.mapWith(Number) })
    .from(agreements)
    .where(or(eq(agreements.id, seriesId), eq(agreements.seriesId, seriesId)));
  return row?.max ?? 0;
}

/** The live version of a series (the one a revision replaces). */
export async function liveVersionOf(db: Database, seriesId: number, today: string): Promise<number | null> {
  const row = await firstRow(
    db
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(or(eq(agreements.id, seriesId), eq(agreements.seriesId, seriesId)), isLiveAgreement(today))),
  );
  return row?.id ?? null;
}

/** The commission rate of the live agreement between the two, or null (codes default to it). */
export async function liveRateBps(db: Database, businessId: number, proStaffId: number, today: string): Promise<number | null> {
  const row = await firstRow(
    db
      .select({ rate: agreements.commissionRateBps })
      .from(agreements)
      .where(and(eq(agreements.businessId, businessId), eq(agreements.proStaffId, proStaffId), isLiveAgreement(today)))
      .orderBy(desc(agreements.version)),
  );
  return row?.rate ?? null;
}

/** A staffer who can be offered an agreement: an erased account's profile row stays, but is nobody to offer to (027). */
export async function proStaffExists(db: Database, proStaffId: number): Promise<boolean> {
  return (await firstRow(db.select({ id: proStaffProfiles.id }).from(proStaffProfiles).where(and(eq(proStaffProfiles.id, proStaffId), isNull(proStaffProfiles.erasedAt))))) !== null;
}

export type NewlyExpired = { id: number; status: 'active' | 'offered'; endDate: string; businessId: number; proStaffId: number; businessUserId: number; proStaffUserId: number; businessName: string; proStaffName: string };

/**
 * Writes the `expired` history event of every agreement (or open offer) past its end date that has none yet, and
 * returns them with whom to tell. Run under lockExpiryNotices, so the not-exists check and the insert are one step.
 */
export async function recordNewlyExpired(db: Database, today: string, now: Date, limit: number): Promise<NewlyExpired[]> {
  const result = await db.execute(sql`
    with due as (
      select a.id, coalesce(a.series_id, a.id) as series_id
      from agreements a
      where a.status in ('active', 'offered') and a.end_date < ${today}
        and not exists (select 1 from agreement_events e where e.agreement_id = a.id and e.action = 'expired')
      order by a.id limit ${limit}
    ), written as (
      insert into agreement_events (agreement_id, series_id, actor_user_id, action, created_at)
      select id, series_id, null, 'expired', ${now.toISOString()}::timestamptz from due
      returning agreement_id
    )
    select a.id, a.status, a.end_date::text as "endDate", a.business_id as "businessId", a.pro_staff_id as "proStaffId", b.user_id as "businessUserId", p.user_id as "proStaffUserId",
      b.company_name as "businessName", p.first_name || ' ' || p.last_name as "proStaffName"
    from written w
    join agreements a on a.id = w.agreement_id
    join business_profiles b on b.id = a.business_id
    join pro_staff_profiles p on p.id = a.pro_staff_id
    order by a.id`);
  return rowsOf<NewlyExpired>(result).map((row) => ({ ...row, id: Number(row.id), businessId: Number(row.businessId), proStaffId: Number(row.proStaffId), businessUserId: Number(row.businessUserId), proStaffUserId: Number(row.proStaffUserId) }));
}

export type ClosedAccountEnding = {
  id: number;
  seriesId: number;
  version: number;
  status: 'ended' | 'withdrawn' | 'declined';
  /** The party who stays, and whether their own account is still open (an erased one is told nothing). */
  otherUserId: number;
  otherOpen: boolean;
  /** The closing party's name as it was before erasure, for the notice to the other party. */
  closedName: string;
  side: 'business' | 'proStaff';
};

/**
 * Ends every live agreement and open offer of `userId` (either side) in one statement, because the account is being
 * erased (decision record 027): active → `ended`, an offer (or change) → `withdrawn` when the business closed,
 * `declined` when the staffer did. One UPDATE, so an acceptance racing it either lands first (and its row, now
 * active, is ended here: PostgreSQL re-checks a row changed under it) or finds the offer gone. Live as record 028
 * defines it: not past its end date (an expired agreement is already over).
 */
export async function endLiveAgreementsOf(db: Database, userId: number, reason: string, today: string, now: Date): Promise<ClosedAccountEnding[]> {
  const result = await db.execute(sql`
    update agreements a set
      status = case when a.status = 'active' then 'ended' when b.user_id = ${userId} then 'withdrawn' else 'declined' end,
      end_reason = ${reason}, ended_at = ${now.toISOString()}::timestamptz, ended_by_user_id = ${userId}, updated_at = ${now.toISOString()}::timestamptz
    from business_profiles b, pro_staff_profiles p, users bu, users pu
    where b.id = a.business_id and p.id = a.pro_staff_id and bu.id = b.user_id and pu.id = p.user_id
      and (b.user_id = ${userId} or p.user_id = ${userId})
      and a.status in ('active', 'offered') and a.end_date >= ${today}
    returning a.id, coalesce(a.series_id, a.id) as "seriesId", a.version, a.status,
      case when b.user_id = ${userId} then 'business' else 'proStaff' end as side,
      case when b.user_id = ${userId} then p.user_id else b.user_id end as "otherUserId",
      case when b.user_id = ${userId} then pu.deleted_at is null else bu.deleted_at is null end as "otherOpen",
      case when b.user_id = ${userId} then b.company_name else p.first_name || ' ' || p.last_name end as "closedName"`);
  return rowsOf<ClosedAccountEnding>(result)
    .map((row) => ({ ...row, id: Number(row.id), seriesId: Number(row.seriesId), version: Number(row.version), otherUserId: Number(row.otherUserId) }))
    .sort((a, b) => a.id - b.id);
}
