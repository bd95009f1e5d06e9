import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, startTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { signUp, type SignedIn } from '@server/test/factories';
import { SESSION_INVALIDATION_CHANNEL } from './session-invalidation';
import { ALL_USERS, SessionCache } from './session-cache';

const url = process.env.TEST_DATABASE_URL;

// Decision record 035: signed-in reads served from kept sessions, every change announced by a trigger (migration
// 0024) and heard by every instance. Two apps on one PostgreSQL database stand for two machines.
describe.skipIf(!url)('kept sessions on PostgreSQL', () => {
  const cacheOn = { SESSION_CACHE_SECONDS: '30' };
  let t: TestApp;
  let other: FastifyInstance;
  let lookups: number;
  let stopCounting: () => void;

  beforeEach(async () => {
    t = await createTestApp(cacheOn);
    other = (await startTestApp(t.database, cacheOn)).app;
    await Promise.all([listening(t.app), listening(other)]);
    // Session look-ups sent to the database, by either app.
    lookups = 0;
    const pool = t.database.pool!;
    const query = pool.query;
    pool.query = ((...args: Parameters<typeof query>) => {
      const [config] = args as unknown[];
      if (typeof config === 'object' && config && (config as { name?: string }).name === 'session_by_token_hash') lookups++;
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    }) as typeof query;
    stopCounting = () => {
      pool.query = query;
    };
  });

  afterEach(async () => {
    stopCounting();
    await other.close();
    await t.close();
  });

  const listening = (app: FastifyInstance) => expect.poll(() => app.ctx.sessionCache?.ticket() ?? null).not.toBeNull();
  const on = (app: FastifyInstance, signedIn: SignedIn) => new TestClient(app, signedIn.client.cookie);
  const me = async (client: TestClient) => (await client.get('/api/auth/me')).status;
  /**
   * Every notice sent so far has reached the app: notices arrive in commit order, so once a marker of our own (an id
   * no account has) is handled, so is everything before it, such as the sign-up's own.
   */
  const settled = async (app: FastifyInstance) => {
    const cache = app.ctx.sessionCache!;
    const marker = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
    let handled = false;
    cache.invalidate = (userIds) => {
      if (userIds !== ALL_USERS && userIds.includes(marker)) handled = true;
      SessionCache.prototype.invalidate.call(cache, userIds);
    };
    try {
      await t.database.query(`select pg_notify('${SESSION_INVALIDATION_CHANNEL}', '${marker}')`);
      await expect.poll(() => handled).toBe(true);
    } finally {
      delete (cache as Partial<SessionCache>).invalidate;
    }
  };

  it('answers a signed-in read from the kept session, without asking the database again', async () => {
    const user = await signUp(t, 'business');
    await settled(t.app);
    // (Signing up read the account back, and that read may be kept.)
    t.app.ctx.sessionCache!.invalidate(ALL_USERS);
    lookups = 0;
    expect(await me(user.client)).toBe(200);
    expect(await me(user.client)).toBe(200);
    expect(await me(user.client)).toBe(200);
    expect(lookups).toBe(1);
  });

  it('checks every write against the database: a session ended behind the app’s back cannot write, even before the news arrives', async () => {
    const user = await signUp(t, 'business');
    await settled(t.app);
    expect(await me(user.client)).toBe(200);
    expect(t.app.ctx.sessionCache!.size).toBe(1);
    lookups = 0;
    // Ended with its notice held back (triggers off for this statement): as if the notice were still on its way.
    await t.database.query('begin; set local session_replication_role = replica; delete from sessions; commit');
    expect(await me(user.client)).toBe(200);
    const write = await user.client.post('/api/business-profiles', { companyName: 'Ridge Co', location: 'Boise, ID' });
    expect(write.status).toBe(401);
    expect(lookups).toBe(1);
    // Once the notice comes (sent here, as the trigger would have), reads end too.
    await t.database.query(`select pg_notify('${SESSION_INVALIDATION_CHANNEL}', '${user.user.id}')`);
    await settled(t.app);
    expect(await me(user.client)).toBe(401);
  });

  it('lets the writer read its own write at once: its kept sessions go before the answer does', async () => {
    const user = await signUp(t, 'business');
    await settled(t.app);
    expect((await user.client.get('/api/auth/me')).body.businessId).toBeNull();
    // Without its trigger's notice, which could otherwise arrive first and hide what this test is about.
    await t.database.query('alter table business_profiles disable trigger business_profiles_added_invalidate');
    try {
      const created = await user.client.post('/api/business-profiles', { companyName: 'Ridge Co', location: 'Boise, ID' });
      expect(created.status).toBe(201);
      expect((await user.client.get('/api/auth/me')).body.businessId).toBe(created.body.id);
    } finally {
      await t.database.query('alter table business_profiles enable trigger business_profiles_added_invalidate');
    }
  });

  it('ends a session on every instance when it is signed out on one', async () => {
    const user = await signUp(t, 'business');
    const elsewhere = on(other, user);
    await settled(other);
    expect(await me(elsewhere)).toBe(200);
    expect(other.ctx.sessionCache!.size).toBe(1);

    expect((await on(t.app, user).post('/api/auth/logout')).status).toBe(204);
    await expect.poll(() => other.ctx.sessionCache!.size, { timeout: 1000 }).toBe(0);
    expect(await me(elsewhere)).toBe(401);
  });

  it('shows a change made anywhere (an admin, a payment, plain SQL) on the next reads of every instance', async () => {
    const user = await signUp(t, 'business');
    const here = on(t.app, user);
    const elsewhere = on(other, user);
    expect((await here.get('/api/auth/me')).body.subscriptionTier).toBe('free');
    expect((await elsewhere.get('/api/auth/me')).body.subscriptionTier).toBe('free');

    await t.database.query(`update users set subscription_tier = 'professional', is_admin = true where id = ${user.user.id}`);
    await expect.poll(async () => (await elsewhere.get('/api/auth/me')).body.subscriptionTier, { timeout: 1000 }).toBe('professional');
    await expect.poll(async () => (await here.get('/api/auth/me')).body.isAdmin, { timeout: 1000 }).toBe(true);
  });

  it('keeps nothing while it cannot hear the invalidations, and keeps again once it hears them', async () => {
    const user = await signUp(t, 'business');
    await settled(t.app);
    expect(await me(user.client)).toBe(200);
    expect(t.app.ctx.sessionCache!.size).toBe(1);

    // The listening connections die (a restarted database, a cut network).
    await t.database.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ${SESSION_INVALIDATION_CHANNEL}'`);
    await expect.poll(() => t.app.ctx.sessionCache!.ticket()).toBeNull();
    expect(t.app.ctx.sessionCache!.size).toBe(0);
    lookups = 0;
    expect(await me(user.client)).toBe(200);
    expect(await me(user.client)).toBe(200);
    expect(lookups).toBe(2);

    // Reconnected (after 2 s): kept again.
    await expect.poll(() => t.app.ctx.sessionCache!.ticket(), { timeout: 5000 }).not.toBeNull();
    lookups = 0;
    expect(await me(user.client)).toBe(200);
    expect(await me(user.client)).toBe(200);
    expect(lookups).toBe(1);
  });
});

// What each trigger of migration 0024 announces, heard on a connection of our own.
describe.skipIf(!url)('session invalidation triggers', () => {
  let t: TestApp;
  let listener: pg.Client;
  let heard: string[];

  beforeEach(async () => {
    t = await createTestApp();
    listener = new pg.Client({ connectionString: url });
    await listener.connect();
    heard = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${SESSION_INVALIDATION_CHANNEL}`);
  });

  afterEach(async () => {
    await listener.end();
    await t.close();
  });

  const mark = async (marker: string) => {
    await t.database.query(`select pg_notify('${SESSION_INVALIDATION_CHANNEL}', '${marker}')`);
    await expect.poll(() => heard.at(-1)).toBe(marker);
  };

  /** What the statement announced: notices arrive in commit order, so between two markers of our own. */
  async function announced(sql: string): Promise<string[]> {
    await mark('start');
    heard = [];
    await t.database.query(sql);
    await mark('end');
    return heard.slice(0, -1);
  }

  it('announces the users of every change a session look-up would show, once per statement', async () => {
    const [a, b] = [(await signUp(t, 'business')).user.id, (await signUp(t, 'pro_staff')).user.id];
    expect(await announced(`update users set subscription_tier = 'professional' where id = ${a}`)).toEqual([`${a}`]);
    expect(await announced(`update users set email_verified_at = null`)).toEqual([[a, b].sort().join(',')]);
    expect(await announced(`update sessions set expires_at = now() + interval '1 day' where user_id = ${b}`)).toEqual([`${b}`]);
    expect(await announced(`insert into plan_trials (user_id, tier, ends_at) values (${b}, 'professional', now() + interval '7 days')`)).toEqual([`${b}`]);
    expect(await announced(`update plan_trials set ends_at = now()`)).toEqual([`${b}`]);
    expect(await announced(`delete from plan_trials`)).toEqual([`${b}`]);
    expect(await announced(`insert into business_profiles (user_id, company_name) values (${a}, 'Ridge Co')`)).toEqual([`${a}`]);
    expect(await announced(`insert into pro_staff_profiles (user_id, first_name, last_name) values (${b}, 'Pat', 'Hunter')`)).toEqual([`${b}`]);
    expect(await announced(`delete from pro_staff_profiles`)).toEqual([`${b}`]);
    expect(await announced(`delete from business_profiles`)).toEqual([`${a}`]);
    // A session moved to another user concerns both.
    expect(await announced(`update sessions set user_id = ${a} where user_id = ${b}`)).toEqual([[a, b].sort().join(',')]);
    expect(await announced(`delete from sessions where user_id = ${a}`)).toEqual([`${a}`]);
    expect(await announced(`delete from users where id = ${b}`)).toEqual([`${b}`]);
  });

  it('announces nothing for what the look-up never shows: last seen, last active, trial reminders', async () => {
    const { id } = (await signUp(t, 'business')).user;
    await t.database.query(`insert into plan_trials (user_id, tier, ends_at) values (${id}, 'professional', now() + interval '7 days')`);
    expect(await announced(`update sessions set last_seen_at = now()`)).toEqual([]);
    expect(await announced(`update users set last_active_at = now()`)).toEqual([]);
    expect(await announced(`update plan_trials set reminder_sent_at = now()`)).toEqual([]);
    expect(await announced(`update business_profiles set company_name = 'x'`)).toEqual([]);
    expect(await announced(`update users set subscription_tier = subscription_tier`)).toEqual([]);
  });

  it('announces every user ("*") when the ids would not fit in one notice', async () => {
    await t.database.query(`insert into users (email, password_hash, user_type) select 'bulk' || n || '@example.com', 'x', 'business' from generate_series(1, 2000) n`);
    expect(await announced(`update users set subscription_tier = 'starter'`)).toEqual(['*']);
  });
});
