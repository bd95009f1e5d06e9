import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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

const ACCESS_LEVEL = Symbol('accessLevel');
type AccessHook = onRequestHookHandler & { [ACCESS_LEVEL]: AccessLevel };

function accessHook(level: AccessLevel, signedOutMessage?: string): AccessHook {
  const hook = async (request: FastifyRequest) => {
    if (signedOutMessage && !request.user) throw new AppError('UNAUTHENTICATED', signedOutMessage);
    checks[level](request);
  };
  return Object.assign(hook, { [ACCESS_LEVEL]: level }) as AccessHook;
}

const hooks = Object.fromEntries((Object.keys(checks) as AccessLevel[]).map((level) => [level, accessHook(level)])) as Record<AccessLevel, AccessHook>;

/**
 * `{ onRequest: access('businessProfile'), schema: … }`. `signedOutMessage` replaces the 401's message where the
 * specification words it differently (reviews: 'Must be logged in').
 */
export function access(level: AccessLevel, signedOutMessage?: string): onRequestHookHandler {
  return signedOutMessage ? accessHook(level, signedOutMessage) : hooks[level];
}

/** The access level a route declared, for the OpenAPI document's `security`. */
export function declaredAccess(onRequest: unknown): AccessLevel | null {
  for (const hook of [onRequest].flat()) {
    if (typeof hook === 'function' && ACCESS_LEVEL in hook) return (hook as AccessHook)[ACCESS_LEVEL];
  }
  return null;
}
