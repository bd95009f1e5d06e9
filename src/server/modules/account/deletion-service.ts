import crypto from 'node:crypto';
import type { DeletionScheduled, RequestDeletionBody } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashPassword, verifyPassword } from '@server/lib/passwords';
import * as repo from './repository';
import * as deletions from './deletion-repository';
import { utcDay } from '@server/lib/utc-day';

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
  const account = await repo.findAccount(ctx.db, user.id);
  if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new AppError('VALIDATION', 'Your current password is incorrect', [{ path: 'currentPassword', message: 'Incorrect password' }]);
  }
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
    const result = await ctx.db.transaction((tx) => deletions.eraseAccount(tx, userId, now, unusable));
    if (!result.erased) continue;
    erased += 1;
    for (const key of result.fileKeys) await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ userId, err: error }, 'avatar file could not be deleted'));
    ctx.log.info({ userId }, 'account erased');
  }
  return { erased };
}

/**
 * Erases an account at once, in the caller's transaction, by the same data map as a deletion its owner asked for
 * (decision record 027): data retention (record 026) uses it for long-unused accounts that share records with others.
 * Answers the storage keys of files to delete once committed.
 */
export async function eraseAccountNow(db: Database, userId: number, now: Date): Promise<string[]> {
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  await deletions.scheduleDeletion(db, userId, now, now);
  return (await deletions.eraseAccount(db, userId, now, unusable)).fileKeys;
}
