import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { exportData } from '@server/test/zip-archive';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';
import { purgeOldRead, sendWeeklyDigests } from './service';

// The notification centre (issue 23 item 4, issue 22 item 5; decision record 030).
const t = useTestApp();

type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function parties() {
  const business = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Optics' });
  const pro = await createProStaff(t, { firstName: 'Anna', lastName: 'Archer' });
  return { business, pro };
}

async function offer(business: Business, pro: ProStaff) {
  const res = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 1000 });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** The mails sent since the last call, as [to, subject]. */
async function mails() {
  await t.app.ctx.tasks.drain();
  return t.mailer.sent.splice(0).map((mail) => [mail.to, mail.subject]);
}

const list = async (who: SignedIn, query = '') => (await who.client.get(`/api/notifications${query}`)).body;

describe('the list and the bell', () => {
  it('an agreement offer reaches the staffer: listed unread, counted, pushed live, then read', async () => {
    const { business, pro } = await parties();
    const live: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => live.push(event));
    const id = await offer(business, pro);

    const page = await list(pro);
    expect(page).toEqual({
      notifications: [{
        id: expect.any(Number), kind: 'agreement', title: 'Ridge Optics offered you a pro staff agreement', body: expect.stringContaining('commission 10.00%'),
        link: `/agreements/${id}`, read: false, createdAt: expect.any(String),
      }],
      unreadCount: 1,
      nextBefore: null,
    });
    expect(live).toContainEqual({ type: 'notifications.changed', data: { unreadCount: 1 } });
    expect((await pro.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });
    // The business that acted is not told about its own action.
    expect((await list(business)).notifications).toEqual([]);

    const read = await pro.client.post(`/api/notifications/${page.notifications[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ count: 0 });
    expect(live.at(-1)).toEqual({ type: 'notifications.changed', data: { unreadCount: 0 } });
    expect((await list(pro)).notifications[0].read).toBe(true);
    // Reading again is harmless.
    expect((await pro.client.post(`/api/notifications/${page.notifications[0].id}/read`)).status).toBe(200);
  });

  it("someone else's notification answers 404 and stays unread", async () => {
    const { business, pro } = await parties();
    await offer(business, pro);
    const [mine] = (await list(pro)).notifications;
    const other = await createProStaff(t);
    const res = await other.client.post(`/api/notifications/${mine.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await list(pro)).notifications[0].read).toBe(false);
    expect((await business.client.post(`/api/notifications/${mine.id}/read`)).status).toBe(404);
  });

  it('accept and end reach the other party; read-all clears the count; unread=true filters', async () => {
    const { business, pro } = await parties();
    const id = await offer(business, pro);
    await pro.client.post(`/api/agreements/${id}/accept`, {});
    expect((await list(business)).notifications.map((n: { title: string }) => n.title)).toEqual(['Anna Archer accepted your pro staff agreement']);
    await business.client.post(`/api/agreements/${id}/end`, { reason: 'Season over' });
    const pro1 = await list(pro);
    expect(pro1.notifications.map((n: { title: string }) => n.title)).toEqual(['Ridge Optics ended your pro staff agreement', 'Ridge Optics offered you a pro staff agreement']);
    expect(pro1.notifications[0].body).toBe('Ridge Optics ended your pro staff agreement. Reason: Season over');
    expect(pro1.unreadCount).toBe(2);
    await pro.client.post(`/api/notifications/${pro1.notifications[1].id}/read`);
    expect((await list(pro, '?unread=true')).notifications.map((n: { id: number }) => n.id)).toEqual([pro1.notifications[0].id]);
    expect((await pro.client.post('/api/notifications/read-all')).body).toEqual({ count: 0 });
    expect((await list(pro, '?unread=true')).notifications).toEqual([]);
    expect((await list(pro)).notifications).toHaveLength(2);
  });

  it('a declined offer tells the business, with the reason', async () => {
    const { business, pro } = await parties();
    const id = await offer(business, pro);
    await pro.client.post(`/api/agreements/${id}/decline`, { reason: 'Already on an optics staff' });
    const [declined] = (await list(business)).notifications;
    expect(declined).toMatchObject({ kind: 'agreement', title: 'Anna Archer declined your pro staff agreement', body: 'Anna Archer declined your pro staff agreement. Reason: Already on an optics staff', link: `/agreements/${id}` });
  });

  it('pages newest first through `before`', async () => {
    const { business } = await parties();
    const pros = await Promise.all([1, 2, 3].map(() => createProStaff(t)));
    const job = (await business.client.post('/api/job-postings', { title: 'Elk Guide', description: 'Guide elk hunts.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$300 per day' })).body;
    for (const pro of pros) expect((await pro.client.post('/api/applications', { jobPostingId: job.id, coverLetter: 'Ten seasons.' })).status).toBe(201);
    const first = await list(business, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unreadCount).toBe(3);
    expect(first.notifications[0].id).toBeGreaterThan(first.notifications[1].id);
    const second = await list(business, `?limit=2&before=${first.nextBefore}`);
    expect(second.notifications).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    expect(second.notifications[0].id).toBeLessThan(first.notifications[1].id);
  });

  it('refuses bad queries, and callers who are signed out', async () => {
    const { pro } = await parties();
    for (const query of ['?limit=0', '?limit=101', '?before=abc', '?before=true', '?unread=yes', '?before=1e3']) {
      const res = await pro.client.get(`/api/notifications${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await pro.client.post('/api/notifications/abc/read')).status).toBe(400);
    const anonymous = new TestClient(t.app);
    for (const [method, url] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['POST', '/api/notifications/read-all'], ['GET', '/api/notification-settings']] as const) {
      expect((await anonymous.request(method, url)).status, url).toBe(401);
    }
  });
});

describe('what produces notifications', () => {
  it('applications: the business hears of a new one, the applicant of the decision, the business of a withdrawal', async () => {
    const { business, pro } = await parties();
    await mails();
    const job = (await business.client.post('/api/job-postings', { title: 'Turkey Guide', description: 'Spring gobblers.', location: 'Asheville, NC', specialties: ['Turkey Hunting'], compensation: '$250 per day' })).body;
    const application = (await pro.client.post('/api/applications', { jobPostingId: job.id, coverLetter: 'Five springs.' })).body;
    expect((await list(business)).notifications[0]).toMatchObject({ kind: 'application', title: 'New application for “Turkey Guide”', link: '/business-dashboard' });
    expect(await mails()).toEqual([[business.user.email, 'New application for “Turkey Guide”']]);

    await business.client.patch(`/api/applications/${application.id}/status`, { status: 'rejected' });
    expect((await list(pro)).notifications[0]).toMatchObject({ kind: 'application', title: 'Ridge Optics declined your application for “Turkey Guide”', link: '/pro-staff-dashboard' });

    const second = (await business.client.post('/api/job-postings', { title: 'Duck Guide', description: 'Flooded timber.', location: 'Stuttgart, AR', specialties: ['Duck Hunting'], compensation: '$200 per day' })).body;
    const again = (await pro.client.post('/api/applications', { jobPostingId: second.id, coverLetter: 'Calls ducks.' })).body;
    await pro.client.patch(`/api/applications/${again.id}/status`, { status: 'withdrawn' });
    expect((await list(business)).notifications[0].title).toBe('An applicant withdrew from “Duck Guide”');
  });

  it('commissions: recorded and marked paid reach the pro staffer', async () => {
    const { business, pro } = await parties();
    const created = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '125.50', description: 'Elk video' });
    expect(created.status).toBe(201);
    expect((await list(pro)).notifications[0]).toMatchObject({ kind: 'commission', title: 'Ridge Optics recorded a USD 125.50 commission for you', body: `Commission #${created.body.id}: Elk video` });
    await business.client.patch(`/api/commissions/${created.body.id}/status`, { status: 'paid' });
    expect((await list(pro)).notifications[0].title).toBe('Ridge Optics marked your USD 125.50 commission paid');
  });

  it('reviews: the subject hears of it without the reviewer being named', async () => {
    const { business, pro } = await parties();
    const res = await business.client.post('/api/reviews', { revieweeId: pro.proStaffId, revieweeType: 'pro_staff', rating: 4, title: 'Great field days', content: 'Showed up early and worked hard.' });
    expect(res.status).toBe(201);
    const [review] = (await list(pro)).notifications;
    expect(review).toMatchObject({ kind: 'review', title: 'You received a 4-star review', body: 'Great field days', link: '/reviews' });
    expect(JSON.stringify(review)).not.toContain('Ridge Optics');
  });
});

describe('email settings', () => {
  it('every kind by email and no digest by default; a kind turned off still lists but sends no mail', async () => {
    const { business, pro } = await parties();
    expect((await pro.client.get('/api/notification-settings')).body).toEqual({
      email: { application: true, commission: true, payout: true, agreement: true, review: true, credential: true, campaign: true, task: true, goal: true, gear: true },
      weeklyDigest: false,
    });
    await mails();
    await offer(business, pro);
    expect(await mails()).toEqual([[pro.user.email, 'Ridge Optics offered you a pro staff agreement']]);

    const changed = await pro.client.patch('/api/notification-settings', { email: { agreement: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toMatchObject({ agreement: false, commission: true });
    const other = await createBusiness(t, { tier: 'professional', companyName: 'Timber Calls' });
    await offer(other, pro);
    expect(await mails()).toEqual([]);
    expect((await list(pro)).notifications[0].title).toBe('Timber Calls offered you a pro staff agreement');

    // Only what is sent changes.
    const digest = await pro.client.patch('/api/notification-settings', { weeklyDigest: true });
    expect(digest.body).toMatchObject({ weeklyDigest: true, email: { agreement: false } });
    // Another user's settings are untouched.
    expect((await business.client.get('/api/notification-settings')).body.email.agreement).toBe(true);
  });

  it('refuses unknown kinds, non-booleans and extra fields', async () => {
    const { pro } = await parties();
    for (const body of [{ email: { messages: false } }, { email: { agreement: 'no' } }, { weeklyDigest: 1 }, { sms: true }, { email: null }]) {
      const res = await pro.client.patch('/api/notification-settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await pro.client.get('/api/notification-settings')).body.weeklyDigest).toBe(false);
  });
});

describe('the weekly digest', () => {
  it('mails the unread items of the week once per 7 days, only to those who asked, and nothing when nothing is unread', async () => {
    const { business, pro } = await parties();
    const quiet = await createProStaff(t);
    await pro.client.patch('/api/notification-settings', { weeklyDigest: true, email: { agreement: false } });
    await quiet.client.patch('/api/notification-settings', { weeklyDigest: true });
    const id = await offer(business, pro);
    await mails();

    const now = new Date(Date.now() + 60_000);
    const first = await sendWeeklyDigests(t.app.ctx, now);
    expect(first.claimed).toBeGreaterThanOrEqual(2);
    const sent = (await (async () => { await t.app.ctx.tasks.drain(); return t.mailer.sent.splice(0); })());
    const mine = sent.filter((mail) => mail.to === pro.user.email);
    expect(mine.map((mail) => mail.subject)).toEqual(['Your HuntStaff week: 1 unread notification']);
    expect(mine[0]!.text).toContain('- Ridge Optics offered you a pro staff agreement');
    expect(mine[0]!.text).toContain(`/agreements/${id}`);
    // Nothing unread: nothing sent.
    expect(sent.filter((mail) => mail.to === quiet.user.email)).toEqual([]);
    expect(sent.filter((mail) => mail.to === business.user.email)).toEqual([]);

    // A second run within the week (another instance, a retry) sends nothing.
    await sendWeeklyDigests(t.app.ctx, new Date(now.getTime() + 60 * 60_000));
    expect((await mails()).filter(([to]) => to === pro.user.email)).toEqual([]);
    // A week later the item is older than the week: nothing to say.
    await sendWeeklyDigests(t.app.ctx, new Date(now.getTime() + 8 * 86_400_000));
    expect((await mails()).filter(([to]) => to === pro.user.email)).toEqual([]);
  });
});

describe('account rights', () => {
  it('the export carries the list and the settings', async () => {
    const { business, pro } = await parties();
    await offer(business, pro);
    await pro.client.patch('/api/notification-settings', { weeklyDigest: true });
    const archive = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: pro.client.cookie! } });
    const doc = await exportData<Record<string, unknown>>(archive.rawPayload);
    expect(doc.notifications).toEqual([expect.objectContaining({ kind: 'agreement', title: 'Ridge Optics offered you a pro staff agreement' })]);
    expect(doc.notificationSettings).toEqual([expect.objectContaining({ weeklyDigest: true })]);
  });
});

describe('retention', () => {
  it('deletes read notifications after a year and keeps unread ones', async () => {
    const { business, pro } = await parties();
    await offer(business, pro);
    const other = await createBusiness(t, { tier: 'professional', companyName: 'Timber Calls' });
    await offer(other, pro);
    const [newest, oldest] = (await list(pro)).notifications;
    await pro.client.post(`/api/notifications/${oldest.id}/read`);
    expect((await purgeOldRead(t.app.ctx, new Date(Date.now() + 364 * 86_400_000))).deleted).toBe(0);
    await purgeOldRead(t.app.ctx, new Date(Date.now() + 366 * 86_400_000));
    expect((await list(pro)).notifications.map((n: { id: number }) => n.id)).toEqual([newest.id]);
  });
});
