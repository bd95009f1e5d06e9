import type { SessionUser } from '@shared/contracts/auth';
import { TERMS_VERSION } from '@shared/legal';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { sessionUserById } from '../auth/service';
import * as repo from './repository';

/**
 * Records that the signed-in account accepts the Terms of Service and Privacy Policy (decision record 027): who (the
 * session's account), when (`now`) and which version. Only the current TERMS_VERSION can be accepted: an older
 * version (a page left open across a change) or an unknown one is refused, so the record always names text that
 * was shown. Accepting the version already on record changes nothing. Answers the refreshed session user.
 */
export async function acceptTerms(ctx: AppContext, user: SessionUser, version: string, now = new Date()): Promise<SessionUser> {
  if (version !== TERMS_VERSION) {
    throw new AppError('VALIDATION', 'These are not the current Terms of Service. Reload the page to read the current version.', [
      { path: 'version', message: 'Not the current version' },
    ]);
  }
  await repo.recordTermsAcceptance(ctx.db, user.id, version, now);
  ctx.log.info({ userId: user.id, termsVersion: version }, 'terms accepted');
  const fresh = await sessionUserById(ctx, user.id);
  if (!fresh) throw new AppError('INTERNAL', 'User vanished while accepting the terms');
  return fresh;
}

/** Test server only (browser tests): the account looks as if it had never accepted a version. */
export async function forgetTermsAcceptance(ctx: AppContext, user: SessionUser): Promise<void> {
  await repo.forgetTermsAcceptance(ctx.db, user.id);
}
