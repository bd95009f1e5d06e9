import { MAX_TIERS, type ProgramTier, type TierFields } from '@shared/contracts/gear';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { utcDay } from '@server/lib/utc-day';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import { tierChangedNotices } from './notices';
import { ensureProPricing } from './pro-pricing-service';
import * as repo from './repository';

/**
 * Program tiers (decision record 038): a business's levels (Field, Pro, Elite…), each with its commission rate, hold,
 * pro pricing, yearly gear allotment and visible campaigns. A rostered staffer is placed in one; the move is written in
 * the agreement's history and told to the staffer.
 */

type BusinessUser = { id: number; businessId: number };

export function toTier(row: repo.TierRow & { staffCount: number }): ProgramTier {
  return {
    id: row.id, position: row.position, name: row.name, commissionRateBps: row.commissionRateBps, holdDays: row.holdDays, proPricingPercent: row.proPricingPercent,
    allotmentMinor: row.allotmentMinor, currency: row.currency, itemsPerYear: row.itemsPerYear, renewsOn: row.renewsOn, campaignIds: row.campaignIds,
    promotion: row.promoteToTierId !== null && row.promoteMetric && row.promoteThreshold !== null
      ? { toTierId: row.promoteToTierId, metric: row.promoteMetric, threshold: row.promoteThreshold }
      : null,
    staffCount: row.staffCount,
  };
}

export async function listTiers(ctx: AppContext, user: BusinessUser): Promise<ProgramTier[]> {
  return (await repo.listTiers(ctx.db, user.businessId)).map(toTier);
}

async function tierOf(ctx: AppContext, user: BusinessUser, id: number) {
  const tier = await repo.findTier(ctx.db, id);
  if (!tier || tier.businessId !== user.businessId) throw notFound('Tier');
  return tier;
}

function columnsOf(fields: TierFields) {
  return {
    name: fields.name, commissionRateBps: fields.commissionRateBps, holdDays: fields.holdDays, proPricingPercent: fields.proPricingPercent,
    allotmentMinor: fields.allotmentMinor, currency: fields.currency, itemsPerYear: fields.itemsPerYear, renewsOn: fields.renewsOn,
    campaignIds: [...new Set(fields.campaignIds)],
    promoteToTierId: fields.promotion?.toTierId ?? null, promoteMetric: fields.promotion?.metric ?? null, promoteThreshold: fields.promotion?.threshold ?? null,
  };
}

async function assertUsable(ctx: AppContext, user: BusinessUser, fields: TierFields, selfId: number | null): Promise<void> {
  if (await repo.tierNameTaken(ctx.db, user.businessId, fields.name, selfId)) {
    throw new AppError('VALIDATION', 'Another tier has this name', [{ path: 'name', message: 'Another tier has this name' }]);
  }
  if (fields.promotion) {
    if (fields.promotion.toTierId === selfId) throw new AppError('VALIDATION', 'A tier cannot promote into itself', [{ path: 'promotion.toTierId', message: 'Choose another tier' }]);
    const target = await repo.findTier(ctx.db, fields.promotion.toTierId);
    if (!target || target.businessId !== user.businessId) throw new AppError('VALIDATION', 'Promote into one of your tiers', [{ path: 'promotion.toTierId', message: 'Not one of your tiers' }]);
  }
}

export async function createTier(ctx: AppContext, user: BusinessUser, fields: TierFields, now = new Date()): Promise<ProgramTier> {
  await assertUsable(ctx, user, fields, null);
  const id = await ctx.db.transaction(async (tx) => {
    await repo.lockTiers(tx, user.businessId);
    const count = await repo.tierCount(tx, user.businessId);
    if (count >= MAX_TIERS) throw new AppError('CONFLICT', `A program has at most ${MAX_TIERS} tiers.`);
    return repo.insertTier(tx, { businessId: user.businessId, position: count + 1, ...columnsOf(fields), createdAt: now, updatedAt: now });
  });
  return toTier({ ...(await repo.findTier(ctx.db, id))!, staffCount: 0 });
}

export async function updateTier(ctx: AppContext, user: BusinessUser, id: number, fields: TierFields, now = new Date()): Promise<ProgramTier> {
  await tierOf(ctx, user, id);
  await assertUsable(ctx, user, fields, id);
  await repo.updateTier(ctx.db, id, { ...columnsOf(fields), updatedAt: now });
  const row = (await repo.listTiers(ctx.db, user.businessId)).find((tier) => tier.id === id)!;
  return toTier(row);
}

export async function deleteTier(ctx: AppContext, user: BusinessUser, id: number): Promise<void> {
  await tierOf(ctx, user, id);
  const placed = (await repo.listTiers(ctx.db, user.businessId)).find((tier) => tier.id === id)?.staffCount ?? 0;
  if (placed > 0) throw new AppError('CONFLICT', `${placed} pro staff ${placed === 1 ? 'is' : 'are'} in this tier: move them to another tier first.`);
  await repo.deleteTier(ctx.db, id);
}

/**
 * Places a rostered staffer in a tier (or moves them), writes it in the agreement history, tells the staffer, and
 * queues their pro-pricing code at the tier's discount (a new code replaces one at another discount).
 */
export async function placeStaffer(ctx: AppContext, user: BusinessUser | { id: null; businessId: number }, proStaffId: number, tierId: number, reason: string, now = new Date(), promoted = false): Promise<void> {
  const tier = await repo.findTier(ctx.db, tierId);
  if (!tier || tier.businessId !== user.businessId) throw notFound('Tier');
  const userIds = await ctx.db.transaction(async (tx) => {
    const agreement = await repo.liveAgreementOf(tx, user.businessId, proStaffId, utcDay(now));
    if (!agreement) throw new AppError('CONFLICT', 'This pro staffer is not on your roster: place staff with a live agreement.');
    await repo.lockAllotment(tx, proStaffId);
    const fromTierId = await repo.placeInTier(tx, user.businessId, proStaffId, tierId, now, promoted);
    if (fromTierId === tierId) return [];
    const from = fromTierId === null ? null : await repo.findTier(tx, fromTierId);
    const what = from ? `Moved from ${from.name} to ${tier.name}` : `Placed in ${tier.name}`;
    await repo.recordTierChange(tx, agreement, user.id, reason ? `${what}: ${reason}` : what, now);
    await ensureProPricing(ctx, tx, user.businessId, proStaffId, tier.proPricingPercent, now);
    return recordNotifications(ctx, tx, await tierChangedNotices(ctx, tx, { businessId: user.businessId, proStaffId, from: from?.name ?? null, to: tier.name, promoted }));
  });
  await announceNotifications(ctx, userIds);
}
