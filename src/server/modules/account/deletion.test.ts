import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createFixtures } from '@server/test/authorization-fixtures';
import { createBusiness, createProStaff } from '@server/test/factories';
import { TestClient } from '@server/test/test-app';
import { eraseDueAccounts } from './deletion-service';

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const password = { currentPassword: 'trail-cam-2026' };

describe('POST /api/account/deletion', () => {
  it('schedules the erasure in 14 days after the password, signs out everywhere and says so by email', async () => {
    const pro = await createProStaff(t);
    const elsewhere = new TestClient(t.app);
    await elsewhere.post('/api/auth/login', { email: pro.user.email, password: 'trail-cam-2026' });
    const res = await pro.client.post('/api/account/deletion', password);
    expect(res.status).toBe(202);
    const when = new Date(res.body.deletionScheduledFor).getTime();
    expect(Math.abs(when - later(14).getTime())).toBeLessThan(60_000);
    expect(res.raw.cookies.find((c) => c.name === 'hs_session')?.value).toBe('');
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect(t.mailer.sent.find((m) => m.to === pro.user.email)?.subject).toBe('Your HuntStaff account will be deleted');
  });

  it('refuses a wrong or missing password, an account with a live subscription, and a signed-out caller', async () => {
    const business = await createBusiness(t);
    const wrong = await business.client.post('/api/account/deletion', { currentPassword: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'currentPassword', message: 'Incorrect password' }]);
    expect((await business.client.post('/api/account/deletion', {})).status).toBe(400);
    await t.database.query(`insert into subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, status) values (${business.user.id}, 'cus_1', 'sub_1', 'startup', 'active')`);
    const paying = await business.client.post('/api/account/deletion', password);
    expect(paying.status).toBe(409);
    expect(paying.body.error.message).toBe('Cancel your subscription on the Subscription page first, then delete the account.');
    expect((await t.anonymous().post('/api/account/deletion', password)).status).toBe(401);
    const [row] = await t.database.query<{ deletion_scheduled_for: Date | null }>(`select deletion_scheduled_for from users where id = ${business.user.id}`);
    expect(row.deletion_scheduled_for).toBeNull();
  });
});

describe('the 14-day grace period', () => {
  it('signing in cancels the deletion (and says so); nothing is erased after the date', async () => {
    const pro = await createProStaff(t);
    await pro.client.post('/api/account/deletion', password);
    expect((await eraseDueAccounts(t.app.ctx, later(13))).erased).toBe(0);
    const back = await t.anonymous().post('/api/auth/login', { email: pro.user.email, password: 'trail-cam-2026' });
    expect(back.status).toBe(200);
    expect(t.mailer.sent.at(-1)?.subject).toBe('Your HuntStaff account will not be deleted');
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(0);
    const [row] = await t.database.query<{ deleted_at: Date | null; email: string }>(`select deleted_at, email from users where id = ${pro.user.id}`);
    expect(row).toEqual({ deleted_at: null, email: pro.user.email });
  });
});

describe('erasure after the grace period', () => {
  it('erases personal data, keeps messages, commissions and orders for the other party under "Deleted user"', async () => {
    const f = await createFixtures(t);
    const { business, proStaff } = f;
    await t.database.query(`update business_profiles set profile_picture_url = '/api/uploads/avatars/${f.avatarFile}', description = 'About us', website = 'https://owner.example.com' where id = ${business.businessId}`);
    expect(t.storage.files.has(`avatars/${f.avatarFile}`)).toBe(true);
    expect((await business.client.post('/api/account/export/email')).status).toBe(202);
    await t.app.ctx.tasks.drain();
    const [exported] = await t.database.query<{ storage_key: string }>(`select storage_key from account_exports where user_id = ${business.user.id}`);
    expect(t.storage.files.has(exported.storage_key)).toBe(true);
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from messages');
    expect((await business.client.post('/api/account/deletion', password)).status).toBe(202);

    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect((await eraseDueAccounts(t.app.ctx, later(16))).erased).toBe(0); // once

    // The account: no email, no password that works, no sessions; the address is free again.
    const [user] = await t.database.query<Record<string, unknown>>(`select * from users where id = ${business.user.id}`);
    expect(user).toMatchObject({ email: `deleted-user-${business.user.id}@deleted.invalid`, is_admin: false, subscription_tier: 'free', totp_secret: null, email_verified_at: null });
    expect(user.deleted_at).not.toBeNull();
    expect((await t.anonymous().post('/api/auth/login', { email: business.user.email, password: 'trail-cam-2026' })).status).toBe(401);
    expect(await t.database.query(`select id from sessions where user_id = ${business.user.id}`)).toEqual([]);
    expect((await t.anonymous().post('/api/auth/register', { email: business.user.email, password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true })).status).toBe(201);

    // The profile stays as "Deleted user" without its details; the picture file is gone.
    const [profile] = await t.database.query<Record<string, unknown>>(`select * from business_profiles where id = ${business.businessId}`);
    expect(profile).toMatchObject({ company_name: 'Deleted user', description: null, location: null, website: null, profile_picture_url: null, social_links: {} });
    expect(t.storage.files.has(`avatars/${f.avatarFile}`)).toBe(false);
    expect(t.storage.files.has(exported.storage_key)).toBe(false);
    expect(await t.database.query(`select id from account_exports where user_id = ${business.user.id}`)).toEqual([]);

    // Kept: business communication (7 years) and commissions (tax), with the other party seeing "Deleted user".
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from messages')).toEqual(before);
    const conversations = await proStaff.client.get('/api/conversations');
    expect(conversations.body[0].otherUser).toMatchObject({ id: business.user.id, name: 'Deleted user' });
    const commissions = await proStaff.client.get('/api/commissions/pro-staff');
    expect(commissions.body.map((c: { id: number }) => c.id)).toEqual([f.ids.commission]);
    expect(await t.database.query(`select id from message_attachments where id = ${f.ids.attachment}`)).toHaveLength(1);

    // Erased or closed: reviews by and about it, ads, promotions, store connections; postings and codes closed.
    expect(await t.database.query(`select id from reviews where id = ${f.ids.review}`)).toEqual([]);
    expect(await t.database.query(`select id from advertisements where id = ${f.ids.ad}`)).toEqual([]);
    expect(await t.database.query(`select id from promotions where id = ${f.ids.promotion}`)).toEqual([]);
    expect(await t.database.query(`select id from integration_platforms where business_id = ${business.businessId}`)).toEqual([]);
    expect(await t.database.query(`select id from job_postings where business_id = ${business.businessId} and is_active`)).toEqual([]);
    expect(await t.database.query(`select id from discount_codes where id = ${f.ids.discountCode} and is_active`)).toEqual([]);

    // The other accounts are untouched.
    expect((await proStaff.client.get('/api/auth/me')).body.email).toBe(proStaff.user.email);
  });

  it('erases a pro staffer’s credentials and their documents, and the badge (decision record 029)', async () => {
    const f = await createFixtures(t);
    const admin = f.admin.client;
    expect((await admin.post(`/api/admin/credentials/${f.ids.credential}/approve`)).status).toBe(200);
    const [row] = await t.database.query<{ document_key: string }>(`select document_key from credentials where id = ${f.ids.credential}`);
    expect(t.storage.files.has(row.document_key)).toBe(true);
    expect((await f.proStaff.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from credentials where pro_staff_id = ${f.proStaff.proStaffId}`)).toEqual([]);
    expect(t.storage.files.has(row.document_key)).toBe(false);
    expect(await t.database.query(`select is_verified, verified_credential_types from pro_staff_profiles where id = ${f.proStaff.proStaffId}`)).toEqual([
      { is_verified: false, verified_credential_types: [] },
    ]);
    expect((await admin.get('/api/admin/credentials?status=approved')).body).toEqual([]);
  });

  it('erases a business’s campaigns and their asset files (decision record 031)', async () => {
    const f = await createFixtures(t);
    const [asset] = await t.database.query<{ file_key: string }>(`select file_key from campaign_assets where id = ${f.ids.campaignAsset}`);
    expect(t.storage.files.has(asset.file_key)).toBe(true);
    expect((await f.business.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from campaigns where business_id = ${f.business.businessId}`)).toEqual([]);
    expect(await t.database.query(`select id from campaign_assets where id = ${f.ids.campaignAsset}`)).toEqual([]);
    expect(t.storage.files.has(asset.file_key)).toBe(false);
  });

  it('erases a business’s seasons with their goals, and an erased staffer’s goals (decision record 033)', async () => {
    const f = await createFixtures(t);
    expect((await f.proStaff.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from goals where id = ${f.ids.goal}`)).toEqual([]);
    expect(await t.database.query(`select id from seasons where business_id = ${f.business.businessId}`)).toHaveLength(2);
    expect((await f.business.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from seasons where business_id = ${f.business.businessId}`)).toEqual([]);
  });

  it('erases a staffer’s household addresses, and with a business the buyers’ hashes its checks used (decision record 039)', async () => {
    const f = await createFixtures(t);
    const staff = f.proStaff.proStaffId;
    const business = f.business.businessId;
    await t.database.query(`insert into household_addresses (pro_staff_id, address_hash, label) values (${staff}, '${'a'.repeat(64)}', '12 O… St, Boise US')`);
    await t.database.query(`insert into order_risk_hashes (business_id, order_id, pro_staff_id, kind, hash) values (${business}, '1001', ${staff}, 'email', '${'b'.repeat(64)}')`);
    expect((await f.proStaff.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from household_addresses where pro_staff_id = ${staff}`)).toEqual([]);
    // The business's checks still use its buyers' hashes until its own erasure (or the 180-day purge).
    expect(await t.database.query(`select id from order_risk_hashes where business_id = ${business}`)).toHaveLength(1);
    expect((await f.business.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from order_risk_hashes where business_id = ${business}`)).toEqual([]);
  });

  it('erases a staffer’s proof photos and texts, keeping the decided rows; a business’s tasks and their proofs go with its campaigns (decision record 032)', async () => {
    const f = await createFixtures(t);
    const [photo] = await t.database.query<{ file_key: string }>(`select file_key from campaign_task_proof_files where id = ${f.ids.campaignProofPhoto}`);
    expect(t.storage.files.has(photo.file_key)).toBe(true);
    expect((await f.proStaff.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(t.storage.files.has(photo.file_key)).toBe(false);
    expect(await t.database.query(`select id from campaign_task_proof_files`)).toEqual([]);
    expect(await t.database.query(`select id, status, url, report, note from campaign_task_submissions`)).toEqual([
      { id: f.ids.campaignSubmission, status: 'submitted', url: null, report: null, note: '' },
    ]);

    const g = await createFixtures(t);
    expect((await g.business.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select id from campaign_tasks where id in (${g.ids.campaignTask}, ${g.ids.campaignEmptyTask})`)).toEqual([]);
    expect(await t.database.query(`select id from campaign_task_submissions where id = ${g.ids.campaignSubmission}`)).toEqual([]);
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('campaign-proofs/'))).toEqual([]);
  });

  it('runs as an hourly scheduled background task', async () => {
    const kinds = (t.app.ctx.tasks as unknown as { schedules: { kind: string; everySeconds: number }[] }).schedules;
    expect(kinds).toContainEqual({ kind: 'account.erase-due', everySeconds: 3600 });
  });
});

describe('an erased pro staffer is no longer listed or shown', () => {
  const ids = (body: { id: number }[] | { items: { id: number }[] }) => (Array.isArray(body) ? body : body.items).map((p) => p.id);

  it('leaves the directory (plain and searched), the landing list, the tag search and the profile URLs', async () => {
    const staying = await createProStaff(t, { firstName: 'Staying' });
    const leaving = await createProStaff(t, { firstName: 'Leaving' });
    const business = await createBusiness(t);
    const anonymous = t.anonymous();
    expect(ids((await anonymous.get('/api/pro-staff-profiles')).body)).toEqual([staying.proStaffId, leaving.proStaffId]);
    expect((await leaving.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await business.client.post('/api/account/deletion', password)).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(2);
    // The "Deleted user" rows are still there for the records that point at them.
    expect(await t.database.query(`select first_name from pro_staff_profiles where id = ${leaving.proStaffId}`)).toEqual([{ first_name: 'Deleted' }]);

    const plain = await anonymous.get('/api/pro-staff-profiles');
    expect(ids(plain.body)).toEqual([staying.proStaffId]);
    expect(plain.headers['x-total-count']).toBe('1');
    const paged = await anonymous.get('/api/pro-staff-profiles?page=1&pageSize=24&sort=newest');
    expect(paged.body).toMatchObject({ total: 1 });
    expect(ids(paged.body)).toEqual([staying.proStaffId]);
    // Its profile now reads "Deleted user": a search for that finds nothing (every plan: directory-scale.test.ts).
    expect(ids((await anonymous.get('/api/pro-staff-profiles?q=deleted%20user')).body)).toEqual([]);
    expect(ids((await anonymous.get('/api/pro-staff-profiles/featured?fill=true')).body)).toEqual([staying.proStaffId]);

    for (const path of [
      `/api/pro-staff-profiles/${leaving.proStaffId}`,
      `/api/pro-staff-profiles/user/${leaving.user.id}`,
      `/api/business-profiles/${business.businessId}`,
      `/api/business-profiles/user/${business.user.id}`,
    ]) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await anonymous.get(`/api/pro-staff-profiles/${staying.proStaffId}`)).status).toBe(200);
  });

  it('is left out of a paid owner’s featured place and of the tag search, whatever its row still holds', async () => {
    // Erasure clears the plan and the tags; the lookups must not depend on that alone.
    const elite = await createProStaff(t, { firstName: 'Elite', tier: 'elite' });
    await t.database.query(`update pro_staff_profiles set social_tags = '{#elkhunting}' where id = ${elite.proStaffId}`);
    const business = await createBusiness(t, { tier: 'enterprise' });
    const tagged = () => business.client.get('/api/social-media-tags/search?tag=elkhunting');
    expect(ids((await tagged()).body)).toEqual([elite.proStaffId]);
    expect(ids((await t.anonymous().get('/api/pro-staff-profiles/featured')).body)).toEqual([elite.proStaffId]);
    await t.database.query(`update pro_staff_profiles set erased_at = now() where id = ${elite.proStaffId}`);
    expect(ids((await tagged()).body)).toEqual([]);
    expect(ids((await t.anonymous().get('/api/pro-staff-profiles/featured')).body)).toEqual([]);
  });
});
