import type { SessionUser } from '@shared/contracts/auth';

export type CachedSession = {
  user: SessionUser;
  sessionId: number;
  lastSeenAt: Date;
  /** The session's absolute end: never served from here past it. */
  expiresAt: Date;
};

type Entry = CachedSession & { keptUntil: number };

/** Every user's sessions: the invalidation that names no users (too many to list) or the listener's loss. */
export const ALL_USERS = '*';

/**
 * Sessions this instance looked up, by token hash, for the signed-in reads that follow (decision record 035).
 * Every write that changes what a look-up returns (a session ended, the account, its plan or trial, its profile
 * ids) fires a NOTIFY from a trigger, and every instance drops that user's entries when it arrives. While no
 * invalidation can be heard (the listener is down or reconnecting) nothing is served or kept.
 *
 * A look-up that was under way when an invalidation arrived is not kept: it may have read the rows from before
 * the change. The `ticket` taken before the look-up says whether one arrived since.
 */
export class SessionCache {
  // Insertion order is age order: the oldest entry is the first (the size bound drops it).
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before a look-up; `put` keeps the result only if no invalidation came in between. Null while not listening. */
  ticket(): number | null {
    return this.listening ? this.generation : null;
  }

  /** (Nothing is kept while not listening: `put` refuses, and losing the listener empties the cache.) */
  get(tokenHash: string, now: number): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.keptUntil <= now || entry.expiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  put(ticket: number | null, tokenHash: string, session: CachedSession, now: number): void {
    // A null ticket (not listening) never matches; every change of the listener's state moves the generation on.
    if (ticket !== this.generation) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // One object answers many requests: frozen, so a handler changing `request.user` fails loudly instead of changing it for the next.
    this.entries.set(tokenHash, { ...session, user: Object.freeze({ ...session.user }), keptUntil: now + this.maxAgeMs });
  }

  /** A session whose last-seen time was just written. */
  touched(tokenHash: string, lastSeenAt: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  /**
   * Drops what is kept for these users (every user for ALL_USERS), and any look-up under way is not kept. A scan of
   * at most `maxEntries`: notices come with writes to accounts and sessions, far fewer than reads.
   */
  invalidate(userIds: readonly number[] | typeof ALL_USERS): void {
    this.generation++;
    if (userIds === ALL_USERS) return this.entries.clear();
    const dropped = new Set(userIds);
    for (const [tokenHash, entry] of this.entries) if (dropped.has(entry.user.id)) this.entries.delete(tokenHash);
  }

  /** The listener's state: while down, invalidations are missed, so everything kept is dropped and nothing is kept. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate(ALL_USERS);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The NOTIFY payload of the triggers (migration 0024): user ids joined by commas, or ALL_USERS. */
export function parseInvalidation(payload: string): readonly number[] | typeof ALL_USERS | null {
  if (payload === ALL_USERS) return ALL_USERS;
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}
