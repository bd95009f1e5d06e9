import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { signUp } from '@server/test/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Reset mails only (every sign-up also mails its verification link, decision record 027). */
const resetMails = (app: { mailer: { sent: { to: string; subject: string; text: string }[] } }) => app.mailer.sent.filter((mail) => mail.subject === 'Reset your HuntStaff password');

const tokenFromMail = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1];

describe('password reset by emailed token', () => {
  it('emails a one-time link that sets a new password and ends every session', async () => {
    const { client } = await signUp(t, 'pro_staff', 'forgetful@example.com');
    const anonymous = new TestClient(t.app);
    const requested = await anonymous.post('/api/auth/password-reset/request', { email: 'forgetful@example.com' });
    expect(requested.status).toBe(202);
    expect(resetMails(t)).toHaveLength(1);
    expect(resetMails(t)[0].to).toBe('forgetful@example.com');
    const token = tokenFromMail(resetMails(t)[0].text);

    expect((await anonymous.post('/api/auth/password-reset/confirm', { token, password: 'brand-new-pass' })).status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await anonymous.post('/api/auth/login', { email: 'forgetful@example.com', password: 'trail-cam-2026' })).status).toBe(401);
    expect((await anonymous.post('/api/auth/login', { email: 'forgetful@example.com', password: 'brand-new-pass' })).status).toBe(200);

    const reused = await new TestClient(t.app).post('/api/auth/password-reset/confirm', { token, password: 'another-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toMatch(/invalid or has expired/);
    // The form shows it beside the token it came with.
    expect(reused.body.error.details).toEqual([{ path: 'token', message: 'Invalid or expired' }]);
  });

  it('builds the link from PUBLIC_URL, never from forged Host or X-Forwarded-Host headers', async () => {
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://huntstaff.example.com' });
    await signUp(t, 'business', 'victim@example.com');
    const res = await new TestClient(t.app).request('POST', '/api/auth/password-reset/request', { email: 'victim@example.com' }, { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' });
    expect(res.status).toBe(202);
    expect(resetMails(t)[0].text).toContain('https://huntstaff.example.com/reset-password?token=');
    expect(resetMails(t)[0].text).not.toContain('evil.example.net');
  });

  it('without PUBLIC_URL builds the link from the configured address, never from Host or X-Forwarded-Host', async () => {
    await t.close();
    // TRUST_PROXY on: even a trusted proxy's forwarded host must not decide where the link points.
    t = await createTestApp({ PORT: '5123', HOST: '0.0.0.0', TRUST_PROXY: 'true' });
    await signUp(t, 'business', 'dev.victim@example.com');
    const res = await new TestClient(t.app).request('POST', '/api/auth/password-reset/request', { email: 'dev.victim@example.com' }, { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(202);
    expect(resetMails(t)[0].text).toContain('http://localhost:5123/reset-password?token=');
    expect(resetMails(t)[0].text).not.toMatch(/evil\.example/);
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    const res = await new TestClient(t.app).post('/api/auth/password-reset/request', { email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    expect(resetMails(t)).toHaveLength(0);
  });

  it('rejects an expired token and a short password', async () => {
    await signUp(t, 'business', 'late@example.com');
    await new TestClient(t.app).post('/api/auth/password-reset/request', { email: 'late@example.com' });
    const token = tokenFromMail(resetMails(t)[0].text);
    const short = await new TestClient(t.app).post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.details[0].path).toBe('password');
    await t.database.query("update password_reset_tokens set expires_at = now() - interval '1 minute'");
    expect((await new TestClient(t.app).post('/api/auth/password-reset/confirm', { token, password: 'long-enough-1' })).status).toBe(400);
  });

  it('rate-limits reset requests from one address', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 10; i++) expect((await client.post('/api/auth/password-reset/request', { email: `x${i}@example.com` })).status).toBe(202);
    expect((await client.post('/api/auth/password-reset/request', { email: 'x@example.com' })).status).toBe(429);
  });

  it('rejects a malformed email', async () => {
    expect((await new TestClient(t.app).post('/api/auth/password-reset/request', { email: 'nope' })).status).toBe(400);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password and signs out the other sessions only', async () => {
    const { client } = await signUp(t, 'business', 'mover@example.com');
    const otherDevice = new TestClient(t.app);
    await otherDevice.post('/api/auth/login', { email: 'mover@example.com', password: 'trail-cam-2026' });

    const res = await client.post('/api/auth/change-password', { currentPassword: 'trail-cam-2026', newPassword: 'even-better-1' });
    expect(res.status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(t.app).post('/api/auth/login', { email: 'mover@example.com', password: 'even-better-1' })).status).toBe(200);
  });

  it('refuses a wrong current password, a short new one and anonymous callers', async () => {
    const { client } = await signUp(t, 'business');
    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'even-better-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].path).toBe('currentPassword');
    expect((await client.post('/api/auth/change-password', { currentPassword: 'trail-cam-2026', newPassword: 'short' })).status).toBe(400);
    expect((await new TestClient(t.app).post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'even-better-1' })).status).toBe(401);
  });
});

describe('sign-up throttling', () => {
  it('limits sign-ups from one address to 20 an hour', async () => {
    await t.close();
    t = await createTestApp({ RATE_LIMIT_REGISTRATIONS_PER_HOUR: '20' });
    for (let i = 0; i < 20; i++) await signUp(t, 'business', `bulk${i}@example.com`);
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'one-more@example.com', password: 'trail-cam-2026', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(429);
  });
});

describe('common passwords (ASVS 6.2.4)', () => {
  const tooCommon = { code: 'VALIDATION', message: expect.stringContaining('too common') };

  it('refuses a common password at sign-up, in any letter case, and creates no account', async () => {
    for (const password of ['password1', 'Qwerty123', 'P@ssw0rd']) {
      const res = await new TestClient(t.app).post('/api/auth/register', { email: 'common@example.com', password, userType: 'business', ageConfirmed: true, termsAccepted: true });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject(tooCommon);
      expect(res.body.error.details).toEqual([{ path: 'password', message: expect.any(String) }]);
    }
    expect(await t.database.query('select id from users')).toEqual([]);
  });

  it('does not count a refused sign-up against the per-address limit', async () => {
    await t.close();
    t = await createTestApp({ RATE_LIMIT_REGISTRATIONS_PER_HOUR: '1' });
    expect((await new TestClient(t.app).post('/api/auth/register', { email: 'c@example.com', password: 'password1', ageConfirmed: true, termsAccepted: true })).status).toBe(400);
    expect((await new TestClient(t.app).post('/api/auth/register', { email: 'c@example.com', password: 'trail-cam-2026', ageConfirmed: true, termsAccepted: true })).status).toBe(201);
  });

  it('refuses a common new password on change, keeping the old one', async () => {
    const { client, user } = await signUp(t, 'business');
    const res = await client.post('/api/auth/change-password', { currentPassword: 'trail-cam-2026', newPassword: 'iloveyou1' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'newPassword', message: expect.stringContaining('too common') }]);
    expect((await new TestClient(t.app).post('/api/auth/login', { email: user.email, password: 'trail-cam-2026' })).status).toBe(200);
  });

  it('refuses a common password on reset and leaves the link usable', async () => {
    await signUp(t, 'pro_staff', 'reset.common@example.com');
    const anonymous = new TestClient(t.app);
    await anonymous.post('/api/auth/password-reset/request', { email: 'reset.common@example.com' });
    const token = tokenFromMail(resetMails(t)[0].text);
    const refused = await anonymous.post('/api/auth/password-reset/confirm', { token, password: 'football1' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject(tooCommon);
    expect((await anonymous.post('/api/auth/password-reset/confirm', { token, password: 'elk-camp-2026' })).status).toBe(204);
  });
});
