import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { useTestApp } from '@server/test/use-test-app';
import { signUp } from '@server/test/factories';

// The sign-in and sign-up forms as a browser posts them before the app has started (decision record 034).
const t = useTestApp();

const PASSWORD = 'trail-cam-2026';
/** What Chromium sends with a form post from one of our pages (Referrer-Policy: no-referrer makes Origin "null"). */
const sameSite = { 'sec-fetch-site': 'same-origin', origin: 'null' };

function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = sameSite, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers, ...(cookie ? { cookie } : {}) },
  });
}

const sessionCookie = (res: Awaited<ReturnType<typeof postForm>>) => res.cookies.find((c) => c.name === 'hs_session' && c.value);
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('POST /api/auth/login/form', () => {
  it('signs in and sends the browser to the dashboard; a wrong password goes back to the form, with nothing typed in the address', async () => {
    const business = await signUp(t, 'business');
    const wrong = await postForm('/api/auth/login/form', { email: business.user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/auth?error=invalid');
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(wrong.cookies.find((c) => c.name === 'hs_signed_in_by_form')).toBeUndefined();

    const right = await postForm('/api/auth/login/form', { email: business.user.email, password: PASSWORD });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/business-dashboard');
    const cookie = sessionCookie(right)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The marker the app reads on the dashboard to ask who signed in (it has no stored user after a native post).
    expect(right.cookies.find((c) => c.name === 'hs_signed_in_by_form')).toMatchObject({ value: '1', path: '/' });
    expect((await me(`hs_session=${cookie.value}`)).json().email).toBe(business.user.email);
  });

  it('shares the JSON route\'s failure throttle: past it the form goes back with rate-limited, even with the right password', async () => {
    const business = await signUp(t, 'business');
    const failures = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: business.user.email, password: 'wrong-one' } })));
    expect(failures.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const res = await postForm('/api/auth/login/form', { email: business.user.email, password: PASSWORD });
    expect(res.headers.location).toBe('/auth?error=rate-limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a post from another site (login CSRF), whatever the credentials', async () => {
    const business = await signUp(t, 'business');
    const credentials = { email: business.user.email, password: PASSWORD };
    const refused: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/page' }];
    for (const headers of refused) {
      const res = await postForm('/api/auth/login/form', credentials, headers);
      expect(res.headers.location, JSON.stringify(headers)).toBe('/auth?error=cross-site');
      expect(sessionCookie(res)).toBeUndefined();
    }
    // Our own host in Origin (a browser without Sec-Fetch-Site), and a client that is no browser at all, get in.
    expect((await postForm('/api/auth/login/form', credentials, { host: 'huntstaff.example', origin: 'https://huntstaff.example' })).headers.location).toBe('/business-dashboard');
    expect((await postForm('/api/auth/login/form', credentials, {})).headers.location).toBe('/business-dashboard');
  });

  it('carries a two-factor challenge in an httpOnly cookie for its own route, never in the address, and finishes the sign-in', async () => {
    const pro = await signUp(t, 'pro_staff');
    const setup = await pro.client.post('/api/account/two-factor/setup');
    const code = () => new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
    const enabled = await pro.client.post('/api/account/two-factor/enable', { code: code() });
    expect(enabled.status).toBe(200);

    const first = await postForm('/api/auth/login/form', { email: pro.user.email, password: PASSWORD });
    expect(first.headers.location).toBe('/auth?step=two-factor');
    expect(sessionCookie(first)).toBeUndefined();
    const challenge = first.cookies.find((c) => c.name === 'hs_2fa_challenge')!;
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login/two-factor/form' });
    const cookie = `hs_2fa_challenge=${challenge.value}`;

    const wrong = await postForm('/api/auth/login/two-factor/form', { code: code() === '000000' ? '111111' : '000000' }, sameSite, cookie);
    expect(wrong.headers.location).toBe('/auth?step=two-factor&error=invalid-input');
    // A recovery code: the app's current code was just used to turn two-factor on, and is not taken twice.
    const right = await postForm('/api/auth/login/two-factor/form', { code: enabled.body.recoveryCodes[0] }, sameSite, cookie);
    expect(right.headers.location).toBe('/pro-staff-dashboard');
    expect(right.cookies.find((c) => c.name === 'hs_2fa_challenge')?.value).toBe('');
    expect((await me(`hs_session=${sessionCookie(right)!.value}`)).json().email).toBe(pro.user.email);

    expect((await postForm('/api/auth/login/two-factor/form', { code: code() })).headers.location).toBe('/auth?error=expired');
  });
});

describe('POST /api/auth/register/form', () => {
  it('creates the account from the form\'s fields (ticked boxes send "on") and signs in; without the boxes it goes back with an error and creates nothing', async () => {
    const fields = { email: 'form.signup@example.com', password: PASSWORD, accountType: 'pro_staff' };
    const unticked = await postForm('/api/auth/register/form', fields);
    expect(unticked.headers.location).toBe('/auth?mode=signup&type=pro_staff&error=invalid-input');
    expect(await t.database.query('select id from users')).toEqual([]);

    const res = await postForm('/api/auth/register/form', { ...fields, ageConfirmed: 'on', termsAccepted: 'on' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/pro-staff-dashboard');
    expect((await me(`hs_session=${sessionCookie(res)!.value}`)).json()).toMatchObject({ email: 'form.signup@example.com', userType: 'pro_staff' });
  });

  it('makes one account of parallel posts for one email; the others go back with taken', async () => {
    const fields = { email: 'twice@example.com', password: PASSWORD, accountType: 'business', ageConfirmed: 'on', termsAccepted: 'on' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => postForm('/api/auth/register/form', fields)));
    expect(answers.map((res) => res.headers.location).sort()).toEqual(['/auth?mode=signup&type=business&error=taken', '/auth?mode=signup&type=business&error=taken', '/auth?mode=signup&type=business&error=taken', '/business-dashboard']);
  });
});

describe('the JSON routes are as before', () => {
  it('still refuse a form-encoded body (415): the form parser is the form routes\' alone', async () => {
    const res = await postForm('/api/auth/login', { email: 'a@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
