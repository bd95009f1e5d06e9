import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer, stopServer, waitUp, type ServerProcess, useServerDataDir } from '@server/test/server-process';
import { openDatabase, runMigrations } from '@server/db/client';
import { users } from '@server/db/schema/users';
import { hashPassword } from '@server/lib/passwords';
import { DEMO_ADMIN_EMAIL, DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '@server/db/seed/demo-accounts';

// Issue 17, item 2: with NODE_ENV=production and no DATABASE_URL the real server seeded the demo accounts,
// advertised them in /api/config, and admin@example.com / demo1234 signed in as admin.

const dataDir = useServerDataDir('hs-production-');

/** The real server with NODE_ENV=production on the embedded database (SEED_DEMO unset unless given). */
function startProduction(env: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnServer(dataDir(), { NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com', LOG_LEVEL: 'info', SEED_DEMO: undefined, ...env });
}

const login = (base: string, email: string) =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) }).then((res) => res.status);

describe('production and the published demo credentials', { timeout: 480_000 }, () => {
  it('seeds no demo accounts, advertises none, and refuses to start while an admin has the demo password', async () => {
    const server = await startProduction();
    await waitUp(server);
    const config = await fetch(`${server.base}/api/config`).then((res) => res.json());
    expect(config.demoLoginHint).toBeNull();
    expect(await login(server.base, DEMO_ADMIN_EMAIL)).toBe(401);
    expect(await login(server.base, DEMO_BUSINESS_EMAIL)).toBe(401);
    await stopServer(server);

    // Someone gives an admin account the published password: the server must not come up.
    const database = await openDatabase({ dataDir: path.join(dataDir(), 'db') });
    await runMigrations(database);
    await database.db.insert(users).values({ email: 'boss@example.com', passwordHash: await hashPassword(DEMO_PASSWORD), userType: 'business', isAdmin: true });
    await database.close();

    const refused = await startProduction();
    const result = await Promise.race([refused.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 120_000))]);
    await stopServer(refused);
    expect(result).toBe(1);
    expect(refused.output()).toMatch(/admin account .*published demo password/i);
    expect(await fetch(`${refused.base}/api/health`).then(() => 'up', () => 'down')).toBe('down');
  });

  it('with SEED_DEMO=true seeds the demo marketplace loudly, without the demo admin, and still hides the logins', async () => {
    fs.rmSync(path.join(dataDir(), 'db'), { recursive: true, force: true });
    const server = await startProduction({ SEED_DEMO: 'true' });
    await waitUp(server);
    expect(await login(server.base, DEMO_BUSINESS_EMAIL)).toBe(200);
    expect(await login(server.base, DEMO_ADMIN_EMAIL)).toBe(401);
    expect((await fetch(`${server.base}/api/config`).then((res) => res.json())).demoLoginHint).toBeNull();
    await stopServer(server);
    expect(server.output()).toMatch(/"level":40.*SEED_DEMO=true.*production/);
  });
});
