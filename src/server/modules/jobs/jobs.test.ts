import { describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp, type SignedIn } from '@server/test/factories';
import { expectBusinessProfileGate } from '@server/test/business-gate';

const t = useTestApp();

const jobBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Elk Guide',
  description: 'Guide archery elk hunts in September.',
  location: 'Bozeman, MT',
  specialties: ['Elk Hunting', 'Bow Hunting'],
  compensation: '$300 per day',
  ...overrides,
});

async function postJob(business: SignedIn, overrides: Record<string, unknown> = {}) {
  const res = await business.client.post('/api/job-postings', jobBody(overrides));
  if (res.status !== 201) throw new Error(`post job failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; businessId: number };
}

async function applyTo(pro: SignedIn, jobPostingId: number, coverLetter = 'I have guided elk for ten years.') {
  const res = await pro.client.post('/api/applications', { jobPostingId, coverLetter });
  if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string };
}

describe('POST /api/job-postings', () => {
  it('creates an active posting for the business', async () => {
    const business = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Outfitters' });
    const res = await business.client.post('/api/job-postings', jobBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number), businessId: business.businessId, businessName: 'Ridge Outfitters', title: 'Elk Guide',
      location: 'Bozeman, MT', specialties: ['Elk Hunting', 'Bow Hunting'], compensation: '$300 per day', isActive: true,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  it('rejects a missing title and description with field details', async () => {
    const business = await createBusiness(t);
    const res = await business.client.post('/api/job-postings', { title: '  ', specialties: 'nope' });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'description', 'specialties']));
  });

  it('needs a signed-in business with a profile', async () => {
    await expectBusinessProfileGate(t, (client) => client.post('/api/job-postings', jobBody()));
  });

  it('holds a free business to 1 job post per month, even after closing it', async () => {
    const business = await createBusiness(t);
    const first = await postJob(business);
    await business.client.patch(`/api/job-postings/${first.id}`, { isActive: false });
    const res = await business.client.post('/api/job-postings', jobBody({ title: 'Second' }));
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('PLAN_LIMIT');
    expect(res.body.error.message).toBe('Your Free plan allows 1 job post per month.');
    expect(res.body.error.details).toMatchObject({ plan: 'free', limit: 1, upgradeUrl: '/subscription' });
  });

  it('holds a startup business to 5 active postings but allows inactive drafts', async () => {
    const business = await createBusiness(t, { tier: 'startup' });
    for (let i = 0; i < 5; i++) await postJob(business, { title: `Job ${i}` });
    const sixth = await business.client.post('/api/job-postings', jobBody({ title: 'Sixth' }));
    expect(sixth.status).toBe(402);
    expect(sixth.body.error.message).toBe('Your Startup plan allows 5 active job postings.');
    const draft = await business.client.post('/api/job-postings', jobBody({ title: 'Draft', isActive: false }));
    expect(draft.status).toBe(201);
    const reactivate = await business.client.patch(`/api/job-postings/${draft.body.id}`, { isActive: true });
    expect(reactivate.status).toBe(402);
  });

  it('lets an enterprise business post without limit', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    for (let i = 0; i < 17; i++) await postJob(business, { title: `Job ${i}` });
    const stats = await business.client.get(`/api/job-postings/business/${business.businessId}/stats`);
    expect(stats.body.activeJobPostings).toBe(17);
  });
});

describe('GET /api/job-postings', () => {
  it('lists active postings newest first, public, with filters', async () => {
    const business = await createBusiness(t, { tier: 'enterprise', companyName: 'Prairie Birds Co' });
    await postJob(business, { title: 'Pheasant Guide', location: 'Pierre, SD', specialties: ['Upland Game'] });
    await postJob(business, { title: 'Duck Caller', location: 'Stuttgart, AR', specialties: ['Duck Hunting'] });
    await postJob(business, { title: 'Hidden', isActive: false });

    const all = await new TestClient(t.app).get('/api/job-postings');
    expect(all.status).toBe(200);
    expect(all.body.map((j: { title: string }) => j.title)).toEqual(['Duck Caller', 'Pheasant Guide']);

    const byQ = await new TestClient(t.app).get('/api/job-postings?q=pheasant');
    expect(byQ.body.map((j: { title: string }) => j.title)).toEqual(['Pheasant Guide']);
    const byCompany = await new TestClient(t.app).get('/api/job-postings?q=prairie%20birds');
    expect(byCompany.body).toHaveLength(2);
    const byLocation = await new TestClient(t.app).get('/api/job-postings?location=ar');
    expect(byLocation.body.map((j: { title: string }) => j.title)).toEqual(['Duck Caller']);
    const bySpecialty = await new TestClient(t.app).get('/api/job-postings?specialty=upland%20game');
    expect(bySpecialty.body.map((j: { title: string }) => j.title)).toEqual(['Pheasant Guide']);
    const wildcard = await new TestClient(t.app).get('/api/job-postings?q=%25');
    expect(wildcard.body).toHaveLength(0);
  });

  it('rejects a bad limit', async () => {
    const res = await new TestClient(t.app).get('/api/job-postings?limit=0');
    expect(res.status).toBe(400);
  });
});

describe('the active-posting limit on edits', () => {
  it('lets a business over its limit (after a downgrade) edit its active postings, but not activate another', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const jobs = [];
    for (let i = 0; i < 6; i++) jobs.push(await postJob(business, { title: `Guide ${i}` }));
    const closed = await postJob(business, { title: 'Closed', isActive: false });
    await t.database.query(`update users set subscription_tier = 'startup' where id = ${business.user.id}`); // 5 active allowed
    const edited = await business.client.patch(`/api/job-postings/${jobs[0].id}`, { title: 'Lead Guide' });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Lead Guide');
    // Only activating counts against the limit: a draft can still be edited, and an active posting marked active again.
    const draft = await business.client.patch(`/api/job-postings/${closed.id}`, { title: 'Closed for now' });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ title: 'Closed for now', isActive: false });
    expect((await business.client.patch(`/api/job-postings/${jobs[1].id}`, { isActive: true })).status).toBe(200);
    expect((await business.client.patch(`/api/job-postings/${closed.id}`, { isActive: true })).status).toBe(402);
  });
});

describe('GET /api/job-postings/:id', () => {
  it('shows an active posting to anyone and an inactive one only to its owner', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const active = await postJob(business);
    const inactive = await postJob(business, { isActive: false });
    expect((await new TestClient(t.app).get(`/api/job-postings/${active.id}`)).body.title).toBe('Elk Guide');
    expect((await new TestClient(t.app).get(`/api/job-postings/${inactive.id}`)).status).toBe(404);
    const other = await createBusiness(t);
    expect((await other.client.get(`/api/job-postings/${inactive.id}`)).status).toBe(404);
    expect((await business.client.get(`/api/job-postings/${inactive.id}`)).status).toBe(200);
    expect((await business.client.get('/api/job-postings/abc')).status).toBe(400);
    expect((await business.client.get('/api/job-postings/99999')).status).toBe(404);
  });
});

describe('GET /api/job-postings/business/:businessId', () => {
  it('gives the owner every posting with counts and others only active ones', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const open = await postJob(business, { title: 'Open' });
    await postJob(business, { title: 'Closed', isActive: false });
    const pro = await createProStaff(t);
    await applyTo(pro, open.id);

    const own = await business.client.get(`/api/job-postings/business/${business.businessId}`);
    expect(own.status).toBe(200);
    expect(own.body.map((j: { title: string }) => j.title)).toEqual(['Closed', 'Open']);
    expect(own.body[1]).toMatchObject({ applicationCount: 1, pendingCount: 1 });

    const publicView = await pro.client.get(`/api/job-postings/business/${business.businessId}`);
    expect(publicView.body.map((j: { title: string }) => j.title)).toEqual(['Open']);
    expect(publicView.body[0].applicationCount).toBeUndefined();

    expect((await pro.client.get('/api/job-postings/business/99999')).status).toBe(404);
    expect((await pro.client.get('/api/job-postings/business/x')).status).toBe(400);
  });
});

describe('GET /api/job-postings/business/:businessId/stats', () => {
  it('counts postings, applications and accepted pro staff for the owner only', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const a = await postJob(business);
    const b = await postJob(business, { title: 'Second' });
    const pro = await createProStaff(t, { tier: 'pro' });
    const other = await createProStaff(t);
    const first = await applyTo(pro, a.id);
    const second = await applyTo(pro, b.id);
    await applyTo(other, a.id);
    await business.client.patch(`/api/applications/${first.id}/status`, { status: 'accepted' });
    await business.client.patch(`/api/applications/${second.id}/status`, { status: 'accepted' });

    const res = await business.client.get(`/api/job-postings/business/${business.businessId}/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jobPostings: 2, activeJobPostings: 2, postsThisMonth: 2, applications: 3, pendingApplications: 1, activeProStaff: 1 });

    expect((await new TestClient(t.app).get(`/api/job-postings/business/${business.businessId}/stats`)).status).toBe(401);
    expect((await pro.client.get(`/api/job-postings/business/${business.businessId}/stats`)).status).toBe(403);
    const rival = await createBusiness(t);
    expect((await rival.client.get(`/api/job-postings/business/${business.businessId}/stats`)).status).toBe(403);
  });
});

describe('PATCH /api/job-postings/:id', () => {
  it('lets the owner edit and deactivate', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const job = await postJob(business);
    const res = await business.client.patch(`/api/job-postings/${job.id}`, { title: 'Lead Elk Guide', location: '', isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Lead Elk Guide', location: null, isActive: false, description: 'Guide archery elk hunts in September.' });
    const listed = await new TestClient(t.app).get('/api/job-postings');
    expect(listed.body).toHaveLength(0);
  });

  it('rejects an empty or invalid change', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    expect((await business.client.patch(`/api/job-postings/${job.id}`, {})).status).toBe(400);
    expect((await business.client.patch(`/api/job-postings/${job.id}`, { title: '' })).status).toBe(400);
  });

  it('refuses strangers, pro staff and other businesses', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    expect((await new TestClient(t.app).patch(`/api/job-postings/${job.id}`, { isActive: false })).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.patch(`/api/job-postings/${job.id}`, { isActive: false })).status).toBe(403);
    const rival = await createBusiness(t);
    const res = await rival.client.patch(`/api/job-postings/${job.id}`, { isActive: false });
    expect(res.status).toBe(403);
    expect((await rival.client.patch('/api/job-postings/99999', { isActive: false })).status).toBe(404);
  });
});

describe('POST /api/applications', () => {
  it('creates a pending application and notifies the business', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t);
    const events: UserEvent[] = [];
    t.events.subscribe(business.user.id, (event) => { if (event.type !== 'notifications.changed') events.push(event); });

    const res = await pro.client.post('/api/applications', { jobPostingId: job.id, coverLetter: '  Ten seasons guiding.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ jobPostingId: job.id, proStaffId: pro.proStaffId, coverLetter: 'Ten seasons guiding.', status: 'pending' });
    expect(events).toEqual([{ type: 'application.created', data: { applicationId: res.body.id, jobPostingId: job.id } }]);
  });

  it('leaves the business a notification, and tells its open tabs there is one', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t);
    const changed: UserEvent[] = [];
    t.events.subscribe(business.user.id, (event) => { if (event.type === 'notifications.changed') changed.push(event); });
    await applyTo(pro, job.id);
    const { notifications } = (await business.client.get('/api/notifications')).body;
    expect(notifications).toMatchObject([{ kind: 'application', title: 'New application for “Elk Guide”', link: '/business-dashboard' }]);
    expect(changed).toEqual([{ type: 'notifications.changed', data: { unreadCount: 1 } }]);
    expect((await pro.client.get('/api/notifications')).body.notifications).toEqual([]);
  });

  it('keeps a saved application when the live notification cannot be published (a failed NOTIFY)', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t);
    const lostConnection = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    vi.spyOn(t.events, 'publish').mockImplementation(lostConnection);
    vi.spyOn(t.events, 'publishMany').mockImplementation(lostConnection);

    const res = await pro.client.post('/api/applications', { jobPostingId: job.id });
    expect(res.status).toBe(201);
    const mine = await pro.client.get(`/api/applications/pro-staff/${pro.proStaffId}`);
    expect(mine.body.map((application: { id: number }) => application.id)).toEqual([res.body.id]);
    const status = await business.client.patch(`/api/applications/${res.body.id}/status`, { status: 'shortlisted' });
    expect(status.status).toBe(200);
  });

  it('answers 409 on a repeat application, even after withdrawing', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t, { tier: 'pro' });
    const first = await applyTo(pro, job.id);
    const again = await pro.client.post('/api/applications', { jobPostingId: job.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already applied to this job');
    await pro.client.patch(`/api/applications/${first.id}/status`, { status: 'withdrawn' });
    expect((await pro.client.post('/api/applications', { jobPostingId: job.id })).status).toBe(409);
  });

  it('refuses inactive and unknown jobs', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business, { isActive: false });
    const pro = await createProStaff(t);
    const res = await pro.client.post('/api/applications', { jobPostingId: job.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This job is no longer accepting applications');
    expect((await pro.client.post('/api/applications', { jobPostingId: 99999 })).status).toBe(404);
    expect((await pro.client.post('/api/applications', { jobPostingId: 'x' })).status).toBe(400);
    expect((await pro.client.post('/api/applications', { jobPostingId: job.id, coverLetter: 'x'.repeat(5001) })).status).toBe(400);
  });

  it('needs a pro staffer with a profile', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    expect((await new TestClient(t.app).post('/api/applications', { jobPostingId: job.id })).status).toBe(401);
    expect((await business.client.post('/api/applications', { jobPostingId: job.id })).status).toBe(403);
    const noProfile = await signUp(t, 'pro_staff');
    const res = await noProfile.client.post('/api/applications', { jobPostingId: job.id });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Please complete your pro staff profile first.');
  });

  it('holds a free pro staffer to 3 applications per month; pro is unlimited', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push(await postJob(business, { title: `Job ${i}` }));
    const free = await createProStaff(t);
    for (let i = 0; i < 3; i++) await applyTo(free, jobs[i]!.id);
    const fourth = await free.client.post('/api/applications', { jobPostingId: jobs[3]!.id });
    expect(fourth.status).toBe(402);
    expect(fourth.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { plan: 'free', limit: 3, used: 3 } });
    expect(fourth.body.error.message).toBe('Your Free plan allows 3 job applications per month.');

    const pro = await createProStaff(t, { tier: 'pro' });
    for (const job of jobs) await applyTo(pro, job.id);
  });
});

describe('plan limits under concurrent requests', () => {
  it('never lets parallel requests slip past a limit', async () => {
    const business = await createBusiness(t);
    const posts = await Promise.all([1, 2, 3].map((i) => business.client.post('/api/job-postings', jobBody({ title: `Rush ${i}` }))));
    expect(posts.map((r) => r.status).sort()).toEqual([201, 402, 402]);

    const enterprise = await createBusiness(t, { tier: 'enterprise' });
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push(await postJob(enterprise, { title: `Job ${i}` }));
    const pro = await createProStaff(t);
    const applied = await Promise.all(jobs.map((job) => pro.client.post('/api/applications', { jobPostingId: job.id })));
    expect(applied.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402]);
  });
});

describe('GET /api/applications/pro-staff/:proStaffId', () => {
  it('lists the pro staffer own applications with job details', async () => {
    const business = await createBusiness(t, { companyName: 'Ridge Outfitters' });
    const job = await postJob(business);
    const pro = await createProStaff(t);
    const application = await applyTo(pro, job.id);
    const res = await pro.client.get(`/api/applications/pro-staff/${pro.proStaffId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: application.id, status: 'pending',
        job: { id: job.id, title: 'Elk Guide', businessName: 'Ridge Outfitters', location: 'Bozeman, MT', isActive: true },
      }),
    ]);
  });

  it('is for that pro staffer only', async () => {
    const pro = await createProStaff(t);
    expect((await new TestClient(t.app).get(`/api/applications/pro-staff/${pro.proStaffId}`)).status).toBe(401);
    const other = await createProStaff(t);
    expect((await other.client.get(`/api/applications/pro-staff/${pro.proStaffId}`)).status).toBe(403);
    const business = await createBusiness(t);
    expect((await business.client.get(`/api/applications/pro-staff/${pro.proStaffId}`)).status).toBe(403);
    expect((await pro.client.get('/api/applications/pro-staff/zero')).status).toBe(400);
  });
});

describe('GET /api/job-postings/:id/applications', () => {
  it('gives the owning business the applicants with a profile summary', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison', specialties: ['Elk Hunting'], experience: 12, location: 'Cody, WY' });
    await applyTo(pro, job.id, 'Pick me');
    const res = await business.client.get(`/api/job-postings/${job.id}/applications`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        coverLetter: 'Pick me', status: 'pending',
        applicant: { proStaffId: pro.proStaffId, userId: pro.user.id, firstName: 'Jake', lastName: 'Morrison', location: 'Cody, WY', specialties: ['Elk Hunting'], experience: 12, rating: 0 },
      }),
    ]);
  });

  it('refuses anyone but the owning business', async () => {
    const business = await createBusiness(t);
    const job = await postJob(business);
    expect((await new TestClient(t.app).get(`/api/job-postings/${job.id}/applications`)).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get(`/api/job-postings/${job.id}/applications`)).status).toBe(403);
    const rival = await createBusiness(t);
    expect((await rival.client.get(`/api/job-postings/${job.id}/applications`)).status).toBe(403);
    expect((await business.client.get('/api/job-postings/99999/applications')).status).toBe(404);
    expect((await business.client.get('/api/job-postings/-1/applications')).status).toBe(400);
  });
});

describe('GET /api/applications/business/:businessId', () => {
  it('gives the business its newest applications across postings, without withdrawn ones', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const a = await postJob(business, { title: 'First job' });
    const b = await postJob(business, { title: 'Second job' });
    const pro = await createProStaff(t, { tier: 'pro', firstName: 'Ava' });
    const other = await createProStaff(t, { firstName: 'Ty' });
    await applyTo(pro, a.id);
    const withdrawn = await applyTo(other, a.id);
    await other.client.patch(`/api/applications/${withdrawn.id}/status`, { status: 'withdrawn' });
    await applyTo(pro, b.id);

    const res = await business.client.get(`/api/applications/business/${business.businessId}?limit=5`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { job: { title: string } }) => r.job.title)).toEqual(['Second job', 'First job']);
    expect(res.body[0].applicant.firstName).toBe('Ava');
    const one = await business.client.get(`/api/applications/business/${business.businessId}?limit=1`);
    expect(one.body).toHaveLength(1);
    expect((await business.client.get(`/api/applications/business/${business.businessId}?limit=500`)).status).toBe(400);
  });

  it('is for the owning business only', async () => {
    const business = await createBusiness(t);
    expect((await new TestClient(t.app).get(`/api/applications/business/${business.businessId}`)).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get(`/api/applications/business/${business.businessId}`)).status).toBe(403);
    const rival = await createBusiness(t);
    expect((await rival.client.get(`/api/applications/business/${business.businessId}`)).status).toBe(403);
  });
});

describe('PATCH /api/applications/:id/status', () => {
  async function setup() {
    const business = await createBusiness(t);
    const job = await postJob(business);
    const pro = await createProStaff(t);
    const application = await applyTo(pro, job.id);
    return { business, pro, job, application };
  }

  it('lets the business shortlist then accept, and tells the applicant', async () => {
    const { business, pro, application } = await setup();
    const events: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => { if (event.type !== 'notifications.changed') events.push(event); });
    const shortlisted = await business.client.patch(`/api/applications/${application.id}/status`, { status: 'shortlisted' });
    expect(shortlisted.status).toBe(200);
    expect(shortlisted.body.status).toBe('shortlisted');
    const accepted = await business.client.patch(`/api/applications/${application.id}/status`, { status: 'accepted' });
    expect(accepted.body.status).toBe('accepted');
    expect(events.map((e) => (e.type === 'application.status_changed' ? e.data.status : e.type))).toEqual(['shortlisted', 'accepted']);
    const mine = await pro.client.get(`/api/applications/pro-staff/${pro.proStaffId}`);
    expect(mine.body[0].status).toBe('accepted');
  });

  it('leaves the other side a notification saying what happened', async () => {
    const titles = async (who: SignedIn) => (await who.client.get('/api/notifications')).body.notifications.map((n: { title: string }) => n.title);
    const { business, pro, application } = await setup();
    const [businessName] = (await t.database.query<{ name: string }>(`select company_name as name from business_profiles where id = ${business.businessId}`)).map((r) => r.name);
    await business.client.patch(`/api/applications/${application.id}/status`, { status: 'shortlisted' });
    await business.client.patch(`/api/applications/${application.id}/status`, { status: 'rejected' });
    expect(await titles(pro)).toEqual([`${businessName} declined your application for “Elk Guide”`, `${businessName} shortlisted your application for “Elk Guide”`]);

    const second = await setup();
    await second.business.client.patch(`/api/applications/${second.application.id}/status`, { status: 'accepted' });
    expect((await titles(second.pro))[0]).toMatch(/ accepted your application for “Elk Guide”$/);
    const other = await setup();
    await other.pro.client.patch(`/api/applications/${other.application.id}/status`, { status: 'withdrawn' });
    expect((await titles(other.business))[0]).toBe('An applicant withdrew from “Elk Guide”');
  });

  it('refuses to change a decided application', async () => {
    const { business, pro, application } = await setup();
    await business.client.patch(`/api/applications/${application.id}/status`, { status: 'rejected' });
    const again = await business.client.patch(`/api/applications/${application.id}/status`, { status: 'accepted' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'CONFLICT', message: 'This application is rejected and can no longer be accepted', details: { status: 'rejected' } });
    expect((await pro.client.patch(`/api/applications/${application.id}/status`, { status: 'withdrawn' })).status).toBe(409);
  });

  it('lets the applicant withdraw but not decide', async () => {
    const { pro, application } = await setup();
    expect((await pro.client.patch(`/api/applications/${application.id}/status`, { status: 'accepted' })).status).toBe(403);
    const res = await pro.client.patch(`/api/applications/${application.id}/status`, { status: 'withdrawn' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('withdrawn');
  });

  it('stops a business from withdrawing and validates the status', async () => {
    const { business, application } = await setup();
    expect((await business.client.patch(`/api/applications/${application.id}/status`, { status: 'withdrawn' })).status).toBe(403);
    expect((await business.client.patch(`/api/applications/${application.id}/status`, { status: 'pending' })).status).toBe(400);
    expect((await business.client.patch(`/api/applications/${application.id}/status`, {})).status).toBe(400);
  });

  it('refuses strangers, other businesses and other pro staff', async () => {
    const { application } = await setup();
    expect((await new TestClient(t.app).patch(`/api/applications/${application.id}/status`, { status: 'accepted' })).status).toBe(401);
    const rival = await createBusiness(t);
    expect((await rival.client.patch(`/api/applications/${application.id}/status`, { status: 'accepted' })).status).toBe(403);
    const otherPro = await createProStaff(t);
    expect((await otherPro.client.patch(`/api/applications/${application.id}/status`, { status: 'withdrawn' })).status).toBe(403);
    expect((await rival.client.patch('/api/applications/99999/status', { status: 'accepted' })).status).toBe(404);
  });
});
