import type { SessionUser } from '@shared/contracts/auth';
import {
  MAX_CAMPAIGN_ASSETS,
  campaignAssetTypes,
  type Campaign,
  type CampaignDetail,
  type CampaignFields,
  type CampaignStatus,
  type FileAssetFields,
  type LinkAsset,
} from '@shared/contracts/campaigns';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { assertWithinLimit } from '@server/lib/entitlements';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { sniffFileType } from '@server/lib/file-type';
import { newStorageKey, type StoredObject } from '@server/lib/storage';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import { mailBrander } from '@server/modules/branding/mail';
import type { Database } from '@server/db/client';
import { utcDay } from '@server/lib/utc-day';
import * as repo from './repository';
import type { MultipartFile } from '@server/lib/multipart-form';

// Campaigns and their content library (issue 23 item 1, docs/decisions/031-campaigns.md).

export type BusinessUser = SessionUser & { businessId: number };
export type UploadedFile = MultipartFile;
export type { CampaignRow } from './repository';

/** A campaign by id whoever asks: for the modules that apply their own rule on top (campaign tasks, record 032). */
export const findCampaignRow = (ctx: AppContext, id: number): Promise<repo.CampaignRow | null> => repo.findCampaign(ctx.db, id);

export const ANNOUNCE_CAMPAIGNS_TASK = 'campaigns.announce';
const ANNOUNCE_BATCH = 200;

export const todayOf = utcDay;
const fieldError = (path: string, message: string) => new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

/** Scheduled before it opens, open from `opensOn`, closed from `closesOn` (the first day it is no longer open). */
export function statusOf(row: { opensOn: string; closesOn: string }, today: string): CampaignStatus {
  if (today < row.opensOn) return 'scheduled';
  return today < row.closesOn ? 'open' : 'closed';
}

function toCampaign(row: repo.CampaignRow, today: string, members: { proStaffId: number; name: string }[] = []): Campaign {
  const { businessUserId: _owner, announcedAt, createdAt, ...rest } = row;
  return { ...rest, status: statusOf(row, today), members, announcedAt: announcedAt?.toISOString() ?? null, createdAt: createdAt.toISOString() };
}

function toAsset(campaignId: number, row: repo.AssetRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    usageNotes: row.usageNotes,
    url: row.kind === 'link' ? row.url! : `/api/campaigns/${campaignId}/assets/${row.id}/file`,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    createdAt: row.createdAt.toISOString(),
  };
}

const isOwner = (user: SessionUser, row: repo.CampaignRow) => user.userType === 'business' && user.businessId === row.businessId;

/** The owning business's campaign; anyone else's id answers 404, so ids reveal nothing. */
export async function ownCampaign(ctx: AppContext, user: BusinessUser, id: number): Promise<repo.CampaignRow> {
  const row = await repo.findCampaign(ctx.db, id);
  if (!row || row.businessId !== user.businessId) throw notFound('Campaign');
  return row;
}

/**
 * A campaign the caller may read: the owner always; a pro staffer in its audience once it has opened (open or
 * closed). Everyone else, and the audience while it is scheduled, gets 404.
 */
export async function visibleCampaign(ctx: AppContext, user: SessionUser, id: number, today: string): Promise<{ row: repo.CampaignRow; owner: boolean }> {
  const row = await repo.findCampaign(ctx.db, id);
  if (row && isOwner(user, row)) return { row, owner: true };
  if (row && user.userType === 'pro_staff' && user.proStaffId && statusOf(row, today) !== 'scheduled' && (await repo.isInAudience(ctx.db, id, user.proStaffId, today))) {
    return { row, owner: false };
  }
  throw notFound('Campaign');
}

/** Only rostered staffers (a live agreement with the business) may be selected. */
async function checkedMembers(db: AppContext['db'], businessId: number, input: CampaignFields, today: string): Promise<number[]> {
  if (input.audience !== 'selected') return [];
  const wanted = [...new Set(input.memberIds)];
  const rostered = new Set(await repo.rosteredAmong(db, businessId, wanted, today));
  const outside = wanted.filter((id) => !rostered.has(id));
  if (outside.length) throw fieldError('memberIds', 'Only pro staff on your roster (with an active agreement) can be chosen');
  return wanted;
}

const fieldsOf = ({ title, brief, opensOn, closesOn, audience }: CampaignFields) => ({ title, brief, opensOn, closesOn, audience });

/**
 * Tells the campaign's audience that it opened, once: the claim on `announced_at` and the notifications are one
 * transaction under the campaign's lock, so the creating request and the task never both tell. Returns whom to
 * announce to after the commit, or null when it was not (or no longer) this call's to announce.
 */
async function announceOpening(ctx: AppContext, db: AppContext['db'], id: number, now: Date): Promise<number[] | null> {
  const today = todayOf(now);
  await repo.lockAnnouncement(db, id);
  if (!(await repo.claimAnnouncement(db, id, today, now))) return null;
  const row = (await repo.findCampaign(db, id))!;
  const userIds = await repo.audienceUserIds(db, id, today);
  const title = `${row.businessName} opened a campaign: ${row.title}`;
  const body = `It closes on ${row.closesOn}. Read the brief and download the brand assets.`;
  // The business writes to its pro staff: the mail carries its brand (decision record 045).
  const mail = (await mailBrander(db as Database, row.businessId))({ subject: title, text: `${body}\n\nSee the campaign: ${appOrigin(ctx.config)}/campaigns/${id}\n` });
  await recordNotifications(ctx, db, userIds.map((userId) => ({ userId, kind: 'campaign' as const, title, body, link: `/campaigns/${id}`, mail })));
  return userIds;
}

export async function list(ctx: AppContext, user: SessionUser, now = new Date()): Promise<Campaign[]> {
  const today = todayOf(now);
  if (user.userType === 'business' && user.businessId) return (await repo.listForBusiness(ctx.db, user.businessId)).map((row) => toCampaign(row, today));
  if (user.userType === 'pro_staff' && user.proStaffId) return (await repo.listForProStaff(ctx.db, user.proStaffId, today)).map((row) => toCampaign(row, today));
  return [];
}

export async function get(ctx: AppContext, user: SessionUser, id: number, now = new Date()): Promise<CampaignDetail> {
  const today = todayOf(now);
  const { row, owner } = await visibleCampaign(ctx, user, id, today);
  const members = owner ? await repo.membersOf(ctx.db, id) : [];
  const assets = await repo.listAssets(ctx.db, id);
  return { ...toCampaign(row, today, members), assets: assets.map((asset) => toAsset(id, asset)) };
}

/**
 * A business creates a campaign. It cannot open in the past; the plan's `activeCampaigns` limit counts open and
 * scheduled campaigns under a per-business lock. A campaign opening today is announced in the same transaction.
 */
export async function create(ctx: AppContext, user: BusinessUser, input: CampaignFields, now = new Date()): Promise<CampaignDetail> {
  const today = todayOf(now);
  if (input.opensOn < today) throw fieldError('opensOn', 'The opening date has passed');
  const { id, told } = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCampaigns(tx, user.businessId);
    assertWithinLimit(user, 'activeCampaigns', await repo.countActive(tx, user.businessId, today));
    const members = await checkedMembers(tx, user.businessId, input, today);
    const newId = await repo.insertCampaign(tx, { ...fieldsOf(input), businessId: user.businessId, createdByUserId: user.id, now });
    await repo.setMembers(tx, newId, members);
    return { id: newId, told: await announceOpening(ctx, tx, newId, now) };
  });
  if (told) await announceNotifications(ctx, told);
  ctx.log.info({ campaignId: id, businessId: user.businessId }, 'campaign created');
  return get(ctx, user, id, now);
}

/** Edits title, brief, dates and audience of a campaign that has not opened yet (409 once it has). */
export async function update(ctx: AppContext, user: BusinessUser, id: number, input: CampaignFields, now = new Date()): Promise<CampaignDetail> {
  const today = todayOf(now);
  await ownCampaign(ctx, user, id);
  if (input.opensOn < today) throw fieldError('opensOn', 'The opening date has passed');
  const told = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCampaigns(tx, user.businessId);
    const current = (await repo.findCampaign(tx, id))!;
    if (statusOf(current, today) !== 'scheduled') throw conflict('This campaign has opened; only a scheduled campaign can be edited. You can close it early instead.');
    const members = await checkedMembers(tx, user.businessId, input, today);
    await repo.updateCampaign(tx, id, fieldsOf(input), now);
    await repo.setMembers(tx, id, members);
    return announceOpening(ctx, tx, id, now);
  });
  if (told) await announceNotifications(ctx, told);
  return get(ctx, user, id, now);
}

/** Deletes a campaign that has not opened yet, with its files (409 once it has: its audience has seen it). */
export async function remove(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<void> {
  const today = todayOf(now);
  await ownCampaign(ctx, user, id);
  const keys = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCampaigns(tx, user.businessId);
    const current = (await repo.findCampaign(tx, id))!;
    if (statusOf(current, today) !== 'scheduled') throw conflict('This campaign has opened and cannot be deleted. You can close it early instead.');
    return repo.deleteCampaign(tx, id);
  });
  for (const key of keys) await ctx.storage.delete(key).catch(() => undefined);
}

/** Closes an open campaign today: `closesOn` becomes today, so it reads as closed from now on. */
export async function close(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<CampaignDetail> {
  const today = todayOf(now);
  await ownCampaign(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCampaigns(tx, user.businessId);
    const current = (await repo.findCampaign(tx, id))!;
    if (statusOf(current, today) !== 'open') throw conflict(`This campaign is ${statusOf(current, today)}; only an open campaign can be closed early.`);
    await repo.updateCampaign(tx, id, { closesOn: today }, now);
  });
  return get(ctx, user, id, now);
}

async function assertRoomForAsset(ctx: AppContext, id: number): Promise<void> {
  if ((await repo.countAssets(ctx.db, id)) >= MAX_CAMPAIGN_ASSETS) throw conflict(`A campaign holds at most ${MAX_CAMPAIGN_ASSETS} assets; remove one first`);
}

export async function addLink(ctx: AppContext, user: BusinessUser, id: number, body: LinkAsset, now = new Date()): Promise<CampaignDetail> {
  await ownCampaign(ctx, user, id);
  await assertRoomForAsset(ctx, id);
  await repo.insertAsset(ctx.db, { campaignId: id, kind: 'link', name: body.name, usageNotes: body.usageNotes, url: body.url, createdAt: now });
  return get(ctx, user, id, now);
}

/** The file name as stored and shown: the last path segment, printable, at most 120 characters. */
function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').trim().slice(0, 120);
  return base || `asset.${ext}`;
}

/** A file asset: PDF or image judged from the bytes; nothing is stored when a check fails. */
export async function addFile(ctx: AppContext, user: BusinessUser, id: number, fields: FileAssetFields, file: UploadedFile, now = new Date()): Promise<CampaignDetail> {
  await ownCampaign(ctx, user, id);
  await assertRoomForAsset(ctx, id);
  if (file.data.length === 0) throw new AppError('VALIDATION', 'The file is empty');
  const sniffed = sniffFileType(file.data);
  if (!sniffed || !(campaignAssetTypes as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the asset as a PDF or an image (JPEG, PNG, GIF or WebP)');
  }
  const key = newStorageKey('campaigns', sniffed.ext);
  await ctx.storage.put(key, file.data);
  try {
    await repo.insertAsset(ctx.db, {
      campaignId: id, kind: 'file', name: fields.name, usageNotes: fields.usageNotes, fileKey: key,
      fileName: safeFileName(file.fileName, sniffed.ext), fileType: sniffed.mime, fileSize: file.data.length, createdAt: now,
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return get(ctx, user, id, now);
}

export async function removeAsset(ctx: AppContext, user: BusinessUser, id: number, assetId: number, now = new Date()): Promise<CampaignDetail> {
  await ownCampaign(ctx, user, id);
  const asset = await repo.findAsset(ctx.db, id, assetId);
  if (!asset) throw notFound('Asset');
  await repo.deleteAsset(ctx.db, assetId);
  if (asset.fileKey) await ctx.storage.delete(asset.fileKey).catch(() => undefined);
  return get(ctx, user, id, now);
}

/** A file asset, to the owner and to the audience once the campaign has opened; 404 to anyone else. */
export async function assetFile(ctx: AppContext, user: SessionUser, id: number, assetId: number, now = new Date()): Promise<StoredObject & { fileName: string; fileType: string }> {
  await visibleCampaign(ctx, user, id, todayOf(now));
  const asset = await repo.findAsset(ctx.db, id, assetId);
  if (!asset?.fileKey) throw notFound('Asset');
  const stored = await ctx.storage.get(asset.fileKey);
  if (!stored) throw notFound('Asset');
  return { ...stored, fileName: asset.fileName ?? 'asset', fileType: asset.fileType ?? 'application/octet-stream' };
}

/**
 * The scheduled opening (hourly, decision record 031): every campaign that has opened and was not announced is
 * announced to its audience, each in its own transaction. Idempotent: `announced_at` is claimed once.
 */
export async function announceOpenedCampaigns(ctx: AppContext, now = new Date()): Promise<{ announced: number }> {
  let announced = 0;
  const ids = await repo.dueForAnnouncement(ctx.db, todayOf(now), ANNOUNCE_BATCH);
  for (const id of ids) {
    const told = await ctx.db.transaction((tx) => announceOpening(ctx, tx, id, now));
    if (!told) continue;
    announced++;
    await announceNotifications(ctx, told);
  }
  return { announced };
}
