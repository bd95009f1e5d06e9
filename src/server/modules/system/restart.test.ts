import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real server process (src/server/main.ts) on the embedded database in a folder of its own:
// what it answered before it was stopped is still there when it starts again.

let dataDir: string;
let server: ChildProcess | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-restart-'));
});
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function start(): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const up = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
    if (up) return base;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

function stop(signal: NodeJS.Signals): Promise<number | null> {
  const child = server!;
  server = undefined;
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function call(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().find((value) => value.startsWith('hs_session='));
  return { status: res.status, body: res.status === 204 ? null : await res.json(), cookie: setCookie?.split(';')[0] };
}

const account = { email: 'restart.outfitter@example.com', password: 'trail-cam-2026', userType: 'business' };
const profile = { companyName: 'Restart Outfitters', location: 'Bozeman, MT', industry: 'Outfitter' };
const job = { title: 'Elk guide', description: 'Guide archery elk hunts in September.', location: 'Montana', specialties: ['Elk Hunting'] };

describe('restarting the server', { timeout: 180_000 }, () => {
  it('keeps every answered write across a graceful stop (SIGTERM) and a crash (SIGKILL)', async () => {
    let base = await start();
    const registered = await call(base, 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(201);
    const cookie = registered.cookie!;
    expect((await call(base, 'POST', '/api/business-profiles', profile, cookie)).status).toBe(201);
    expect((await call(base, 'POST', '/api/job-postings', job, cookie)).status).toBe(201);

    expect(await stop('SIGTERM')).toBe(0);
    base = await start();
    // The session itself survived: no new sign-in needed.
    const me = await call(base, 'GET', '/api/auth/me', undefined, cookie);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
    const jobs = await call(base, 'GET', `/api/job-postings/business/${me.body.businessId}`, undefined, cookie);
    expect(jobs.body.map((posting: { title: string }) => posting.title)).toEqual([job.title]);
    const updated = { ...profile, description: 'Written just before the crash.' };
    expect((await call(base, 'POST', '/api/business-profiles', updated, cookie)).status).toBe(200);

    await stop('SIGKILL');
    base = await start();
    const afterCrash = await call(base, 'GET', `/api/business-profiles/user/${me.body.id}`, undefined, cookie);
    expect(afterCrash.status).toBe(200);
    expect(afterCrash.body).toMatchObject(updated);
    expect((await call(base, 'GET', `/api/job-postings/business/${me.body.businessId}`, undefined, cookie)).body).toHaveLength(1);
    expect(await stop('SIGTERM')).toBe(0);
  });
});
