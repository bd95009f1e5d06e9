import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, spawnServer, stopServer, useServerDataDir, verifyEmailFromMail, waitUp, type ServerProcess } from './test/server-process';
import { startS3Server, type S3TestServer } from './test/s3-server';
import { RoundRobinProxy } from './test/round-robin-proxy';

// Two real app processes on one PostgreSQL, one Redis and one S3-compatible store (s3rver), behind a round-robin
// balancer: what decision record 026 promises an operator who adds a second machine.

const pgAdminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || defaultPort), hostname, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}
const [pgUp, redisUp] = await Promise.all([reachable(pgAdminUrl, 5432), reachable(redisUrl, 6379)]);
const missing = [pgUp ? null : `PostgreSQL at ${pgAdminUrl} (PG_ADMIN_URL)`, redisUp ? null : `Redis at ${redisUrl} (REDIS_URL)`].filter(Boolean);
if (missing.length > 0) console.warn(`SKIPPED two-instance test: no ${missing.join(' and no ')}`);

describe.skipIf(missing.length > 0)('two instances behind a balancer', () => {
  const dataDir = useServerDataDir('hs-two-');
  const database = `hs_two_${process.pid}_${Date.now()}`;
  const redisPrefix = `hs-two-test:${randomUUID()}:`;
  let s3: S3TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: RoundRobinProxy;
  let balancer: string;
  let databaseUrl: string;

  const admin = async <T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(pgAdminUrl, (client) => client.query(`create database ${database}`));
    const parsed = new URL(pgAdminUrl);
    parsed.pathname = `/${database}`;
    databaseUrl = parsed.toString();
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      BACKGROUND_WORKER: 'true',
      // Signed-in reads from kept sessions, as in production (decision record 035).
      SESSION_CACHE_SECONDS: '30',
      // Shared by both, as an operator sets it (each would otherwise make its own key file).
      INTEGRATION_SECRET_KEY: randomBytes(32).toString('hex'),
      ...s3.env,
    };
    const dirOf = (name: string) => {
      const dir = path.join(dataDir(), name);
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    };
    // A first, so it runs the migrations alone; B finds them done.
    a = await spawnServer(dirOf('a'), env);
    await waitUp(a);
    b = await spawnServer(dirOf('b'), env);
    await waitUp(b);
    proxy = new RoundRobinProxy([a.base, b.base]);
    balancer = await proxy.start();
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    for (const server of [a, b]) if (server) await stopServer(server);
    await s3?.close();
    if (redisUp) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    if (pgUp) await admin(pgAdminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
  }, 60_000);

  const signUp = async (base: string, email: string, userType: 'business' | 'pro_staff') => {
    const res = await call(base, 'POST', '/api/auth/register', { email, password: 'trail-cam-2026', userType, ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    // Confirmed, as every account that messages must be (record 027); the mail is kept by the instance that sent it.
    await verifyEmailFromMail(base, res.cookie!);
    return { id: res.body.id as number, cookie: res.cookie! };
  };

  it('delivers a message sent through instance A to an SSE client on instance B', async () => {
    const sender = await signUp(a.base, 'sender@example.com', 'pro_staff');
    const recipient = await signUp(b.base, 'recipient@example.com', 'business');

    const abort = new AbortController();
    const stream = await fetch(`${b.base}/api/events`, { headers: { cookie: recipient.cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    const arrived = (async () => {
      const decoder = new TextDecoder();
      while (!received.includes('event: message.created')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    })();
    // The stream is open on B (its first bytes came); now A saves and publishes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await call(a.base, 'POST', '/api/messages', { toUserId: recipient.id, content: 'Across machines' }, sender.cookie);
    expect(sent.status).toBe(201);

    await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`no event on B; got: ${received}`)), 10_000))]);
    abort.abort();
    expect(received).toContain(`"messageId":${sent.body.id}`);
  });

  it('ends a session on both instances when it is signed out through one, and shows a plan change on both', async () => {
    const user = await signUp(a.base, 'kept@example.com', 'business');
    for (const base of [a.base, b.base]) expect((await call(base, 'GET', '/api/auth/me', undefined, user.cookie)).body.subscriptionTier).toBe('free');
    await admin(databaseUrl, (client) => client.query(`update users set subscription_tier = 'professional' where id = $1`, [user.id]));
    for (const base of [a.base, b.base]) {
      await expect.poll(async () => (await call(base, 'GET', '/api/auth/me', undefined, user.cookie)).body.subscriptionTier, { timeout: 1000 }).toBe('professional');
    }
    expect((await call(a.base, 'POST', '/api/auth/logout', {}, user.cookie)).status).toBe(204);
    await expect.poll(async () => (await call(b.base, 'GET', '/api/auth/me', undefined, user.cookie)).status, { timeout: 1000 }).toBe(401);
  });

  it('counts login failures across both instances', async () => {
    // Signed up on A (its confirmation mail stays there); the failed sign-ins go through the balancer.
    await signUp(a.base, 'throttled@example.com', 'business');
    const before = [...proxy.served];
    for (let i = 0; i < 5; i++) {
      expect((await call(balancer, 'POST', '/api/auth/login', { email: 'throttled@example.com', password: 'wrong-guess' })).status).toBe(401);
    }
    // Both instances took some of the five.
    expect(proxy.served[0] - before[0]).toBeGreaterThanOrEqual(2);
    expect(proxy.served[1] - before[1]).toBeGreaterThanOrEqual(2);
    // The right password now waits, on either instance.
    expect((await call(a.base, 'POST', '/api/auth/login', { email: 'throttled@example.com', password: 'trail-cam-2026' })).status).toBe(429);
    expect((await call(b.base, 'POST', '/api/auth/login', { email: 'throttled@example.com', password: 'trail-cam-2026' })).status).toBe(429);
  });

  it('serves through B a file uploaded through A', async () => {
    const pro = await signUp(a.base, 'avatar@example.com', 'pro_staff');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.base}/api/uploads/avatar`, { method: 'POST', body: form, headers: { cookie: pro.cookie } });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const served = await fetch(`${b.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('runs each scheduled task once per period, although both instances work the queue', async () => {
    const scheduled = ['tasks.purge-finished', 'billing.trial-jobs', 'commissions.release-holds', 'retention.nightly', 'rankings.monthly-snapshot', 'account.erase-due', 'account.exports-expire',
      'agreements.expiry-notices', 'notifications.weekly-digest', 'notifications.purge-read', 'credentials.expire', 'campaigns.announce', 'goals.reached', 'payouts.reconcile', 'gear.pro-pricing.end', 'gear.tiers.promote'];
    // Each worker adds this period's runs at every round (every second); give both a few rounds.
    let rows: { kind: string; status: string; attempts: number; runs: number }[] = [];
    for (let i = 0; i < 40; i++) {
      rows = await admin(databaseUrl, async (client) =>
        (await client.query(`select kind, status, attempts, count(*) over (partition by dedupe_key)::int as runs from background_tasks where dedupe_key like 'schedule:%' order by kind`)).rows,
      );
      if (new Set(rows.map((row) => row.kind)).size >= scheduled.length && rows.every((row) => row.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual([...scheduled].sort());
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1, runs: 1 });
  });
});
