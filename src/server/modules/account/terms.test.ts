import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/legal';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { seedDemoData } from '@server/db/seed/demo-data';
import { DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '@server/db/seed/demo-accounts';
import { acceptTerms } from './terms-service';

// Decision record 027: existing accounts are asked to accept a new version of the Terms and Privacy Policy.
const t = useTestApp();

type TermsRow = { terms_version: string | null; terms_accepted_at: Date | null };
const termsOf = async (userId: number) => (await t.database.query<TermsRow>(`select terms_version, terms_accepted_at from users where id = ${userId}`))[0];

describe('the terms an account has accepted', () => {
  it('a new sign-up accepted the current version, so it is not asked', async () => {
    const pro = await createProStaff(t);
    expect(pro.user.mustAcceptTerms).toBe(false);
    expect((await termsOf(pro.user.id)).terms_version).toBe(TERMS_VERSION);
  });

  it('an account that accepted an older version, or none (signed up before we asked), is asked until it accepts', async () => {
    const older = await createBusiness(t);
    const never = await createProStaff(t);
    await t.database.query(`update users set terms_version = '2020-01-01' where id = ${older.user.id}`);
    await t.database.query(`update users set terms_version = null, terms_accepted_at = null where id = ${never.user.id}`);
    for (const account of [older, never]) {
      expect((await account.client.get('/api/auth/me')).body.mustAcceptTerms).toBe(true);
      const before = Date.now();
      const res = await account.client.post('/api/account/terms', { version: TERMS_VERSION });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: account.user.id, mustAcceptTerms: false });
      expect((await account.client.get('/api/auth/me')).body.mustAcceptTerms).toBe(false);
      const row = await termsOf(account.user.id);
      expect(row.terms_version).toBe(TERMS_VERSION);
      expect(row.terms_accepted_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    // Other accounts' records are untouched.
    expect((await termsOf(never.user.id)).terms_version).toBe(TERMS_VERSION);
  });

  it('accepting the version already on record keeps the first acceptance time', async () => {
    const pro = await createProStaff(t);
    const first = await termsOf(pro.user.id);
    const again = await pro.client.post('/api/account/terms', { version: TERMS_VERSION });
    expect(again.status).toBe(200);
    expect(await termsOf(pro.user.id)).toEqual(first);
  });

  it('refuses an older or unknown version, and a malformed body, naming the field; nothing is recorded', async () => {
    const business = await createBusiness(t);
    await t.database.query(`update users set terms_version = '2020-01-01' where id = ${business.user.id}`);
    for (const version of ['2020-01-01', '2099-12-31', 'whatever']) {
      const res = await business.client.post('/api/account/terms', { version });
      expect(res.status, version).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'version', message: 'Not the current version' }] });
    }
    for (const body of [{}, { version: '' }, { version: 12 }, { version: 'x'.repeat(41) }]) {
      const res = await business.client.post('/api/account/terms', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.details[0].path).toBe('version');
    }
    expect((await termsOf(business.user.id)).terms_version).toBe('2020-01-01');
    expect((await business.client.get('/api/auth/me')).body.mustAcceptTerms).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.anonymous().post('/api/account/terms', { version: TERMS_VERSION });
    expect(res.status).toBe(401);
  });

  it('records the time it is given (the service takes `now`)', async () => {
    const pro = await createProStaff(t);
    await t.database.query(`update users set terms_version = null where id = ${pro.user.id}`);
    const at = new Date('2026-12-01T10:00:00Z');
    await acceptTerms(t.app.ctx, pro.user, TERMS_VERSION, at);
    expect(await termsOf(pro.user.id)).toEqual({ terms_version: TERMS_VERSION, terms_accepted_at: at });
  });

  it('seeds the demo accounts as having accepted the current version', async () => {
    await seedDemoData(t.database.db);
    const [row] = await t.database.query<{ terms_version: string }>(`select terms_version from users where email = '${DEMO_BUSINESS_EMAIL}'`);
    expect(row.terms_version).toBe(TERMS_VERSION);
    const login = await t.anonymous().post('/api/auth/login', { email: DEMO_BUSINESS_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.mustAcceptTerms).toBe(false);
  });
});
