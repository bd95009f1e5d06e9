import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@shared/contracts/auth';
import type { UserType } from '@shared/plans';
import type { Config } from '../config';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Absolute session lifetime: a session ends 30 days after sign-in, however active. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Inactivity timeout: a session unused for 7 days ends (docs/decisions/011-security-asvs-l2.md). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** How stale last_seen_at may get before a request writes it again, so most requests only read. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;

/** With Secure cookies (production), the __Host- prefix makes browsers refuse the cookie unless it is host-only, on path / and over HTTPS. */
export function sessionCookieName(config: Config): string {
  return config.cookieSecure ? '__Host-hs_session' : 'hs_session';
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return request.user;
}

export function requireRole(request: FastifyRequest, role: UserType): SessionUser {
  const user = requireUser(request);
  if (user.userType !== role) {
    throw new AppError('FORBIDDEN', role === 'business' ? 'Only business accounts can do this' : 'Only pro staff accounts can do this');
  }
  return user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Admins only');
  return user;
}

/**
 * In production an admin uses the admin tools only with two-factor sign-in on (decision record 027): `access('admin')`
 * and every admin path through a shared route (a credential's document, issue 42) apply this one rule. Development
 * and tests keep the demo admin usable without it; production already refuses to start with a demo-password admin.
 */
export function assertAdminTwoFactor(config: Pick<Config, 'env'>, admin: SessionUser): void {
  if (config.env === 'production' && !admin.twoFactorEnabled) {
    throw new AppError('TWO_FACTOR_REQUIRED', 'Turn on two-factor sign-in on your profile page to use the admin tools.');
  }
}

/** A business user's own business profile id, or a clear error telling them to create one. */
export function requireBusinessProfile(request: FastifyRequest): SessionUser & { businessId: number } {
  const user = requireRole(request, 'business');
  if (user.businessId === null) throw new AppError('FORBIDDEN', 'Please complete your business profile first.');
  return user as SessionUser & { businessId: number };
}

/** A pro staff user's own profile id, or a clear error telling them to create one. */
export function requireProStaffProfile(request: FastifyRequest): SessionUser & { proStaffId: number } {
  const user = requireRole(request, 'pro_staff');
  if (user.proStaffId === null) throw new AppError('FORBIDDEN', 'Please complete your pro staff profile first.');
  return user as SessionUser & { proStaffId: number };
}
