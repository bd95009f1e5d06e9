import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { signUp } from '@server/test/factories';
import { TERMS_VERSION } from '@shared/legal';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /api/auth/register', () => {
  it('creates the account, returns the user and signs in', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/auth/register', { email: 'New.User@Example.com', password: 'longenough', userType: 'pro_staff', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number), email: 'new.user@example.com', userType: 'pro_staff', subscriptionTier: 'free',
      businessId: null, proStaffId: null, isAdmin: false, emailVerified: false, twoFactorEnabled: false, twoFactorPrompt: false,
      mustAcceptTerms: false,
    });
    const cookie = res.raw.cookies.find((c) => c.name === 'hs_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('new.user@example.com');
  });

  it('refuses a sign-up without the age confirmation or the terms, with a clear message, and creates no account', async () => {
    const base = { email: 'consent@example.com', password: 'trail-cam-2026', userType: 'business' };
    const noAge = await new TestClient(t.app).post('/api/auth/register', { ...base, termsAccepted: true });
    expect(noAge.status).toBe(400);
    expect(noAge.body.error).toMatchObject({ code: 'VALIDATION', message: 'ageConfirmed: Confirm that you are 18 or older' });
    const noTerms = await new TestClient(t.app).post('/api/auth/register', { ...base, ageConfirmed: true, termsAccepted: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error.details).toEqual([{ path: 'termsAccepted', message: 'Accept the Terms of Service and Privacy Policy' }]);
    const strings = await new TestClient(t.app).post('/api/auth/register', { ...base, ageConfirmed: 'true', termsAccepted: 'yes' });
    expect(strings.status).toBe(400);
    expect(await t.database.query("select id from users where email = 'consent@example.com'")).toEqual([]);
  });

  it('records the terms version and when the terms and age were confirmed', async () => {
    const before = Date.now();
    await signUp(t, 'pro_staff', 'consented@example.com');
    const [row] = await t.database.query<{ terms_version: string; terms_accepted_at: Date; age_confirmed_at: Date }>(
      "select terms_version, terms_accepted_at, age_confirmed_at from users where email = 'consented@example.com'",
    );
    expect(row.terms_version).toBe(TERMS_VERSION);
    expect(new Date(row.terms_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(row.age_confirmed_at).getTime()).toBe(new Date(row.terms_accepted_at).getTime());
  });

  it('defaults the account type to business', async () => {
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'a@example.com', password: 'longenough', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    expect(res.body.userType).toBe('business');
  });

  it('rejects a bad email and a short password with field details', async () => {
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'nope', password: 'short', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('rejects an unknown account type', async () => {
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'a@example.com', password: 'longenough', userType: 'admin', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(400);
  });

  it('answers 409 for a duplicate email, whatever its case', async () => {
    await signUp(t, 'business', 'taken@example.com');
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'TAKEN@example.com', password: 'longenough', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    // The form shows the message beside the email field.
    expect(res.body.error.details).toEqual([{ path: 'email', message: 'Email already registered' }]);
  });

  it('stores an argon2id hash, never the password', async () => {
    await signUp(t, 'business', 'hash@example.com');
    const [row] = await t.database.query<{ password_hash: string }>("select password_hash from users where email = 'hash@example.com'");
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and rotates the session token', async () => {
    const { client } = await signUp(t, 'business', 'login@example.com');
    const before = client.cookie;
    const res = await client.post('/api/auth/login', { email: 'login@example.com', password: 'trail-cam-2026' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('login@example.com');
    expect(client.cookie).not.toBe(before);
    // The old token no longer works.
    const old = await new TestClient(t.app, before).get('/api/auth/me');
    expect(old.status).toBe(401);
  });

  it('answers 401 for a wrong password or an unknown email', async () => {
    await signUp(t, 'business', 'login@example.com');
    const wrong = await new TestClient(t.app).post('/api/auth/login', { email: 'login@example.com', password: 'wrongpass' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHENTICATED');
    const unknown = await new TestClient(t.app).post('/api/auth/login', { email: 'ghost@example.com', password: 'wrongpass' });
    expect(unknown.status).toBe(401);
  });

  it('answers 400 when fields are missing', async () => {
    const res = await new TestClient(t.app).post('/api/auth/login', { email: '' });
    expect(res.status).toBe(400);
  });

  // Issue 17, item 7: ten wrong passwords from anywhere used to lock any account for everyone, its owner included.
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('slows down one client guessing one account with 429 and a growing Retry-After, not a lock', async () => {
    await signUp(t, 'business', 'target@example.com');
    for (let i = 0; i < 5; i++) expect((await loginFrom('198.51.100.7', 'target@example.com', 'wrong-guess')).statusCode).toBe(401);
    const blocked = await loginFrom('198.51.100.7', 'target@example.com', 'trail-cam-2026');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // The first wait is at most 30 seconds: "1 minute", in the singular.
    expect(blocked.json().error.message).toBe('Too many failed login attempts. Try again in 1 minute.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
    // Another client is not slowed down by that one's failures.
    expect((await loginFrom('192.0.2.10', 'target@example.com', 'trail-cam-2026')).statusCode).toBe(200);
  });

  it('lets a client with no failures sign in with the right password while others hammer the account', async () => {
    await signUp(t, 'business', 'hammered@example.com');
    for (let i = 0; i < 30; i++) {
      const status = (await loginFrom(`203.0.113.${i % 6}`, 'hammered@example.com', 'wrong-guess')).statusCode;
      expect([401, 429]).toContain(status);
    }
    expect((await loginFrom('192.0.2.10', 'hammered@example.com', 'trail-cam-2026')).statusCode).toBe(200);
  });

  it('backs off longer with every further failure of the same client on the same account', async () => {
    const { loginBackoffSeconds } = await import('./service');
    expect([5, 6, 7, 8].map(loginBackoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(loginBackoffSeconds(4)).toBe(0);
    expect(loginBackoffSeconds(40)).toBe(15 * 60);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so rotating it does not escape the per-IP limit', async () => {
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await client.request('POST', '/api/auth/login', { email: `nobody${i}@example.com`, password: 'wrong-guess' }, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // The address's wait, in whole minutes rounded up, in the plural.
    const blocked = await client.request('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong-guess' });
    const minutes = Math.ceil(Number(blocked.headers['retry-after']) / 60);
    expect(minutes).toBeGreaterThan(1);
    expect(blocked.body.error.message).toBe(`Too many failed login attempts. Try again in ${minutes} minutes.`);
  });

  it('trusts X-Forwarded-For behind a configured proxy', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    const client = new TestClient(t.app);
    for (let i = 0; i < 51; i++) {
      const res = await client.request('POST', '/api/auth/login', { email: `nobody${i}@example.com`, password: 'wrong-guess' }, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.status).toBe(401);
    }
  });
});

describe('session endpoints', () => {
  it('GET /api/auth/me answers 401 when signed out', async () => {
    const res = await new TestClient(t.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });

  it('logout ends the session on the server', async () => {
    const { client } = await signUp(t, 'pro_staff');
    const token = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect((await new TestClient(t.app, token).get('/api/auth/me')).status).toBe(401);
  });

  it('ignores a forged or expired cookie', async () => {
    const { client, user } = await signUp(t, 'pro_staff');
    await t.database.query(`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(t.app, 'hs_session=forged').get('/api/auth/me')).status).toBe(401);
  });

  it('ends a session unused for 7 days, however far its absolute expiry is', async () => {
    const { client, user } = await signUp(t, 'pro_staff');
    await t.database.query(`update sessions set last_seen_at = now() - interval '7 days 1 minute' where user_id = ${user.id}`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps an active session alive, writing last use at most once an hour', async () => {
    const { client, user } = await signUp(t, 'pro_staff');
    const lastSeen = async () => (await t.database.query<{ at: string }>(`select last_seen_at::text as at from sessions where user_id = ${user.id}`))[0].at;

    await t.database.query(`update sessions set last_seen_at = now() - interval '6 days' where user_id = ${user.id}`);
    const sixDaysAgo = await lastSeen();
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const touched = await lastSeen();
    expect(new Date(touched).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await t.database.query(`update sessions set last_seen_at = now() - interval '30 minutes' where user_id = ${user.id}`);
    const halfAnHourAgo = await lastSeen();
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect(await lastSeen()).toBe(halfAnHourAgo);
    expect(halfAnHourAgo).not.toBe(sixDaysAgo);
  });
});

describe('session cookie in production', () => {
  let prod: TestApp;
  beforeEach(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' });
  });
  afterEach(async () => {
    await prod.close();
  });

  it('is a Secure __Host- cookie: host-only, path /, HttpOnly, SameSite=Lax', async () => {
    const res = await new TestClient(prod.app).post('/api/auth/register', { email: 'prod@example.com', password: 'longenough', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    expect(res.raw.cookies.map((c) => c.name)).toEqual(['__Host-hs_session']);
    const cookie = res.raw.cookies[0];
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
  });

  it('does not accept the token under the unprefixed development name', async () => {
    const { client } = await signUp(prod, 'business');
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const token = client.cookie!.split('=')[1];
    expect((await new TestClient(prod.app, `hs_session=${token}`).get('/api/auth/me')).status).toBe(401);
  });

  it('logout clears the __Host- cookie', async () => {
    const { client } = await signUp(prod, 'business');
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(204);
    expect(res.raw.cookies).toEqual([expect.objectContaining({ name: '__Host-hs_session', value: '' })]);
    expect(client.cookie).toBeUndefined();
  });
});

describe('API conventions', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await new TestClient(t.app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('rejects malformed JSON with a 400 error body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('rejects non-JSON bodies with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('sends security headers', async () => {
    const res = await new TestClient(t.app).get('/api/config');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('GET /api/config hides the demo hint unless demo data is on', async () => {
    const res = await new TestClient(t.app).get('/api/config');
    expect(res.body).toEqual({ demoLoginHint: null, stripePublishableKey: null });
  });

  it('GET /api/config never advertises demo logins in production, even with demo data forced on', async () => {
    await t.close();
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com', SEED_DEMO: 'true' });
    const res = await new TestClient(t.app).get('/api/config');
    expect(res.body.demoLoginHint).toBeNull();
    expect(res.raw.body).not.toContain('demo1234');
  });
});

describe('cross-site request protection', () => {
  it('refuses a cookie-authenticated POST from another origin', async () => {
    const { client } = await signUp(t, 'business');
    const res = await client.request('POST', '/api/auth/logout', undefined, { origin: 'https://evil.example.com' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Cross-site request refused');
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('accepts the same origin and requests without a session cookie', async () => {
    const { client } = await signUp(t, 'business');
    const same = await client.request('POST', '/api/auth/logout', undefined, { origin: 'http://localhost:5000', host: 'localhost:5000' });
    expect(same.status).toBe(204);
    const anonymous = await new TestClient(t.app).request('POST', '/api/auth/login', { email: 'x@example.com', password: 'whatever1' }, { origin: 'https://shop.example.com' });
    expect(anonymous.status).toBe(401);
  });
});
