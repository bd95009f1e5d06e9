import type { ChangeEmailBody } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashToken, newSessionToken } from '@server/lib/auth';
import { appOrigin } from '@server/config';
import { sessionUserById } from '../auth/service';
import { assertCurrentPassword } from '../auth/current-password';
import * as repo from './repository';

/** How long an emailed verification link works (decision record 027). */
export const VERIFICATION_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * Emails a single-use link confirming `email` for the account. Only the token's hash is stored. A mail server that
 * is away does not undo the sign-up or the email change: the failure is logged and the user can ask again (Resend).
 */
export async function sendVerificationLink(ctx: AppContext, userId: number, email: string): Promise<void> {
  const token = newSessionToken();
  await repo.insertVerificationToken(ctx.db, { userId, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + VERIFICATION_LINK_TTL_MS) });
  const link = `${appOrigin(ctx.config)}/verify-email?token=${token}`;
  try {
    await ctx.mailer.send({
      to: email,
      subject: 'Confirm your HuntStaff email address',
      text: `Confirm that this is your email address to start messaging, applying, posting jobs and creating codes on HuntStaff.\n\nConfirm here (the link works once, for 48 hours):\n${link}\n\nIf you did not create a HuntStaff account, ignore this email.`,
    });
  } catch (error) {
    ctx.log.warn({ userId, err: error }, 'verification email could not be sent');
  }
}

/** Confirms the address a link was sent to, if it is still the account's address. Works once. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const invalid = () =>
    new AppError('VALIDATION', 'This verification link is invalid or has expired. Sign in and ask for a new one.', [{ path: 'token', message: 'Invalid or expired' }]);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const used = await repo.consumeVerificationToken(tx, hashToken(token), now);
    if (!used || !(await repo.markEmailVerified(tx, used.userId, used.email, now))) throw invalid();
  });
}

/** Sends the link again to the signed-in account's address (a few per hour, ctx.rateLimits). */
export async function resendVerification(ctx: AppContext, user: SessionUser): Promise<void> {
  if (user.emailVerified) throw new AppError('CONFLICT', 'Your email address is already confirmed.');
  await ctx.rateLimits.verificationMailsByUser.consume(String(user.id), (seconds) => `You asked for several links already. Try again in ${Math.ceil(seconds / 60)} minutes.`);
  await sendVerificationLink(ctx, user.id, user.email);
}

/**
 * Changes the sign-in email after the password is re-entered. The new address must be confirmed again (until then
 * the account is limited as a new one is); the old address is told, so a taken-over session cannot move it silently.
 */
export async function changeEmail(ctx: AppContext, user: SessionUser, input: ChangeEmailBody): Promise<SessionUser> {
  const account = await assertCurrentPassword(ctx, user.id, await repo.findAccount(ctx.db, user.id), input.currentPassword);
  if (input.email === account.email) throw new AppError('VALIDATION', 'That is already your email address', [{ path: 'email', message: 'Unchanged' }]);
  if (await repo.emailTaken(ctx.db, input.email, user.id)) {
    throw new AppError('CONFLICT', 'An account with this email already exists', [{ path: 'email', message: 'Email already registered' }]);
  }
  await ctx.db.transaction(async (tx) => {
    await repo.changeEmail(tx, user.id, input.email);
    await repo.deleteVerificationTokens(tx, user.id);
  });
  await sendVerificationLink(ctx, user.id, input.email);
  await ctx.mailer
    .send({
      to: account.email,
      subject: 'Your HuntStaff email address was changed',
      text: `The sign-in email of your HuntStaff account was changed to ${input.email}.\n\nIf you did not do this, reset your password at once and write to support.`,
    })
    .catch((error: unknown) => ctx.log.warn({ userId: user.id, err: error }, 'email-change notice could not be sent'));
  const fresh = await sessionUserById(ctx, user.id);
  if (!fresh) throw new AppError('INTERNAL', 'User vanished while changing the email');
  return fresh;
}

/** For services that act on another account (e.g. paying a pro staffer): that account must have confirmed its email. */
export async function assertEmailVerified(ctx: AppContext, userId: number, who = 'This account'): Promise<void> {
  const account = await repo.findAccount(ctx.db, userId);
  if (!account?.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', `${who} has not confirmed its email address yet.`);
}
