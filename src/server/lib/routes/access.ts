import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiTokenScope } from '@shared/contracts/api-tokens';
import { AppError } from '../errors';
import { assertAdminTwoFactor, requireAdmin, requireBusinessProfile, requireProStaffProfile, requireRole, requireUser } from '../auth';

/**
 * Who may call a route, declared on the route (decision record 021). The check runs as the route's `onRequest`
 * hook, i.e. before its input is validated, so a signed-out caller gets 401 and a wrong role 403 before any 400.
 * Handlers still call the matching `require*` function: it cannot fail there, it gives them the typed user.
 */
export type AccessLevel = 'signedIn' | 'business' | 'proStaff' | 'businessProfile' | 'proStaffProfile' | 'admin';

const checks: Record<AccessLevel, (request: FastifyRequest) => unknown> = {
  signedIn: requireUser,
  business: (request) => requireRole(request, 'business'),
  proStaff: (request) => requireRole(request, 'pro_staff'),
  businessProfile: requireBusinessProfile,
  proStaffProfile: requireProStaffProfile,
  admin: requireAdminWithTwoFactor,
};

/** In production an admin reaches the admin API only with two-factor sign-in on (decision record 027). */
function requireAdminWithTwoFactor(request: FastifyRequest) {
  const user = requireAdmin(request);
  assertAdminTwoFactor(request.server.ctx.config, user);
  return user;
}

/** What a route declares besides its level: `verifiedEmail` holds the route back until the account has confirmed its email. */
export type AccessOptions = {
  /** Replaces the 401's message where the specification words it differently (reviews: 'Must be logged in'). */
  signedOutMessage?: string;
  /**
   * The route changes money, contracts, postings, codes, campaigns or reaches other people: an account that has not
   * confirmed its email address (a fresh sign-up, or one that just changed it) gets 403 EMAIL_NOT_VERIFIED, after the
   * level's own 401/403 (decision record 027). The OpenAPI document marks such routes `x-requires-verified-email`, and
   * `verified-email-gate.test.ts` fails on a signed-in write that neither declares this nor is on its allowlist.
   */
  verifiedEmail?: boolean;
  /**
   * Opens the route to Enterprise API tokens holding this scope (decision record 043): `Authorization: Bearer hs_live_…`
   * then acts as the business's owner, through this same level check. A route without it answers a token 403
   * API_TOKEN_NOT_ACCEPTED (checked with the token itself, in `api-tokens/bearer.ts`, for every route, public ones too).
   */
  token?: ApiTokenScope;
};

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Confirm your email address first: open the link we emailed you, or ask for a new one.';

const DECLARED = Symbol('declaredAccess');
type Declared = { level: AccessLevel; verifiedEmail: boolean; token: ApiTokenScope | null };
type AccessHook = onRequestHookHandler & { [DECLARED]: Declared };

function accessHook(level: AccessLevel, { signedOutMessage, verifiedEmail = false, token }: AccessOptions = {}): AccessHook {
  const hook = async (request: FastifyRequest) => {
    if (signedOutMessage && !request.user) throw new AppError('UNAUTHENTICATED', signedOutMessage);
    checks[level](request);
    if (verifiedEmail && !requireUser(request).emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  };
  return Object.assign(hook, { [DECLARED]: { level, verifiedEmail, token: token ?? null } }) as AccessHook;
}

const levels = Object.keys(checks) as AccessLevel[];
const hooks = Object.fromEntries(levels.map((level) => [level, accessHook(level)])) as Record<AccessLevel, AccessHook>;
const verifiedHooks = Object.fromEntries(levels.map((level) => [level, accessHook(level, { verifiedEmail: true })])) as Record<AccessLevel, AccessHook>;

/**
 * `{ onRequest: access('businessProfile'), schema: … }`, or `access('businessProfile', { verifiedEmail: true })` for a
 * route an unconfirmed account may not use yet, `access('businessProfile', { token: 'roster:read' })` for one an API
 * token with that scope may call.
 */
export function access(level: AccessLevel, options: AccessOptions = {}): onRequestHookHandler {
  if (options.signedOutMessage || options.token) return accessHook(level, options);
  return options.verifiedEmail ? verifiedHooks[level] : hooks[level];
}

function declared(onRequest: unknown): Declared | null {
  for (const hook of [onRequest].flat()) {
    if (typeof hook === 'function' && DECLARED in hook) return (hook as AccessHook)[DECLARED];
  }
  return null;
}

/** The access level a route declared, for the OpenAPI document's `security`. */
export function declaredAccess(onRequest: unknown): AccessLevel | null {
  return declared(onRequest)?.level ?? null;
}

/** Whether a route declared `verifiedEmail`, for the OpenAPI document's `x-requires-verified-email`. */
export function declaresVerifiedEmail(onRequest: unknown): boolean {
  return declared(onRequest)?.verifiedEmail ?? false;
}

/** The API token scope a route opened itself to, or null (decision record 043). */
export function declaredTokenScope(onRequest: unknown): ApiTokenScope | null {
  return declared(onRequest)?.token ?? null;
}
