import { formatMoney } from '@shared/currency';
import type { Database } from '@server/db/client';
import { orderPayableAt } from '@server/modules/commissions/service';
import { commissionCents } from '@server/modules/discounts/mappers';
import * as ledger from '@server/modules/ledger/service';
import { announceCreated } from '@server/modules/ledger/announce';
import * as repo from './repository';
import type { OrderRow } from './repository';
import { splitByWeight } from './split';

/**
 * Booth credit (issue 44 item 5, decision record 040), run inside applyVerifiedOrder's transaction with the order row
 * locked, so parallel deliveries of one order credit it once.
 *
 * Code or booth, never both: a sale whose code earns a staffer a commission is a code sale (the code commission only,
 * wherever the code holder works); any other sale at a booth's location inside its window is split among the booth's
 * staffers at the event's rate, unless the event's rule is code_holder (then only codes earn). A booth sale is decided
 * once, when its order is first applied; its commissions then follow refunds, cancellations and restores.
 */

export type BoothNotice = { proStaffId: number; type: 'commission.created' | 'commission.status_changed'; commissionId: number; status: repo.CommissionRow['status'] };
export type BoothOutcome = { change: 'created' | 'adjusted' | null; notify: BoothNotice[]; reason: string | null };

const nothing: BoothOutcome = { change: null, notify: [], reason: null };

/** What the booth's staffers are owed together on what is left of the order; 0 once it is cancelled or refunded. */
const boothTotal = (order: OrderRow, refunded: number, rateBps: number) =>
  order.status === 'placed' && order.orderValueCents !== null ? commissionCents(Math.max(0, order.orderValueCents - refunded), rateBps) : 0;

/**
 * Whether the order was already split among a booth's staffers: then a code a later delivery fills in earns nothing
 * (code or booth, never both; the booth's split was decided when the order was first applied).
 */
export async function splitAtBooth(db: Database, storeOrderId: number): Promise<boolean> {
  const sale = await repo.findSale(db, storeOrderId);
  return Boolean(sale && !sale.codeSale && (await repo.creditsOf(db, sale.id)).length > 0);
}

export async function creditBoothSale(db: Database, order: OrderRow, now: Date): Promise<BoothOutcome> {
  if (!order.verified || (order.locationId === null && order.deviceId === null && order.posUserId === null)) return nothing;
  let sale = await repo.findSale(db, order.id);
  if (!sale) {
    // The store's order time; a payload without one: when we first heard of the order.
    const event = await repo.matchEvent(db, { businessId: order.businessId, platformId: order.platformId, locationId: order.locationId, posIds: [order.deviceId, order.posUserId] }, order.placedAt ?? order.createdAt);
    if (!event) return nothing;
    await repo.insertSale(db, { eventId: event.id, storeOrderId: order.id, codeSale: order.discountCodeId !== null && (await repo.codeEarns(db, order.discountCodeId)) });
    sale = (await repo.findSale(db, order.id))!;
  }
  if (sale.codeSale || sale.splitRule === 'code_holder') return { ...nothing, reason: `Sale at the booth of ${sale.name}: ${sale.codeSale ? 'a code sale, no booth commission' : 'only codes earn there'}` };
  const refunded = await repo.refundedOf(db, order.id);
  const credits = await repo.creditsOf(db, sale.id);
  return credits.length ? followCredits(db, order, refunded, credits, sale, now) : createCredits(db, order, refunded, sale, now);
}

async function createCredits(db: Database, order: OrderRow, refunded: number, sale: NonNullable<Awaited<ReturnType<typeof repo.findSale>>>, now: Date): Promise<BoothOutcome> {
  const total = boothTotal(order, refunded, sale.rateBps);
  const staff = await repo.staffOf(db, [sale.eventId]);
  if (total <= 0 || staff.length === 0 || !order.currency) return { ...nothing, reason: `Sale at the booth of ${sale.name}: nothing to split` };
  const base = order.orderValueCents! - refunded;
  const parts = staff.map((s) => ({ id: s.proStaffId, weight: sale.splitRule === 'by_hours' ? s.minutesWorked : 1 }));
  const weightSum = parts.reduce((sum, p) => sum + p.weight, 0);
  const notify: BoothNotice[] = [];
  for (const part of splitByWeight(total, parts)) {
    if (part.share <= 0) continue;
    const commission = await repo.insertBoothCommission(db, {
      businessId: order.businessId, proStaffId: part.id, amountCents: part.share, currency: order.currency,
      payableAt: await orderPayableAt(db, order.businessId, now, part.id), orderId: order.orderId, baseMinor: base, rateBps: sale.rateBps,
      description: `Event booth ${sale.name}, order ${order.orderId}: your share (${sale.splitRule === 'by_hours' ? `${part.weight / 60} of ${weightSum / 60} hours` : `1 of ${parts.length}`}) of ${sale.rateBps / 100}% of ${formatMoney(base, order.currency)}`,
    });
    await repo.insertCredit(db, { commissionId: commission.id, boothSaleId: sale.id, proStaffId: part.id, weight: part.weight });
    await announceCreated(db, commission);
    notify.push({ proStaffId: part.id, type: 'commission.created', commissionId: commission.id, status: 'pending' });
  }
  return { change: notify.length ? 'created' : null, notify, reason: `Sale at the booth of ${sale.name}: split among ${notify.length} staffer${notify.length === 1 ? '' : 's'}` };
}

/** Every booth commission of the order follows it through the ledger, re-split with the weights it was created with. */
async function followCredits(db: Database, order: OrderRow, refunded: number, credits: repo.CreditRow[], sale: { rateBps: number; name: string }, now: Date): Promise<BoothOutcome> {
  const rateBps = credits[0].rateBps ?? sale.rateBps;
  const shares = splitByWeight(boothTotal(order, refunded, rateBps), credits.map((c) => ({ ...c, id: c.proStaffId })));
  const remaining = order.status === 'placed' ? Math.max(0, (order.orderValueCents ?? 0) - refunded) : 0;
  const notify: BoothNotice[] = [];
  for (const credit of shares) {
    const applied = await ledger.apply(db, credit.commissionId, { type: 'order_changed', target: credit.share, restored: order.status === 'placed' }, now, (delta) => ({
      orderId: order.orderId, baseMinor: remaining, rateBps,
      description: `Adjustment to booth commission #${credit.commissionId} (${sale.name}) for order ${order.orderId}: ${delta < 0 ? 'refund' : 'restore'}, your share of ${rateBps / 100}% of ${formatMoney(remaining, order.currency ?? 'USD')}`,
    }));
    if (!applied.changed) continue;
    const entry = await repo.commissionById(db, applied.adjustmentId ?? credit.commissionId);
    notify.push({ proStaffId: entry.proStaffId, type: 'commission.status_changed', commissionId: entry.id, status: entry.status });
  }
  return { change: notify.length ? 'adjusted' : null, notify, reason: null };
}
