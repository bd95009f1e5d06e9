import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { boothCredits, boothEvents, boothEventStaff, boothEventWindows, boothSales } from '@server/db/schema/booths';
import { commissions } from '@server/db/schema/commissions';
import { agreements } from '@server/db/schema/agreements';
import { discountCodes, integrationPlatforms, storeOrderRefunds, type storeOrders } from '@server/db/schema/discounts';
import { isLiveAgreement } from '@server/db/live-agreement';
import { proStaffProfiles } from '@server/db/schema/profiles';

export type EventRow = typeof boothEvents.$inferSelect;
export type NewEvent = typeof boothEvents.$inferInsert;
export type WindowRow = typeof boothEventWindows.$inferSelect;
export type StaffRow = { eventId: number; proStaffId: number; minutesWorked: number; name: string };
export type SaleRow = typeof boothSales.$inferSelect;
export type OrderRow = typeof storeOrders.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;

export async function listEvents(db: Database, businessId: number): Promise<EventRow[]> {
  return db.select().from(boothEvents).where(eq(boothEvents.businessId, businessId)).orderBy(desc(boothEvents.id));
}

export async function findEvent(db: Database, businessId: number, id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(boothEvents).where(and(eq(boothEvents.businessId, businessId), eq(boothEvents.id, id)));
  return row ?? null;
}

export async function insertEvent(db: Database, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(boothEvents).values(values).returning();
  return row;
}

export async function updateEvent(db: Database, id: number, values: Partial<NewEvent>): Promise<EventRow> {
  const [row] = await db.update(boothEvents).set({ ...values, updatedAt: new Date() }).where(eq(boothEvents.id, id)).returning();
  return row;
}

export async function deleteEvent(db: Database, id: number): Promise<void> {
  await db.delete(boothEvents).where(eq(boothEvents.id, id));
}

/** Replaces the event's windows and staff with the form's. */
export async function replaceSchedule(db: Database, eventId: number, windows: Omit<typeof boothEventWindows.$inferInsert, 'eventId'>[], staff: { proStaffId: number; minutesWorked: number }[]): Promise<void> {
  await db.delete(boothEventWindows).where(eq(boothEventWindows.eventId, eventId));
  await db.delete(boothEventStaff).where(eq(boothEventStaff.eventId, eventId));
  if (windows.length) await db.insert(boothEventWindows).values(windows.map((w) => ({ eventId, ...w })));
  if (staff.length) await db.insert(boothEventStaff).values(staff.map((s) => ({ eventId, ...s })));
}

export async function windowsOf(db: Database, eventIds: number[]): Promise<WindowRow[]> {
  if (eventIds.length === 0) return [];
  return db.select().from(boothEventWindows).where(inArray(boothEventWindows.eventId, eventIds)).orderBy(asc(boothEventWindows.startsAt));
}

export async function staffOf(db: Database, eventIds: number[]): Promise<StaffRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: boothEventStaff.eventId, proStaffId: boothEventStaff.proStaffId, minutesWorked: boothEventStaff.minutesWorked, name: sql<string>`trim(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})` })
    .from(boothEventStaff)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, boothEventStaff.proStaffId))
    .where(inArray(boothEventStaff.eventId, eventIds))
    .orderBy(asc(boothEventStaff.proStaffId));
}

export async function platformOfBusiness(db: Database, businessId: number, platformId: number): Promise<boolean> {
  const [row] = await db.select({ id: integrationPlatforms.id }).from(integrationPlatforms).where(and(eq(integrationPlatforms.id, platformId), eq(integrationPlatforms.businessId, businessId)));
  return Boolean(row);
}

/** Which of `proStaffIds` have a live agreement with the business today (the roster, decision record 028). */
export async function rosteredAmong(db: Database, businessId: number, proStaffIds: number[], today: string): Promise<Set<number>> {
  if (proStaffIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ proStaffId: agreements.proStaffId })
    .from(agreements)
    .where(and(eq(agreements.businessId, businessId), inArray(agreements.proStaffId, proStaffIds), isLiveAgreement(today)));
  return new Set(rows.map((r) => r.proStaffId));
}

/** Whether the order's code earns a staffer a commission (then the sale is a code sale). */
export async function codeEarns(db: Database, discountCodeId: number): Promise<boolean> {
  const [code] = await db.select({ proStaffId: discountCodes.proStaffId, rate: discountCodes.commissionRateBps }).from(discountCodes).where(eq(discountCodes.id, discountCodeId));
  return Boolean(code?.proStaffId && code.rate > 0);
}

/** Merchandise refunded on the order so far, minor units. */
export async function refundedOf(db: Database, storeOrderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${storeOrderRefunds.amountMinor}), 0)::bigint`.mapWith(Number) })
    .from(storeOrderRefunds)
    .where(eq(storeOrderRefunds.storeOrderId, storeOrderId));
  return row?.total ?? 0;
}

/** A staffer's booth commission; the database posts its opening ledger entry (decision record 036). */
export async function insertBoothCommission(db: Database, values: Omit<typeof commissions.$inferInsert, 'source' | 'status'>): Promise<CommissionRow> {
  const [row] = await db.insert(commissions).values({ ...values, source: 'booth', status: 'pending' }).returning();
  return row;
}

export async function commissionById(db: Database, id: number): Promise<CommissionRow> {
  const [row] = await db.select().from(commissions).where(eq(commissions.id, id));
  return row;
}

export type MatchedEvent = { id: number; name: string; splitRule: EventRow['splitRule']; commissionRateBps: number };

/**
 * The booth whose window holds `at` at this location (and store). Overlapping events: the one that started latest (its
 * first window), then the lowest id, so a sale is never credited twice (decision record 040).
 */
/** The booth a sale belongs to: at one of its locations, or rung up on one of its POS devices or by its register staff. */
export async function matchEvent(db: Database, order: { businessId: number; platformId: number | null; locationId: string | null; posIds: (string | null)[] }, at: Date): Promise<MatchedEvent | null> {
  const posIds = order.posIds.filter((id): id is string => id !== null);
  const posMatch = posIds.length ? sql.join(posIds.map((id) => sql`e.device_ids @> jsonb_build_array(${id}::text)`), sql` or `) : sql`false`;
  const rows = rowsOf<{ id: number; name: string; split_rule: EventRow['splitRule']; commission_rate_bps: number }>(
    await db.execute(sql`
      select e.id, e.name, e.split_rule, e.commission_rate_bps
      from booth_events e
      where e.business_id = ${order.businessId}
        and (e.platform_id is null or e.platform_id = ${order.platformId})
        and ((${order.locationId}::text is not null and e.location_ids @> jsonb_build_array(${order.locationId}::text)) or ${posMatch})
        and exists (select 1 from booth_event_windows w where w.event_id = e.id and w.starts_at <= ${at.toISOString()} and w.ends_at > ${at.toISOString()})
      order by (select min(w.starts_at) from booth_event_windows w where w.event_id = e.id) desc, e.id asc
      limit 1`),
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, splitRule: row.split_rule, commissionRateBps: row.commission_rate_bps } : null;
}

export async function findSale(db: Database, storeOrderId: number): Promise<(SaleRow & { splitRule: EventRow['splitRule']; rateBps: number; name: string }) | null> {
  const [row] = await db
    .select({ sale: boothSales, splitRule: boothEvents.splitRule, rateBps: boothEvents.commissionRateBps, name: boothEvents.name })
    .from(boothSales)
    .innerJoin(boothEvents, eq(boothEvents.id, boothSales.eventId))
    .where(eq(boothSales.storeOrderId, storeOrderId));
  return row ? { ...row.sale, splitRule: row.splitRule, rateBps: row.rateBps, name: row.name } : null;
}

/** Records the order as the booth's sale; null when it already is one (the unique store order). */
export async function insertSale(db: Database, values: typeof boothSales.$inferInsert): Promise<SaleRow | null> {
  const [row] = await db.insert(boothSales).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export type CreditRow = { commissionId: number; proStaffId: number; weight: number; rateBps: number | null };

export async function creditsOf(db: Database, boothSaleId: number): Promise<CreditRow[]> {
  return db
    .select({ commissionId: boothCredits.commissionId, proStaffId: boothCredits.proStaffId, weight: boothCredits.weight, rateBps: commissions.rateBps })
    .from(boothCredits)
    .innerJoin(commissions, eq(commissions.id, boothCredits.commissionId))
    .where(eq(boothCredits.boothSaleId, boothSaleId))
    .orderBy(asc(boothCredits.proStaffId));
}

export async function insertCredit(db: Database, values: typeof boothCredits.$inferInsert): Promise<void> {
  await db.insert(boothCredits).values(values);
}

export type ReportRow = {
  day: string; currency: string; sales: number; code_sales: number; units: number; revenue: number; commission: number; codes: string[] | null;
};
export type StafferReportRow = { day: string; currency: string; pro_staff_id: number; name: string; commission: number };

// What a commission is worth now: its own ledger value plus its adjustment rows' (refunds after payout).
const commissionValue = sql.raw(`(case when c.status = 'cancelled' then 0 else c.amount_cents end
  + coalesce((select sum(a.amount_cents) from commissions a where a.adjusts_commission_id = c.id and a.status <> 'cancelled'), 0))`);

/**
 * The booth's sales by day of its zone and currency, computed when asked (a query, not a batch): a sale is in the
 * report as soon as its order was applied. Commissions: the booth credits, or the code commission of a code sale.
 */
export async function reportRows(db: Database, eventId: number, zone: string): Promise<{ days: ReportRow[]; staffers: StafferReportRow[] }> {
  const orders = sql`
    select s.id as sale_id, s.code_sale, o.id as order_id, o.business_id, o.order_id as store_order, o.code, o.currency, o.units, o.status,
      case when o.status = 'placed' then greatest(0, coalesce(o.order_value_cents, 0) - coalesce((select sum(r.amount_minor) from store_order_refunds r where r.store_order_id = o.id), 0)) else 0 end as revenue,
      to_char(coalesce(o.placed_at, o.created_at) at time zone ${zone}, 'YYYY-MM-DD') as day
    from booth_sales s join store_orders o on o.id = s.store_order_id
    where s.event_id = ${eventId} and o.currency is not null`;
  const paid = sql`
    select b.day, b.currency, c.pro_staff_id, ${commissionValue} as value
    from booth b
    join commissions c on (b.code_sale and c.source = 'order' and c.business_id = b.business_id and c.order_id = b.store_order)
      or (not b.code_sale and c.id in (select bc.commission_id from booth_credits bc where bc.booth_sale_id = b.sale_id))`;
  const days = rowsOf<ReportRow>(
    await db.execute(sql`
      with booth as (${orders}), paid as (${paid})
      select b.day, b.currency, count(*)::int as sales, (count(*) filter (where b.code_sale))::int as code_sales,
        coalesce(sum(b.units), 0)::int as units, sum(b.revenue)::bigint as revenue,
        coalesce((select sum(p.value) from paid p where p.day = b.day and p.currency = b.currency), 0)::bigint as commission,
        array_agg(distinct b.code) filter (where b.code_sale) as codes
      from booth b group by b.day, b.currency order by b.day, b.currency`),
  );
  const staffers = rowsOf<StafferReportRow>(
    await db.execute(sql`
      with booth as (${orders}), paid as (${paid})
      select p.day, p.currency, p.pro_staff_id, trim(ps.first_name || ' ' || ps.last_name) as name, sum(p.value)::bigint as commission
      from paid p join pro_staff_profiles ps on ps.id = p.pro_staff_id
      group by p.day, p.currency, p.pro_staff_id, ps.first_name, ps.last_name order by p.day, p.currency, p.pro_staff_id`),
  );
  return { days, staffers };
}
