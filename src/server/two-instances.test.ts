import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnServer, stopServer, useServerDataDir, waitUp, type ServerProcess } from './test/server-process';
import { startS3Server, type S3TestServer } from './test/s3-server';
import { NginxBalancer, findNginx } from './test/nginx-balancer';

// Two real app processes on one PostgreSQL, one Redis and one S3-compatible store (s3rver), behind nginx with the
// configuration shipped in deploy/nginx.conf: what decision record 026 promises an operator who adds a second
// machine. Every request goes through nginx; its X-Upstream answer header says which instance served it, and a
// cross-instance check steers the next request to the other one (nginx's round robin alternates strictly).

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
// Installed from Debian's packages when missing and possible (scripts/ensure-nginx.mjs), as Chromium is for the browser suite.
const nginx = findNginx();
// CI must run this test: no nginx there is a failure with the reason, never a silent skip.
if ('missing' in nginx && process.env.CI) throw new Error(`The two-instance test needs nginx: ${nginx.missing}`);
const missing = [pgUp ? null : `PostgreSQL at ${pgAdminUrl} (PG_ADMIN_URL)`, redisUp ? null : `Redis at ${redisUrl} (REDIS_URL)`, 'missing' in nginx ? `nginx (${nginx.missing})` : null].filter(Boolean);
if (missing.length > 0) console.warn(`SKIPPED two-instance test: no ${missing.join(' and no ')}`);

describe.skipIf(missing.length > 0)('two instances behind a balancer', () => {
  const dataDir = useServerDataDir('hs-two-');
  const database = `hs_two_${process.pid}_${Date.now()}`;
  const redisPrefix = `hs-two-test:${randomUUID()}:`;
  let s3: S3TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let balancer: NginxBalancer;
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
    // Every run of every task handler on either instance, appended by the preloaded recorder (no unique key).
    await admin(databaseUrl, (client) => client.query(`create table task_runs_seen (id bigserial primary key, task_id bigint not null, kind text not null, instance text not null)`));
    const recorder = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/record-task-runs.ts')).href;
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
    a = await spawnServer(dirOf('a'), env, [recorder]);
    await waitUp(a);
    b = await spawnServer(dirOf('b'), env, [recorder]);
    await waitUp(b);
    balancer = await NginxBalancer.start((nginx as { path: string }).path, [a.base, b.base]);
  }, 240_000);

  afterAll(async () => {
    await balancer?.close();
    // Both drain at once: under a loaded CI machine one graceful stop took most of a minute.
    await Promise.all([a, b].filter((server) => server !== undefined).map((server) => stopServer(server)));
    await s3?.close();
    if (redisUp) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    if (pgUp) await admin(pgAdminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
  }, 180_000);

  type Instance = 'a' | 'b';
  const other = (instance: Instance): Instance => (instance === 'a' ? 'b' : 'a');
  /** Which instance served an answer, from the X-Upstream header the test's nginx adds. */
  const servedBy = (res: Response): Instance => {
    const upstream = res.headers.get('x-upstream');
    if (upstream === new URL(a.base).host) return 'a';
    if (upstream === new URL(b.base).host) return 'b';
    throw new Error(`answer from no known instance: X-Upstream ${upstream}`);
  };

  /** A JSON call through nginx; returns the status, body, session cookie set, and the instance that served it. */
  const call = async (method: string, url: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${balancer.url}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((value) => value.startsWith('hs_session='));
    return { status: res.status, body: res.status === 204 ? null : await res.json(), cookie: setCookie?.split(';')[0], served: servedBy(res) };
  };

  /** Makes nginx send the next request to `instance`: harmless reads until one is answered by the other. */
  const nextGoesTo = async (instance: Instance) => {
    for (let i = 0; i < 4; i++) if (servedBy(await fetch(`${balancer.url}/api/health`)) === other(instance)) return;
    throw new Error(`nginx never sent /api/health to ${other(instance)}`);
  };

  /** The same read through nginx until both instances have answered it: their answers, by instance. */
  const onBoth = async (url: string, cookie: string) => {
    const answers: Partial<Record<Instance, Awaited<ReturnType<typeof call>>>> = {};
    for (let i = 0; i < 4 && !(answers.a && answers.b); i++) {
      const res = await call('GET', url, undefined, cookie);
      answers[res.served] = res;
    }
    if (!answers.a || !answers.b) throw new Error(`${url} was not served by both instances`);
    return { a: answers.a, b: answers.b };
  };

  const signUp = async (email: string, userType: 'business' | 'pro_staff') => {
    const res = await call('POST', '/api/auth/register', { email, password: 'trail-cam-2026', userType, ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    // Confirmed, as every account that messages must be (record 027); the mail is kept by the instance that sent it.
    await nextGoesTo(res.served);
    const mail = await call('GET', '/api/test/my-mail', undefined, res.cookie);
    expect(mail.served).toBe(res.served);
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.body.mails[0]?.text ?? '')?.[1];
    expect((await call('POST', '/api/account/verify-email', { token })).status).toBe(204);
    return { id: res.body.id as number, cookie: res.cookie! };
  };

  it('delivers a message sent through one instance to an SSE client on the other, both through nginx', async () => {
    const sender = await signUp('sender@example.com', 'pro_staff');
    const recipient = await signUp('recipient@example.com', 'business');

    const abort = new AbortController();
    const stream = await fetch(`${balancer.url}/api/events`, { headers: { cookie: recipient.cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const streaming = servedBy(stream);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    // Its first bytes came through nginx unbuffered: the stream is subscribed on that instance.
    let received = decoder.decode((await reader.read()).value, { stream: true });
    expect(received).toContain('retry:');
    const arrived = (async () => {
      while (!received.includes('event: message.created')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    })();
    await nextGoesTo(other(streaming));
    const sent = await call('POST', '/api/messages', { toUserId: recipient.id, content: 'Across machines' }, sender.cookie);
    expect(sent.status).toBe(201);
    expect(sent.served).toBe(other(streaming));

    await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`no event on ${streaming}; got: ${received}`)), 10_000))]);
    abort.abort();
    expect(received).toContain(`"messageId":${sent.body.id}`);
  });

  it('ends a session on both instances when it is signed out through one, and shows a plan change on both', async () => {
    const user = await signUp('kept@example.com', 'business');
    const me = await onBoth('/api/auth/me', user.cookie);
    expect([me.a.body.subscriptionTier, me.b.body.subscriptionTier]).toEqual(['free', 'free']);
    await admin(databaseUrl, (client) => client.query(`update users set subscription_tier = 'professional' where id = $1`, [user.id]));
    await expect.poll(async () => {
      const both = await onBoth('/api/auth/me', user.cookie);
      return [both.a.body.subscriptionTier, both.b.body.subscriptionTier];
    }, { timeout: 1000 }).toEqual(['professional', 'professional']);
    const loggedOut = await call('POST', '/api/auth/logout', {}, user.cookie);
    expect(loggedOut.status).toBe(204);
    await expect.poll(async () => {
      const both = await onBoth('/api/auth/me', user.cookie);
      return [both.a.status, both.b.status];
    }, { timeout: 1000 }).toEqual([401, 401]);
  });

  it('counts login failures across both instances', async () => {
    await signUp('throttled@example.com', 'business');
    const served: Instance[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/auth/login', { email: 'throttled@example.com', password: 'wrong-guess' });
      expect(res.status).toBe(401);
      served.push(res.served);
    }
    // Both instances took some of the five.
    expect(served.filter((instance) => instance === 'a').length).toBeGreaterThanOrEqual(2);
    expect(served.filter((instance) => instance === 'b').length).toBeGreaterThanOrEqual(2);
    // The right password now waits, on either instance.
    for (const instance of ['a', 'b'] as const) {
      await nextGoesTo(instance);
      const res = await call('POST', '/api/auth/login', { email: 'throttled@example.com', password: 'trail-cam-2026' });
      expect([res.served, res.status]).toEqual([instance, 429]);
    }
  });

  it('serves through one instance a file uploaded through the other, both through nginx', async () => {
    const pro = await signUp('avatar@example.com', 'pro_staff');
    // Larger than nginx's in-memory body buffer: the upload passes through its temp files too.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100_000)]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${balancer.url}/api/uploads/avatar`, { method: 'POST', body: form, headers: { cookie: pro.cookie } });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    await nextGoesTo(other(servedBy(uploaded)));
    const served = await fetch(`${balancer.url}${url}`);
    expect(servedBy(served)).toBe(other(servedBy(uploaded)));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('runs each scheduled task once per period, although both instances work the queue', async () => {
    const scheduled = ['tasks.purge-finished', 'billing.trial-jobs', 'commissions.release-holds', 'retention.nightly', 'rankings.monthly-snapshot', 'account.erase-due', 'account.exports-expire',
      'agreements.expiry-notices', 'notifications.weekly-digest', 'notifications.purge-read', 'credentials.expire', 'campaigns.announce', 'goals.reached', 'payouts.reconcile', 'gear.pro-pricing.end', 'gear.tiers.promote',
      'fraud.expire-flags', 'fraud.purge-order-risk', 'discounts.magento-poll'];
    // Each worker adds this period's runs at every round (every second); give both a few rounds. `runs` counts the
    // handler's executions as the recorder saw them, on either instance, not the task rows.
    type Row = { kind: string; period: string; status: string; attempts: number; runs: number };
    const read = () => admin(databaseUrl, async (client) =>
      (await client.query<Row>(`select t.kind, t.dedupe_key as period, t.status, t.attempts,
          (select count(*) from task_runs_seen r where r.task_id = t.id)::int as runs
        from background_tasks t where t.dedupe_key like 'schedule:%' order by t.kind`)).rows,
    );
    let rows: Row[] = [];
    await expect.poll(async () => {
      rows = await read();
      return new Set(rows.map((row) => row.kind)).size >= scheduled.length && rows.every((row) => row.status === 'done');
    }, { timeout: 10_000, interval: 250 }).toBe(true);
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual([...scheduled].sort());
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1, runs: 1 });
    // One task per kind and period, and nothing ran that is not one of them.
    expect(new Set(rows.map((row) => row.period)).size).toBe(rows.length);
    const [{ total }] = await admin(databaseUrl, async (client) => (await client.query<{ total: number }>(`select count(*)::int as total from task_runs_seen r join background_tasks t on t.id = r.task_id where t.dedupe_key like 'schedule:%'`)).rows);
    expect(total).toBe(rows.length);
  });
});
