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
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before a look-up; `put` keeps the result only if no invalidation came in between. */
  ticket(): number | null {
    return this.listening ? this.generation : null;
  }

  get(tokenHash: string, now: number): CachedSession | null {
    if (!this.listening) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.keptUntil <= now || entry.expiresAt.getTime() <= now) {
      this.remove(tokenHash, entry.user.id);
      return null;
    }
    return entry;
  }

  put(ticket: number | null, tokenHash: string, session: CachedSession, now: number): void {
    if (ticket === null || ticket !== this.generation || !this.listening) return;
    if (!this.entries.has(tokenHash) && this.entries.size >= this.maxEntries) {
      // The oldest kept entry goes (a Map iterates in insertion order).
      const [oldestHash, oldest] = this.entries.entries().next().value!;
      this.remove(oldestHash, oldest.user.id);
    }
    // One object answers many requests: frozen, so a handler changing `request.user` fails loudly instead of changing it for the next.
    this.entries.set(tokenHash, { ...session, user: Object.freeze({ ...session.user }), keptUntil: now + this.maxAgeMs });
    let tokens = this.tokensByUser.get(session.user.id);
    if (!tokens) this.tokensByUser.set(session.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** A session whose last-seen time was just written. */
  touched(tokenHash: string, lastSeenAt: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  /** Drops what is kept for these users (every user for ALL_USERS), and any look-up under way is not kept. */
  invalidate(userIds: readonly number[] | typeof ALL_USERS): void {
    this.generation++;
    if (userIds === ALL_USERS) {
      this.entries.clear();
      this.tokensByUser.clear();
      return;
    }
    for (const userId of userIds) {
      for (const tokenHash of this.tokensByUser.get(userId) ?? []) this.entries.delete(tokenHash);
      this.tokensByUser.delete(userId);
    }
  }

  /** The listener's state: while down, invalidations are missed, so everything kept is dropped and nothing is kept. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate(ALL_USERS);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}

/** The NOTIFY payload of the triggers (migration 0024): user ids joined by commas, or ALL_USERS. */
export function parseInvalidation(payload: string): readonly number[] | typeof ALL_USERS | null {
  if (payload === ALL_USERS) return ALL_USERS;
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}
