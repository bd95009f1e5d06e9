import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { CuttableProxy } from '@server/test/cuttable-proxy';
import { probeRedis } from '@server/test/redis-probe';
import { signUp } from '@server/test/factories';
import { RedisRateLimitStore } from './redis-store';
import { ResilientRateLimitStore } from './resilient-store';
import { createRateLimits, namedLimitsWhenSharedStoreDown, policyForKey } from './registry';

// Against the real Redis (REDIS_URL, default 127.0.0.1:6379), every key under a prefix of this run's own so
// parallel runs and other helpers' data never collide (decision record 026).
const { redisUrl, redisUp } = await probeRedis('the shared rate-limit store is');
const { hostname, port } = new URL(redisUrl);

const runPrefix = `hs-test:${randomUUID()}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisUp)('rate limits on Redis', () => {
  const redis = redisUp ? new Redis(redisUrl) : (null as unknown as Redis);
  const apps: TestApp[] = [];
  const proxies: CuttableProxy[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const proxy of proxies.splice(0)) await proxy.close();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${runPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const storeWith = (prefix = `${runPrefix}${randomUUID()}:`) => new RedisRateLimitStore(redis, prefix);
  const appOn = async (url: string, prefix: string) => {
    const app = await createTestApp({ REDIS_URL: url, REDIS_KEY_PREFIX: prefix });
    apps.push(app);
    return app;
  };

  it('counts a fixed window, opens a new one after it ends, and forgets a deleted key', async () => {
    const store = storeWith();
    expect((await store.increment('a', 300)).count).toBe(1);
    const second = await store.increment('a', 300);
    expect(second.count).toBe(2);
    expect(second.resetAt - Date.now()).toBeLessThanOrEqual(300);
    expect(await store.peek('a')).toEqual({ count: 2, resetAt: expect.any(Number) });
    expect(await store.peek('b')).toBeNull();
    await sleep(350);
    expect(await store.peek('a')).toBeNull();
    expect((await store.increment('a', 300)).count).toBe(1);
    await store.delete('a');
    expect(await store.peek('a')).toBeNull();
  });

  it('restarts a sliding window on every hit', async () => {
    const store = storeWith();
    await store.increment('f', 400, { slide: true });
    await sleep(250);
    await store.increment('f', 400, { slide: true });
    await sleep(250);
    // 500 ms after the first hit, 250 ms after the latest: a fixed window would have ended.
    expect((await store.peek('f'))?.count).toBe(2);
  });

  it('backs off in one script: refuses without counting until the wait has passed since the latest attempt', async () => {
    const store = storeWith();
    const backoff = { free: 2, firstWaitMs: 300, maxWaitMs: 300 };
    expect(await store.incrementUnlessBackingOff('p', 60_000, backoff)).toEqual({ allowed: true });
    expect(await store.incrementUnlessBackingOff('p', 60_000, backoff)).toEqual({ allowed: true });
    const refused = await store.incrementUnlessBackingOff('p', 60_000, backoff);
    expect(refused).toEqual({ allowed: false, retryAfterMs: expect.any(Number) });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(300);
    expect((await store.peek('p'))?.count).toBe(2);
    await sleep(350);
    expect(await store.incrementUnlessBackingOff('p', 60_000, backoff)).toEqual({ allowed: true });
    // The window restarted at the latest attempt.
    expect((await store.peek('p'))!.resetAt - Date.now()).toBeGreaterThan(59_000);
  });

  it('gives back a hit without moving the window\'s end, never below zero', async () => {
    const store = storeWith();
    await store.decrement('d');
    expect(await store.peek('d')).toBeNull();
    const { resetAt } = await store.increment('d', 60_000);
    await store.increment('d', 60_000);
    await store.decrement('d');
    expect(await store.peek('d')).toEqual({ count: 1, resetAt: expect.any(Number) });
    expect(Math.abs((await store.peek('d'))!.resetAt - resetAt)).toBeLessThan(50);
    await store.decrement('d');
    await store.decrement('d');
    expect((await store.increment('d', 60_000)).count).toBe(1);
  });

  it('clears only its own prefix, and keeps email addresses out of Redis key names', async () => {
    const mine = storeWith();
    const other = storeWith();
    await mine.increment('password-reset-mails-email:someone@example.com', 60_000);
    await other.increment('x', 60_000);
    expect((await redis.keys(`${runPrefix}*`)).join(' ')).not.toContain('example.com');
    await mine.clear();
    expect(await mine.peek('password-reset-mails-email:someone@example.com')).toBeNull();
    expect((await other.peek('x'))?.count).toBe(1);
  });

  it('shares route limits and login throttling between two apps on one Redis', async () => {
    const prefix = `${runPrefix}${randomUUID()}:`;
    const a = await appOn(redisUrl, prefix);
    const b = await appOn(redisUrl, prefix);
    const view = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/page-views', payload: { path: '/' } });
    for (let i = 0; i < 30; i++) expect((await view(a)).statusCode).toBe(204);
    for (let i = 0; i < 30; i++) expect((await view(b)).statusCode).toBe(204);
    expect((await view(a)).statusCode).toBe(429);

    await signUp(b, 'business', 'shared-throttle@example.com');
    const login = (t: TestApp, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shared-throttle@example.com', password }, remoteAddress: '198.51.100.9' });
    for (let i = 0; i < 3; i++) {
      const res = await login(a, 'wrong-guess');
      expect(res.statusCode, res.body).toBe(401);
    }
    for (let i = 0; i < 2; i++) expect((await login(b, 'wrong-guess')).statusCode).toBe(401);
    // Five failures in all, spread over both: either instance now makes the client wait, even with the right password.
    expect((await login(a, 'trail-cam-2026')).statusCode).toBe(429);
    expect((await login(b, 'trail-cam-2026')).statusCode).toBe(429);
  });

  it('keeps serving while Redis is down: login throttling counts locally, page views fail open', async () => {
    const proxy = new CuttableProxy(hostname, Number(port || 6379));
    proxies.push(proxy);
    const proxyPort = await proxy.start();
    const t = await appOn(`redis://127.0.0.1:${proxyPort}`, `${runPrefix}${randomUUID()}:`);
    await signUp(t, 'business', 'redis-down@example.com');
    proxy.cut();

    const started = Date.now();
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'redis-down@example.com', password }, remoteAddress: '198.51.100.10' });
    expect((await login('trail-cam-2026')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('wrong-guess')).statusCode).toBe(401);
    expect((await login('trail-cam-2026')).statusCode).toBe(429);
    for (let i = 0; i < 70; i++) expect((await t.app.inject({ method: 'POST', url: '/api/page-views', payload: { path: '/' } })).statusCode).toBe(204);
    // No request waited for Redis to time out over and over.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('goes back to the shared store once Redis answers again', async () => {
    let now = 1_000_000;
    const failing = { down: true };
    const shared = storeWith();
    const flaky = {
      increment: (...args: Parameters<typeof shared.increment>) => (failing.down ? Promise.reject(new Error('down')) : shared.increment(...args)),
      peek: (key: string) => (failing.down ? Promise.reject(new Error('down')) : shared.peek(key)),
      decrement: (key: string) => shared.decrement(key),
      incrementUnlessBackingOff: (...args: Parameters<typeof shared.incrementUnlessBackingOff>) => shared.incrementUnlessBackingOff(...args),
      delete: (key: string) => shared.delete(key),
      clear: () => shared.clear(),
    };
    const logged: string[] = [];
    const store = new ResilientRateLimitStore(flaky, (key) => policyForKey(key), { warn: (_o: unknown, m?: string) => logged.push(m ?? ''), info: (m: unknown) => logged.push(String(m)) } as never, () => now);
    expect((await store.increment('uploads-user:1', 60_000)).count).toBe(1);
    expect((await store.increment('uploads-user:1', 60_000)).count).toBe(2);
    expect(await shared.peek('uploads-user:1')).toBeNull();
    failing.down = false;
    now += 5001;
    expect((await store.increment('uploads-user:1', 60_000)).count).toBe(1);
    expect((await shared.peek('uploads-user:1'))?.count).toBe(1);
    expect(logged).toEqual([expect.stringContaining('unreachable'), expect.stringContaining('reachable again')]);
  });
});

describe('what each limit does while the shared store is down', () => {
  it('has a policy for every named counter and route limit of the registry', () => {
    const limits = createRateLimits({ registrationsPerHourPerIp: 1 });
    const names = Object.values(limits).flatMap((value) => (value && typeof value === 'object' && 'name' in value ? [String(value.name)] : []));
    expect(names.sort()).toEqual(Object.keys(namedLimitsWhenSharedStoreDown).sort());
    for (const route of Object.keys(limits.perAddressRoutes)) expect(['local', 'open']).toContain(policyForKey(`route:${route}:192.0.2.1`));
  });

  it('keeps sign-in throttling local and lets page views and storefront calls through', () => {
    expect(policyForKey('login-failures-account-client:a@example.com\n192.0.2.1')).toBe('local');
    expect(policyForKey('login-failures-address:192.0.2.1')).toBe('local');
    expect(policyForKey('route:POST /api/auth/password-reset/request:192.0.2.1')).toBe('local');
    expect(policyForKey('route:POST /api/page-views:192.0.2.1')).toBe('open');
    expect(policyForKey('store-requests-key:42')).toBe('open');
  });
});
