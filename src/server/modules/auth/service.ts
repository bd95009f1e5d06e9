import type { LoginBody, RegisterBody, SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@server/lib/passwords';
import { hashToken, newSessionToken, SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS } from '@server/lib/auth';
import { rateLimited } from '@server/lib/rate-limits/limiter';
import { backoffWaitMs, type Backoff } from '@server/lib/rate-limits/store';
import { assertNotCommonPassword } from '@server/lib/common-passwords';
import { TERMS_VERSION } from '@shared/legal';
import type { LoginTwoFactorBody, TwoFactorChallenge } from '@shared/contracts/account';
import { sendVerificationLink } from '../account/verification-service';
import * as twoFactor from '../account/two-factor-service';
import { cancelDeletionOnSignIn } from '../account/deletion-service';
import * as repo from './repository';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// No account lockout (issue 17): a lock keyed on the account alone let anyone lock anyone out. Failures are
// counted per (account, client address), which only slows that client down, and per client address, which
// keeps credential stuffing from one address throttled. See docs/decisions/011-security-asvs-l2.md.
// The counters live in ctx.rateLimits (decision record 020).
const FREE_FAILURES_PER_CLIENT = 5;

export type NewSession = { user: SessionUser; token: string; expiresAt: Date };

async function startSession(ctx: AppContext, userId: number, previousToken?: string): Promise<NewSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // Rotate: a login never reuses the token the browser had before.
  if (previousToken) await repo.deleteSessionByTokenHash(ctx.db, hashToken(previousToken));
  await repo.insertSession(ctx.db, { tokenHash: hashToken(token), userId, expiresAt });
  const user = await repo.findSessionUserById(ctx.db, userId);
  if (!user) throw new AppError('INTERNAL', 'User vanished while signing in');
  return { user, token, expiresAt };
}

export async function register(ctx: AppContext, input: Required<RegisterBody>, ip: string, previousToken?: string): Promise<NewSession> {
  assertNotCommonPassword(input.password, 'password');
  await ctx.rateLimits.registrationsByAddress.consume(ip, () => 'Too many sign-ups from this network. Try again later.');
  const passwordHash = await hashPassword(input.password);
  // The contract refuses a sign-up without both confirmations (400); what was accepted, and when, is kept (record 027).
  const now = new Date();
  const userId = await repo.insertUser(ctx.db, {
    email: input.email,
    passwordHash,
    userType: input.userType,
    termsVersion: TERMS_VERSION,
    termsAcceptedAt: now,
    ageConfirmedAt: now,
  });
  if (userId === null) throw new AppError('CONFLICT', 'An account with this email already exists', [{ path: 'email', message: 'Email already registered' }]);
  ctx.log.info({ userId, userType: input.userType }, 'user registered');
  await sendVerificationLink(ctx, userId, input.email);
  return startSession(ctx, userId, previousToken);
}

/** The pair's back-off: five free attempts, then 30 s, doubling, at most 15 minutes (decision record 011). */
const LOGIN_BACKOFF: Backoff = { free: FREE_FAILURES_PER_CLIENT, firstWaitMs: 30_000, maxWaitMs: FIFTEEN_MINUTES };

/** Wait after the `failures`-th failure of one client on one account: 30 s, doubling, at most 15 minutes. */
export function loginBackoffSeconds(failures: number): number {
  return backoffWaitMs(LOGIN_BACKOFF, failures) / 1000;
}

function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return rateLimited(`Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
}

/**
 * Counts this attempt against both sign-in limits before the password is checked, each in one atomic step of the
 * store (issue 42: read first and count after the check, a burst of parallel guesses all got checked). Only failures
 * use the budget: a right password gives both back. An attempt refused by the pair's back-off
 * gives the address its count back, so a refused attempt counts against nothing, as before.
 */
async function takeLoginAttempt(ctx: AppContext, pairKey: string, ip: string): Promise<void> {
  const { loginFailuresByAccountAndClient, loginFailuresByAddress } = ctx.rateLimits;
  const byAddress = await loginFailuresByAddress.hit(ip);
  if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfterSeconds);
  const byPair = await loginFailuresByAccountAndClient.attempt(pairKey, LOGIN_BACKOFF);
  if (!byPair.allowed) {
    await loginFailuresByAddress.refund(ip);
    throw tooManyAttempts(byPair.retryAfterSeconds);
  }
}

/**
 * A correct password starts a session, or, on an account with two-factor sign-in, a five-minute challenge that
 * POST /api/auth/login/two-factor completes with a code (decision record 027).
 */
export async function login(ctx: AppContext, input: LoginBody, ip: string, previousToken?: string): Promise<NewSession | TwoFactorChallenge> {
  const pairKey = `${input.email}\n${ip}`;
  await takeLoginAttempt(ctx, pairKey, ip);

  const credentials = await repo.findCredentialsByEmail(ctx.db, input.email);
  const valid = credentials
    ? await verifyPassword(credentials.passwordHash, input.password)
    : (await verifyPassword(await dummyPasswordHash(), input.password), false);

  // A wrong password stays counted in both limits.
  if (!credentials || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  await ctx.rateLimits.loginFailuresByAccountAndClient.forget(pairKey);
  await ctx.rateLimits.loginFailuresByAddress.refund(ip);
  if (await twoFactor.isEnabled(ctx, credentials.id)) return twoFactor.startChallenge(ctx, credentials.id);
  return signedIn(ctx, credentials.id, previousToken);
}

/** The second step of a sign-in with two-factor: the challenge's code (or a recovery code), then the session. */
export async function loginTwoFactor(ctx: AppContext, input: LoginTwoFactorBody, previousToken?: string): Promise<NewSession> {
  const userId = await twoFactor.completeChallenge(ctx, input.challengeToken, input.code);
  return signedIn(ctx, userId, previousToken);
}

async function signedIn(ctx: AppContext, userId: number, previousToken?: string): Promise<NewSession> {
  await repo.touchUser(ctx.db, userId, new Date());
  // Signing in during the 14-day grace period cancels a requested deletion (decision record 027).
  await cancelDeletionOnSignIn(ctx, userId);
  return startSession(ctx, userId, previousToken);
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSessionByTokenHash(ctx.db, hashToken(token));
}

/**
 * The signed-in user of a session token, or null. Reads may be answered from the session cache (decision record
 * 035); `fresh` (every write) always asks the database, so what a write is allowed to do is never decided on a
 * kept copy.
 */
export async function userForToken(ctx: AppContext, token: string, options: { fresh?: boolean; now?: Date } = {}): Promise<SessionUser | null> {
  const now = options.now ?? new Date();
  const tokenHash = hashToken(token);
  // A write neither reads nor keeps a kept session: the write may change it, and its answer drops the user's.
  const cache = options.fresh ? null : ctx.sessionCache;
  const kept = cache?.get(tokenHash, now.getTime());
  if (kept) {
    cache!.touched(tokenHash, await touchIfStale(ctx, kept, now));
    return kept.user;
  }
  const ticket = cache?.ticket() ?? null;
  const session = await repo.findSessionByTokenHash(ctx.db, tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!session) return null;
  const lastSeenAt = await touchIfStale(ctx, session, now);
  cache?.put(ticket, tokenHash, { ...session, lastSeenAt }, now.getTime());
  return session.user;
}

/** The session's last-seen time, written anew when it is over SESSION_TOUCH_MS old. */
async function touchIfStale(ctx: AppContext, session: { sessionId: number; lastSeenAt: Date }, now: Date): Promise<Date> {
  if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_TOUCH_MS) return session.lastSeenAt;
  await repo.touchSession(ctx.db, session.sessionId, now);
  return now;
}

/** A write by this user is answered: what this instance keeps of their sessions may be out of date (decision record 035). */
export function forgetKeptSessions(ctx: AppContext, userId: number): void {
  ctx.sessionCache?.invalidate([userId]);
}

/** The session view of an account (after a change to it, e.g. its email). */
export async function sessionUserById(ctx: AppContext, userId: number): Promise<SessionUser | null> {
  return repo.findSessionUserById(ctx.db, userId);
}
