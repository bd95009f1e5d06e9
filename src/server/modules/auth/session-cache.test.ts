import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/contracts/auth';
import { ALL_USERS, parseInvalidation, SessionCache, type CachedSession } from './session-cache';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MAX_AGE = 30_000;

function session(userId: number, expiresAt = new Date(NOW + 86_400_000)): CachedSession {
  return { user: { id: userId, email: `u${userId}@example.com` } as SessionUser, sessionId: userId * 10, lastSeenAt: new Date(NOW - 1000), expiresAt };
}

function listeningCache(maxEntries?: number) {
  const cache = new SessionCache(MAX_AGE, maxEntries);
  cache.setListening(true);
  return cache;
}

describe('session cache (decision record 035)', () => {
  it('keeps a looked-up session for its maximum age and not a millisecond longer', () => {
    const cache = listeningCache();
    cache.put(cache.ticket(), 'a', session(1), NOW);
    expect(cache.get('a', NOW + MAX_AGE - 1)?.user.id).toBe(1);
    expect(cache.get('a', NOW + MAX_AGE)).toBeNull();
    // Gone once expired, not only hidden.
    expect(cache.size).toBe(0);
  });

  it('never serves a session at or past its absolute end, however recently it was kept', () => {
    const cache = listeningCache();
    cache.put(cache.ticket(), 'a', session(1, new Date(NOW + 5000)), NOW);
    expect(cache.get('a', NOW + 4999)).not.toBeNull();
    expect(cache.get('a', NOW + 5000)).toBeNull();
  });

  it('does not keep a look-up that was under way when an invalidation arrived', () => {
    const cache = listeningCache();
    const ticket = cache.ticket();
    cache.invalidate([99]);
    cache.put(ticket, 'a', session(1), NOW);
    expect(cache.get('a', NOW)).toBeNull();
    // The next look-up, begun after it, is kept.
    cache.put(cache.ticket(), 'a', session(1), NOW);
    expect(cache.get('a', NOW)).not.toBeNull();
  });

  it('keeps and serves nothing while invalidations cannot be heard, and drops everything when they stop', () => {
    const cache = new SessionCache(MAX_AGE);
    expect(cache.ticket()).toBeNull();
    cache.put(cache.ticket(), 'a', session(1), NOW);
    expect(cache.size).toBe(0);

    cache.setListening(true);
    cache.put(cache.ticket(), 'a', session(1), NOW);
    const before = cache.ticket();
    cache.setListening(false);
    expect(cache.size).toBe(0);
    expect(cache.get('a', NOW)).toBeNull();
    // A look-up that began before the loss is not kept after the listener is back: it may have missed a change.
    cache.setListening(true);
    cache.put(before, 'a', session(1), NOW);
    expect(cache.size).toBe(0);
  });

  it('drops the named users’ sessions, every one of them, and only theirs', () => {
    const cache = listeningCache();
    cache.put(cache.ticket(), 'a1', session(1), NOW);
    cache.put(cache.ticket(), 'a2', session(1), NOW);
    cache.put(cache.ticket(), 'b', session(2), NOW);
    cache.put(cache.ticket(), 'c', session(3), NOW);
    cache.invalidate([1, 3]);
    expect([cache.get('a1', NOW), cache.get('a2', NOW), cache.get('c', NOW)]).toEqual([null, null, null]);
    expect(cache.get('b', NOW)?.user.id).toBe(2);
    cache.invalidate(ALL_USERS);
    expect(cache.size).toBe(0);
  });

  it('forgets the oldest session when full, and a dropped user’s token stays dropped', () => {
    const cache = listeningCache(2);
    cache.put(cache.ticket(), 'a', session(1), NOW);
    cache.put(cache.ticket(), 'b', session(2), NOW);
    cache.put(cache.ticket(), 'c', session(3), NOW);
    expect(cache.get('a', NOW)).toBeNull();
    expect(cache.get('b', NOW)?.user.id).toBe(2);
    expect(cache.get('c', NOW)?.user.id).toBe(3);
    // Refreshing a kept token does not count as one more.
    cache.put(cache.ticket(), 'c', session(3), NOW + 1);
    expect(cache.size).toBe(2);
    expect(cache.get('b', NOW)?.user.id).toBe(2);
  });

  it('answers every request with one frozen user, so no handler can change it for the next', () => {
    const cache = listeningCache();
    cache.put(cache.ticket(), 'a', session(1), NOW);
    const user = cache.get('a', NOW)!.user as { email: string };
    expect(() => {
      user.email = 'changed@example.com';
    }).toThrow(TypeError);
    expect(cache.get('a', NOW)?.user.email).toBe('u1@example.com');
  });

  it('notes a written last-seen time on the kept session', () => {
    const cache = listeningCache();
    cache.put(cache.ticket(), 'a', session(1), NOW);
    cache.touched('a', new Date(NOW));
    expect(cache.get('a', NOW)?.lastSeenAt).toEqual(new Date(NOW));
    cache.touched('unknown', new Date(NOW));
    expect(cache.size).toBe(1);
  });
});

describe('invalidation payloads', () => {
  it('reads the ids the triggers send, and every user for "*"', () => {
    expect(parseInvalidation('7')).toEqual([7]);
    expect(parseInvalidation('1,22,333')).toEqual([1, 22, 333]);
    expect(parseInvalidation('*')).toBe(ALL_USERS);
  });

  it.each(['', ',', '1,,2', 'x', '1,x', '-1', '0', '1.5', '9007199254740993', '1e3x', ' *', '\u0000', '\uD800', 'true'])('refuses %j', (payload) => {
    expect(parseInvalidation(payload)).toBeNull();
  });
});
