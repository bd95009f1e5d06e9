import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { signUp } from '@server/test/factories';
import { rateLimitSetups } from '@server/test/redis-probe';
import * as passwords from '@server/lib/passwords';

// Issue 42: the current-password re-checks of signed-in users (change password, change email, delete the account,
// turn two-factor off) share one per-user limit, counted before the check (auth/current-password.ts, decision records
// 011 and 026). In memory and on Redis; `npm run test:pg -- <this file>` runs both on PostgreSQL too.

// Counts how many attempts reach the password check itself. A spy on the module's export, not vi.mock: with
// `isolate: false` (vitest.config.ts) a worker keeps modules across files, so a vi.mock comes too late whenever an
// earlier file of the same worker loaded the passwords module, and nothing would be counted.
const verifyPassword = vi.spyOn(passwords, 'verifyPassword');
afterAll(() => verifyPassword.mockRestore());
const passwordChecks = () => verifyPassword.mock.calls.length;


const BURST = 20;
const LIMIT = 5;
const PASSWORD = 'trail-cam-2026';
const NEW_PASSWORD = 'decoy-spread-2027';

const setups = await rateLimitSetups('the re-check limit on Redis is');

describe.each(setups)('current-password re-checks $name', ({ env, skip }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.ctx.rateLimits.reset();
    await t?.close();
    t = undefined;
  });

  it.skipIf(skip)(`let at most ${LIMIT} of ${BURST} parallel wrong passwords reach the check; the rest wait (429, Retry-After)`, async () => {
    t = await createTestApp(env());
    const owner = await signUp(t, 'business');
    verifyPassword.mockClear();
    const burst = await Promise.all(
      Array.from({ length: BURST }, () => owner.client.post('/api/auth/change-password', { currentPassword: 'wrong-guess', newPassword: NEW_PASSWORD })),
    );
    expect(passwordChecks()).toBe(LIMIT);
    expect(burst.filter((res) => res.status === 400)).toHaveLength(LIMIT);
    const refused = burst.filter((res) => res.status === 429);
    expect(refused).toHaveLength(BURST - LIMIT);
    for (const res of refused) {
      expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many wrong passwords'), details: { retryAfterSeconds: expect.any(Number) } } });
      expect(Number(res.headers['retry-after'])).toBe(res.body.error.details.retryAfterSeconds);
      expect(res.body.error.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it.skipIf(skip)('share one budget across the four routes, of wrong passwords only: a right one is given back', async () => {
    t = await createTestApp(env());
    const owner = await signUp(t, 'business');
    const setup = await owner.client.post('/api/account/two-factor/setup');
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
    expect((await owner.client.post('/api/account/two-factor/enable', { code })).status).toBe(200);
    const wrongEmailChange = () => owner.client.post('/api/account/email', { email: 'elsewhere@example.com', currentPassword: 'wrong-guess' });

    for (let i = 0; i < LIMIT - 1; i++) expect((await wrongEmailChange()).status).toBe(400);
    // A right password (here changing it) does not use the budget: the fifth wrong one is still checked.
    expect((await owner.client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await wrongEmailChange()).status).toBe(400);
    // Five wrong on one route: the others refuse even the right password, before checking it.
    verifyPassword.mockClear();
    const deletion = await owner.client.post('/api/account/deletion', { currentPassword: NEW_PASSWORD });
    expect(deletion.status).toBe(429);
    expect(Number(deletion.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await owner.client.post('/api/account/two-factor/disable', { currentPassword: NEW_PASSWORD, code: '123456' })).status).toBe(429);
    expect(passwordChecks()).toBe(0);
  });
});
