import crypto from 'node:crypto';
import type { DeletionScheduled, RequestDeletionBody } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashPassword } from '@server/lib/passwords';
import { assertCurrentPassword } from '../auth/current-password';
import * as repo from './repository';
import * as deletions from './deletion-repository';
import { utcDay } from '@server/lib/utc-day';
import { announceClosedAccountEndings, endForClosedAccount, type ClosedAccountNotice } from '@server/modules/agreements/service';

/** Days between asking for deletion and the erasure; signing in before then cancels it (decision record 027). */
export const DELETION_GRACE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
export const ERASE_DUE_ACCOUNTS_TASK = 'account.erase-due';
/** Accounts erased per run; the task runs hourly, so a backlog clears within hours. */
const ERASE_BATCH = 50;


/**
 * Schedules the account's erasure in 14 days after the password is re-entered, and signs it out everywhere.
 * An account still paying for a plan is asked to cancel it first, so no subscription outlives its owner.
 */
export async function requestDeletion(ctx: AppContext, user: SessionUser, input: RequestDeletionBody, now = new Date()): Promise<DeletionScheduled> {
  const account = await assertCurrentPassword(ctx, user.id, await repo.findAccount(ctx.db, user.id), input.currentPassword);
  if (await deletions.hasLiveSubscription(ctx.db, user.id)) {
    throw new AppError('CONFLICT', 'Cancel your subscription on the Subscription page first, then delete the account.');
  }
  const scheduledFor = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  await ctx.db.transaction((tx) => deletions.scheduleDeletion(tx, user.id, now, scheduledFor));
  ctx.log.info({ userId: user.id }, 'account deletion scheduled');
  await ctx.mailer
    .send({
      to: account.email,
      subject: 'Your HuntStaff account will be deleted',
      text: `As you asked, your HuntStaff account will be deleted on ${utcDay(scheduledFor)}.\n\nChanged your mind? Sign in before then and the deletion is cancelled.\n\nWhat is kept after deletion, and why, is in our Privacy Policy.`,
    })
    .catch((error: unknown) => ctx.log.warn({ userId: user.id, err: error }, 'deletion notice could not be sent'));
  return { deletionScheduledFor: scheduledFor.toISOString() };
}

/** Called on every completed sign-in: a pending deletion is cancelled, and the owner is told. */
export async function cancelDeletionOnSignIn(ctx: AppContext, userId: number): Promise<void> {
  if (!(await deletions.cancelDeletion(ctx.db, userId))) return;
  ctx.log.info({ userId }, 'account deletion cancelled by sign-in');
  const account = await repo.findAccount(ctx.db, userId);
  if (!account) return;
  await ctx.mailer
    .send({ to: account.email, subject: 'Your HuntStaff account will not be deleted', text: 'You signed in, so the deletion of your HuntStaff account is cancelled. Nothing was removed.' })
    .catch((error: unknown) => ctx.log.warn({ userId, err: error }, 'deletion-cancelled notice could not be sent'));
}

/** The scheduled work: erases every account whose grace period is over. Safe to run again and on several instances. */
export async function eraseDueAccounts(ctx: AppContext, now = new Date()): Promise<{ erased: number }> {
  let erased = 0;
  for (const userId of await deletions.dueDeletions(ctx.db, now, ERASE_BATCH)) {
    // A hash of random bytes nobody knows: the kept row can never sign in again.
    const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    const result = await ctx.db.transaction(async (tx) => ((await deletions.lockDueAccount(tx, userId, now)) ? erase(ctx, tx, userId, now, unusable) : null));
    if (!result) continue;
    erased += 1;
    await afterErasure(ctx, userId, result);
    ctx.log.info({ userId }, 'account erased');
  }
  return { erased };
}

export type Erasure = { fileKeys: string[]; notices: ClosedAccountNotice[] };

/**
 * One erasure, in the caller's transaction, the account row already locked: first what the account was part of
 * ends (its agreements, told to the other party while the account still has its name), then its data goes by the
 * data map (decision record 027).
 */
async function erase(ctx: AppContext, db: Database, userId: number, now: Date, unusable: string): Promise<Erasure> {
  const notices = await endForClosedAccount(ctx, db, userId, now);
  const { fileKeys } = await deletions.eraseAccount(db, userId, now, unusable);
  return { fileKeys, notices };
}

/** Once the erasure is committed: its files are deleted and the other parties' open tabs hear of the endings. */
export async function afterErasure(ctx: AppContext, userId: number, { fileKeys, notices }: Erasure): Promise<void> {
  for (const key of fileKeys) await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ userId, err: error }, 'erased account file could not be deleted'));
  await announceClosedAccountEndings(ctx, notices);
}

/**
 * Erases an account at once, in the caller's transaction, by the same data map as a deletion its owner asked for
 * (decision record 027): data retention (record 026) uses it for long-unused accounts that share records with others.
 * Answers what `afterErasure` does once committed.
 */
export async function eraseAccountNow(ctx: AppContext, db: Database, userId: number, now: Date): Promise<Erasure> {
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  await deletions.scheduleDeletion(db, userId, now, now);
  await deletions.lockDueAccount(db, userId, now);
  return erase(ctx, db, userId, now, unusable);
}
