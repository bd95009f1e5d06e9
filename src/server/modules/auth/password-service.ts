import type { ChangePasswordBody, PasswordResetConfirmBody, SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashPassword } from '@server/lib/passwords';
import { hashToken, newSessionToken } from '@server/lib/auth';
import { assertNotCommonPassword } from '@server/lib/common-passwords';
import { appOrigin } from '@server/config';
import { assertCurrentPassword } from './current-password';
import * as repo from './repository';

const HOUR = 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = HOUR;

/**
 * Emails a one-time reset link when the account exists. The answer is the same either way,
 * so the endpoint cannot be used to find out who has an account. Requests per address are limited on the
 * route (ctx.rateLimits.perAddressRoutes); mails per email here, silently.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const account = await repo.findCredentialsByEmail(ctx.db, email);
  if (!account || !(await ctx.rateLimits.passwordResetMailsByEmail.hit(email)).allowed) return;

  const token = newSessionToken();
  await repo.insertResetToken(ctx.db, { userId: account.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  const link = `${appOrigin(ctx.config)}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: email,
    subject: 'Reset your HuntStaff password',
    text: `Someone asked to reset the password of your HuntStaff account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  });
}

/** Sets a new password from an emailed token and signs the account out everywhere. */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirmBody): Promise<void> {
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.consumeResetToken(tx, hashToken(input.token), new Date());
    if (userId === null) {
      throw new AppError('VALIDATION', 'This reset link is invalid or has expired. Ask for a new one.', [{ path: 'token', message: 'Invalid or expired' }]);
    }
    await repo.updatePasswordHash(tx, userId, passwordHash);
    await repo.deleteResetTokensForUser(tx, userId);
    await repo.deleteAllSessions(tx, userId);
  });
}

/** Changes the password of a signed-in user and ends every other session of theirs. */
export async function changePassword(ctx: AppContext, user: SessionUser, input: ChangePasswordBody, currentToken: string): Promise<void> {
  const currentHash = await repo.findPasswordHash(ctx.db, user.id);
  await assertCurrentPassword(ctx, user.id, currentHash === null ? null : { passwordHash: currentHash }, input.currentPassword);
  assertNotCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await repo.deleteOtherSessions(tx, user.id, hashToken(currentToken));
    await repo.deleteResetTokensForUser(tx, user.id);
  });
}
