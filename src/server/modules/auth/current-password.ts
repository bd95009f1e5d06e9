import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { verifyPassword } from '@server/lib/passwords';

/**
 * Re-checks a signed-in user's current password (change password, change email, delete the account, turn two-factor
 * off). One budget per user across all four (`reauthFailuresByUser`, decision records 011 and 026), so a stolen
 * session cannot guess the password at hashing speed on one route or spread over several. As at sign-in, the attempt
 * is counted and decided in one atomic step of the store *before* the check (parallel guesses cannot all be checked),
 * and a right password gives it back, so only wrong ones use the budget. Answers the account (no account: a wrong password).
 */
export async function assertCurrentPassword<T extends { passwordHash: string }>(ctx: AppContext, userId: number, account: T | null | undefined, candidate: string): Promise<T> {
  const { reauthFailuresByUser } = ctx.rateLimits;
  await reauthFailuresByUser.consume(String(userId), (seconds) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  });
  if (!account || !(await verifyPassword(account.passwordHash, candidate))) {
    throw new AppError('VALIDATION', 'Your current password is incorrect', [{ path: 'currentPassword', message: 'Incorrect password' }]);
  }
  await reauthFailuresByUser.refund(String(userId));
  return account;
}
