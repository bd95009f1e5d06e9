import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { TestClient } from '@server/test/test-app';
import { emailVerificationTokens, users } from '@server/db/schema/users';

const t = useTestApp();

/** The token in the newest verification mail sent to `email`. */
function linkToken(email: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && m.subject === 'Confirm your HuntStaff email address');
  if (!mail) throw new Error(`no verification mail to ${email}`);
  return /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
}

const jobBody = { title: 'Elk guide', description: 'Guide archery elk hunts.', specialties: ['Elk Hunting'] };
const codeBody = { code: 'NEW15', description: '15% off', discountType: 'percentage', discountValue: 15, platform: 'All platforms' };

describe('a new account', () => {
  it('gets a verification link built from PUBLIC_URL and signs in unverified', async () => {
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'fresh@example.com', password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expect(res.status).toBe(201);
    expect(res.body.emailVerified).toBe(false);
    const mail = t.mailer.sent.find((m) => m.to === 'fresh@example.com')!;
    expect(mail.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    const [row] = await t.database.db.select().from(emailVerificationTokens);
    expect(row.tokenHash).not.toContain(linkToken('fresh@example.com')); // only the hash is stored
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
  });

  it('may complete its profile but not message, apply, post jobs or create codes until verified (403 EMAIL_NOT_VERIFIED)', async () => {
    const business = await createBusiness(t, { verified: false, tier: 'professional' });
    const pro = await createProStaff(t, { verified: false });
    const verifiedBusiness = await createBusiness(t);
    const job = await verifiedBusiness.client.post('/api/job-postings', jobBody);
    expect(job.status).toBe(201);
    expect(business.user.emailVerified).toBe(false);

    const refused = [
      await business.client.post('/api/job-postings', jobBody),
      await business.client.post('/api/discount-codes', codeBody),
      await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hello' }),
      await business.client.post('/api/mass-message', { content: 'Season opener', filters: {} }),
      await pro.client.post('/api/applications', { jobPostingId: job.body.id, coverLetter: 'Ten seasons.' }),
      await pro.client.post('/api/messages', { toUserId: verifiedBusiness.user.id, content: 'Hello' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
      expect(res.body.error.message).toBe('Confirm your email address first: open the link we emailed you, or ask for a new one.');
    }
    expect(await t.database.query('select id from job_postings')).toHaveLength(1);
    expect(await t.database.query('select id from messages')).toHaveLength(0);
    // The profile itself is open to it.
    expect((await pro.client.get('/api/auth/me')).body.proStaffId).toBe(pro.proStaffId);
  });

  it('keeps the role check first: a pro staffer posting a job is told about the role, not the email', async () => {
    const pro = await createProStaff(t, { verified: false });
    const res = await pro.client.post('/api/job-postings', jobBody);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await new TestClient(t.app).post('/api/job-postings', jobBody)).status).toBe(401);
  });

  it('is verified by its link, once, and may then post', async () => {
    const business = await createBusiness(t, { verified: false });
    const token = linkToken(business.user.email);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/account/verify-email', { token })).status).toBe(204);
    expect((await business.client.get('/api/auth/me')).body.emailVerified).toBe(true);
    expect((await business.client.post('/api/job-postings', jobBody)).status).toBe(201);
    const again = await anonymous.post('/api/account/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This verification link is invalid or has expired. Sign in and ask for a new one.');
  });

  it('refuses an expired, unknown or malformed link', async () => {
    const business = await signUp(t, 'business', 'late@example.com', { verified: false });
    const token = linkToken('late@example.com');
    await t.database.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.anonymous().post('/api/account/verify-email', { token })).status).toBe(400);
    expect((await t.anonymous().post('/api/account/verify-email', { token: 'x'.repeat(43) })).status).toBe(400);
    const short = await t.anonymous().post('/api/account/verify-email', { token: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toEqual([{ path: 'token', message: 'The verification link is incomplete' }]);
    expect((await business.client.get('/api/auth/me')).body.emailVerified).toBe(false);
  });
});

describe('POST /api/account/verify-email/resend', () => {
  it('sends a fresh link, at most 3 per hour (429 after), and never to a verified account (409)', async () => {
    const pro = await signUp(t, 'pro_staff', 'resend@example.com', { verified: false });
    for (let i = 0; i < 3; i++) {
      const res = await pro.client.post('/api/account/verify-email/resend');
      expect(res.status).toBe(202);
      expect(res.body.message).toBe('A new confirmation link is on its way.');
    }
    expect(t.mailer.sent.filter((m) => m.to === 'resend@example.com')).toHaveLength(4);
    const limited = await pro.client.post('/api/account/verify-email/resend');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(t.mailer.sent.filter((m) => m.to === 'resend@example.com')).toHaveLength(4);
    // Every link sent works until one is used.
    expect((await t.anonymous().post('/api/account/verify-email', { token: linkToken('resend@example.com') })).status).toBe(204);
    t.app.ctx.rateLimits.reset();
    const done = await pro.client.post('/api/account/verify-email/resend');
    expect(done.status).toBe(409);
  });

  it('needs a session', async () => {
    expect((await t.anonymous().post('/api/account/verify-email/resend')).status).toBe(401);
  });
});

describe('POST /api/account/email', () => {
  it('changes the address after the password, makes it unverified again, sends a link to it and tells the old one', async () => {
    const business = await createBusiness(t);
    const old = business.user.email;
    const res = await business.client.post('/api/account/email', { email: 'New.Address@Example.com', currentPassword: 'trail-cam-2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'new.address@example.com', emailVerified: false });
    expect(t.mailer.sent.find((m) => m.to === old && m.subject === 'Your HuntStaff email address was changed')).toBeDefined();
    expect((await business.client.post('/api/job-postings', jobBody)).body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await t.anonymous().post('/api/account/verify-email', { token: linkToken('new.address@example.com') })).status).toBe(204);
    expect((await business.client.post('/api/job-postings', jobBody)).status).toBe(201);
    // The old password still signs in, with the new address.
    expect((await t.anonymous().post('/api/auth/login', { email: 'new.address@example.com', password: 'trail-cam-2026' })).status).toBe(200);
  });

  it('a link sent to the previous address confirms nothing', async () => {
    const pro = await signUp(t, 'pro_staff', 'first@example.com', { verified: false });
    const stale = linkToken('first@example.com');
    await pro.client.post('/api/account/email', { email: 'second@example.com', currentPassword: 'trail-cam-2026' });
    expect((await t.anonymous().post('/api/account/verify-email', { token: stale })).status).toBe(400);
    const [row] = await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, pro.user.id));
    expect(row.at).toBeNull();
  });

  it('refuses a wrong password, a taken or unchanged address and a bad email; signed out is 401', async () => {
    const a = await createBusiness(t);
    const b = await createProStaff(t);
    const wrong = await a.client.post('/api/account/email', { email: 'x@example.com', currentPassword: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'currentPassword', message: 'Incorrect password' }]);
    const taken = await a.client.post('/api/account/email', { email: b.user.email, currentPassword: 'trail-cam-2026' });
    expect(taken.status).toBe(409);
    expect((await a.client.post('/api/account/email', { email: a.user.email, currentPassword: 'trail-cam-2026' })).status).toBe(400);
    expect((await a.client.post('/api/account/email', { email: 'nope', currentPassword: 'trail-cam-2026' })).status).toBe(400);
    expect((await t.anonymous().post('/api/account/email', { email: 'x@example.com', currentPassword: 'trail-cam-2026' })).status).toBe(401);
    expect((await a.client.get('/api/auth/me')).body).toMatchObject({ email: a.user.email, emailVerified: true });
  });
});

describe('GET /api/test/my-mail', () => {
  it('gives the caller the mail sent to their own address only', async () => {
    const pro = await signUp(t, 'pro_staff', 'mailbox@example.com', { verified: false });
    await signUp(t, 'business', 'someone.else@example.com', { verified: false });
    const res = await pro.client.get('/api/test/my-mail');
    expect(res.status).toBe(200);
    expect(res.body.mails.map((m: { subject: string }) => m.subject)).toEqual(['Confirm your HuntStaff email address']);
    expect((await t.anonymous().get('/api/test/my-mail')).status).toBe(401);
  });
});
