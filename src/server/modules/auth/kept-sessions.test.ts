import { beforeEach, describe, expect, it } from 'vitest';
import { hashToken, SESSION_TOUCH_MS } from '@server/lib/auth';
import { useTestApp } from '@server/test/use-test-app';
import { signUp } from '@server/test/factories';
import { forgetKeptSessions, userForToken } from './service';
import { ALL_USERS, SessionCache } from './session-cache';

// The session service with a cache (decision record 035), on either engine: the cache is handed in, listening, and
// nothing else tells it of a change, so what it answers from is plain to see. session-invalidation.test.ts has the
// cache as production runs it, on PostgreSQL with its triggers and listener.
describe('session look-ups with kept sessions', () => {
  const t = useTestApp();
  let cache: SessionCache;

  beforeEach(() => {
    cache = new SessionCache(3 * SESSION_TOUCH_MS);
    cache.setListening(true);
    t.app.ctx.sessionCache = cache;
  });

  const tokenOf = (cookie: string | undefined) => cookie!.split('=')[1];
  const lastSeenInDatabase = async (userId: number) =>
    new Date((await t.database.query<{ at: string }>(`select last_seen_at::text as at from sessions where user_id = ${userId}`))[0].at).getTime();

  it('answers reads from the kept session and writes from the database', async () => {
    const { client, user } = await signUp(t, 'business');
    const token = tokenOf(client.cookie);
    expect((await userForToken(t.app.ctx, token))?.id).toBe(user.id);
    expect(cache.size).toBe(1);

    await t.database.query('delete from sessions');
    expect((await userForToken(t.app.ctx, token))?.id).toBe(user.id);
    expect(await userForToken(t.app.ctx, token, { fresh: true })).toBeNull();
  });

  it('does not keep what a write looked up', async () => {
    const { client } = await signUp(t, 'business');
    // (Signing up read the account back, through the app and this cache.)
    cache.invalidate(ALL_USERS);
    expect(await userForToken(t.app.ctx, tokenOf(client.cookie), { fresh: true })).not.toBeNull();
    expect(cache.size).toBe(0);
  });

  it('writes the last-seen time of a kept session once it is over an hour old, and not before', async () => {
    const { client, user } = await signUp(t, 'business');
    const token = tokenOf(client.cookie);
    await userForToken(t.app.ctx, token);
    const seen = await lastSeenInDatabase(user.id);

    // Exactly an hour: not yet.
    await userForToken(t.app.ctx, token, { now: new Date(seen + SESSION_TOUCH_MS) });
    expect(await lastSeenInDatabase(user.id)).toBe(seen);

    const later = seen + SESSION_TOUCH_MS + 1;
    await userForToken(t.app.ctx, token, { now: new Date(later) });
    expect(await lastSeenInDatabase(user.id)).toBe(later);
    // Noted on the kept session: the next read within the hour writes nothing.
    await userForToken(t.app.ctx, token, { now: new Date(later + SESSION_TOUCH_MS) });
    expect(await lastSeenInDatabase(user.id)).toBe(later);
  });

  it('forgets the sessions of a user who wrote, and only theirs', async () => {
    const writer = await signUp(t, 'business');
    const other = await signUp(t, 'pro_staff');
    await userForToken(t.app.ctx, tokenOf(writer.client.cookie));
    await userForToken(t.app.ctx, tokenOf(other.client.cookie));
    forgetKeptSessions(t.app.ctx, writer.user.id);
    expect(cache.size).toBe(1);
    expect(cache.get(hashToken(tokenOf(other.client.cookie)), Date.now())?.user.id).toBe(other.user.id);
  });
});
