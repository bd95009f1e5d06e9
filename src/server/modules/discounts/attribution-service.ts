import { orderPayableAt } from '@server/modules/commissions/service';
import { formatMoney } from '@shared/currency';
import type { AppContext } from '@server/lib/context';
import type { ServerEvent } from '@shared/contracts/events';
import type { CommissionStatus } from '@shared/contracts/commissions';
import { publishBestEffort } from '@server/lib/publish';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import * as repo from './repository';
import * as attr from './attribution-repository';
import { commissionCents } from './mappers';
import { invalidReason, normaliseCode, type StorePlatform } from './store-service';
import type { SaleFacts } from './order-payloads';
import { checkGoalsReachedAfterCommit } from '@server/modules/goals/service';
import * as ledger from '@server/modules/ledger/service';
import { announceCreated } from '@server/modules/ledger/announce';
import { checkAttributedOrder, flaggedReason, rejectedAsFraud } from '@server/modules/fraud/attribution';
import { announce } from '@server/modules/fraud/flags-service';
import type { OrderRiskFacts } from '@server/modules/fraud/signals';
import { creditBoothSale, splitAtBooth } from '@server/modules/booths/credit';

/**
 * What a signed webhook or a secret-key call says about an order. Only these facts make money
 * (docs/decisions/012-order-attribution-keys.md); browser reports go through recordBrowserSignal.
 */
export type VerifiedOrderFacts = {
  platform: StorePlatform;
  source: 'api' | 'shopify' | 'woocommerce' | 'bigcommerce' | 'squarespace' | 'magento' | 'square';
  orderId: string;
  /** Every code on the order, in the store's order; read case-insensitively. */
  codes: string[];
  /** Merchandise subtotal after discounts, before tax and shipping, in minor units of `currency`; null when unknown. */
  baseMinor: number | null;
  currency: string;
  customerEmail?: string | null;
  /** The order's state as the store reports it; undefined keeps what we know. */
  status?: repo.OrderRow['status'];
  /** Refunded merchandise per refund, in minor units; upserted by key so redeliveries count once. */
  refunds?: { key: string; amountMinor: number }[];
  /** What the payload says about the buyer and where they came from, for the fraud signals (decision record 039). */
  risk?: OrderRiskFacts | null;
} & SaleFacts;

export type AttributionOutcome = 'created' | 'adjusted' | 'recorded' | 'duplicate';

export type AttributionResult = {
  outcome: AttributionOutcome;
  order: repo.OrderRow;
  codes: string[];
  commission: attr.CommissionEntry | null;
  /** An unverified amount a browser had reported for the order before it was verified (delivery log only). */
  reported?: { minor: number; currency: string | null } | null;
  /** Pro staffers to tell about a new or changed commission, after the transaction commits. */
  notify: { proStaffId: number; type: 'commission.created' | 'commission.status_changed'; commissionId: number; status: CommissionStatus }[];
};

export const normaliseCodes = (codes: (string | null | undefined)[]) => [...new Set(codes.filter((c): c is string => Boolean(c && c.trim())).map(normaliseCode))];

/**
 * Credit rule (shown in the guides): of the codes on the order, the FIRST one (in the store's order) that is
 * active, unexpired, valid on this store and owned by a pro staffer with a commission rate earns the whole
 * commission. Other codes are recorded on the order and in the delivery log but earn nothing; one commission per order.
 */
export function creditedCode(codes: string[], rows: repo.CodeRow[], platform: StorePlatform | null): repo.CodeRow | null {
  const byCode = new Map(rows.map((row) => [row.code, row]));
  for (const text of codes) {
    const row = byCode.get(text);
    if (row && invalidReason(row, platform) === null && row.proStaffId && row.commissionRateBps > 0) return row;
  }
  return null;
}

/** First usable code of ours, for usage counts even when nobody earns a commission on it. */
function firstUsableCode(codes: string[], rows: repo.CodeRow[], platform: StorePlatform | null): repo.CodeRow | null {
  const byCode = new Map(rows.map((row) => [row.code, row]));
  for (const text of codes) {
    const row = byCode.get(text);
    if (row && invalidReason(row, platform) === null) return row;
  }
  return null;
}

/** Commission owed on what is left of the order: (base - refunded merchandise) x rate, or 0 once cancelled/refunded. */
export function targetCommission(order: Pick<repo.OrderRow, 'status' | 'orderValueCents'>, refunded: number, rateBps: number): number {
  if (order.status !== 'placed' || order.orderValueCents === null) return 0;
  return commissionCents(Math.max(0, order.orderValueCents - refunded), rateBps);
}

export function describeCommission(orderId: string, code: string, rateBps: number, baseMinor: number, currency: string): string {
  return `Order ${orderId} with code ${code}: ${rateBps / 100}% of ${formatMoney(baseMinor, currency)} merchandise subtotal after discounts, before tax and shipping`;
}

const reasonMessages = {
  not_found: 'No discount code with that name exists for this business',
  inactive: 'This discount code is inactive',
  expired: 'This discount code has expired',
  wrong_platform: 'This discount code is not valid on this store',
} as const;

/**
 * Applies a verified order in one transaction: records it (or overwrites a browser signal with the signed
 * values), creates the commission once, and makes an existing commission follow refunds, cancellations and
 * restores. With `strict` (secret-key track-usage), an unusable code is refused and nothing is stored.
 */
export async function applyVerifiedOrder(ctx: AppContext, facts: VerifiedOrderFacts, options: { strict?: boolean; topic: string }): Promise<AttributionResult> {
  const result = await ctx.db.transaction((tx) => applyVerifiedOrderWithin(ctx, tx as unknown as Database, facts, options));
  await afterVerifiedOrder(ctx, facts, result);
  return result;
}

export type AppliedOrder = AttributionResult & { flagNotified: number[] };

/**
 * applyVerifiedOrder's work inside a transaction the caller holds (the Magento poll applies a page of orders and moves
 * its cursor in one, decision record 040); call afterVerifiedOrder once it has committed.
 */
export async function applyVerifiedOrderWithin(ctx: AppContext, db: Database, facts: VerifiedOrderFacts, options: { strict?: boolean; topic: string }): Promise<AppliedOrder> {
  const applied = await applyInTransaction(db, facts, options);
  // An event booth's sale is split among its staffers in the same transaction (decision record 040).
  const booth = await creditBoothSale(db, applied.order, new Date());
  applied.notify.push(...booth.notify);
  if (booth.change && (applied.outcome === 'recorded' || applied.outcome === 'duplicate')) applied.outcome = booth.change;
  // A new commission is checked for abuse in the same transaction: its flags, hold or rejection commit with it.
  const raised = applied.outcome === 'created' && applied.commission
    ? await checkAttributedOrder(ctx, db, {
      businessId: facts.platform.businessId, orderId: facts.orderId, platform: facts.platform.platformType, discountCodeId: applied.order.discountCodeId,
      code: applied.order.code ?? '', proStaffId: applied.commission.proStaffId, commissionId: applied.commission.id,
    }, facts.risk ?? null, new Date())
    : null;
  // The delivery log row commits with what the delivery did, or not at all.
  await attr.insertDelivery(db, deliveryValues(facts.platform, options.topic, {
    orderId: facts.orderId, codes: applied.codes, outcome: applied.outcome, commissionId: applied.commission?.id ?? null,
    reason: (raised && flaggedReason(raised)) || booth.reason || (applied.outcome === 'recorded' && !applied.commission ? recordedReason(applied) : null),
  }));
  return { ...applied, flagNotified: raised?.notified ?? [] };
}

/** What follows a committed verified order: flag notices, the staffer's live events, the season goal check. */
export async function afterVerifiedOrder(ctx: AppContext, facts: Pick<VerifiedOrderFacts, 'platform'>, result: AppliedOrder): Promise<void> {
  await announce(ctx, result.flagNotified);
  for (const note of result.notify) await notifyProStaff(ctx, note.proStaffId, { type: note.type, data: { commissionId: note.commissionId, status: note.status } });
  // A newly attributed order may complete the staffer's season sales goal (decision record 033): told now.
  for (const note of result.notify) {
    if (note.type === 'commission.created') await checkGoalsReachedAfterCommit(ctx, note.proStaffId, facts.platform.businessId);
  }
}

async function applyInTransaction(db: Database, facts: VerifiedOrderFacts, options: { strict?: boolean }): Promise<AttributionResult> {
  const businessId = facts.platform.businessId;
  const codes = normaliseCodes(facts.codes);
  const codeRows = await attr.findCodes(db, businessId, codes);
  const notify: AttributionResult['notify'] = [];
  if (options.strict) {
    const reason = codes.length ? invalidReason(codeRows.find((row) => row.code === codes[0]) ?? null, facts.platform) : null;
    if (reason) {
      const existing = await repo.findOrder(db, businessId, facts.orderId);
      const commission = existing?.discountCodeId ? await attr.findMainCommission(db, businessId, facts.orderId) : null;
      if (existing?.discountCodeId && existing.verified) return { outcome: 'duplicate', order: existing, codes, commission, notify };
      throw new AppError(reason === 'not_found' ? 'NOT_FOUND' : 'VALIDATION', reasonMessages[reason], { reason });
    }
  }
  const credited = creditedCode(codes, codeRows, facts.platform);
  const usable = credited ?? firstUsableCode(codes, codeRows, facts.platform);
  const signedValues = {
    discountCodeId: usable?.id ?? null,
    code: usable?.code ?? codes[0] ?? null,
    codesSeen: codes,
    orderValueCents: facts.baseMinor,
    currency: facts.currency,
    customerEmail: facts.customerEmail || null,
    verified: true,
    channel: facts.channel ?? 'online',
    locationId: facts.locationId ?? null,
    deviceId: facts.deviceId ?? null,
    posUserId: facts.posUserId ?? null,
    placedAt: facts.placedAt ?? null,
    units: facts.units ?? null,
  };
  const inserted = await repo.insertOrderIfNew(db, {
    businessId, platformId: facts.platform.id, orderId: facts.orderId, source: facts.source, status: facts.status ?? 'placed', ...signedValues,
  });
  let order = inserted ?? (await attr.lockOrder(db, businessId, facts.orderId))!;
  const previousStatus = order.status;
  let firstVerified = Boolean(inserted);
  /** A later delivery that told something new (status, amount, code): recorded, not a duplicate (issue 40). */
  let filledIn = false;
  /** What a browser had reported for the order, shown in the delivery log as unverified; never a base. */
  let reported: { minor: number; currency: string | null } | null = null;
  if (!inserted) {
    if (!order.verified) {
      // A browser signal came first: signed values replace it. Its amount and currency are never kept (issue 40): a
      // thin delivery leaves the order awaiting a verified amount, which a secret-key call, an API fetch or a later
      // signed delivery fills in.
      const keepStatus = facts.status ?? order.status;
      reported = order.orderValueCents === null ? null : { minor: order.orderValueCents, currency: order.currency };
      order = await attr.updateOrder(db, order.id, { ...signedValues, source: facts.source, platformId: facts.platform.id, status: keepStatus });
      firstVerified = true;
    } else {
      const changes: Partial<repo.NewOrder> = {};
      if (facts.status && facts.status !== order.status) changes.status = facts.status;
      // Attribution of a verified order is decided once; later deliveries only fill in what was missing.
      if (order.orderValueCents === null && facts.baseMinor !== null) Object.assign(changes, { orderValueCents: facts.baseMinor, currency: facts.currency });
      if (!order.discountCodeId && usable) Object.assign(changes, { discountCodeId: usable.id, code: usable.code, codesSeen: codes });
      if (Object.keys(changes).length) {
        order = await attr.updateOrder(db, order.id, changes);
        filledIn = true;
      }
    }
  }
  for (const refund of facts.refunds ?? []) await attr.upsertRefund(db, order.id, refund.key, refund.amountMinor);
  // A fresh order has no earlier refunds or commission: two round trips saved on the common path.
  const fresh = Boolean(inserted);
  const refunded = fresh && !facts.refunds?.length ? 0 : await attr.refundedMinor(db, order.id);

  let commission = fresh ? null : await attr.findMainCommission(db, businessId, facts.orderId);
  let outcome: AttributionOutcome = firstVerified || filledIn ? 'recorded' : 'duplicate';
  if (!commission) {
    const owner = order.discountCodeId ? codeRows.find((row) => row.id === order.discountCodeId) ?? credited : credited;
    // A sale already split at an event booth earns no code commission later (decision record 040: never both).
    const boothSplit = !fresh && owner ? await splitAtBooth(db, order.id) : false;
    if (owner?.proStaffId && owner.commissionRateBps > 0 && order.orderValueCents !== null && order.currency && order.status === 'placed' && !boothSplit) {
      const amount = targetCommission(order, refunded, owner.commissionRateBps);
      if (amount > 0) {
        commission = await attr.insertCommissionEntry(db, {
          businessId, proStaffId: owner.proStaffId, amountCents: amount, currency: order.currency, status: 'pending', source: 'order',
          // Held for the business's return window before it is payable (decision record 024).
          payableAt: await orderPayableAt(db, businessId, new Date(), owner.proStaffId),
          orderId: facts.orderId, baseMinor: order.orderValueCents - refunded, rateBps: owner.commissionRateBps,
          description: describeCommission(facts.orderId, owner.code, owner.commissionRateBps, order.orderValueCents - refunded, order.currency),
        });
        await announceCreated(db, commission);
        notify.push({ proStaffId: commission.proStaffId, type: 'commission.created', commissionId: commission.id, status: 'pending' });
        return { outcome: 'created', order, codes, commission, notify };
      }
    }
    return { outcome, order, codes, commission: null, notify, reported };
  }
  const adjusted = await followOrder(db, order, refunded, commission, previousStatus !== 'placed' && order.status === 'placed');
  if (adjusted) {
    outcome = 'adjusted';
    notify.push({ proStaffId: adjusted.entry.proStaffId, type: 'commission.status_changed', commissionId: adjusted.entry.id, status: adjusted.entry.status });
    commission = adjusted.main;
  }
  return { outcome, order, codes, commission, notify };
}

/**
 * Makes the order's commission match what is left of the order. The ledger decides how (decision record 036): an
 * unpaid one is adjusted, cancelled at 0 or restored; one locked in a payout or paid is never edited, the difference
 * becomes an adjustment row linked to it (a clawback, netted off the next payout, when negative).
 */
async function followOrder(
  db: Database,
  order: repo.OrderRow,
  refunded: number,
  main: attr.CommissionEntry,
  restored: boolean,
): Promise<{ main: attr.CommissionEntry; entry: attr.CommissionEntry } | null> {
  const base = order.orderValueCents ?? 0;
  // Commissions from before the rate was stored: the rate they imply.
  const rateBps = main.rateBps ?? (base > 0 ? Math.round((main.amountCents * 10_000) / base) : 0);
  // Rejected as fraud: nothing is owed, as after the business's own cancellation (decision record 039).
  const target = (await rejectedAsFraud(db, main.id)) ? 0 : targetCommission(order, refunded, rateBps);
  // What the target is computed on: nothing is owed on a cancelled or refunded order, whatever its refunds say.
  const remaining = order.status === 'placed' ? Math.max(0, base - refunded) : 0;
  const currency = main.currency;
  const code = order.code ?? '';
  const what = main.status === 'paid' ? `paid commission #${main.id}` : `commission #${main.id} (in payout #${main.payoutId})`;
  const applied = await ledger.apply(db, main.id, { type: 'order_changed', target, restored }, new Date(), (delta) => ({
    orderId: order.orderId, baseMinor: remaining, rateBps,
    description: `Adjustment to ${what} for order ${order.orderId}: ${delta < 0 ? 'refund' : 'restore'}, ${rateBps / 100}% of ${formatMoney(remaining, currency)} merchandise now owed in total`,
  }));
  if (!applied.changed) return null;
  if (applied.adjustmentId !== null) return { main: (await attr.findCommission(db, main.id))!, entry: (await attr.findCommission(db, applied.adjustmentId))! };
  // The commission itself changed (adjusted, restored or cancelled): its description says what it is computed on now.
  const updated = target > 0
    ? await attr.describeCommissionEntry(db, main.id, { baseMinor: remaining, rateBps, description: describeCommission(order.orderId, code, rateBps, remaining, currency) })
    : (await attr.findCommission(db, main.id))!;
  return { main: updated, entry: updated };
}

/**
 * A browser (publishable key) report of an order: stored as an unverified signal, never a commission, and
 * never over a verified order. A signed webhook or secret-key call for the same order later overwrites it.
 */
export async function recordBrowserSignal(
  ctx: AppContext,
  input: { platform: StorePlatform; orderId: string; codes: string[]; valueMinor: number | null; currency: string | null; customerEmail?: string | null },
): Promise<{ duplicate: boolean }> {
  const codes = normaliseCodes(input.codes);
  const inserted = await repo.insertOrderIfNew(ctx.db, {
    businessId: input.platform.businessId, platformId: input.platform.id, orderId: input.orderId, source: 'tracking', verified: false,
    code: codes[0] ?? null, codesSeen: codes, orderValueCents: input.valueMinor, currency: input.currency, customerEmail: input.customerEmail || null,
  });
  return { duplicate: !inserted };
}

function recordedReason(result: AttributionResult): string {
  if (result.order.status !== 'placed') return `Order is ${result.order.status}: no commission`;
  // Before the codes: a thin signed delivery names neither, and the amount is what a browser must never supply.
  if (result.order.orderValueCents === null) {
    const amount = result.reported && (result.reported.currency ? formatMoney(result.reported.minor, result.reported.currency) : 'an amount without a currency');
    return `Awaiting a verified amount${amount ? ` (a browser reported ${amount}, unverified: never used as the base)` : ''}`;
  }
  if (result.codes.length === 0) return 'No discount code on the order';
  if (!result.order.discountCodeId) return 'None of the codes is an active code of this business on this store';
  return 'The code has no pro staffer with a commission rate';
}

export type DeliveryOutcome = AttributionOutcome | 'ignored' | 'unverified';

export function deliveryValues(
  platform: StorePlatform,
  topic: string,
  input: { orderId?: string | null; codes?: string[]; outcome: DeliveryOutcome; reason?: string | null; commissionId?: number | null },
): attr.NewDelivery {
  return {
    businessId: platform.businessId, platformId: platform.id, platformName: platform.name, platformType: platform.platformType,
    topic: topic.slice(0, 100), orderId: input.orderId?.slice(0, 100) ?? null, codesSeen: (input.codes ?? []).slice(0, 50), outcome: input.outcome,
    reason: input.reason?.slice(0, 500) ?? null, commissionId: input.commissionId ?? null,
  };
}

/** Records a delivery that changed nothing (ignored, or a browser signal). */
export async function logDelivery(ctx: AppContext, platform: StorePlatform, topic: string, input: Parameters<typeof deliveryValues>[2]): Promise<void> {
  await attr.insertDelivery(ctx.db, deliveryValues(platform, topic, { ...input, codes: input.codes ? normaliseCodes(input.codes) : [] }));
}

/** Tells the pro staffer's open tabs; a failed push (or look-up of whom to tell) never fails the order. */
async function notifyProStaff(ctx: AppContext, proStaffId: number, event: ServerEvent): Promise<void> {
  const userId = await repo.userIdOfProStaff(ctx.db, proStaffId).catch((error: unknown) => {
    ctx.log.warn({ err: error, type: event.type }, 'event publish failed');
    return null;
  });
  if (userId) await publishBestEffort(ctx, { userId, event });
}
