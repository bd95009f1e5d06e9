import type { CommissionSource } from '@shared/contracts/commissions';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { commissionSettings, commissions } from '@server/db/schema/commissions';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { applications, jobPostings } from '@server/db/schema/jobs';
import { storeOrders } from '@server/db/schema/discounts';

export type CommissionRow = {
  id: number;
  businessId: number;
  proStaffId: number;
  amountCents: number;
  currency: string;
  adjustsCommissionId: number | null;
  description: string | null;
  dueDate: string | null;
  status: 'pending' | 'paid' | 'cancelled';
  source: CommissionSource;
  orderId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  payableAt: Date;
  payoutId: number | null;
  /** Held for fraud review (decision record 039): not payable until the flag is decided. */
  held: boolean;
  proStaffUserId: number;
  proStaffFirstName: string;
  proStaffLastName: string;
  businessCompanyName: string;
  /** The order's channel and store location when the commission is an order's (issue 44); null otherwise. */
  channel: 'online' | 'pos' | null;
  locationId: string | null;
};

const commissionColumns = {
  id: commissions.id,
  businessId: commissions.businessId,
  proStaffId: commissions.proStaffId,
  amountCents: commissions.amountCents,
  currency: commissions.currency,
  adjustsCommissionId: commissions.adjustsCommissionId,
  description: commissions.description,
  dueDate: commissions.dueDate,
  status: commissions.status,
  source: commissions.source,
  orderId: commissions.orderId,
  createdAt: commissions.createdAt,
  paidAt: commissions.paidAt,
  payableAt: commissions.payableAt,
  payoutId: commissions.payoutId,
  held: commissions.held,
  proStaffUserId: proStaffProfiles.userId,
  proStaffFirstName: proStaffProfiles.firstName,
  proStaffLastName: proStaffProfiles.lastName,
  businessCompanyName: businessProfiles.companyName,
  channel: storeOrders.channel,
  locationId: storeOrders.locationId,
};

function commissionQuery(db: Database) {
  return db
    .select(commissionColumns)
    .from(commissions)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, commissions.proStaffId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, commissions.businessId))
    // At most one order per business and order id (store_orders' unique key): no commission is listed twice.
    .leftJoin(storeOrders, and(eq(storeOrders.businessId, commissions.businessId), eq(storeOrders.orderId, commissions.orderId)));
}

export async function listForBusiness(db: Database, businessId: number): Promise<CommissionRow[]> {
  return commissionQuery(db).where(eq(commissions.businessId, businessId)).orderBy(desc(commissions.createdAt), desc(commissions.id));
}

export async function listForProStaff(db: Database, proStaffId: number): Promise<CommissionRow[]> {
  return commissionQuery(db).where(eq(commissions.proStaffId, proStaffId)).orderBy(desc(commissions.createdAt), desc(commissions.id));
}

/** One party's commissions created between two UTC days (inclusive), optionally of one status, oldest first. */
export async function listForStatement(
  db: Database,
  party: { businessId: number } | { proStaffId: number },
  filter: { from?: string; to?: string; status: 'pending' | 'paid' | 'cancelled' | 'all' },
): Promise<CommissionRow[]> {
  const conditions = ['businessId' in party ? eq(commissions.businessId, party.businessId) : eq(commissions.proStaffId, party.proStaffId)];
  if (filter.from) conditions.push(gte(commissions.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(commissions.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.status !== 'all') conditions.push(eq(commissions.status, filter.status));
  return commissionQuery(db).where(and(...conditions)).orderBy(asc(commissions.createdAt), asc(commissions.id));
}

export async function findById(db: Database, id: number): Promise<CommissionRow | null> {
  return firstRow(commissionQuery(db).where(eq(commissions.id, id)));
}

export async function proStaffExists(db: Database, proStaffId: number): Promise<boolean> {
  const [row] = await db.select({ id: proStaffProfiles.id }).from(proStaffProfiles).where(eq(proStaffProfiles.id, proStaffId)).limit(1);
  return Boolean(row);
}

export async function insertCommission(
  db: Database,
  values: { businessId: number; proStaffId: number; amountCents: number; description: string | null; dueDate: string | null },
): Promise<{ id: number; currency: string }> {
  const [row] = await db.insert(commissions).values({ ...values, source: 'manual' }).returning({ id: commissions.id, currency: commissions.currency });
  return row;
}

export type PayeeRow = { id: number; firstName: string; lastName: string; location: string | null; relation: 'accepted' | 'applied' | null };

/** Pro staff who applied to (or were accepted for) this business's jobs, best link first. */
export async function listApplicantPayees(db: Database, businessId: number): Promise<PayeeRow[]> {
  const accepted = sql<boolean>`bool_or(${applications.status} = 'accepted')`;
  const rows = await db
    .select({
      id: proStaffProfiles.id,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      location: proStaffProfiles.location,
      accepted,
    })
    .from(applications)
    .innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, applications.proStaffId))
    .where(eq(jobPostings.businessId, businessId))
    .groupBy(proStaffProfiles.id, proStaffProfiles.firstName, proStaffProfiles.lastName, proStaffProfiles.location)
    .orderBy(desc(accepted), asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName));
  return rows.map(({ accepted: isAccepted, ...row }) => ({ ...row, relation: isAccepted ? 'accepted' : 'applied' }));
}

/** Any pro staffer whose name or location matches the search (all of them, alphabetically, when it is empty). */
export async function searchPayees(db: Database, search: string, limit: number): Promise<PayeeRow[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const fullName = sql`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`;
  const rows = await db
    .select({ id: proStaffProfiles.id, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName, location: proStaffProfiles.location })
    .from(proStaffProfiles)
    .where(search ? or(ilike(fullName, pattern), ilike(proStaffProfiles.location, pattern)) : undefined)
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName), asc(proStaffProfiles.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, relation: null }));
}

export type RankingRow = {
  proStaffId: number;
  totalCents: number;
  paidCount: number;
  lastPaidAt: Date;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  location: string | null;
  specialties: string[];
  experience: number;
};

/**
 * Paid commissions of one business in one currency in [from, to), net of clawbacks, summed per pro staffer, highest
 * total first (decision record 025). A paid commission counts in the month it was paid; a negative adjustment entry
 * (a refund after payment) in the month it was created, whether or not a payout has netted it off yet, so it is never
 * counted twice. Only pro staff with a paid commission in the month are ranked.
 */
/** A commission a ranking counts as paid in [from, to): paid then, and not an adjustment entry (those are netted). */
const paidIn = (from: Date, to: Date) =>
  sql`(${commissions.status} = 'paid' and ${commissions.source} <> 'adjustment' and ${commissions.paidAt} >= ${from} and ${commissions.paidAt} < ${to})`;

export type CurrencyActivityRow = { currency: string; paidThisMonth: number; commissionCount: number };

/**
 * The currencies of a business's commissions that are not cancelled: paid in [from, to) the way rankings count them,
 * and in all; most paid in the range first, then most commissions, then by code. Counts only: amounts of different
 * currencies are never compared.
 */
export function currencyActivity(db: Database, businessId: number, from: Date, to: Date): Promise<CurrencyActivityRow[]> {
  const paidThisMonth = sql<number>`(count(*) filter (where ${paidIn(from, to)}))::int`.mapWith(Number);
  const commissionCount = sql<number>`count(*)::int`.mapWith(Number);
  return db
    .select({ currency: commissions.currency, paidThisMonth, commissionCount })
    .from(commissions)
    .where(and(eq(commissions.businessId, businessId), sql`${commissions.status} <> 'cancelled'`))
    .groupBy(commissions.currency)
    .orderBy(desc(paidThisMonth), desc(commissionCount), asc(commissions.currency));
}

export async function paidTotalsByProStaff(db: Database, businessId: number, from: Date, to: Date, currency: string): Promise<RankingRow[]> {
  const paidInMonth = paidIn(from, to);
  const clawbackInMonth = sql`(${commissions.source} = 'adjustment' and ${commissions.status} <> 'cancelled' and ${commissions.createdAt} >= ${from} and ${commissions.createdAt} < ${to})`;
  const total = sql<number>`sum(${commissions.amountCents})::bigint`.mapWith(Number);
  const count = sql<number>`(count(*) filter (where ${paidInMonth}))::int`.mapWith(Number);
  const lastPaid = sql<Date>`max(${commissions.paidAt}) filter (where ${paidInMonth})`.mapWith((value: string | Date) => new Date(value));
  return db
    .select({
      proStaffId: proStaffProfiles.id,
      totalCents: total,
      paidCount: count,
      lastPaidAt: lastPaid,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      isVerified: proStaffProfiles.isVerified,
      location: proStaffProfiles.location,
      specialties: proStaffProfiles.specialties,
      experience: proStaffProfiles.experience,
    })
    .from(commissions)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, commissions.proStaffId))
    .where(and(eq(commissions.businessId, businessId), eq(commissions.currency, currency), sql`(${paidInMonth} or ${clawbackInMonth})`))
    .groupBy(proStaffProfiles.id)
    .having(sql`count(*) filter (where ${paidInMonth}) > 0`)
    .orderBy(desc(total), desc(count), asc(proStaffProfiles.firstName), asc(proStaffProfiles.id));
}

/** The business's hold period in days, or null when it never changed the default. */
export async function holdDays(db: Database, businessId: number): Promise<number | null> {
  return (await settingsRow(db, businessId))?.holdDays ?? null;
}

export function settingsRow(db: Database, businessId: number): Promise<{ holdDays: number; reportingThresholdCents: number } | null> {
  return firstRow(
    db.select({ holdDays: commissionSettings.holdDays, reportingThresholdCents: commissionSettings.reportingThresholdCents }).from(commissionSettings).where(eq(commissionSettings.businessId, businessId)),
  );
}

/** Saves the settings given; a business's first save starts from the defaults for the rest. */
export async function saveSettings(db: Database, businessId: number, changes: { holdDays?: number; reportingThresholdCents?: number }): Promise<void> {
  await db
    .insert(commissionSettings)
    .values({ businessId, ...changes })
    .onConflictDoUpdate({ target: commissionSettings.businessId, set: { ...changes, updatedAt: sql`now()` } });
}

export type YearlyTotalRow = { proStaffId: number; firstName: string; lastName: string; currency: string; paidCents: number; count: number };

/** Paid entries per payee and currency with a paid date in [from, to), largest first. */
export function paidByPayee(db: Database, businessId: number, from: Date, to: Date): Promise<YearlyTotalRow[]> {
  const paidCents = sql<number>`sum(${commissions.amountCents})::bigint`.mapWith(Number);
  return db
    .select({
      proStaffId: proStaffProfiles.id,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      currency: commissions.currency,
      paidCents,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(commissions)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, commissions.proStaffId))
    .where(and(eq(commissions.businessId, businessId), eq(commissions.status, 'paid'), gte(commissions.paidAt, from), lt(commissions.paidAt, to)))
    .groupBy(proStaffProfiles.id, proStaffProfiles.firstName, proStaffProfiles.lastName, commissions.currency)
    .orderBy(desc(paidCents), asc(proStaffProfiles.id), asc(commissions.currency));
}

export type ReleasedCommission = { id: number; proStaffUserId: number; amountCents: number; currency: string; companyName: string };

/**
 * Marks pending commissions whose hold ended as announced, and returns them with whom to tell. One statement, so two
 * workers (or a retried task) never announce the same commission twice.
 */
export async function claimNewlyPayable(db: Database, now: Date, limit: number): Promise<ReleasedCommission[]> {
  const result = await db.execute(sql`
    update commissions c set payable_notified_at = ${now}
    from pro_staff_profiles p, business_profiles b
    where c.id in (
      select id from commissions
      where status = 'pending' and source = 'order' and amount_cents > 0 and payable_notified_at is null and payable_at <= ${now} and not held
      order by payable_at, id limit ${limit}
      for update skip locked
    ) and p.id = c.pro_staff_id and b.id = c.business_id
    returning c.id, p.user_id as "proStaffUserId", c.amount_cents as "amountCents", c.currency, b.company_name as "companyName"`);
  return (result as unknown as { rows: ReleasedCommission[] }).rows.map((row) => ({ ...row, id: Number(row.id), proStaffUserId: Number(row.proStaffUserId), amountCents: Number(row.amountCents) }));
}

/** "First Last" of pro staff by id. */
export async function proStaffNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ id: proStaffProfiles.id, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName }).from(proStaffProfiles).where(inArray(proStaffProfiles.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}
