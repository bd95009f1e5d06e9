import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import type { ClaimedTask } from '@server/modules/tasks/queue';
import { AppError, notFound } from '@server/lib/errors';
import { hashToken, newSessionToken } from '@server/lib/auth';
import type { StoredObject } from '@server/lib/storage';
import { appOrigin } from '@server/config';
import { exportArchive, planExport } from './export-archive';
import * as repo from './repository';
import { utcDay } from '@server/lib/utc-day';

/**
 * Accounts whose uploaded files add up to more than this are exported by the task queue and mailed as a link instead
 * of answered in the request (decision record 027): 25 MB downloads in well under a minute on a slow connection, and
 * keeps a request from holding a worker and a storage read for long.
 */
export const EXPORT_INLINE_MAX_BYTES = 25 * 1024 * 1024;

/** What the person is told when the archive will come by email. */
export const exportEmailedMessage = 'We are preparing your file and will email you a download link.';

export type ExportAnswer = { kind: 'archive'; archive: Readable } | { kind: 'emailed' };

/**
 * "Export my data" (decision record 027): the ZIP archive streamed in the answer, or, for an account whose files are
 * larger than `EXPORT_INLINE_MAX_BYTES`, the same archive built in the background and mailed as a link.
 */
export async function exportAccount(ctx: AppContext, user: SessionUser, now = new Date()): Promise<ExportAnswer> {
  const plan = await planExport(ctx, user.id, now);
  if (plan.fileBytes > EXPORT_INLINE_MAX_BYTES) {
    await requestExportLink(ctx, user);
    return { kind: 'emailed' };
  }
  return { kind: 'archive', archive: exportArchive(ctx, plan) };
}

/** The download's file name: huntstaff-data-<user id>-<UTC day>.zip. */
export const exportFileName = (user: SessionUser, now = new Date()) => `huntstaff-data-${user.id}-${utcDay(now)}.zip`;

export const EXPORT_TASK = 'account.export';
export const EXPIRE_EXPORTS_TASK = 'account.exports-expire';
/** How long an emailed download link works. */
export const EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * "Email me a download link", for accounts too large to export in one request (decision record 027): a background
 * task builds the file and mails a link that works for 7 days, for the account's owner only. A few per hour.
 */
export async function requestExportLink(ctx: AppContext, user: SessionUser): Promise<void> {
  await ctx.rateLimits.exportLinksByUser.consume(String(user.id), (seconds) => `You asked for several exports already. Try again in ${Math.ceil(seconds / 60)} minutes.`);
  await ctx.db.transaction(async (tx) => {
    const exportId = await repo.insertExportRequest(tx, user.id);
    // Only the row's id travels in the task: the link's token is made by the task and exists only in the mail.
    await ctx.tasks.enqueue(tx, EXPORT_TASK, { payload: { exportId } });
  });
}

/**
 * The background task: builds the archive into a temporary file (S3 needs the length before the upload, and the
 * archive never sits in memory), stores it, mails the link. Runs again harmlessly once the export is ready.
 */
export async function buildExportFile(ctx: AppContext, task: ClaimedTask): Promise<Record<string, unknown>> {
  const exportId = Number(task.payload.exportId);
  const row = await repo.findExport(ctx.db, exportId);
  if (!row || row.status === 'ready') return { skipped: true };
  const account = await repo.findAccount(ctx.db, row.userId);
  if (!account) return { skipped: true };
  const now = new Date();
  const storageKey = `exports/${crypto.randomBytes(16).toString('hex')}.zip`;
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'huntstaff-export-'));
  try {
    const file = path.join(folder, 'export.zip');
    await pipeline(exportArchive(ctx, await planExport(ctx, row.userId, now)), fs.createWriteStream(file));
    const { size } = await fsp.stat(file);
    await ctx.storage.putStream(storageKey, fs.createReadStream(file), size);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MS);
  if (!(await repo.markExportReady(ctx.db, exportId, { tokenHash: hashToken(token), storageKey, expiresAt }))) {
    // Another run of this task finished first and mailed its own link: this archive is nobody's.
    await ctx.storage.delete(storageKey);
    return { skipped: true };
  }
  await ctx.mailer.send({
    to: account.email,
    subject: 'Your HuntStaff data is ready',
    text: `The archive with everything HuntStaff holds about you, and the files you uploaded or received, is ready. Sign in and download it here (the link works for 7 days):\n${appOrigin(ctx.config)}/api/account/export/download/${token}`,
  });
  return { exportId };
}

/** Expired links keep answering 410 for this long, then their rows go. */
const EXPIRED_LINK_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The archive behind an emailed link, for its signed-in owner while it lasts: 410 once expired, 404 for any other
 * token (someone else's link included). The link alone is not enough, by design (record 027): the archive is the
 * most complete copy of the account's personal data there is, and a forwarded or leaked mail must not hand it over.
 */
export async function downloadExport(ctx: AppContext, user: SessionUser, token: string, now = new Date()): Promise<StoredObject> {
  const row = await repo.findExportByToken(ctx.db, user.id, hashToken(token));
  if (!row) throw notFound('Export');
  if (!row.storageKey || !row.expiresAt || row.expiresAt <= now) throw new AppError('GONE', 'This download link has expired. Ask for a new export from your profile.');
  const stored = await ctx.storage.get(row.storageKey);
  if (!stored) throw notFound('Export');
  return stored;
}

/** Daily: expired exports lose their files; 30 days later their rows go too. */
export async function purgeExpiredExports(ctx: AppContext, now = new Date()): Promise<{ deleted: number }> {
  const keys = await repo.expireExports(ctx.db, now, new Date(now.getTime() - EXPIRED_LINK_MEMORY_MS));
  for (const key of keys) await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error }, 'export file could not be deleted'));
  return { deleted: keys.length };
}
