import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { PgListener } from '@server/lib/pg-listener';
import { ALL_USERS, parseInvalidation, SessionCache } from './session-cache';

/** Where the triggers of migration 0024 announce the users whose sessions changed. */
export const SESSION_INVALIDATION_CHANNEL = 'hs_session_invalidation';

export type KeptSessions = { cache: SessionCache; listener: PgListener };

/**
 * The session cache and the listener that keeps it right, on PostgreSQL with SESSION_CACHE_SECONDS over 0
 * (decision record 035). The embedded database has no second instance to hear from, and a look-up there is a
 * call inside the process: it keeps nothing.
 */
export function keepSessions(database: DatabaseHandle, config: Config, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): KeptSessions | null {
  if (database.kind !== 'postgres' || !database.pool || config.sessionCacheMs <= 0) return null;
  const cache = new SessionCache(config.sessionCacheMs);
  const listener = new PgListener(
    database.pool,
    SESSION_INVALIDATION_CHANNEL,
    {
      message(payload) {
        const users = parseInvalidation(payload);
        if (users === null) log.warn('unreadable session invalidation; dropping every kept session');
        cache.invalidate(users ?? ALL_USERS);
      },
      up: () => cache.setListening(true),
      down: () => cache.setListening(false),
    },
    log,
  );
  return { cache, listener };
}
