import type { Config } from '@server/config';
import { FailureCounter, WindowLimiter } from './limiter';
import { MemoryRateLimitStore, type RateLimitStore } from './store';
import type { WhenSharedStoreDown } from './resilient-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const UPLOADS_PER_TEN_MINUTES = 60;
export const DEMO_REQUESTS_PER_HOUR = 10;
export const SUPPORT_TICKETS_PER_HOUR = 10;
/** Calls one API token may make per minute (decision record 043): a nightly sync of a large roster fits easily. */
export const API_REQUESTS_PER_MINUTE = 120;

/** "At most `max` requests per client address per window" on one route, enforced by @fastify/rate-limit. */
export type PerAddressRouteLimit = { max: number; timeWindow: number; message: string; whenSharedStoreDown: WhenSharedStoreDown };

/** The per-address route limits (applied by @fastify/rate-limit, ./plugin.ts), keyed "METHOD /url". */
export const perAddressRouteLimits = {
  // A browser navigates maybe a few pages a minute; this leaves room for tabs without letting a script flood the table.
  'POST /api/page-views': { max: 60, timeWindow: MINUTE, message: 'Too many page views from this network', whenSharedStoreDown: 'open' },
  // A public form: a few requests per address per hour is plenty for people, and keeps bots from filling the table.
  'POST /api/demo-requests': { max: DEMO_REQUESTS_PER_HOUR, timeWindow: HOUR, message: 'Too many demo requests from this address. Try again later.', whenSharedStoreDown: 'local' },
  'POST /api/auth/password-reset/request': { max: 10, timeWindow: HOUR, message: 'Too many password reset requests. Try again later.', whenSharedStoreDown: 'local' },
} satisfies Record<string, PerAddressRouteLimit>;

/**
 * Every rate limit of the app, built once per app (so a test app starts with none used) and reset in one call.
 * Two kinds (decision record 020):
 * - `perAddressRoutes`: plain "N requests per address per window" on a route, applied by @fastify/rate-limit
 *   (see ./plugin.ts), keyed "METHOD /url" so the route files need not change.
 * - the named counters below: limits a service checks itself because they count per user, per API key, per
 *   email, or only failures, or only attempts that pass earlier checks.
 * All of them count in `store`, the one thing a Redis-backed deployment swaps (REDIS_URL, decision record 026);
 * what each limit does while Redis is down is `whenSharedStoreDown` below.
 */
export function createRateLimits(config: Pick<Config, 'registrationsPerHourPerIp'>, store: RateLimitStore = new MemoryRateLimitStore()) {
  return {
    store,
    perAddressRoutes: perAddressRouteLimits,

    // Sign-in (issue 17, decision record 011): failures only, per (account, client address) with a growing back-off,
    // and per client address against credential stuffing. Both count the attempt before the password is checked and
    // give a right one back (issue 42), so parallel guesses cannot all be checked.
    loginFailuresByAccountAndClient: new FailureCounter(store, 'login-failures-account-client', 15 * MINUTE),
    loginFailuresByAddress: new WindowLimiter(store, 'login-failures-address', 50, 15 * MINUTE),
    // Counted after the common-password check, so a refused password does not use up the budget.
    registrationsByAddress: new WindowLimiter(store, 'registrations-address', config.registrationsPerHourPerIp, HOUR),
    // Silent: past it the reset request still answers 204 but sends no mail, so it reveals nothing.
    passwordResetMailsByEmail: new WindowLimiter(store, 'password-reset-mails-email', 3, HOUR),
    // Email verification links asked for again (decision record 027): a few per account per hour.
    verificationMailsByUser: new WindowLimiter(store, 'verification-mails-user', 3, HOUR),
    // "Email me a download link" exports per account (decision record 027): each builds a whole file.
    exportLinksByUser: new WindowLimiter(store, 'export-links-user', 3, HOUR),
    // Wrong two-factor codes per account, at sign-in, set-up and turning it off alike (decision record 027): five per
    // quarter hour leaves a guesser about one chance in 70,000 a day against three live six-digit codes. Counted
    // before the code is checked, a right code given back (issue 42).
    twoFactorFailuresByUser: new WindowLimiter(store, 'two-factor-failures-user', 5, 15 * MINUTE),
    // Wrong current passwords of a signed-in user, one budget across change password, change email, account deletion
    // and turning two-factor off (auth/current-password.ts): a stolen session gets 5 guesses per quarter hour, not
    // hashing speed. Counted before the check, a right password given back (issue 42).
    reauthFailuresByUser: new WindowLimiter(store, 'reauth-failures-user', 5, 15 * MINUTE),
    // Avatars and attachments share one budget per user; checked before the body is read.
    uploadsByUser: new WindowLimiter(store, 'uploads-user', UPLOADS_PER_TEN_MINUTES, 10 * MINUTE),
    // Each attempt calls Stripe several times; this keeps a stuck button or a script from flooding it.
    subscriptionAttemptsByUser: new WindowLimiter(store, 'subscription-attempts-user', 10, 10 * MINUTE),
    // Flood guards on top of the monthly plan quotas (which unlimited plans do not have).
    directMessagesByUser: new WindowLimiter(store, 'direct-messages-user', 60, MINUTE),
    massMessagesByUser: new WindowLimiter(store, 'mass-messages-user', 20, HOUR),
    // Each agreement offer mails a pro staffer (decision record 028): a program's yearly round fits easily, spam does not.
    agreementOffersByUser: new WindowLimiter(store, 'agreement-offers-user', 30, HOUR),
    // Store API: generous per key for a busy storefront; per address, failed keys only, to make guessing pointless.
    storeRequestsByKey: new WindowLimiter(store, 'store-requests-key', 600, MINUTE),
    badStoreKeysByAddress: new WindowLimiter(store, 'bad-store-keys-address', 20, MINUTE),
    // Contact Us (decision record 046): one budget per client address for the JSON route and the native form post,
    // counted before the honeypot is looked at, so a bot spends it too.
    supportTicketsByAddress: new WindowLimiter(store, 'support-tickets-address', SUPPORT_TICKETS_PER_HOUR, HOUR),
    // Enterprise API tokens (decision record 043): per token, every call it makes (refused ones too); per address,
    // unknown tokens only, as for store keys: 256 random bits cannot be guessed, but each guess costs a look-up.
    apiRequestsByToken: new WindowLimiter(store, 'api-requests-token', API_REQUESTS_PER_MINUTE, MINUTE),
    badApiTokensByAddress: new WindowLimiter(store, 'bad-api-tokens-address', 20, MINUTE),

    /** Forgets every count, both kinds. */
    reset: () => store.clear(),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/**
 * Each named counter's policy while the shared store (Redis) is down (decision record 026). Security limits keep
 * counting in this instance's memory; the storefront's per-key budget fails open, because refusing a paying
 * store's calls over our own outage is worse than a few minutes without that fairness limit.
 */
export const namedLimitsWhenSharedStoreDown: Record<string, WhenSharedStoreDown> = {
  'login-failures-account-client': 'local',
  'login-failures-address': 'local',
  'registrations-address': 'local',
  'password-reset-mails-email': 'local',
  'uploads-user': 'local',
  'subscription-attempts-user': 'local',
  'direct-messages-user': 'local',
  'mass-messages-user': 'local',
  'agreement-offers-user': 'local',
  'store-requests-key': 'open',
  'bad-store-keys-address': 'local',
  'support-tickets-address': 'local',
  // Account rights (decision record 027): mail and code limits stay security limits.
  'verification-mails-user': 'local',
  'export-links-user': 'local',
  'two-factor-failures-user': 'local',
  'reauth-failures-user': 'local',
  // API tokens act with the owner's rights: their limits keep counting in memory, like the other security limits.
  'api-requests-token': 'local',
  'bad-api-tokens-address': 'local',
};

/** The policy for a counter key as the store sees it: `<name>:<key>` or `route:<METHOD url>:<address>`. */
export function policyForKey(key: string, perAddressRoutes: Record<string, PerAddressRouteLimit> = perAddressRouteLimits): WhenSharedStoreDown {
  if (key.startsWith('route:')) {
    const route = Object.keys(perAddressRoutes).find((name) => key.startsWith(`route:${name}:`));
    return route ? perAddressRoutes[route].whenSharedStoreDown : 'local';
  }
  return namedLimitsWhenSharedStoreDown[key.slice(0, key.indexOf(':'))] ?? 'local';
}

