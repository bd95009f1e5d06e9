import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, spawnServer, verifyEmailFromMail, waitUp, useServerDataDir } from '@server/test/server-process';
import { lockDataDir, DataDirLockedError } from '@server/db/data-dir-lock';

// Issue 17, item 3: a second process opened the same DATA_DIR; after a hard kill every restart died with
// "RuntimeError: Aborted()" and acknowledged writes were unreadable. Decision record 015.

const dataDir = useServerDataDir('hs-lock-');

describe('the embedded database folder is locked for the life of the process', { timeout: 480_000 }, () => {
  it('refuses a second process at once, and after kill -9 of the first a restart has every acknowledged write', async () => {
    const first = await spawnServer(dataDir());
    await waitUp(first);
    const registered = await call(first.base, 'POST', '/api/auth/register', { email: 'lock@example.com', password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expect(registered.status).toBe(201);
    const cookie = registered.cookie!;
    await verifyEmailFromMail(first.base, cookie);
    expect((await call(first.base, 'POST', '/api/business-profiles', { companyName: 'Lock Outfitters', location: 'Cody, WY', industry: 'Outfitter' }, cookie)).status).toBe(201);
    expect((await call(first.base, 'POST', '/api/job-postings', { title: 'Elk guide', description: 'Guide elk hunts.', location: 'Wyoming', specialties: ['Elk Hunting'] }, cookie)).status).toBe(201);
    const descriptions = Array.from({ length: 5 }, (_, i) => `Revision ${i + 1}`);
    for (const description of descriptions) {
      const res = await call(first.base, 'POST', '/api/business-profiles', { companyName: 'Lock Outfitters', location: 'Cody, WY', industry: 'Outfitter', description }, cookie);
      expect(res.status).toBe(200);
    }
    const others = Array.from({ length: 4 }, (_, i) => `lock.other${i}@example.com`);
    for (const email of others) {
      expect((await call(first.base, 'POST', '/api/auth/register', { email, password: 'trail-cam-2026', userType: 'pro_staff', ageConfirmed: true, termsAccepted: true })).status).toBe(201);
    }

    const second = await spawnServer(dataDir());
    const code = await Promise.race([second.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 60_000))]);
    expect(code).toBe(1);
    expect(second.output()).toMatch(/data directory .* is in use by another HuntStaff process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/Aborted|RuntimeError/);
    // The first one was not disturbed.
    expect((await call(first.base, 'GET', '/api/auth/me', undefined, cookie)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // The lock file is left behind by the killed process: the next start must see it is stale.
    const third = await spawnServer(dataDir());
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
    expect(fs.existsSync(path.join(dataDir(), 'db.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process, refuses a live owner, and releases its own', () => {
    const dir = path.join(dataDir(), 'unit');
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, startTime: '1' }));
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });
});
