import { describe, expect, it } from 'vitest';
import { call, spawnServer, stopServer, verifyEmailFromMail, waitUp, type ServerProcess, useServerDataDir } from '@server/test/server-process';

// The real server process (src/server/main.ts) on the embedded database in a folder of its own:
// what it answered before it was stopped is still there when it starts again.

const dataDir = useServerDataDir('hs-restart-');
let server: ServerProcess | undefined;

async function start(): Promise<string> {
  server = await spawnServer(dataDir());
  await waitUp(server);
  return server.base;
}

function stop(signal: NodeJS.Signals): Promise<number | null> {
  const running = server!;
  server = undefined;
  return stopServer(running, signal);
}

const account = { email: 'restart.outfitter@example.com', password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true };
const profile = { companyName: 'Restart Outfitters', location: 'Bozeman, MT', industry: 'Outfitter' };
const job = { title: 'Elk guide', description: 'Guide archery elk hunts in September.', location: 'Montana', specialties: ['Elk Hunting'] };

describe('restarting the server', { timeout: 180_000 }, () => {
  it('keeps every answered write across a graceful stop (SIGTERM) and a crash (SIGKILL)', async () => {
    let base = await start();
    const registered = await call(base, 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(201);
    const cookie = registered.cookie!;
    await verifyEmailFromMail(base, cookie);
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
