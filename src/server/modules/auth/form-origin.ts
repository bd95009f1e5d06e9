import type { FastifyRequest } from 'fastify';

/**
 * Whether a native form post to a sign-in or sign-up route comes from one of our own pages (decision records 011
 * and 034). The session cookie's SameSite=Lax does not help here: a forged sign-in needs no cookie of the victim's
 * (it signs the victim into the forger's account, "login CSRF"), so these routes check where the post comes from
 * even without a session.
 *
 * - `Sec-Fetch-Site`, set by the browser and never by a page, decides when present.
 * - Otherwise `Origin`, else `Referer`, must name this host. Our pages send `Referrer-Policy: no-referrer`, so a
 *   browser without Sec-Fetch-Site sends `Origin: null` on a form post: refused, as is anything we cannot read.
 * - A request with none of the three is not a browser's (every browser sends Origin on a POST); it cannot be forged
 *   in someone else's browser, so it is let through like any API client.
 */
export function isFromOurSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  try {
    return new URL(source).host === request.host; // X-Forwarded-Host counts only with TRUST_PROXY
  } catch {
    return false;
  }
}
