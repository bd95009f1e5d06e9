import type { SessionUser } from '@shared/contracts/auth';
import type { Advertisement, AdTrackResult, createAdBody, updateAdBody } from '@shared/contracts/ads';
import type { z } from 'zod';
import type { AppContext } from '@server/lib/context';
import { withDb } from '@server/lib/transaction';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { assertWithinLimit } from '@server/lib/entitlements';
import * as repo from './repository';
import { toWire } from './mappers';
import { utcDay } from '@server/lib/utc-day';

const DAY_MS = 24 * 60 * 60 * 1000;

export { utcDay };

export async function listOwn(ctx: AppContext, user: SessionUser): Promise<Advertisement[]> {
  return (await repo.listByUser(ctx.db, user.id)).map(toWire);
}

export async function listActive(ctx: AppContext, user: SessionUser, now = new Date()): Promise<Advertisement[]> {
  return (await repo.listActiveFor(ctx.db, user, now)).map(toWire);
}

export async function create(ctx: AppContext, user: SessionUser, body: z.output<typeof createAdBody>, now = new Date()): Promise<Advertisement> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUserAds(tx, user.id);
    const used = await repo.countLive(tx, user.id, now);
    assertWithinLimit(user, 'advertisements', used);
    const row = await repo.insert(tx, user.id, {
      title: body.title,
      description: body.description,
      adType: body.adType,
      targetAudience: body.targetAudience,
      budgetCents: body.budget,
      durationDays: body.duration,
      contactInfo: body.contactInfo,
      location: body.location,
      tags: body.tags,
      status: 'active',
      endDate: new Date(now.getTime() + body.duration * DAY_MS),
    });
    return toWire(row);
  });
}

async function ownAd(ctx: AppContext, user: SessionUser, id: number): Promise<repo.AdRecord> {
  const ad = await repo.findById(ctx.db, id);
  if (!ad) throw notFound('Advertisement');
  if (ad.userId !== user.id) throw forbidden('You can only change your own advertisements');
  return ad;
}

// Reactivating counts live ads: under the same lock as create (decision record 018).
export function update(ctx: AppContext, user: SessionUser, id: number, body: z.output<typeof updateAdBody>, now = new Date()): Promise<Advertisement> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUserAds(tx, user.id);
    return updateLocked(withDb(ctx, tx), user, id, body, now);
  });
}

async function updateLocked(ctx: AppContext, user: SessionUser, id: number, body: z.output<typeof updateAdBody>, now: Date): Promise<Advertisement> {
  const ad = await ownAd(ctx, user, id);
  const values: Partial<repo.AdValues> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description;
  if (body.adType !== undefined) values.adType = body.adType;
  if (body.targetAudience !== undefined) values.targetAudience = body.targetAudience;
  if (body.budget !== undefined) values.budgetCents = body.budget;
  if (body.contactInfo !== undefined) values.contactInfo = body.contactInfo;
  if (body.location !== undefined) values.location = body.location;
  if (body.tags !== undefined) values.tags = body.tags;
  if (body.status !== undefined) values.status = body.status;
  if (body.duration !== undefined) {
    // The run still counts from when the ad was created.
    values.durationDays = body.duration;
    values.endDate = new Date(ad.createdAt.getTime() + body.duration * DAY_MS);
  }
  const endDate = values.endDate ?? ad.endDate;
  const status = values.status ?? ad.status;
  const wasLive = ad.status !== 'completed' && ad.endDate > now;
  const willBeLive = status !== 'completed' && endDate > now;
  if (!wasLive && willBeLive) {
    assertWithinLimit(user, 'advertisements', await repo.countLive(ctx.db, user.id, now, id));
  }
  if (Object.keys(values).length === 0) return toWire(ad);
  return toWire(await repo.update(ctx.db, id, values, now));
}

export async function remove(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  await ownAd(ctx, user, id);
  await repo.remove(ctx.db, id);
}

/** Clicks and impressions count once per viewer, ad and UTC day; owners viewing their own ad never count. */
export async function track(ctx: AppContext, user: SessionUser, id: number, kind: 'impression' | 'click', now = new Date()): Promise<AdTrackResult> {
  const ad = await repo.findById(ctx.db, id);
  const visible = ad && (ad.userId === user.id || ad.targetAudience === 'both' || ad.targetAudience === user.userType);
  if (!ad || !visible) throw notFound('Advertisement');
  if (ad.status !== 'active' || ad.endDate <= now) throw new AppError('CONFLICT', 'This advertisement is not running');
  if (ad.userId === user.id) return { counted: false, impressions: ad.impressions, clicks: ad.clicks };
  return repo.track(ctx.db, id, user.id, utcDay(now), kind);
}
