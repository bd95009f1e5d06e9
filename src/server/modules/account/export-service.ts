import type { AccountExport } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import crypto from 'node:crypto';
import type { ClaimedTask } from '@server/modules/tasks/queue';
import { notFound } from '@server/lib/errors';
import { hashToken, newSessionToken } from '@server/lib/auth';
import type { StoredObject } from '@server/lib/storage';
import { appOrigin } from '@server/config';
import { exportRows } from './export-repository';
import * as repo from './repository';
import { utcDay } from '@server/lib/utc-day';

/** JSON-safe copy: dates as ISO strings (the response schema holds them as unknown values). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Everything the product holds about the signed-in account, as one JSON document, produced on request (decision
 * record 027). Files are listed with their download paths rather than inlined.
 */
export async function exportAccount(ctx: AppContext, userId: number, now = new Date()): Promise<AccountExport> {
  const data = await exportRows(ctx.db, userId);
  const avatar = (data.profile as { profilePictureUrl?: string | null } | null)?.profilePictureUrl;
  const files: AccountExport['files'] = [
    ...(avatar ? [{ kind: 'avatar' as const, name: avatar.split('/').pop() ?? avatar, downloadPath: avatar }] : []),
    ...data.attachments.map((file) => ({ kind: 'attachment' as const, name: file.fileName, downloadPath: `/api/messages/attachments/${file.id}`, messageId: file.messageId })),
    ...data.credentials.flatMap((row) =>
      (row as { hasDocument: boolean }).hasDocument ? [{ kind: 'credential' as const, name: String(row.documentName), downloadPath: `/api/credentials/${String(row.id)}/document` }] : [],
    ),
    ...data.campaignAssets.flatMap((row) =>
      row.kind === 'file' ? [{ kind: 'campaignAsset' as const, name: String(row.fileName), downloadPath: `/api/campaigns/${String(row.campaignId)}/assets/${String(row.id)}/file` }] : [],
    ),
    ...data.campaignProofPhotos.map((row) => ({
      kind: 'campaignProofPhoto' as const, name: row.fileName, downloadPath: `/api/campaigns/${row.campaignId}/submissions/${row.submissionId}/photos/${row.id}`,
    })),
  ];
  return plain({ format: 'huntstaff-account-export/1' as const, exportedAt: now.toISOString(), ...data, account: data.account ?? {}, files });
}

/** The download's file name: huntstaff-data-<user id>-<UTC day>.json. */
export const exportFileName = (user: SessionUser, now = new Date()) => `huntstaff-data-${user.id}-${utcDay(now)}.json`;

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

/** The background task: builds the file, stores it, mails the link. Runs again harmlessly once the export is ready. */
export async function buildExportFile(ctx: AppContext, task: ClaimedTask): Promise<Record<string, unknown>> {
  const exportId = Number(task.payload.exportId);
  const row = await repo.findExport(ctx.db, exportId);
  if (!row || row.status === 'ready') return { skipped: true };
  const account = await repo.findAccount(ctx.db, row.userId);
  if (!account) return { skipped: true };
  const now = new Date();
  const document = await exportAccount(ctx, row.userId, now);
  const storageKey = `exports/${crypto.randomBytes(16).toString('hex')}.json`;
  await ctx.storage.put(storageKey, Buffer.from(JSON.stringify(document)));
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MS);
  await repo.markExportReady(ctx.db, exportId, { tokenHash: hashToken(token), storageKey, expiresAt });
  await ctx.mailer.send({
    to: account.email,
    subject: 'Your HuntStaff data is ready',
    text: `The file with everything HuntStaff holds about you is ready. Sign in and download it here (the link works for 7 days):\n${appOrigin(ctx.config)}/api/account/export/download/${token}`,
  });
  return { exportId };
}

/** The file behind an emailed link, for its owner while it lasts; 404 otherwise (someone else's link included). */
export async function downloadExport(ctx: AppContext, user: SessionUser, token: string): Promise<StoredObject> {
  const key = await repo.findReadyExport(ctx.db, user.id, hashToken(token), new Date());
  const stored = key ? await ctx.storage.get(key) : null;
  if (!stored) throw notFound('Export');
  return stored;
}

/** Daily: expired exports and their files go. */
export async function purgeExpiredExports(ctx: AppContext, now = new Date()): Promise<{ deleted: number }> {
  const keys = await repo.deleteExpiredExports(ctx.db, now);
  for (const key of keys) await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error }, 'export file could not be deleted'));
  return { deleted: keys.length };
}


