import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { useTestApp } from '@server/test/use-test-app';
import { createTestApp, TestClient } from '@server/test/test-app';
import { createBusiness, createProStaff, makeAdmin, signUp, type SignedIn } from '@server/test/factories';

const t = useTestApp();

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** Sets up and turns on two-factor for the account; answers its secret and recovery codes. */
async function enrol(account: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await account.client.post('/api/account/two-factor/setup');
  expect(setup.status).toBe(200);
  const enabled = await account.client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

const login = (email: string, password = 'trail-cam-2026') => new TestClient(t.app).post('/api/auth/login', { email, password });

describe('two-factor enrolment', () => {
  it('gives a key and an otpauth URI, turns on only with a right code, and answers ten recovery codes', async () => {
    const pro = await createProStaff(t);
    const setup = await pro.client.post('/api/account/two-factor/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(`otpauth://totp/HuntStaff:${encodeURIComponent(pro.user.email)}?issuer=HuntStaff&secret=${setup.body.secret}&algorithm=SHA1&digits=6&period=30`);
    expect((await pro.client.get('/api/auth/me')).body.twoFactorEnabled).toBe(false);

    const wrong = await pro.client.post('/api/account/two-factor/enable', { code: '000000' === codeFor(setup.body.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'code', message: 'Incorrect code' }]);
    expect((await pro.client.get('/api/auth/me')).body.twoFactorEnabled).toBe(false);

    const enabled = await pro.client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await pro.client.get('/api/auth/me')).body.twoFactorEnabled).toBe(true);
    // Only hashes are stored.
    const stored = await t.database.query<{ code_hash: string }>('select code_hash from totp_recovery_codes');
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(enabled.body.recoveryCodes[0]);
    // Set-up again is refused while it is on.
    expect((await pro.client.post('/api/account/two-factor/setup')).status).toBe(409);
  });

  it('refuses to turn on without a set-up, and with a malformed code; signed out is 401', async () => {
    const business = await createBusiness(t);
    expect((await business.client.post('/api/account/two-factor/enable', { code: '123456' })).status).toBe(409);
    expect((await business.client.post('/api/account/two-factor/enable', { code: '12' })).status).toBe(400);
    expect((await business.client.post('/api/account/two-factor/enable', {})).status).toBe(400);
    const anonymous = t.anonymous();
    for (const url of ['/api/account/two-factor/setup', '/api/account/two-factor/enable', '/api/account/two-factor/disable', '/api/account/two-factor/dismiss-prompt']) {
      expect((await anonymous.post(url, { code: '123456', currentPassword: 'x' })).status, url).toBe(401);
    }
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password (no session yet), then signs in with it', async () => {
    const business = await createBusiness(t);
    const { secret } = await enrol(business);
    const client = new TestClient(t.app);
    const first = await client.post('/api/auth/login', { email: business.user.email, password: 'trail-cam-2026' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String), expiresAt: expect.any(String) });
    expect(first.raw.cookies).toHaveLength(0);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(new Date(first.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const second = await client.post('/api/auth/login/two-factor', { challengeToken: first.body.challengeToken, code: codeFor(secret, 1) });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: business.user.id, twoFactorEnabled: true });
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // The challenge is spent.
    expect((await new TestClient(t.app).post('/api/auth/login/two-factor', { challengeToken: first.body.challengeToken, code: codeFor(secret, 1) })).status).toBe(401);
  });

  it('a code works once: the same code is refused the second time', async () => {
    const pro = await createProStaff(t);
    const { secret } = await enrol(pro);
    const code = codeFor(secret, 1);
    const a = await login(pro.user.email);
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: a.body.challengeToken, code })).status).toBe(200);
    const b = await login(pro.user.email);
    const replay = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: b.body.challengeToken, code });
    expect(replay.status).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const pro = await createProStaff(t);
    const { recoveryCodes } = await enrol(pro);
    const a = await login(pro.user.email);
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: a.body.challengeToken, code: recoveryCodes[3].toUpperCase() })).status).toBe(200);
    const b = await login(pro.user.email);
    const again = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: b.body.challengeToken, code: recoveryCodes[3] });
    expect(again.status).toBe(400);
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: b.body.challengeToken, code: recoveryCodes[4] })).status).toBe(200);
    const used = await t.database.query<{ n: number }>('select count(*)::int as n from totp_recovery_codes where used_at is not null');
    expect(used[0].n).toBe(2);
  });

  it('throttles wrong codes per account: after five, even the right code waits (429 with Retry-After)', async () => {
    const pro = await createProStaff(t);
    const { secret } = await enrol(pro);
    const wrong = codeFor(secret, 1) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const challenge = await login(pro.user.email);
      expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: challenge.body.challengeToken, code: wrong })).status).toBe(400);
    }
    const challenge = await login(pro.user.email);
    const blocked = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: challenge.body.challengeToken, code: codeFor(secret, 1) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    t.app.ctx.rateLimits.reset();
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: challenge.body.challengeToken, code: codeFor(secret, 1) })).status).toBe(200);
  });

  it('spends a challenge after five wrong codes, and refuses an expired or unknown one', async () => {
    const pro = await createProStaff(t);
    const { secret } = await enrol(pro);
    const challenge = await login(pro.user.email);
    await t.database.query(`update login_challenges set failed_attempts = 5`);
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: challenge.body.challengeToken, code: codeFor(secret, 1) })).status).toBe(401);
    const late = await login(pro.user.email);
    await t.database.query(`update login_challenges set expires_at = now() - interval '1 second'`);
    const expired = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: late.body.challengeToken, code: codeFor(secret, 1) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('This sign-in has expired. Enter your email and password again.');
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: 'short', code: '123456' })).status).toBe(400);
  });

  it('a wrong password never reaches the code step', async () => {
    const pro = await createProStaff(t);
    await enrol(pro);
    expect((await login(pro.user.email, 'not-the-password')).status).toBe(401);
    expect(await t.database.query('select id from login_challenges')).toEqual([]);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a current code; then sign-in needs the password alone', async () => {
    const pro = await createProStaff(t);
    const { secret } = await enrol(pro);
    const noPassword = await pro.client.post('/api/account/two-factor/disable', { currentPassword: 'wrong-one', code: codeFor(secret, 1) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.details).toEqual([{ path: 'currentPassword', message: 'Incorrect password' }]);
    expect((await pro.client.post('/api/account/two-factor/disable', { currentPassword: 'trail-cam-2026', code: '000001' })).status).toBe(400);
    expect((await pro.client.post('/api/account/two-factor/disable', { currentPassword: 'trail-cam-2026', code: codeFor(secret, 1) })).status).toBe(204);
    expect((await pro.client.get('/api/auth/me')).body.twoFactorEnabled).toBe(false);
    expect(await t.database.query('select id from totp_recovery_codes')).toEqual([]);
    expect((await login(pro.user.email)).status).toBe(200);
    expect((await pro.client.post('/api/account/two-factor/disable', { currentPassword: 'trail-cam-2026', code: '123456' })).status).toBe(409);
  });
});

describe('the prompt to turn it on', () => {
  it('asks business accounts and admins, not pro staff, until dismissed or turned on', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    const admin = await makeAdmin(t, await signUp(t, 'pro_staff'));
    expect(business.user.twoFactorPrompt).toBe(true);
    expect(pro.user.twoFactorPrompt).toBe(false);
    expect(admin.user.twoFactorPrompt).toBe(true);
    expect((await business.client.post('/api/account/two-factor/dismiss-prompt')).status).toBe(204);
    expect((await business.client.get('/api/auth/me')).body.twoFactorPrompt).toBe(false);
    await enrol(admin);
    expect((await admin.client.get('/api/auth/me')).body.twoFactorPrompt).toBe(false);
  });
});

describe('admins in production', () => {
  it('reach the admin API only with two-factor on; outside production the demo admin keeps working without it', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business', 'boss@example.com'));
    expect((await admin.client.get('/api/admin/analytics')).status).toBe(200);

    // A production app over the same (emptied) test database.
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' });
    try {
      const { client } = await makeAdmin(prod, await signUp(prod, 'business', 'boss@example.com'));
      const refused = await client.get('/api/admin/analytics');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'TWO_FACTOR_REQUIRED', message: 'Turn on two-factor sign-in on your profile page to use the admin tools.' });
      expect((await client.get('/api/admin/background-tasks')).body.error.code).toBe('TWO_FACTOR_REQUIRED');
      const setup = await client.post('/api/account/two-factor/setup');
      const enabled = await client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) });
      expect(enabled.status).toBe(200);
      expect((await client.get('/api/admin/analytics')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('the authenticator key at rest', () => {
  const storedKeys = async (userId: number) =>
    (await t.database.query<{ totp_secret: string | null; totp_pending_secret: string | null }>(`select totp_secret, totp_pending_secret from users where id = ${userId}`))[0];

  it('is stored sealed (AES-256-GCM), never as the base32 key, and sign-in with a code still works', async () => {
    const business = await createBusiness(t);
    const setup = await business.client.post('/api/account/two-factor/setup');
    const pending = await storedKeys(business.user.id);
    expect(pending.totp_pending_secret).toMatch(/^v1:/);
    expect(pending.totp_pending_secret).not.toContain(setup.body.secret);
    expect((await business.client.post('/api/account/two-factor/enable', { code: codeFor(setup.body.secret) })).status).toBe(200);
    const stored = await storedKeys(business.user.id);
    expect(stored.totp_pending_secret).toBeNull();
    expect(stored.totp_secret).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(stored.totp_secret).not.toContain(setup.body.secret);

    const first = await login(business.user.email);
    expect(first.status).toBe(202);
    const second = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: first.body.challengeToken, code: codeFor(setup.body.secret, 1) });
    expect(second.status).toBe(200);
  });

  it('still accepts a key stored plain before sealing, and seals it at its next accepted code', async () => {
    const pro = await createProStaff(t);
    const secret = new Secret({ size: 20 }).base32;
    await t.database.query(`update users set totp_secret = '${secret}', totp_enabled_at = now() where id = ${pro.user.id}`);
    const first = await login(pro.user.email);
    expect(first.status).toBe(202);
    const wrong = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: first.body.challengeToken, code: codeFor(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect((await storedKeys(pro.user.id)).totp_secret).toBe(secret);
    const right = await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: first.body.challengeToken, code: codeFor(secret) });
    expect(right.status).toBe(200);
    const sealed = (await storedKeys(pro.user.id)).totp_secret;
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    // The sealed key signs in as before.
    const again = await login(pro.user.email);
    expect((await t.anonymous().post('/api/auth/login/two-factor', { challengeToken: again.body.challengeToken, code: codeFor(secret, 1) })).status).toBe(200);
  });
});
