import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { signUp } from '@server/test/factories';
import { rateLimitSetups } from '@server/test/redis-probe';
import * as passwords from '@server/lib/passwords';
import { claimChallengeAttempt } from './repository';

// Issue 42, item 1: every sign-in limit counts an attempt and decides in one atomic step before the password or
// code is checked (decision records 011, 026). Bursts of parallel wrong guesses, on the embedded setup (in-memory
// counters) and on Redis; `npm run test:pg -- <this file>` runs both on PostgreSQL too.

// Counts how many attempts reach the password check itself. A spy on the module's export, not vi.mock: with
// `isolate: false` (vitest.config.ts) a worker keeps modules across files, so a vi.mock comes too late whenever an
// earlier file of the same worker loaded the passwords module, and nothing would be counted.
const verifyPassword = vi.spyOn(passwords, 'verifyPassword');
afterAll(() => verifyPassword.mockRestore());


const BURST = 50;
const LIMIT = 5;
const PASSWORD = 'trail-cam-2026';
const codeFor = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
const wrongCodeFor = (secret: string) => (codeFor(secret) === '123456' ? '654321' : '123456');

const setups = await rateLimitSetups('the parallel throttles on Redis are');

/** Statuses of a burst, and that every 429 says how long to wait. */
function tally(responses: { statusCode: number; headers: Record<string, unknown> }[]) {
  const statuses = responses.map((res) => res.statusCode);
  for (const res of responses.filter((r) => r.statusCode === 429)) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  return (status: number) => statuses.filter((s) => s === status).length;
}

describe.each(setups)('parallel guesses $name', ({ env, skip }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.ctx.rateLimits.reset();
    await t?.close();
    t = undefined;
  });

  it.skipIf(skip)(`lets at most ${LIMIT} of ${BURST} parallel wrong passwords reach the check; the rest wait (429, Retry-After)`, async () => {
    t = await createTestApp(env());
    const app = t.app;
    await signUp(t, 'business', 'burst@example.com');
    verifyPassword.mockClear();
    const burst = await Promise.all(
      Array.from({ length: BURST }, () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'burst@example.com', password: 'wrong-guess' }, remoteAddress: '198.51.100.20' })),
    );
    const count = tally(burst);
    expect(verifyPassword.mock.calls.length).toBe(LIMIT);
    expect(count(401)).toBe(LIMIT);
    expect(count(429)).toBe(BURST - LIMIT);
  });

  it.skipIf(skip)(`lets at most ${LIMIT} of ${BURST} parallel wrong codes on one sign-in reach the check, and as many at set-up`, async () => {
    t = await createTestApp(env());
    const app = t.app;
    const owner = await signUp(t, 'business');
    const setup = await owner.client.post('/api/account/two-factor/setup');
    // At set-up: one account's codes, in parallel.
    const enabling = await Promise.all(Array.from({ length: BURST }, () => owner.client.post('/api/account/two-factor/enable', { code: wrongCodeFor(setup.body.secret) })));
    const atSetUp = tally(enabling.map((res) => ({ statusCode: res.status, headers: res.headers })));
    expect(atSetUp(400)).toBe(LIMIT);
    expect(atSetUp(429)).toBe(BURST - LIMIT);
    await app.ctx.rateLimits.reset();
    expect((await owner.client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) })).status).toBe(200);

    // At sign-in: one challenge, its codes in parallel.
    const challenge = await new TestClient(app).post('/api/auth/login', { email: owner.user.email, password: PASSWORD });
    expect(challenge.status).toBe(202);
    const burst = await Promise.all(
      Array.from({ length: BURST }, () =>
        app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challengeToken: challenge.body.challengeToken, code: wrongCodeFor(setup.body.secret) } }),
      ),
    );
    const count = tally(burst);
    expect(count(400)).toBe(LIMIT);
    expect(count(429)).toBe(BURST - LIMIT);
  });
});

describe.each(setups)('what uses the sign-in budgets $name', ({ env, skip }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.ctx.rateLimits.reset();
    await t?.close();
    t = undefined;
  });

  it.skipIf(skip)('only failures: a right password or code is given back, and so is an attempt a later limit refused', async () => {
    t = await createTestApp(env());
    const app = t.app;
    const { store } = app.ctx.rateLimits;
    const counted = async (key: string) => (await store.peek(key))?.count ?? 0;
    const owner = await signUp(t, 'business');
    const from = (password: string, remoteAddress = '198.51.100.30') =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.user.email, password }, remoteAddress });

    expect((await from('wrong-guess')).statusCode).toBe(401);
    expect((await from(PASSWORD)).statusCode).toBe(200);
    expect(await counted('login-failures-address:198.51.100.30')).toBe(1);
    // Five wrong from one address: the sixth attempt waits, and that refused attempt uses none of the address's budget.
    for (let i = 0; i < LIMIT; i++) expect((await from('wrong-guess', '198.51.100.31')).statusCode).toBe(401);
    expect((await from(PASSWORD, '198.51.100.31')).statusCode).toBe(429);
    expect(await counted('login-failures-address:198.51.100.31')).toBe(LIMIT);

    const codes = `two-factor-failures-user:${owner.user.id}`;
    // Not a code check (no set-up yet): not counted.
    expect((await owner.client.post('/api/account/two-factor/enable', { code: '123456' })).status).toBe(409);
    expect(await counted(codes)).toBe(0);
    const setup = await owner.client.post('/api/account/two-factor/setup');
    expect((await owner.client.post('/api/account/two-factor/enable', { code: wrongCodeFor(setup.body.secret) })).status).toBe(400);
    const enabled = await owner.client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(await counted(codes)).toBe(1);
    // A spent challenge refuses before any check; a right code at sign-in and a recovery code to turn it off are given back.
    const second = (challengeToken: string, code: string) => app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challengeToken, code } });
    const spent = (await from(PASSWORD, '198.51.100.32')).json();
    await t.database.query(`update login_challenges set failed_attempts = ${LIMIT}`);
    expect((await second(spent.challengeToken, codeFor(setup.body.secret, 1))).statusCode).toBe(401);
    const live = (await from(PASSWORD, '198.51.100.32')).json();
    expect((await second(live.challengeToken, codeFor(setup.body.secret, 1))).statusCode).toBe(200);
    const off = await owner.client.post('/api/account/two-factor/disable', { currentPassword: PASSWORD, code: enabled.body.recoveryCodes[0] });
    expect(off.status).toBe(204);
    expect(await counted(codes)).toBe(1);
  });
});

describe('a sign-in challenge’s own limit', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it(`counts ${BURST} parallel attempts in one statement: ${LIMIT} are let through, then the challenge is spent`, async () => {
    t = await createTestApp();
    const owner = await signUp(t, 'business');
    const [{ id }] = await t.database.query<{ id: number }>(
      `insert into login_challenges (user_id, token_hash, expires_at) values (${owner.user.id}, 'h-${randomUUID()}', now() + interval '5 minutes') returning id`,
    );
    const db = t.database.db;
    const claims = await Promise.all(Array.from({ length: BURST }, () => claimChallengeAttempt(db, id, LIMIT, new Date())));
    expect(claims.filter(Boolean)).toHaveLength(LIMIT);
    expect(await t.database.query('select failed_attempts from login_challenges')).toEqual([{ failed_attempts: LIMIT }]);
  });
});
