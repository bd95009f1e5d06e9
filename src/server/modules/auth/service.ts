import type { LoginBody, RegisterBody, SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newSessionToken, SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS } from '../../lib/auth';
import { RateLimiter } from '../../lib/rate-limit';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import * as repo from './repository';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const failuresByAccount = new RateLimiter(10, FIFTEEN_MINUTES);
const failuresByIp = new RateLimiter(50, FIFTEEN_MINUTES);
const registrationsByIp = new RateLimiter(20, 60 * 60 * 1000);

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
  if (!registrationsByIp.hit(ip, ctx.config.registrationsPerHourPerIp)) {
    throw new AppError('RATE_LIMITED', 'Too many sign-ups from this network. Try again later.', {
      retryAfterSeconds: registrationsByIp.retryAfterSeconds(ip),
    });
  }
  const passwordHash = await hashPassword(input.password);
  const userId = await repo.insertUser(ctx.db, { email: input.email, passwordHash, userType: input.userType });
  if (userId === null) throw new AppError('CONFLICT', 'An account with this email already exists', [{ path: 'email', message: 'Email already registered' }]);
  ctx.log.info({ userId, userType: input.userType }, 'user registered');
  return startSession(ctx, userId, previousToken);
}

function tooManyAttempts(key: string, limiter: RateLimiter): AppError {
  const minutes = Math.ceil(limiter.retryAfterSeconds(key) / 60);
  return new AppError('RATE_LIMITED', `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds: limiter.retryAfterSeconds(key),
  });
}

export async function login(ctx: AppContext, input: LoginBody, ip: string, previousToken?: string): Promise<NewSession> {
  const accountKey = input.email;
  if (failuresByAccount.isBlocked(accountKey)) throw tooManyAttempts(accountKey, failuresByAccount);
  if (failuresByIp.isBlocked(ip)) throw tooManyAttempts(ip, failuresByIp);

  const credentials = await repo.findCredentialsByEmail(ctx.db, input.email);
  const valid = credentials
    ? await verifyPassword(credentials.passwordHash, input.password)
    : (await verifyPassword(await dummyPasswordHash(), input.password), false);

  if (!credentials || !valid) {
    failuresByAccount.hit(accountKey);
    failuresByIp.hit(ip);
    throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  }
  failuresByAccount.reset(accountKey);
  await repo.touchUser(ctx.db, credentials.id, new Date());
  return startSession(ctx, credentials.id, previousToken);
}

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSessionByTokenHash(ctx.db, hashToken(token));
}

export async function userForToken(ctx: AppContext, token: string, now = new Date()): Promise<SessionUser | null> {
  const session = await repo.findSessionByTokenHash(ctx.db, hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) await repo.touchSession(ctx.db, session.sessionId, now);
  return session.user;
}

/** Test hook: forget throttling state between tests. */
export function resetLoginThrottling(): void {
  for (const limiter of [failuresByAccount, failuresByIp, registrationsByIp]) limiter.clear();
}
