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

  it('keeps failures until a quiet window has passed since the latest one', async () => {
    let now = 1_000_000;
    const failures = new FailureCounter(new MemoryRateLimitStore(() => now), 'f', 15 * 60_000);
    await failures.record('k');
    now += 10 * 60_000;
    await failures.record('k');
    now += 10 * 60_000;
    expect(await failures.current('k')).toEqual({ count: 2, lastAt: now - 10 * 60_000 });
    now += 5 * 60_000;
    expect(await failures.current('k')).toBeNull();
  });
});
