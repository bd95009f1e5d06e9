import path from 'node:path';
import type { SessionUser } from '@shared/contracts/auth';
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@shared/contracts/messaging';
import { formatFileSize } from '@shared/format';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { planOf } from '@server/lib/entitlements';
import { sniffFileType } from '@server/lib/file-type';
import * as repo from './repository';
import type { MultipartFile } from '@server/lib/multipart-form';

/**
 * Every rule a message attachment must meet, in one place: used by the one-file upload to an existing message
 * and by the message sent together with its files (issue 18 item 4), so both refuse exactly the same files.
 */

export type UploadedFile = MultipartFile;
export type CheckedFile = UploadedFile & { ext: string; mime: string; safeName: string };

const allowedAttachmentExts = new Set(['pdf', 'doc', 'docx', 'txt', 'jpg', 'png', 'gif']);

/** One file on its own: not empty, at most 10 MB, and of an allowed type judged by its content, never its name. */
export function checkAttachmentFile(file: UploadedFile): CheckedFile {
  if (file.data.length === 0) throw new AppError('VALIDATION', 'The file is empty');
  if (file.data.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Attachments can be at most 10 MB');
  const sniffed = sniffFileType(file.data);
  if (!sniffed || !allowedAttachmentExts.has(sniffed.ext)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${describe(file.fileName)}is not a file type you can attach. Attach a PDF, DOC, DOCX, TXT, JPG, PNG or GIF file.`);
  }
  return { ...file, ext: sniffed.ext, mime: sniffed.mime, safeName: safeFileName(file.fileName, sniffed.ext) };
}

function describe(fileName: string): string {
  const name = safeFileName(fileName, '').replace(/\.$/, '');
  return name && name !== 'attachment' ? `"${name}" ` : 'The file ';
}

export function assertAttachmentCount(alreadyAttached: number, adding: number) {
  if (alreadyAttached + adding > MAX_ATTACHMENTS_PER_MESSAGE) {
    throw new AppError('VALIDATION', `A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`);
  }
}

/** The plan's file sharing: the bytes this user already stores plus the new ones must fit the plan's quota. */
export async function assertStorageQuota(db: Database, user: SessionUser, addedBytes: number) {
  const plan = planOf(user);
  const limit = plan.limits.fileStorageBytes;
  if (limit === null) return;
  const used = await repo.attachmentBytesUsed(db, user.id);
  if (used + addedBytes <= limit) return;
  const allowance = limit === 0 ? 'does not include file sharing' : `includes ${formatFileSize(limit)} of file sharing and ${formatFileSize(Math.max(limit - used, 0))} is left`;
  throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan ${allowance}.`, { plan: plan.id, limit, used, upgradeUrl: '/subscription' });
}

/** All the checks, before anything is written: each file, the count per message, then the storage quota. */
export async function validateAttachments(db: Database, user: SessionUser, files: UploadedFile[], alreadyAttached: number): Promise<CheckedFile[]> {
  const checked = files.map(checkAttachmentFile);
  assertAttachmentCount(alreadyAttached, checked.length);
  await assertStorageQuota(db, user, checked.reduce((total, file) => total + file.data.length, 0));
  return checked;
}

/** The person's own file name without folders or control characters, ending in the sniffed type. */
export function safeFileName(name: string, ext: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  const fallback = `attachment.${ext}`;
  if (!base) return fallback;
  if (!ext) return base;
  const current = path.extname(base).slice(1).toLowerCase();
  const sameType = current === ext || (ext === 'jpg' && current === 'jpeg');
  return sameType ? base : `${base}.${ext}`;
}
