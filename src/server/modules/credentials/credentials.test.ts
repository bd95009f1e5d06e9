import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp, type SignedIn } from '@server/test/factories';
import { multipart, PDF, PNG } from '@server/test/authorization-fixtures';
import { createTestApp, type TestClient } from '@server/test/test-app';
import { Secret, TOTP } from 'otpauth';
import { expireLapsedCredentials } from './service';

// Verified credentials (issue 22 item 4, decision record 029): every transition, the badge, permissions, validation,
// the expiry task and the directory filters.

const t = useTestApp();

const dayOffset = (days: number, from = Date.now()) => new Date(from + days * 86_400_000).toISOString().slice(0, 10);
type ProStaff = SignedIn & { proStaffId: number };

const guideLicence = (overrides: Record<string, string> = {}) => ({
  type: 'guide_license',
  issuingAuthority: 'Montana FWP',
  number: 'MT-G-10442',
  issuedOn: dayOffset(-300),
  expiresOn: dayOffset(60),
  ...overrides,
});

async function send(client: TestClient, fields: Record<string, string>, file: { name: string; data: Buffer } | null = { name: 'licence.pdf', data: PDF }, app = t.app) {
  const { payload, headers } = file
    ? multipart(file.name, file.data, fields)
    : (() => {
        const boundary = '----hsNoFile';
        const body = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
        return { payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
      })();
  const res = await app.inject({ method: 'POST', url: '/api/credentials', payload, headers: { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
  return { status: res.statusCode, body: res.json() };
}

async function submitted(pro: ProStaff, overrides: Record<string, string> = {}) {
  const res = await send(pro.client, guideLicence(overrides));
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string; documentUrl: string };
}

async function profile(pro: ProStaff) {
  return (await t.anonymous().get(`/api/pro-staff-profiles/${pro.proStaffId}`)).body as { isVerified: boolean; verifiedCredentialTypes: string[] };
}

async function admin() {
  return makeAdmin(t, await signUp(t, 'business'));
}

describe('credential transitions and the verified badge', () => {
  it('submit → approve sets the badge and the types; the profile shows type and issuer, never the number', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const credential = await submitted(pro);
    expect(credential).toMatchObject({ status: 'pending', type: 'guide_license', number: 'MT-G-10442', documentName: 'licence.pdf', documentType: 'application/pdf' });
    expect((await profile(pro)).isVerified).toBe(false);

    const queue = await boss.client.get('/api/admin/credentials');
    expect(queue.status).toBe(200);
    expect(queue.body.map((row: { id: number }) => row.id)).toEqual([credential.id]);
    expect(queue.body[0]).toMatchObject({ proStaffName: 'Pat Hunter', proStaffVerified: false });

    const approved = await boss.client.post(`/api/admin/credentials/${credential.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await profile(pro)).toMatchObject({ isVerified: true, verifiedCredentialTypes: ['guide_license'] });
    expect((await boss.client.get('/api/admin/credentials')).body).toEqual([]);

    const shown = await t.anonymous().get(`/api/pro-staff-profiles/${pro.proStaffId}/credentials`);
    expect(shown.body).toEqual([{ type: 'guide_license', issuingAuthority: 'Montana FWP', expiresOn: dayOffset(60) }]);
    expect(JSON.stringify(shown.body)).not.toContain('MT-G-10442');

    // Approving twice is a conflict, not a second decision.
    expect((await boss.client.post(`/api/admin/credentials/${credential.id}/approve`)).status).toBe(409);

    // The staffer hears of the decision by mail (queued with the change, sent by the worker).
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((mail) => mail.to === pro.user.email).map((mail) => mail.subject)).toEqual(['Your credential was approved']);
    // …and in the notification centre (decision record 030).
    expect((await pro.client.get('/api/notifications')).body.notifications).toEqual([
      expect.objectContaining({ kind: 'credential', title: 'Your credential was approved', link: '/credentials', read: false }),
    ]);
  });

  it('two decisions on one staffer at once leave the badge matching both', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const guide = await submitted(pro);
    const outfitter = await submitted(pro, { type: 'outfitter_license', number: 'OUT-9' });
    const results = await Promise.all([
      boss.client.post(`/api/admin/credentials/${guide.id}/approve`),
      boss.client.post(`/api/admin/credentials/${outfitter.id}/approve`),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    expect(await profile(pro)).toMatchObject({ isVerified: true, verifiedCredentialTypes: ['guide_license', 'outfitter_license'] });
    await Promise.all([
      boss.client.post(`/api/admin/credentials/${guide.id}/revoke`, { reason: 'Suspended' }),
      boss.client.post(`/api/admin/credentials/${outfitter.id}/revoke`, { reason: 'Suspended' }),
    ]);
    expect(await profile(pro)).toMatchObject({ isVerified: false, verifiedCredentialTypes: [] });
  });

  it('reject needs a reason; the staffer sees it and may resubmit, which can then be approved', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const first = await submitted(pro);
    const noReason = await boss.client.post(`/api/admin/credentials/${first.id}/reject`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect((await boss.client.post(`/api/admin/credentials/${first.id}/reject`, { reason: '  ' })).status).toBe(400);

    const rejected = await boss.client.post(`/api/admin/credentials/${first.id}/reject`, { reason: 'The photo is unreadable' });
    expect(rejected.body).toMatchObject({ status: 'rejected', decisionReason: 'The photo is unreadable' });
    expect((await profile(pro)).isVerified).toBe(false);
    expect((await boss.client.post(`/api/admin/credentials/${first.id}/approve`)).status).toBe(409);

    const again = await submitted(pro);
    expect(again.id).not.toBe(first.id);
    expect((await boss.client.post(`/api/admin/credentials/${again.id}/approve`)).status).toBe(200);
    const mine = await pro.client.get('/api/credentials');
    expect(mine.body.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([[again.id, 'approved'], [first.id, 'rejected']]);
    expect((await profile(pro)).isVerified).toBe(true);
  });

  it('the staffer withdraws a pending credential, not a decided one; admins cannot decide a withdrawn one', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const credential = await submitted(pro);
    const withdrawn = await pro.client.post(`/api/credentials/${credential.id}/withdraw`);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await pro.client.post(`/api/credentials/${credential.id}/withdraw`)).status).toBe(409);
    expect((await boss.client.post(`/api/admin/credentials/${credential.id}/approve`)).status).toBe(409);
    const approvedOne = await submitted(pro);
    await boss.client.post(`/api/admin/credentials/${approvedOne.id}/approve`);
    expect((await pro.client.post(`/api/credentials/${approvedOne.id}/withdraw`)).status).toBe(409);
  });

  it('revoke needs a reason and takes the badge only when no other approved credential remains', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const guide = await submitted(pro);
    const education = await submitted(pro, { type: 'hunter_education', issuingAuthority: 'Idaho', number: 'HE-7', expiresOn: '' });
    await boss.client.post(`/api/admin/credentials/${guide.id}/approve`);
    await boss.client.post(`/api/admin/credentials/${education.id}/approve`);
    expect(await profile(pro)).toMatchObject({ isVerified: true, verifiedCredentialTypes: ['guide_license', 'hunter_education'] });

    expect((await boss.client.post(`/api/admin/credentials/${guide.id}/revoke`, {})).status).toBe(400);
    const revoked = await boss.client.post(`/api/admin/credentials/${guide.id}/revoke`, { reason: 'Licence suspended by the state' });
    expect(revoked.body).toMatchObject({ status: 'revoked', decisionReason: 'Licence suspended by the state' });
    expect(await profile(pro)).toMatchObject({ isVerified: true, verifiedCredentialTypes: ['hunter_education'] });

    await boss.client.post(`/api/admin/credentials/${education.id}/revoke`, { reason: 'Forged certificate' });
    expect(await profile(pro)).toMatchObject({ isVerified: false, verifiedCredentialTypes: [] });
    // Only an approved credential can be revoked.
    expect((await boss.client.post(`/api/admin/credentials/${guide.id}/revoke`, { reason: 'Again' })).status).toBe(409);
  });

  it('the hourly task expires lapsed credentials and removes the badge only when none is left; a second run does nothing', async () => {
    const pro = await createProStaff(t);
    const other = await createProStaff(t);
    const boss = await admin();
    const short = await submitted(pro, { expiresOn: dayOffset(3) });
    const long = await submitted(pro, { type: 'outfitter_license', number: 'OUT-1', expiresOn: dayOffset(30) });
    const alone = await submitted(other, { expiresOn: dayOffset(3) });
    for (const id of [short.id, long.id, alone.id]) expect((await boss.client.post(`/api/admin/credentials/${id}/approve`)).status).toBe(200);

    // Still valid on its last day.
    expect(await expireLapsedCredentials(t.app.ctx, new Date(`${dayOffset(3)}T23:00:00Z`))).toEqual({ expired: 0, badgesRemoved: 0 });
    const dayAfter = new Date(`${dayOffset(4)}T01:00:00Z`);
    expect(await expireLapsedCredentials(t.app.ctx, dayAfter)).toEqual({ expired: 2, badgesRemoved: 1 });
    expect(await profile(pro)).toMatchObject({ isVerified: true, verifiedCredentialTypes: ['outfitter_license'] });
    expect(await profile(other)).toMatchObject({ isVerified: false, verifiedCredentialTypes: [] });
    expect((await pro.client.get('/api/credentials')).body.find((row: { id: number }) => row.id === short.id).status).toBe('expired');
    expect(await expireLapsedCredentials(t.app.ctx, dayAfter)).toEqual({ expired: 0, badgesRemoved: 0 });

    expect(await expireLapsedCredentials(t.app.ctx, new Date(`${dayOffset(31)}T01:00:00Z`))).toEqual({ expired: 1, badgesRemoved: 1 });
    expect((await profile(pro)).isVerified).toBe(false);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((mail) => mail.subject === 'Your verified badge has lapsed').map((mail) => mail.to).sort()).toEqual([pro.user.email, other.user.email].sort());
  });

  it('the expiry is a scheduled task on the durable queue, run through it once per period', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const credential = await submitted(pro, { expiresOn: dayOffset(0) });
    await boss.client.post(`/api/admin/credentials/${credential.id}/approve`);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, tomorrow);
    // The queued run uses the real clock; the credential is still valid today, so nothing lapses yet.
    await t.app.ctx.tasks.drain();
    expect((await profile(pro)).isVerified).toBe(true);
    const [task] = await t.database.query<{ kind: string; status: string }>("select kind, status from background_tasks where kind = 'credentials.expire'");
    expect(task).toEqual({ kind: 'credentials.expire', status: 'done' });
  });

  it('an approval of a credential that expired while waiting is refused', async () => {
    const pro = await createProStaff(t);
    const boss = await admin();
    const credential = await submitted(pro, { expiresOn: dayOffset(0) });
    const { approve } = await import('./service');
    await expect(approve(t.app.ctx, boss.user, credential.id, new Date(Date.now() + 2 * 86_400_000))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await profile(pro)).isVerified).toBe(false);
  });
});

describe('validation', () => {
  it('refuses a bad type, a missing number, an expiry before the issue date, a missing expiry and dates out of range', async () => {
    const pro = await createProStaff(t);
    const cases: [Record<string, string>, string][] = [
      [guideLicence({ type: 'fishing_permit' }), 'type'],
      [guideLicence({ number: '' }), 'number'],
      [guideLicence({ issuingAuthority: '' }), 'issuingAuthority'],
      [guideLicence({ issuedOn: dayOffset(-10), expiresOn: dayOffset(-20) }), 'expiresOn'],
      [guideLicence({ expiresOn: '' }), 'expiresOn'],
      [guideLicence({ issuedOn: '2026-13-45' }), 'issuedOn'],
      [guideLicence({ issuedOn: dayOffset(5) }), 'issuedOn'],
      [guideLicence({ expiresOn: dayOffset(-1) }), 'expiresOn'],
    ];
    for (const [fields, path] of cases) {
      const res = await send(pro.client, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.details.map((detail: { path: string }) => detail.path), path).toContain(path);
    }
    expect((await pro.client.get('/api/credentials')).body).toEqual([]);
    expect(t.storage.files.size).toBe(0);
  });

  it('a hunter education certificate may have no expiry', async () => {
    const pro = await createProStaff(t);
    const res = await send(pro.client, guideLicence({ type: 'hunter_education', expiresOn: '' }));
    expect(res.status).toBe(201);
    expect(res.body.expiresOn).toBeNull();
  });

  it('takes PDF, JPEG and PNG judged by their bytes, and nothing else; needs a document', async () => {
    const pro = await createProStaff(t);
    expect((await send(pro.client, guideLicence(), { name: 'scan.png', data: PNG })).body.documentType).toBe('image/png');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
    expect((await send(pro.client, guideLicence({ number: 'J-1' }), { name: 'scan.jpg', data: jpeg })).body.documentType).toBe('image/jpeg');
    const text = await send(pro.client, guideLicence({ number: 'T-1' }), { name: 'fake.pdf', data: Buffer.from('just text, not a pdf') });
    expect(text.status).toBe(415);
    const gif = await send(pro.client, guideLicence({ number: 'G-1' }), { name: 'scan.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') });
    expect(gif.status).toBe(415);
    const none = await send(pro.client, guideLicence({ number: 'N-1' }), null);
    expect(none.status).toBe(400);
    expect(none.body.error.details).toEqual([{ path: 'file', message: expect.any(String) }]);
    expect(t.storage.files.size).toBe(2);
  });

  it('the same credential cannot wait or be approved twice', async () => {
    const pro = await createProStaff(t);
    await submitted(pro);
    expect((await send(pro.client, guideLicence({ number: 'mt-g-10442' }))).status).toBe(409);
  });
});

describe('permissions', () => {
  it('signed out 401; a business 403; an unconfirmed email 403 EMAIL_NOT_VERIFIED; admins only for the queue and decisions', async () => {
    const pro = await createProStaff(t);
    const business = await createBusiness(t);
    const credential = await submitted(pro);
    const anonymous = t.anonymous();
    expect((await send(anonymous, guideLicence())).status).toBe(401);
    expect((await anonymous.get('/api/credentials')).status).toBe(401);
    expect((await send(business.client, guideLicence())).status).toBe(403);
    const unconfirmed = await createProStaff(t, { verified: false });
    const gated = await send(unconfirmed.client, guideLicence());
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    for (const client of [anonymous, business.client, pro.client]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.get('/api/admin/credentials')).status).toBe(expected);
      expect((await client.post(`/api/admin/credentials/${credential.id}/approve`)).status).toBe(expected);
      expect((await client.post(`/api/admin/credentials/${credential.id}/reject`, { reason: 'Nope nope' })).status).toBe(expected);
      expect((await client.post(`/api/admin/credentials/${credential.id}/revoke`, { reason: 'Nope nope' })).status).toBe(expected);
    }
    expect((await profile(pro)).isVerified).toBe(false);
  });

  it('the document reaches its owner and admins only; another staffer cannot see or withdraw it', async () => {
    const pro = await createProStaff(t);
    const other = await createProStaff(t);
    const business = await createBusiness(t);
    const boss = await admin();
    const credential = await submitted(pro);
    const url = credential.documentUrl;
    const own = await pro.client.get(url);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.raw.rawPayload.equals(PDF)).toBe(true);
    expect((await boss.client.get(url)).status).toBe(200);
    expect((await t.anonymous().get(url)).status).toBe(401);
    expect((await business.client.get(url)).status).toBe(404);
    expect((await other.client.get(url)).status).toBe(404);
    expect((await other.client.post(`/api/credentials/${credential.id}/withdraw`)).status).toBe(404);
    expect((await other.client.get('/api/credentials')).body).toEqual([]);
    // Public profile data never carries the number or the document.
    await boss.client.post(`/api/admin/credentials/${credential.id}/approve`);
    const publicPage = JSON.stringify((await business.client.get(`/api/pro-staff-profiles/${pro.proStaffId}`)).body) +
      JSON.stringify((await business.client.get(`/api/pro-staff-profiles/${pro.proStaffId}/credentials`)).body) +
      JSON.stringify((await business.client.get('/api/pro-staff-profiles?verified=true')).body);
    expect(publicPage).not.toContain('MT-G-10442');
    expect(publicPage).not.toContain('/document');
  });
});

describe('an admin reading a document in production', () => {
  it('needs two-factor sign-in on, as every admin tool does (the owner does not)', async () => {
    // A production app over the same (emptied) test database.
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' });
    try {
      const pro = await createProStaff(prod);
      const submit = await send(pro.client, guideLicence(), undefined, prod.app);
      expect(submit.status).toBe(201);
      const url = submit.body.documentUrl as string;
      const boss = await makeAdmin(prod, await signUp(prod, 'business'));
      const refused = await boss.client.get(url);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'TWO_FACTOR_REQUIRED', message: 'Turn on two-factor sign-in on your profile page to use the admin tools.' });
      expect((await pro.client.get(url)).status).toBe(200);
      const setup = await boss.client.post('/api/account/two-factor/setup');
      const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
      expect((await boss.client.post('/api/account/two-factor/enable', { code })).status).toBe(200);
      const allowed = await boss.client.get(url);
      expect(allowed.status).toBe(200);
      expect(allowed.raw.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('directory filters', () => {
  it('filters by verified status and by credential type (approved, unexpired only)', async () => {
    const guide = await createProStaff(t, { firstName: 'Gina' });
    const educated = await createProStaff(t, { firstName: 'Eddie' });
    const pendingOnly = await createProStaff(t, { firstName: 'Penny' });
    const boss = await admin();
    const a = await submitted(guide);
    const b = await submitted(educated, { type: 'hunter_education', expiresOn: '' });
    await submitted(pendingOnly, { type: 'guide_license' });
    await boss.client.post(`/api/admin/credentials/${a.id}/approve`);
    await boss.client.post(`/api/admin/credentials/${b.id}/approve`);
    const names = async (query: string) =>
      ((await t.anonymous().get(`/api/pro-staff-profiles?${query}`)).body as { firstName: string }[]).map((p) => p.firstName).sort();
    expect(await names('verified=true')).toEqual(['Eddie', 'Gina']);
    expect(await names('verified=false')).toEqual(['Penny']);
    expect(await names('credentialType=guide_license')).toEqual(['Gina']);
    expect(await names('credentialType=hunter_education&verified=true')).toEqual(['Eddie']);
    expect(await names('credentialType=outfitter_license')).toEqual([]);
    const bad = await t.anonymous().get('/api/pro-staff-profiles?credentialType=pilot');
    expect(bad.status).toBe(400);
  });
});

describe('demo data', () => {
  it('every seeded verified profile has an approved, unexpired credential behind its badge, and the expiry task keeps it', async () => {
    const { seedDemoData } = await import('@server/db/seed/demo-data');
    await seedDemoData(t.database.db);
    const mismatched = await t.database.query(`select p.id from pro_staff_profiles p where p.is_verified <> exists (
      select 1 from credentials c where c.pro_staff_id = p.id and c.status = 'approved' and (c.expires_on is null or c.expires_on >= current_date))`);
    expect(mismatched).toEqual([]);
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from pro_staff_profiles where is_verified');
    expect(n).toBeGreaterThan(0);
    expect(await expireLapsedCredentials(t.app.ctx)).toEqual({ expired: 0, badgesRemoved: 0 });
    const admin = new (await import('@server/test/test-app')).TestClient(t.app);
    await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'demo1234' });
    expect((await admin.get('/api/admin/credentials')).body.map((row: { proStaffName: string }) => row.proStaffName)).toEqual(['Emily Tran']);
  });
});
