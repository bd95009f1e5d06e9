import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../db/client';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { DEMO_ADMIN_EMAIL, DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '../../db/seed/demo-accounts';

// Issue 17, item 2: with NODE_ENV=production and no DATABASE_URL the real server seeded the demo accounts,
// advertised them in /api/config, and admin@example.com / demo1234 signed in as admin.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-production-'));
});
afterAll(() => {
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

type Started = { base: string; exited: Promise<{ code: number | null; output: string }>; stop(): Promise<void> };

async function startProduction(extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://huntstaff.example.com',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (!('SEED_DEMO' in extraEnv)) delete env.SEED_DEMO;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return {
    base: `http://127.0.0.1:${port}`,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilUp(server: Started): Promise<void> {
  // A fresh embedded database runs every migration first: a minute or more on a busy machine.
  for (let i = 0; i < 720; i++) {
    const up = await fetch(`${server.base}/api/health`).then((res) => res.ok, () => false);
    if (up) return;
    const done = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve(null), 250))]);
    if (done) throw new Error(`server exited: ${JSON.stringify(done)}`);
  }
  throw new Error('server did not start');
}

const login = (base: string, email: string) =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) }).then((res) => res.status);

describe('production and the published demo credentials', { timeout: 480_000 }, () => {
  it('seeds no demo accounts, advertises none, and refuses to start while an admin has the demo password', async () => {
    const server = await startProduction();
    await waitUntilUp(server);
    const config = await fetch(`${server.base}/api/config`).then((res) => res.json());
    expect(config.demoLoginHint).toBeNull();
    expect(await login(server.base, DEMO_ADMIN_EMAIL)).toBe(401);
    expect(await login(server.base, DEMO_BUSINESS_EMAIL)).toBe(401);
    await server.stop();

    // Someone gives an admin account the published password: the server must not come up.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await runMigrations(database);
    await database.db.insert(users).values({ email: 'boss@example.com', passwordHash: await hashPassword(DEMO_PASSWORD), userType: 'business', isAdmin: true });
    await database.close();

    const refused = await startProduction();
    const result = await Promise.race([refused.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000))]);
    await refused.stop();
    expect(result?.code).toBe(1);
    expect(result?.output).toMatch(/admin account .*published demo password/i);
    expect(await fetch(`${refused.base}/api/health`).then(() => 'up', () => 'down')).toBe('down');
  });

  it('with SEED_DEMO=true seeds the demo marketplace loudly, without the demo admin, and still hides the logins', async () => {
    fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
    const server = await startProduction({ SEED_DEMO: 'true' });
    await waitUntilUp(server);
    expect(await login(server.base, DEMO_BUSINESS_EMAIL)).toBe(200);
    expect(await login(server.base, DEMO_ADMIN_EMAIL)).toBe(401);
    expect((await fetch(`${server.base}/api/config`).then((res) => res.json())).demoLoginHint).toBeNull();
    await server.stop();
    const { output } = await server.exited;
    expect(output).toMatch(/"level":40.*SEED_DEMO=true.*production/);
  });
});
