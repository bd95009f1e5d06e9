import type { SessionUser } from '@shared/contracts/auth';
import {
  credentialDocumentTypes,
  credentialTypeLabels,
  type Credential,
  type CredentialFields,
  type CredentialStatus,
  type PublicCredential,
  type QueuedCredential,
} from '@shared/contracts/credentials';
import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { assertAdminTwoFactor } from '@server/lib/auth';
import { sniffFileType } from '@server/lib/file-type';
import { newStorageKey, type StoredObject } from '@server/lib/storage';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import * as repo from './repository';
import type { MultipartFile } from '@server/lib/multipart-form';
import { utcDay } from '@server/lib/utc-day';

// Verified credentials and the verified badge (issue 22 item 4, docs/decisions/029-verified-credentials.md).

type ProStaffUser = SessionUser & { proStaffId: number };
export type UploadedDocument = MultipartFile;

export const EXPIRE_CREDENTIALS_TASK = 'credentials.expire';
/** Credentials a staffer may have waiting for review at once. */
export const MAX_PENDING = 5;
const QUEUE_LIMIT = 200;
const EXPIRY_BATCH = 500;

const todayOf = utcDay;
const fieldError = (path: string, message: string) => new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

function toCredential(row: repo.CredentialRow): Credential {
  const { documentKey, submittedAt, decidedAt, ...rest } = row;
  return {
    ...rest,
    documentUrl: documentKey ? `/api/credentials/${row.id}/document` : null,
    submittedAt: submittedAt.toISOString(),
    decidedAt: decidedAt?.toISOString() ?? null,
  };
}

/** A credential its owner may act on; anyone else's id answers 404, so ids reveal nothing. */
async function ownCredential(ctx: AppContext, user: ProStaffUser, id: number): Promise<repo.CredentialRow> {
  const row = await repo.findCredential(ctx.db, id);
  if (!row || row.proStaffId !== user.proStaffId) throw notFound('Credential');
  return row;
}

/** The file name as stored and shown: the last path segment, printable, at most 120 characters. */
function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').trim().slice(0, 120);
  return base || `document.${ext}`;
}

/**
 * A pro staffer submits a credential with its document (PDF, JPEG or PNG, judged from the bytes, not the name).
 * The issue date may not be in the future nor the expiry date already past; the same credential (type, issuer and
 * number) may not be pending or approved twice; at most MAX_PENDING wait for review. Nothing is stored when any
 * check fails. Resubmitting after a rejection is a new submission (the rejected one stays in the history).
 */
export async function submit(ctx: AppContext, user: ProStaffUser, fields: CredentialFields, document: UploadedDocument, now = new Date()): Promise<Credential> {
  const today = todayOf(now);
  if (fields.issuedOn > today) throw fieldError('issuedOn', 'The issue date is in the future');
  if (fields.expiresOn && fields.expiresOn < today) throw fieldError('expiresOn', 'This credential has already expired');
  if (document.data.length === 0) throw new AppError('VALIDATION', 'The document is empty');
  const sniffed = sniffFileType(document.data);
  if (!sniffed || !(credentialDocumentTypes as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the document as a PDF, JPEG or PNG file');
  }
  const key = newStorageKey('credentials', sniffed.ext);
  await ctx.storage.put(key, document.data);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      await repo.lockProStaffCredentials(tx, user.proStaffId);
      const existing = await repo.listForProStaff(tx, user.proStaffId);
      const same = existing.find(
        (row) => (row.status === 'pending' || row.status === 'approved') && row.type === fields.type && row.number.toLowerCase() === fields.number.toLowerCase() &&
          row.issuingAuthority.toLowerCase() === fields.issuingAuthority.toLowerCase(),
      );
      if (same) throw conflict(`This credential is already ${same.status === 'pending' ? 'waiting for review' : 'approved'}`);
      if (existing.filter((row) => row.status === 'pending').length >= MAX_PENDING) {
        throw conflict(`You have ${MAX_PENDING} credentials waiting for review; withdraw one or wait for a decision`);
      }
      return repo.insertCredential(tx, {
        proStaffId: user.proStaffId,
        ...fields,
        documentKey: key,
        documentName: safeFileName(document.fileName, sniffed.ext),
        documentType: sniffed.mime,
        documentSize: document.data.length,
        now,
      });
    });
    ctx.log.info({ credentialId: id, proStaffId: user.proStaffId }, 'credential submitted');
    return toCredential((await repo.findCredential(ctx.db, id))!);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function listMine(ctx: AppContext, user: ProStaffUser): Promise<Credential[]> {
  return (await repo.listForProStaff(ctx.db, user.proStaffId)).map(toCredential);
}

/** The owner takes back a credential still waiting for review. */
export async function withdraw(ctx: AppContext, user: ProStaffUser, id: number, now = new Date()): Promise<Credential> {
  const row = await ownCredential(ctx, user, id);
  if (!(await repo.transition(ctx.db, row.id, ['pending'], 'withdrawn', {}, now))) {
    throw conflict(`This credential is ${row.status}; only one waiting for review can be withdrawn`);
  }
  return toCredential((await repo.findCredential(ctx.db, id))!);
}

/**
 * The document, to its owner and to admins only; anyone else gets 404 (never to businesses or the public). An admin
 * reading another's document uses an admin tool: in production only with two-factor on, as on every admin route.
 */
export async function documentFor(ctx: AppContext, user: SessionUser, id: number): Promise<StoredObject & { fileName: string; fileType: string }> {
  const row = await repo.findCredential(ctx.db, id);
  const owner = Boolean(row) && user.userType === 'pro_staff' && user.proStaffId === row!.proStaffId;
  if (user.isAdmin && !owner) assertAdminTwoFactor(ctx.config, user);
  if (!row || !(owner || user.isAdmin) || !row.documentKey) throw notFound('Document');
  const stored = await ctx.storage.get(row.documentKey);
  if (!stored) throw notFound('Document');
  return { ...stored, fileName: row.documentName, fileType: row.documentType };
}

/** What a profile shows next to the badge: the verified credentials' types and issuers, never numbers or documents. */
export async function publicCredentials(ctx: AppContext, proStaffId: number, now = new Date()): Promise<PublicCredential[]> {
  const today = todayOf(now);
  return (await repo.listApprovedForProStaff(ctx.db, proStaffId)).filter((row) => !row.expiresOn || row.expiresOn >= today);
}

// ---- admin ----

export async function queue(ctx: AppContext, status: 'pending' | 'approved'): Promise<QueuedCredential[]> {
  return (await repo.listQueue(ctx.db, status, QUEUE_LIMIT)).map(({ firstName, lastName, email, isVerified, ...row }) => ({
    ...toCredential(row),
    proStaffName: `${firstName} ${lastName}`.trim(),
    proStaffEmail: email,
    proStaffVerified: isVerified,
  }));
}

/**
 * Tells the staffer in their notification centre and, unless they turned credential emails off, by email (decision
 * record 030); in the decision's transaction. Returns whom to announce to after the commit.
 */
async function tellOwner(ctx: AppContext, db: Database, proStaffId: number, subject: string, text: string): Promise<number | null> {
  const owner = await repo.ownerOfProStaff(db, proStaffId);
  if (!owner) return null;
  await recordNotifications(ctx, db, [{
    userId: owner.userId, kind: 'credential', title: subject, body: text, link: '/credentials',
    mail: { subject, text: `${text}\n\nSee your credentials: ${appOrigin(ctx.config)}/credentials\n` },
  }]);
  return owner.userId;
}

/**
 * One admin decision: moves the credential from `from` to `to` under the staffer's lock, recomputes the badge in the
 * same transaction and mails the staffer. 409 when the credential is no longer in a state the decision applies to.
 */
async function decide(
  ctx: AppContext,
  admin: SessionUser,
  id: number,
  from: CredentialStatus,
  to: CredentialStatus,
  reason: string | null,
  mail: (row: repo.CredentialRow) => { subject: string; text: string },
  now: Date,
): Promise<Credential> {
  const row = await repo.findCredential(ctx.db, id);
  if (!row) throw notFound('Credential');
  const told = await ctx.db.transaction(async (tx) => {
    await repo.lockProStaffCredentials(tx, row.proStaffId);
    if (to === 'approved' && row.expiresOn && row.expiresOn < todayOf(now)) throw conflict('This credential has expired; it cannot be approved');
    if (!(await repo.transition(tx, id, [from], to, { decidedByUserId: admin.id, reason }, now))) {
      const current = await repo.findCredential(tx, id);
      throw conflict(`This credential is ${current?.status ?? 'gone'}; it is not ${from}`);
    }
    await repo.recomputeBadge(tx, row.proStaffId, todayOf(now));
    const { subject, text } = mail(row);
    return tellOwner(ctx, tx, row.proStaffId, subject, text);
  });
  if (told !== null) await announceNotifications(ctx, [told]);
  ctx.log.info({ credentialId: id, adminId: admin.id, status: to }, 'credential decided');
  return toCredential((await repo.findCredential(ctx.db, id))!);
}

const label = (row: repo.CredentialRow) => `${credentialTypeLabels[row.type]} (${row.issuingAuthority})`;

/** An admin approves a pending credential: the staffer gets the verified badge (unless it has expired meanwhile). */
export function approve(ctx: AppContext, admin: SessionUser, id: number, now = new Date()): Promise<Credential> {
  return decide(ctx, admin, id, 'pending', 'approved', null, (row) => ({
    subject: 'Your credential was approved',
    text: `Your ${label(row)} was approved. Your profile now shows the verified badge.`,
  }), now);
}

/** An admin rejects a pending credential with a reason the staffer sees; they may submit it again. */
export function reject(ctx: AppContext, admin: SessionUser, id: number, reason: string, now = new Date()): Promise<Credential> {
  return decide(ctx, admin, id, 'pending', 'rejected', reason, (row) => ({
    subject: 'Your credential was not approved',
    text: `Your ${label(row)} was not approved: ${reason}\nYou can correct it and submit it again.`,
  }), now);
}

/** An admin revokes an approved credential with a reason; the badge goes when no other approved credential is left. */
export function revoke(ctx: AppContext, admin: SessionUser, id: number, reason: string, now = new Date()): Promise<Credential> {
  return decide(ctx, admin, id, 'approved', 'revoked', reason, (row) => ({
    subject: 'Your credential was revoked',
    text: `Your ${label(row)} was revoked: ${reason}`,
  }), now);
}

/**
 * The scheduled lapse (hourly): approved credentials past their last valid day become `expired`, and each affected
 * staffer's badge is recomputed, so it goes only when no other approved, unexpired credential remains. Each staffer
 * in its own transaction under the same lock as the decisions; idempotent (a second run finds nothing to do).
 */
export async function expireLapsedCredentials(ctx: AppContext, now = new Date()): Promise<{ expired: number; badgesRemoved: number }> {
  const today = todayOf(now);
  let expired = 0;
  let badgesRemoved = 0;
  for (;;) {
    const staff = await repo.proStaffWithLapsed(ctx.db, today, EXPIRY_BATCH);
    if (staff.length === 0) break;
    for (const proStaffId of staff) {
      const told = await ctx.db.transaction(async (tx) => {
        await repo.lockProStaffCredentials(tx, proStaffId);
        const count = await repo.expireLapsed(tx, proStaffId, today, now);
        if (count === 0) return null;
        expired += count;
        const badge = await repo.recomputeBadge(tx, proStaffId, today);
        if (badge.isVerified) return null;
        badgesRemoved++;
        return tellOwner(ctx, tx, proStaffId, 'Your verified badge has lapsed', 'Your approved credential has expired, so your profile no longer shows the verified badge. Submit your renewed credential to get it back.');
      });
      if (told !== null) await announceNotifications(ctx, [told]);
    }
  }
  return { expired, badgesRemoved };
}
