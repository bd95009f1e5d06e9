import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { MemoryRateLimitStore } from './store';
import { FailureCounter, WindowLimiter } from './limiter';

const t = useTestApp();

describe('ctx.rateLimits', () => {
  it('answers a per-address route limit (@fastify/rate-limit) in our 429 shape with Retry-After', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 60; i += 1) expect((await client.post('/api/page-views', { path: '/' })).status).toBe(204);
    const res = await client.post('/api/page-views', { path: '/' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many page views from this network', details: { retryAfterSeconds: expect.any(Number) } } });
    expect(Number(res.headers['retry-after'])).toBe(res.body.error.details.retryAfterSeconds);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('forgets every count, route limits and our own counters alike, in one call', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 61; i += 1) await client.post('/api/page-views', { path: '/' });
    const { subscriptionAttemptsByUser } = t.app.ctx.rateLimits;
    for (let i = 0; i < 11; i += 1) await subscriptionAttemptsByUser.hit('7');
    expect((await subscriptionAttemptsByUser.hit('7')).allowed).toBe(false);

    await t.app.ctx.rateLimits.reset();

    expect((await client.post('/api/page-views', { path: '/' })).status).toBe(204);
    expect((await subscriptionAttemptsByUser.hit('7')).allowed).toBe(true);
  });

  it('keeps one app\'s counts away from another app', async () => {
    const other = await createTestApp();
    try {
      await t.app.ctx.rateLimits.uploadsByUser.hit('1');
      expect(await other.app.ctx.rateLimits.store.peek('uploads-user:1')).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('counters over the store', () => {
  it('opens a fixed window on the first hit and a new one after it ends', async () => {
    let now = 1_000_000;
    const limiter = new WindowLimiter(new MemoryRateLimitStore(() => now), 'x', 2, 60_000);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('gives back a hit of the open window, never below zero', async () => {
    const store = new MemoryRateLimitStore();
    const limiter = new WindowLimiter(store, 'x', 1, 60_000);
    await limiter.refund('a');
    expect(await store.peek('x:a')).toBeNull();
    expect((await limiter.hit('a')).allowed).toBe(true);
    await limiter.refund('a');
    await limiter.refund('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
  });

  it('backs off between attempts once the free ones are used, refuses without counting, and forgets after a quiet window', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    const attempts = new FailureCounter(store, 'f', 15 * 60_000);
    const backoff = { free: 2, firstWaitMs: 30_000, maxWaitMs: 60_000 };
    expect(await attempts.attempt('k', backoff)).toEqual({ allowed: true });
    expect(await attempts.attempt('k', backoff)).toEqual({ allowed: true });
    now += 10_000;
    expect(await attempts.attempt('k', backoff)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect((await store.peek('f:k'))?.count).toBe(2);
    now += 20_000;
    expect(await attempts.attempt('k', backoff)).toEqual({ allowed: true });
    // Three counted: the wait doubles, up to its longest.
    now += 59_000;
    expect(await attempts.attempt('k', backoff)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The window ends 15 minutes after the latest counted attempt, not the first.
    now += 15 * 60_000 - 59_000 - 1;
    expect((await store.peek('f:k'))?.count).toBe(3);
    now += 1;
    expect(await store.peek('f:k')).toBeNull();
  });
});
