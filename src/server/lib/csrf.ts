import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defence in depth beside SameSite=Lax: a state-changing request that carries our session cookie
 * must come from our own origin when the browser says where it comes from (Origin, else Referer).
 * Requests without a session cookie (store webhooks, public store API) are not cookie-authenticated
 * and so cannot be forged this way.
 */
export function assertSameOrigin(request: FastifyRequest, hasSessionCookie: boolean): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!hasSessionCookie) return;
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return;
  let sourceHost: string;
  try {
    sourceHost = new URL(source).host;
  } catch {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  const host = request.host; // X-Forwarded-Host only counts when TRUST_PROXY is set
  if (sourceHost !== host) throw new AppError('FORBIDDEN', 'Cross-site request refused');
}
