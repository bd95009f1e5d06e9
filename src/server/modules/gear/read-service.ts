import { compensationKindLabels, gearStatementColumns, GEAR_TAX_NOTICE, type GearCompensation, type GearOverview, type GearRequest, type MyGear, type Obligation, type Shipment } from '@shared/contracts/gear';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { formatMinorUnits } from '@shared/currency';
import { decimal, toCsv } from '@server/lib/csv';
import { utcDay } from '@server/lib/utc-day';
import { allotmentYear, remaining, renewalIn } from './allotment';
import * as repo from './repository';

// What both sides read of the gear program (decision record 038).

type Viewer = 'business' | 'pro_staff';

function obligationStatus(row: { dueOn: string | null; done: boolean }, delivered: boolean, today: string): Obligation['status'] {
  if (row.done) return 'done';
  if (!row.dueOn) return delivered ? 'open' : 'waiting_for_delivery';
  return row.dueOn < today ? 'overdue' : 'open';
}

/** Requests with their items, shipment and obligations, newest first, in the order of `ids`' query. */
async function assemble(ctx: AppContext, rows: Awaited<ReturnType<typeof repo.listRequests>>, viewer: Viewer, today: string): Promise<GearRequest[]> {
  const ids = rows.map((row) => row.request.id);
  const [items, shipments] = await Promise.all([repo.itemsOf(ctx.db, ids), repo.shipmentsOf(ctx.db, ids)]);
  const obligations = await repo.obligationsOf(ctx.db, shipments.map((shipment) => shipment.id));
  return rows.map(({ request, companyName, firstName, lastName, tierName }) => {
    const lines = items.filter((item) => item.requestId === request.id);
    const shipment = shipments.find((row) => row.requestId === request.id) ?? null;
    return {
      id: request.id, businessId: request.businessId, companyName, proStaffId: request.proStaffId, proStaffName: `${firstName} ${lastName}`, tierName,
      status: request.status, currency: request.currency,
      totalMinor: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0),
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      items: lines.map((line) => ({ variantId: line.variantId ?? 0, productTitle: line.productTitle, variantTitle: line.variantTitle, imageUrl: line.imageUrl, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor })),
      shippingAddress: request.shippingAddress as GearRequest['shippingAddress'],
      note: request.note, decisionReason: request.decisionReason, createdAt: request.createdAt.toISOString(), decidedAt: request.decidedAt?.toISOString() ?? null,
      shipment: shipment ? toShipment(shipment, obligations.filter((row) => row.shipmentId === shipment.id), viewer, today) : null,
    };
  });
}

function toShipment(row: repo.ShipmentRow, obligations: Awaited<ReturnType<typeof repo.obligationsOf>>, viewer: Viewer, today: string): Shipment {
  return {
    id: row.id, status: row.status, orderName: row.orderName, adminUrl: viewer === 'business' ? row.adminUrl : null, carrier: row.carrier, trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl, failureReason: viewer === 'business' ? row.failureReason : row.failureReason ? 'The brand’s store could not place this order; the brand has been told.' : null,
    shippedAt: row.shippedAt?.toISOString() ?? null, deliveredAt: row.deliveredAt?.toISOString() ?? null,
    obligations: obligations.map((o) => ({ id: o.id, taskId: o.taskId, taskTitle: o.taskTitle, campaignId: o.campaignId, dueOn: o.dueOn, status: obligationStatus(o, row.status === 'delivered', today) })),
  };
}

export async function requestView(ctx: AppContext, ids: number[], viewer: Viewer, now = new Date()): Promise<GearRequest[]> {
  return assemble(ctx, await repo.listRequests(ctx.db, repo.byIds(ids)), viewer, utcDay(now));
}

export async function businessRequests(ctx: AppContext, businessId: number, status: repo.RequestRow['status'] | 'all', now = new Date()): Promise<GearRequest[]> {
  return assemble(ctx, await repo.listRequests(ctx.db, repo.byBusiness(businessId, status === 'all' ? undefined : status)), 'business', utcDay(now));
}

export async function myGear(ctx: AppContext, proStaffId: number, now = new Date()): Promise<MyGear> {
  const today = utcDay(now);
  const programs = await repo.programsOf(ctx.db, proStaffId, today);
  const requests = await assemble(ctx, await repo.listRequests(ctx.db, repo.byProStaff(proStaffId)), 'pro_staff', today);
  const overdue = await repo.overdueCounts(ctx.db, { proStaffId }, today);
  return {
    programs: await Promise.all(
      programs.map(async (program) => {
        const tier = program.tierId ? await repo.findTier(ctx.db, program.tierId) : null;
        const code = await repo.liveCode(ctx.db, program.businessId, proStaffId);
        let allotment = null;
        if (tier) {
          const period = allotmentYear(tier.renewsOn, today);
          const used = await repo.allotmentUse(ctx.db, program.businessId, proStaffId, period.start);
          const left = remaining({ limitMinor: tier.allotmentMinor, itemsLimit: tier.itemsPerYear }, used);
          allotment = {
            currency: tier.currency, limitMinor: tier.allotmentMinor, usedMinor: used.usedMinor, remainingMinor: left.remainingMinor,
            itemsLimit: tier.itemsPerYear, itemsUsed: used.itemsUsed, periodStart: period.start, renewsOn: period.next,
          };
        }
        return {
          businessId: program.businessId, companyName: program.companyName, tier: tier ? { id: tier.id, name: tier.name } : null, allotment,
          proPricing: code && code.status !== 'disabled' && code.status !== 'disabling' ? { code: code.code, percentOff: code.percentOff, status: code.status === 'failed' ? 'failed' : code.status } : null,
          requests: requests.filter((request) => request.businessId === program.businessId),
          overdueCount: overdue.find((row) => row.businessId === program.businessId)?.n ?? 0,
        };
      }),
    ),
  };
}

/** The program for one allotment season (the calendar year the tiers' allotment years start in). */
export async function overview(ctx: AppContext, businessId: number, season: number | undefined, now = new Date()): Promise<GearOverview> {
  const today = utcDay(now);
  const year = season ?? Number(today.slice(0, 4));
  const [tiers, roster, overdue] = await Promise.all([repo.listTiers(ctx.db, businessId), repo.rosterWithTiers(ctx.db, businessId, today), repo.overdueCounts(ctx.db, { businessId }, today)]);
  const staff = await Promise.all(
    roster.map(async (member) => {
      const tier = tiers.find((row) => row.id === member.tierId) ?? null;
      const periodStart = tier ? renewalIn(year, tier.renewsOn) : `${year}-01-01`;
      const used = await repo.allotmentUse(ctx.db, businessId, member.proStaffId, periodStart);
      return {
        proStaffId: member.proStaffId, name: `${member.firstName} ${member.lastName}`, tierName: tier?.name ?? null, currency: tier?.currency ?? 'USD',
        limitMinor: tier?.allotmentMinor ?? 0, usedMinor: used.usedMinor, items: used.itemsUsed, overdueCount: overdue.find((row) => row.proStaffId === member.proStaffId)?.n ?? 0,
      };
    }),
  );
  const from = new Date(`${year}-01-01T00:00:00Z`);
  const to = new Date(`${year + 1}-01-01T00:00:00Z`);
  const compensation = await repo.compensationTotals(ctx.db, { businessId }, from, to);
  const cost = new Map<string, { currency: string; seededMinor: number; shipments: number }>();
  for (const row of compensation) {
    const entry = cost.get(row.currency) ?? { currency: row.currency, seededMinor: 0, shipments: 0 };
    entry.seededMinor += row.totalMinor;
    cost.set(row.currency, entry);
  }
  for (const [currency, entry] of cost) entry.shipments = await repo.shipmentCount(ctx.db, businessId, currency, from, to);
  return {
    season: year,
    tiers: tiers.map((tier) => {
      const members = staff.filter((member) => member.tierName === tier.name);
      return {
        tierId: tier.id, name: tier.name, currency: tier.currency, staffCount: members.length, limitMinor: tier.allotmentMinor * members.length,
        usedMinor: members.reduce((sum, member) => sum + member.usedMinor, 0), items: members.reduce((sum, member) => sum + member.items, 0),
      };
    }),
    staff,
    cost: [...cost.values()],
    pendingRequests: await repo.pendingRequestCount(ctx.db, businessId),
  };
}

/** Gear value in a calendar year (UTC, by entry date), for the business that gave it or the staffer who received it. */
export async function compensation(ctx: AppContext, party: { businessId?: number; proStaffId?: number }, year = new Date().getUTCFullYear()): Promise<GearCompensation> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const rows = await repo.compensationEntriesOf(ctx.db, party, from, to);
  const totals = new Map<string, GearCompensation['totals'][number]>();
  const entries = rows.map(({ entry, companyName, firstName, lastName }) => {
    const key = `${entry.businessId}:${entry.proStaffId}:${entry.currency}`;
    const total = totals.get(key) ?? { businessId: entry.businessId, companyName, proStaffId: entry.proStaffId, proStaffName: `${firstName} ${lastName}`, currency: entry.currency, valueMinor: 0 };
    total.valueMinor += entry.amountMinor;
    totals.set(key, total);
    return {
      id: entry.id, createdAt: entry.createdAt.toISOString(), businessId: entry.businessId, companyName, proStaffId: entry.proStaffId, proStaffName: `${firstName} ${lastName}`,
      currency: entry.currency, kind: entry.kind, amountMinor: entry.amountMinor, reason: entry.reason,
    };
  });
  return { year, totals: [...totals.values()].sort((a, b) => b.valueMinor - a.valueMinor), entries, notice: GEAR_TAX_NOTICE };
}

/** Gear value per payee and currency in [from, to): the commissions module shows it beside cash in the yearly totals. */
export function gearValueByPayee(ctx: Pick<AppContext, 'db'>, businessId: number, from: Date, to: Date) {
  return repo.compensationTotals(ctx.db, { businessId }, from, to);
}

/** The year's gear entries as CSV (non-cash compensation beside the cash statements). */
export async function compensationCsv(ctx: AppContext, party: { businessId?: number; proStaffId?: number }, year?: number): Promise<string> {
  const { entries } = await compensation(ctx, party, year);
  return toCsv(
    gearStatementColumns,
    entries.map((entry) => [
      entry.createdAt.slice(0, 10), entry.companyName, entry.proStaffName, compensationKindLabels[entry.kind], entry.currency,
      decimal(formatMinorUnits(entry.amountMinor, entry.currency)), entry.reason,
    ]),
  );
}

/**
 * The terms a staffer's tier sets with a business while they are on its roster (decision record 038): the rate their
 * new codes earn and the hold of their order commissions. Null when they are in no tier (the agreement's rate and
 * the business's hold apply).
 */
export async function tierTermsOf(db: Database, businessId: number, proStaffId: number, now = new Date()): Promise<{ commissionRateBps: number; holdDays: number } | null> {
  if (!(await repo.liveAgreementOf(db, businessId, proStaffId, utcDay(now)))) return null;
  const membership = await repo.findMembership(db, businessId, proStaffId);
  const tier = membership?.tierId ? await repo.findTier(db, membership.tierId) : null;
  return tier ? { commissionRateBps: tier.commissionRateBps, holdDays: tier.holdDays } : null;
}
