import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, DataDirLockedError } from '../../db/data-dir-lock';

// Issue 17, item 3: a second process opened the same DATA_DIR; after a hard kill every restart died with
// "RuntimeError: Aborted()" and acknowledged writes were unreadable. Decision record 015.

let dataDir: string;
const running: ChildProcess[] = [];
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-lock-'));
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
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

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

async function spawnServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn',
    NODE_ENV: 'test', CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.push(child);
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function waitUp(server: Server): Promise<void> {
  // A fresh embedded database runs every migration first: a minute or more on a busy machine.
  for (let i = 0; i < 720; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    if (await fetch(`${server.base}/api/health`).then((res) => res.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
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

describe('the embedded database folder is locked for the life of the process', { timeout: 480_000 }, () => {
  it('refuses a second process at once, and after kill -9 of the first a restart has every acknowledged write', async () => {
    const first = await spawnServer();
    await waitUp(first);
    const registered = await call(first.base, 'POST', '/api/auth/register', { email: 'lock@example.com', password: 'trail-cam-2026', userType: 'business' });
    expect(registered.status).toBe(201);
    const cookie = registered.cookie!;
    expect((await call(first.base, 'POST', '/api/business-profiles', { companyName: 'Lock Outfitters', location: 'Cody, WY', industry: 'Outfitter' }, cookie)).status).toBe(201);
    expect((await call(first.base, 'POST', '/api/job-postings', { title: 'Elk guide', description: 'Guide elk hunts.', location: 'Wyoming', specialties: ['Elk Hunting'] }, cookie)).status).toBe(201);
    const descriptions = Array.from({ length: 5 }, (_, i) => `Revision ${i + 1}`);
    for (const description of descriptions) {
      const res = await call(first.base, 'POST', '/api/business-profiles', { companyName: 'Lock Outfitters', location: 'Cody, WY', industry: 'Outfitter', description }, cookie);
      expect(res.status).toBe(200);
    }
    const others = Array.from({ length: 4 }, (_, i) => `lock.other${i}@example.com`);
    for (const email of others) {
      expect((await call(first.base, 'POST', '/api/auth/register', { email, password: 'trail-cam-2026', userType: 'pro_staff' })).status).toBe(201);
    }

    const second = await spawnServer();
    const code = await Promise.race([second.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 60_000))]);
    expect(code).toBe(1);
    expect(second.output()).toMatch(/data directory .* is in use by another HuntStaff process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/Aborted|RuntimeError/);
    // The first one was not disturbed.
    expect((await call(first.base, 'GET', '/api/auth/me', undefined, cookie)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // The lock file is left behind by the killed process: the next start must see it is stale.
    const third = await spawnServer();
    await waitUp(third);
    const me = await call(third.base, 'GET', '/api/auth/me', undefined, cookie);
    expect(me.status).toBe(200);
    const jobs = await call(third.base, 'GET', `/api/job-postings/business/${me.body.businessId}`, undefined, cookie);
    expect(jobs.body.map((job: { title: string }) => job.title)).toEqual(['Elk guide']);
    const profile = await call(third.base, 'GET', `/api/business-profiles/user/${me.body.id}`, undefined, cookie);
    expect(profile.body.description).toBe(descriptions.at(-1));
    for (const email of others) {
      expect((await call(third.base, 'POST', '/api/auth/login', { email, password: 'trail-cam-2026' })).status, email).toBe(200);
    }
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process, refuses a live owner, and releases its own', () => {
    const dir = path.join(dataDir, 'unit');
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, startTime: '1' }));
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });
});
