import type { Config } from '@server/config';
import { FailureCounter, WindowLimiter } from './limiter';
import { MemoryRateLimitStore, type RateLimitStore } from './store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "At most `max` requests per client address per window" on one route, enforced by @fastify/rate-limit. */
export type PerAddressRouteLimit = { max: number; timeWindow: number; message: string };

/**
 * Every rate limit of the app, built once per app (so a test app starts with none used) and reset in one call.
 * Two kinds (decision record 020):
 * - `perAddressRoutes`: plain "N requests per address per window" on a route, applied by @fastify/rate-limit
 *   (see ./plugin.ts), keyed "METHOD /url" so the route files need not change.
 * - the named counters below: limits a service checks itself because they count per user, per API key, per
 *   email, or only failures, or only attempts that pass earlier checks.
 * All of them count in `store`, the one thing a Redis-backed deployment swaps.
 */
export function createRateLimits(config: Pick<Config, 'registrationsPerHourPerIp'>, store: RateLimitStore = new MemoryRateLimitStore()) {
  return {
    store,
    perAddressRoutes: {
      // A browser navigates maybe a few pages a minute; this leaves room for tabs without letting a script flood the table.
      'POST /api/page-views': { max: 60, timeWindow: MINUTE, message: 'Too many page views from this network' },
      // A public form: a few requests per address per hour is plenty for people, and keeps bots from filling the table.
      'POST /api/demo-requests': { max: DEMO_REQUESTS_PER_HOUR, timeWindow: HOUR, message: 'Too many demo requests from this address. Try again later.' },
      'POST /api/auth/password-reset/request': { max: 10, timeWindow: HOUR, message: 'Too many password reset requests. Try again later.' },
    } satisfies Record<string, PerAddressRouteLimit>,

    // Sign-in (issue 17, decision record 011): failures only, per (account, client address) with a growing back-off,
    // and per client address against credential stuffing.
    loginFailuresByAccountAndClient: new FailureCounter(store, 'login-failures-account-client', 15 * MINUTE),
    loginFailuresByAddress: new WindowLimiter(store, 'login-failures-address', 50, 15 * MINUTE),
    // Counted after the common-password check, so a refused password does not use up the budget.
    registrationsByAddress: new WindowLimiter(store, 'registrations-address', config.registrationsPerHourPerIp, HOUR),
    // Silent: past it the reset request still answers 204 but sends no mail, so it reveals nothing.
    passwordResetMailsByEmail: new WindowLimiter(store, 'password-reset-mails-email', 3, HOUR),
    // Avatars and attachments share one budget per user; checked before the body is read.
    uploadsByUser: new WindowLimiter(store, 'uploads-user', UPLOADS_PER_TEN_MINUTES, 10 * MINUTE),
    // Each attempt calls Stripe several times; this keeps a stuck button or a script from flooding it.
    subscriptionAttemptsByUser: new WindowLimiter(store, 'subscription-attempts-user', 10, 10 * MINUTE),
    // Flood guards on top of the monthly plan quotas (which unlimited plans do not have).
    directMessagesByUser: new WindowLimiter(store, 'direct-messages-user', 60, MINUTE),
    massMessagesByUser: new WindowLimiter(store, 'mass-messages-user', 20, HOUR),
    // Store API: generous per key for a busy storefront; per address, failed keys only, to make guessing pointless.
    storeRequestsByKey: new WindowLimiter(store, 'store-requests-key', 600, MINUTE),
    badStoreKeysByAddress: new WindowLimiter(store, 'bad-store-keys-address', 20, MINUTE),

    /** Forgets every count, both kinds. */
    reset: () => store.clear(),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

export const UPLOADS_PER_TEN_MINUTES = 60;
export const DEMO_REQUESTS_PER_HOUR = 10;
