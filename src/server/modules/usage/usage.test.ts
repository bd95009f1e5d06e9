import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';

const t = useTestApp();

const jobBody = { title: 'Elk Guide', description: 'Guide archery elk hunts.', specialties: ['Bow Hunting'] };

describe('GET /api/plan-usage', () => {
  it('tells a free business it has used its one job post, with a grammatical message and the upgrade target', async () => {
    const business = await createBusiness(t);
    const before = await business.client.get('/api/plan-usage');
    expect(before.status).toBe(200);
    expect(before.body.plan).toEqual({ id: 'free', name: 'Free' });
    expect(before.body.upgradeUrl).toBe('/subscription');
    expect(before.body.limits.jobPostsPerMonth).toEqual({ limit: 1, used: 0, reached: false, message: 'Your Free plan allows 1 job post per month.' });
    expect(before.body.limits.discountCodes).toMatchObject({ limit: 0, reached: true, message: 'Your Free plan does not include discount codes.' });
    expect(before.body.limits.fileStorageBytes).toMatchObject({ limit: 0, reached: true, message: 'Your Free plan does not include file sharing.' });
    expect(before.body.limits.activeJobPostings).toMatchObject({ limit: null, reached: false, message: null });

    expect((await business.client.post('/api/job-postings', jobBody)).status).toBe(201);
    const after = await business.client.get('/api/plan-usage');
    expect(after.body.limits.jobPostsPerMonth).toMatchObject({ used: 1, reached: true });
    // The server refuses with the same sentence the gate shows.
    const refused = await business.client.post('/api/job-postings', { ...jobBody, title: 'Second' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe(after.body.limits.jobPostsPerMonth.message);
    expect(refused.body.error.details.upgradeUrl).toBe('/subscription');
  });

  it('counts a startup business against its own limits and no one else’s', async () => {
    const business = await createBusiness(t, { tier: 'startup' });
    const other = await createBusiness(t, { tier: 'startup' });
    await business.client.post('/api/job-postings', jobBody);
    const mine = await business.client.get('/api/plan-usage');
    expect(mine.body.limits.activeJobPostings).toMatchObject({ limit: 5, used: 1, reached: false, message: 'Your Startup plan allows 5 active job postings.' });
    expect(mine.body.limits.fileStorageBytes).toMatchObject({ limit: 100 * 1024 * 1024, reached: false, message: 'Your Startup plan includes 100 MB of file sharing.' });
    const theirs = await other.client.get('/api/plan-usage');
    expect(theirs.body.limits.activeJobPostings.used).toBe(0);
  });

  it('gives pro staff their application limit and no business limits', async () => {
    const pro = await createProStaff(t);
    const res = await pro.client.get('/api/plan-usage');
    expect(res.status).toBe(200);
    expect(res.body.limits.applicationsPerMonth).toMatchObject({ limit: 3, used: 0, message: 'Your Free plan allows 3 job applications per month.' });
    expect(res.body.limits.jobPostsPerMonth).toBeUndefined();
    expect(res.body.limits.messagesPerMonth).toMatchObject({ limit: 10, message: 'Your Free plan allows 10 messages per month.' });
  });

  it('works for an account without a profile yet', async () => {
    const business = await signUp(t, 'business');
    const res = await business.client.get('/api/plan-usage');
    expect(res.status).toBe(200);
    expect(res.body.limits.jobPostsPerMonth.used).toBe(0);
  });

  it('refuses signed-out callers', async () => {
    const res = await new TestClient(t.app).get('/api/plan-usage');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});
