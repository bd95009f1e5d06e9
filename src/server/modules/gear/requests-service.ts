import type { GearRequest, NewGearRequest } from '@shared/contracts/gear';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { utcDay } from '@server/lib/utc-day';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import { allotmentYear, isSeedable, overrun } from './allotment';
import { decidedNotice, requestedNotice } from './notices';
import { requestView } from './read-service';
import * as repo from './repository';
import { credentialsOf } from './store-access';
import { queueOrder } from './shipments-service';
import { recordOutgoingEvent } from '@server/modules/webhooks-out/outbox';

/**
 * Gear requests (decision record 038). A rostered staffer in a tier asks for seedable items within what is left of
 * the tier's yearly allotment; the business approves, edits or declines. A waiting request holds its value, so every
 * check that counts the allotment (a new request, an edit, an approval) runs under the staffer's allotment lock and
 * reads every waiting and approved request: two at once can never both pass a limit only one of them fits.
 */

type ProStaffUser = { id: number; proStaffId: number };
type BusinessUser = { id: number; businessId: number };
type Line = { variantId: number; quantity: number };

/** The staffer's tier with the business, or the reason they cannot ask for gear. */
async function tierFor(db: Database, businessId: number, proStaffId: number, today: string) {
  if (!(await repo.liveAgreementOf(db, businessId, proStaffId, today))) throw new AppError('FORBIDDEN', 'You can ask for gear only from brands whose roster you are on.');
  const membership = await repo.findMembership(db, businessId, proStaffId);
  const tier = membership?.tierId ? await repo.findTier(db, membership.tierId) : null;
  if (!tier) throw new AppError('CONFLICT', 'The brand has not placed you in a program tier yet, so you have no gear allotment.');
  return tier;
}

/**
 * The lines priced from the catalog now, refusing unknown, unseedable and out-of-stock variants and any currency other
 * than the allotment's (two currencies are never added).
 */
async function pricedLines(db: Database, businessId: number, lines: Line[], currency: string) {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  const found = await repo.variantsWithProducts(db, [...merged.keys()]);
  const settings = await repo.findSettings(db, businessId);
  const byId = new Map(found.map((row) => [row.variant.id, row]));
  const unknown = [...merged.keys()].filter((id) => {
    const row = byId.get(id);
    return !row || row.product.businessId !== businessId || row.product.platformId !== settings?.platformId || !isSeedable(row.product, settings);
  });
  if (unknown.length > 0) throw new AppError('VALIDATION', 'Some items are not in the brand’s gear catalog', unknown.map((id) => ({ path: 'items', message: `Item ${id} cannot be requested` })));
  const outOfStock = [...merged].filter(([id, quantity]) => {
    const inventory = byId.get(id)!.variant.inventory;
    return inventory !== null && inventory < quantity;
  });
  if (outOfStock.length > 0) {
    const names = outOfStock.map(([id]) => `${byId.get(id)!.product.title} (${byId.get(id)!.variant.title})`);
    throw new AppError('CONFLICT', `Not enough in stock: ${names.join(', ')}`, { reason: 'out_of_stock', variantIds: outOfStock.map(([id]) => id) });
  }
  const otherCurrency = found.find((row) => row.product.currency !== currency);
  if (otherCurrency) throw new AppError('CONFLICT', `This allotment is in ${currency}; ${otherCurrency.product.title} is priced in ${otherCurrency.product.currency}.`, { reason: 'currency' });
  return [...merged].map(([id, quantity]) => {
    const { variant, product } = byId.get(id)!;
    return {
      variantId: id, externalProductId: product.externalId, externalVariantId: variant.externalId, productTitle: product.title, variantTitle: variant.title,
      imageUrl: product.imageUrl, quantity, unitPriceMinor: variant.priceMinor,
    };
  });
}

function totals(lines: { quantity: number; unitPriceMinor: number }[]) {
  return { usedMinor: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0), itemsUsed: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** Refuses what would take the staffer past the tier's allotment for the year (`exceptRequestId`: the request being re-counted). */
async function assertWithinAllotment(db: Database, tier: repo.TierRow, businessId: number, proStaffId: number, periodStart: string, add: ReturnType<typeof totals>, exceptRequestId: number | null) {
  const used = await repo.allotmentUse(db, businessId, proStaffId, periodStart, exceptRequestId);
  const over = overrun({ limitMinor: tier.allotmentMinor, itemsLimit: tier.itemsPerYear }, used, add);
  if (over === 'value') throw new AppError('CONFLICT', 'This is more than what is left of the gear allotment for this year.', { reason: 'allotment', limitMinor: tier.allotmentMinor, usedMinor: used.usedMinor, currency: tier.currency });
  if (over === 'items') throw new AppError('CONFLICT', `This is more items than are left of the ${tier.itemsPerYear} a year.`, { reason: 'allotment_items', itemsLimit: tier.itemsPerYear, itemsUsed: used.itemsUsed });
}

export async function createRequest(ctx: AppContext, user: ProStaffUser, body: NewGearRequest, now = new Date()): Promise<GearRequest> {
  const today = utcDay(now);
  const { id, userIds } = await ctx.db.transaction(async (tx) => {
    await repo.lockAllotment(tx, user.proStaffId);
    const tier = await tierFor(tx, body.businessId, user.proStaffId, today);
    const lines = await pricedLines(tx, body.businessId, body.items, tier.currency);
    const period = allotmentYear(tier.renewsOn, today);
    await assertWithinAllotment(tx, tier, body.businessId, user.proStaffId, period.start, totals(lines), null);
    const id = await repo.insertRequest(
      tx,
      { businessId: body.businessId, proStaffId: user.proStaffId, tierId: tier.id, periodStart: period.start, currency: tier.currency, shippingAddress: body.shippingAddress, note: body.note, createdAt: now, updatedAt: now },
      lines,
    );
    return { id, userIds: await recordNotifications(ctx, tx, await requestedNotice(ctx, tx, body.businessId, user.proStaffId, totals(lines).itemsUsed)) };
  });
  await announceNotifications(ctx, userIds);
  return (await requestView(ctx, [id], 'pro_staff'))[0];
}

export async function cancelRequest(ctx: AppContext, user: ProStaffUser, id: number, now = new Date()): Promise<GearRequest> {
  await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request || request.proStaffId !== user.proStaffId) throw notFound('Gear request');
    if (request.status !== 'requested') throw new AppError('CONFLICT', 'Only a request still waiting for approval can be cancelled.');
    await repo.decideRequest(tx, id, { status: 'cancelled', decisionReason: null, decidedByUserId: user.id, decidedAt: now });
  });
  return (await requestView(ctx, [id], 'pro_staff'))[0];
}

/** The business changes what a waiting request asks for (a size out of stock, one item fewer) before approving it. */
export async function editRequest(ctx: AppContext, user: BusinessUser, id: number, items: Line[], now = new Date()): Promise<GearRequest> {
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findRequest(tx, id);
    if (!found || found.businessId !== user.businessId) throw notFound('Gear request');
    await repo.lockAllotment(tx, found.proStaffId);
    const request = (await repo.lockRequest(tx, id))!;
    if (request.status !== 'requested') throw new AppError('CONFLICT', 'Only a request waiting for approval can be changed.');
    const tier = await tierFor(tx, request.businessId, request.proStaffId, utcDay(now));
    const lines = await pricedLines(tx, request.businessId, items, request.currency);
    await assertWithinAllotment(tx, tier, request.businessId, request.proStaffId, request.periodStart, totals(lines), id);
    await repo.replaceItems(tx, id, lines, now);
  });
  return (await requestView(ctx, [id], 'business'))[0];
}

type Refusal = { id: number; code: string; message: string };

/**
 * Approves or declines many waiting requests, each in its own transaction: one that cannot go through (no longer
 * waiting, now out of stock, over a tier lowered since) is answered with why, and the others still go through. An
 * approval re-checks stock and allotment and queues the store order in the same transaction.
 */
export async function decide(ctx: AppContext, user: BusinessUser, body: { ids: number[]; decision: 'approve' | 'reject'; reason: string }, now = new Date()) {
  const settings = await repo.findSettings(ctx.db, user.businessId);
  if (body.decision === 'approve' && (!settings?.platformId || !(await credentialsOf(ctx, settings.platformId)))) {
    throw new AppError('CONFLICT', 'Choose the store gear is ordered from and give its API credentials (Gear → Catalog & store) before approving.');
  }
  const decided: number[] = [];
  const refused: Refusal[] = [];
  for (const id of [...new Set(body.ids)].sort((a, b) => a - b)) {
    try {
      const userIds = await ctx.db.transaction((tx) => decideOne(ctx, tx, user, id, body, settings, now));
      decided.push(id);
      await announceNotifications(ctx, userIds);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ id, code: error.code, message: error.message });
    }
  }
  return { decided, refused };
}

async function decideOne(ctx: AppContext, tx: Database, user: BusinessUser, id: number, body: { decision: 'approve' | 'reject'; reason: string }, settings: repo.SettingsRow | null, now: Date): Promise<number[]> {
  const found = await repo.findRequest(tx, id);
  if (!found || found.businessId !== user.businessId) throw notFound('Gear request');
  await repo.lockAllotment(tx, found.proStaffId);
  const request = (await repo.lockRequest(tx, id))!;
  if (request.status !== 'requested') throw new AppError('CONFLICT', `This request is already ${request.status}.`);
  if (body.decision === 'reject') {
    await repo.decideRequest(tx, id, { status: 'rejected', decisionReason: body.reason || null, decidedByUserId: user.id, decidedAt: now });
    await announceDecided(tx, request, 'rejected', body.reason, now);
    return recordNotifications(ctx, tx, await decidedNotice(ctx, tx, request.businessId, request.proStaffId, false, body.reason));
  }
  const items = await repo.itemsOf(tx, [id]);
  const tier = await tierFor(tx, request.businessId, request.proStaffId, utcDay(now));
  // Stock moves between the request and the approval: checked again against the catalog as the store reported it last.
  await pricedLines(tx, request.businessId, items.map((item) => ({ variantId: item.variantId ?? 0, quantity: item.quantity })), request.currency);
  await assertWithinAllotment(tx, tier, request.businessId, request.proStaffId, request.periodStart, totals(items), id);
  await repo.decideRequest(tx, id, { status: 'approved', decisionReason: body.reason || null, decidedByUserId: user.id, decidedAt: now });
  await announceDecided(tx, request, 'approved', body.reason, now);
  await queueOrder(ctx, tx, request, settings!, now);
  return recordNotifications(ctx, tx, await decidedNotice(ctx, tx, request.businessId, request.proStaffId, true, ''));
}

/** The outgoing webhook of a decision (decision record 044), in the decision's transaction. */
async function announceDecided(tx: Database, request: repo.RequestRow, decision: 'approved' | 'rejected', reason: string, now: Date): Promise<void> {
  await recordOutgoingEvent(tx, request.businessId, 'gear.request_decided', {
    requestId: request.id, proStaffId: request.proStaffId, decision, reason: reason || null, currency: request.currency, decidedAt: now.toISOString(),
  });
}
