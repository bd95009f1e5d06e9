import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { TestClient } from '@server/test/test-app';
import { users, sessions } from '@server/db/schema/users';
import { pageViews } from '@server/db/schema/billing';
import { profileViews } from '@server/db/schema/analytics';
import { adViews, advertisements } from '@server/db/schema/ads';
import { proStaffProfiles, businessProfiles } from '@server/db/schema/profiles';
import { retentionWarnings } from '@server/db/schema/retention';
import { RETENTION_TASK, runRetention, storageKeyOfAvatar } from './service';

const t = useTestApp();

// Now: accounts the factories create are active today.
const NOW = new Date();
const DAY = 24 * 3600_000;
const yearsAgo = (years: number, plusDays = 0) => {
  const date = new Date(NOW);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() + plusDays * DAY);
};
const setLastActive = (userId: number, at: Date) => t.database.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
/** Runs the nightly task through the queue, as the worker does, and returns what it reported. */
async function nightly(now = NOW) {
  return runRetention(t.app.ctx, now);
}
/** Sends the mails the run queued. */
async function deliverMail() {
  await t.app.ctx.tasks.drain();
  return t.mailer.sent.splice(0);
}

describe('nightly retention: usage data', () => {
  it('anonymises page and profile views older than 2 years and drops old per-viewer ad views, keeping totals', async () => {
    const pro = await createProStaff(t);
    const business = await createBusiness(t);
    const old = yearsAgo(2, -1);
    const recent = yearsAgo(2, 1);
    await t.database.db.insert(pageViews).values([
      { path: '/old', userId: pro.user.id, visitorId: 'v-old', createdAt: old },
      { path: '/recent', userId: pro.user.id, visitorId: 'v-new', createdAt: recent },
    ]);
    await t.database.db.insert(profileViews).values([
      { profileType: 'pro_staff', profileId: pro.proStaffId, viewerUserId: business.user.id, createdAt: old },
      { profileType: 'pro_staff', profileId: pro.proStaffId, viewerUserId: business.user.id, createdAt: recent },
    ]);
    const [ad] = await t.database.db.insert(advertisements).values({
      userId: business.user.id, title: 'Decoys', description: 'Spring sale', adType: 'service_offer', targetAudience: 'both',
      budgetCents: 1000, durationDays: 30, contactInfo: 'shop@example.com', impressions: 2, endDate: NOW,
    }).returning();
    await t.database.db.insert(adViews).values([
      { adId: ad.id, viewerUserId: pro.user.id, day: old.toISOString().slice(0, 10), kind: 'impression' },
      { adId: ad.id, viewerUserId: pro.user.id, day: recent.toISOString().slice(0, 10), kind: 'impression' },
    ]);

    const report = await nightly();
    expect(report.usage).toEqual({ pageViews: 1, profileViews: 1, adViews: 1, promotionViews: 0 });

    const pages = await t.database.db.select().from(pageViews).orderBy(pageViews.path);
    expect(pages.map((row) => [row.path, row.userId, row.visitorId])).toEqual([['/old', null, null], ['/recent', pro.user.id, 'v-new']]);
    const profiles = await t.database.db.select().from(profileViews).orderBy(profileViews.createdAt);
    expect(profiles.map((row) => row.viewerUserId)).toEqual([null, business.user.id]);
    expect((await t.database.db.select().from(adViews)).map((row) => row.day)).toEqual([recent.toISOString().slice(0, 10)]);
    expect((await t.database.db.select().from(advertisements))[0].impressions).toBe(2);

    // Again: nothing left to do.
    expect((await nightly()).usage).toEqual({ pageViews: 0, profileViews: 0, adViews: 0, promotionViews: 0 });
  });
});

describe('nightly retention: inactive accounts', () => {
  it('warns 30 days before 3 years of inactivity, once, and leaves active accounts and admins alone', async () => {
    const idle = await signUp(t, 'pro_staff', 'idle@example.com');
    const active = await signUp(t, 'pro_staff', 'active@example.com');
    const admin = await signUp(t, 'business', 'admin@example.com');
    await setLastActive(idle.user.id, yearsAgo(3, 29));
    await setLastActive(active.user.id, yearsAgo(3, 31));
    await setLastActive(admin.user.id, yearsAgo(5));
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));

    expect((await nightly()).warned).toBe(1);
    const mails = await deliverMail();
    expect(mails).toEqual([
      expect.objectContaining({ to: 'idle@example.com', subject: 'Your HuntStaff account will be removed in 30 days', text: expect.stringContaining(`on or after ${new Date(NOW.getTime() + 30 * DAY).toISOString().slice(0, 10)}`) }),
    ]);
    expect((await nightly()).warned).toBe(0);
    expect(await deliverMail()).toEqual([]);
  });

  it('removes a warned account 30 days later if still unused: deleted when nothing is shared, anonymised otherwise', async () => {
    const loner = await createProStaff(t, { firstName: 'Lone', lastName: 'Wolf' });
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const business = await createBusiness(t, { tier: 'professional', companyName: 'Timber Co' });
    await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '50.00' });
    await t.database.db.update(proStaffProfiles).set({ profilePictureUrl: '/api/uploads/avatars/0123abcd.png' }).where(eq(proStaffProfiles.id, pro.proStaffId));
    await t.storage.put('avatars/0123abcd.png', Buffer.from('png'));
    for (const user of [loner.user, pro.user]) await setLastActive(user.id, yearsAgo(3, -2));

    const warnedOn = new Date(NOW.getTime() - 31 * DAY);
    expect((await runRetention(t.app.ctx, warnedOn)).warned).toBe(2);
    expect(await nightly()).toMatchObject({ warned: 0, deleted: 1, anonymised: 1 });
    expect(await nightly()).toMatchObject({ warned: 0, deleted: 0, anonymised: 0 });
    expect(await userRow(loner.user.id)).toBeUndefined();
    const removed = await userRow(pro.user.id);
    expect(removed.email).toBe(`deleted-user-${pro.user.id}@deleted.invalid`);
    const [profile] = await t.database.db.select().from(proStaffProfiles).where(eq(proStaffProfiles.id, pro.proStaffId));
    expect(profile).toMatchObject({ firstName: 'Deleted', lastName: 'user', bio: null, location: null, profilePictureUrl: null });
    expect(t.storage.files.has('avatars/0123abcd.png')).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, pro.user.id))).toEqual([]);
    // The business keeps its commission, now to the anonymous account.
    const kept = await t.database.query<{ pro_staff_id: number }>('select pro_staff_id from commissions');
    expect(kept).toEqual([{ pro_staff_id: pro.proStaffId }]);
    // The old password no longer works.
    const login = await new TestClient(t.app).post('/api/auth/login', { email: pro.user.email, password: 'trail-cam-2026' });
    expect(login.status).toBe(401);
    expect((await t.database.db.select().from(businessProfiles).where(eq(businessProfiles.id, business.businessId)))[0].companyName).toBe('Timber Co');
  });

  it('keeps an account whose owner came back after the warning, and warns again if they leave for 3 years', async () => {
    const back = await signUp(t, 'business', 'back@example.com');
    await setLastActive(back.user.id, yearsAgo(3, -2));
    await runRetention(t.app.ctx, new Date(NOW.getTime() - 31 * DAY));
    await deliverMail();
    await setLastActive(back.user.id, new Date(NOW.getTime() - 10 * DAY));

    const report = await nightly();
    expect(report).toMatchObject({ deleted: 0, anonymised: 0, warningsDropped: 1 });
    expect((await userRow(back.user.id)).email).toBe('back@example.com');
    expect(await t.database.db.select().from(retentionWarnings)).toEqual([]);
  });

  it('runs as a daily scheduled task on the queue', async () => {
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, NOW);
    await t.app.ctx.tasks.drain();
    const [row] = await t.database.query<{ status: string; result: Record<string, unknown> }>(`select status, result from background_tasks where kind = '${RETENTION_TASK}'`);
    expect(row).toMatchObject({ status: 'done', result: expect.objectContaining({ warned: 0, deleted: 0 }) });
  });

  it('finds the storage key of our own avatar URLs only', () => {
    expect(storageKeyOfAvatar('/api/uploads/avatars/0123abcd.png')).toBe('avatars/0123abcd.png');
    expect(storageKeyOfAvatar('https://example.com/me.png')).toBeNull();
    expect(storageKeyOfAvatar('/api/uploads/avatars/../x')).toBeNull();
  });
});

describe('nightly retention: messages', () => {
  it('purges messages older than 7 years with their attachments and files, keeps newer ones, and drops emptied conversations', async () => {
    const pro = await createProStaff(t);
    const business = await createBusiness(t);
    const other = await createBusiness(t, { companyName: 'Other Outfitters' });
    const pair = (a: number, b: number) => `${Math.min(a, b)}, ${Math.max(a, b)}`;
    const [kept] = await t.database.query<{ id: number }>(`insert into conversations (user_a_id, user_b_id) values (${pair(pro.user.id, business.user.id)}) returning id`);
    const [emptied] = await t.database.query<{ id: number }>(`insert into conversations (user_a_id, user_b_id) values (${pair(pro.user.id, other.user.id)}) returning id`);
    const message = async (conversationId: number, from: number, to: number, content: string, at: Date, file?: string) => {
      const [row] = await t.database.query<{ id: number }>(
        `insert into messages (conversation_id, from_user_id, to_user_id, content, created_at) values (${conversationId}, ${from}, ${to}, '${content}', '${at.toISOString()}') returning id`,
      );
      if (file) {
        await t.database.query(`insert into message_attachments (message_id, uploader_id, file_name, file_size, file_type, storage_key) values (${row.id}, ${from}, 'a.pdf', 3, 'application/pdf', '${file}')`);
        await t.storage.put(file, Buffer.from('pdf'));
      }
      return row.id;
    };
    await message(kept.id, business.user.id, pro.user.id, 'Old offer', yearsAgo(7, -1), 'attachments/old.pdf');
    const newer = await message(kept.id, pro.user.id, business.user.id, 'Still within the 7 years', yearsAgo(7, 1), 'attachments/newer.pdf');
    await message(emptied.id, other.user.id, pro.user.id, 'Old hello', yearsAgo(8));

    expect((await nightly()).messagesPurged).toBe(2);
    expect(await t.database.query('select id, content from messages')).toEqual([{ id: newer, content: 'Still within the 7 years' }]);
    expect(await t.database.query('select storage_key from message_attachments')).toEqual([{ storage_key: 'attachments/newer.pdf' }]);
    expect(t.storage.files.has('attachments/old.pdf')).toBe(false);
    expect(t.storage.files.has('attachments/newer.pdf')).toBe(true);
    expect(await t.database.query('select id from conversations')).toEqual([{ id: kept.id }]);
    // The accounts themselves are untouched, and a second run finds nothing.
    expect((await pro.client.get('/api/auth/me')).status).toBe(200);
    expect((await nightly()).messagesPurged).toBe(0);
  });
});
