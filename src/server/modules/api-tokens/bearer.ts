import type { FastifyRequest, RouteOptions } from 'fastify';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@shared/contracts/api-tokens';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashToken } from '@server/lib/auth';
import { declaredTokenScope } from '@server/lib/routes/access';
import { rateLimited } from '@server/lib/rate-limits/limiter';
import { sessionUserById } from '@server/modules/auth/service';
import { hasApiAccess } from './service';
import * as repo from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API token scope the route opened itself to with `access(level, { token })` (decision record 043). */
    apiTokenScope?: ApiTokenScope | null;
  }
  interface FastifyRequest {
    /** Set when the caller is an API token instead of a session: its id and scopes. */
    apiToken?: { id: number; scopes: ApiTokenScope[] };
  }
}

/** How stale a token's `last_used_at` may get before a call writes it again: a busy integration mostly only reads. */
export const API_TOKEN_TOUCH_MS = 60_000;
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** `onRoute`: keeps the scope a route's access rule opened it to where the app-wide hook finds it for each request. */
export function noteTokenScope(route: RouteOptions): void {
  route.config = { ...route.config, apiTokenScope: declaredTokenScope(route.onRequest) };
}

/** The token of an `Authorization: Bearer …` header, or undefined when the request has none (other schemes are ignored). */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !/^bearer\s/i.test(header)) return undefined;
  return header.slice(header.indexOf(' ') + 1).trim();
}

/**
 * A request with `Authorization: Bearer <token>` and no session cookie (app.ts refuses both at once): the token is
 * checked, counted and matched against the route, and the request then acts as the business's owner, whose rights
 * the route's own access rule still checks. Refusals, in this order: 401 unknown/expired/revoked, 429 over the
 * token's budget, 403 API_TOKEN_PLAN, 403 API_TOKEN_NOT_ACCEPTED, 403 API_TOKEN_SCOPE.
 */
export async function authenticateBearer(ctx: AppContext, request: FastifyRequest, token: string, now = new Date()): Promise<void> {
  const { apiRequestsByToken, badApiTokensByAddress } = ctx.rateLimits;
  const guessing = await badApiTokensByAddress.blocked(request.ip);
  if (guessing.blocked) throw rateLimited('Too many invalid API tokens from this address. Try again shortly.', guessing.retryAfterSeconds);
  const found = TOKEN_SHAPE.test(token) ? await repo.findByHash(ctx.db, hashToken(token)) : null;
  if (!found) {
    await badApiTokensByAddress.hit(request.ip);
    throw new AppError('UNAUTHENTICATED', 'The API token is not valid.');
  }
  if (found.revokedAt) throw new AppError('UNAUTHENTICATED', 'The API token was revoked.');
  if (found.expiresAt.getTime() <= now.getTime()) throw new AppError('UNAUTHENTICATED', 'The API token has expired. Create a new one on the API tokens page.');
  if (!found.ownerUsable) throw new AppError('UNAUTHENTICATED', 'The account this API token belongs to is being deleted.');
  await apiRequestsByToken.consume(String(found.id), () => 'Too many requests with this API token. Try again shortly.');

  const owner = await sessionUserById(ctx, found.ownerUserId);
  if (!owner) throw new AppError('UNAUTHENTICATED', 'The API token is not valid.');
  if (!hasApiAccess(owner)) {
    throw new AppError('API_TOKEN_PLAN', 'API access comes with the Enterprise plan; this business is no longer on it. Its tokens work again once it is.', {
      plan: owner.subscriptionTier,
    });
  }
  const scope = request.routeOptions.config.apiTokenScope;
  if (!scope) throw new AppError('API_TOKEN_NOT_ACCEPTED', 'This route does not accept API tokens. The API reference (/api-reference/) lists the routes that do and their scopes.');
  const scopes = found.scopes as ApiTokenScope[];
  if (!scopes.includes(scope)) throw new AppError('API_TOKEN_SCOPE', `This API token does not have the ${scope} scope.`, { required: scope });

  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > API_TOKEN_TOUCH_MS) {
    await repo.touchToken(ctx.db, found.id, now, new Date(now.getTime() - API_TOKEN_TOUCH_MS));
  }
  request.user = owner;
  request.apiToken = { id: found.id, scopes };
}

