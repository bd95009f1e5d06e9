import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { hasColumns } from './repository';
import { percent } from './service';

const t = useTestApp();

const endpoints = ['/api/admin/analytics', '/api/admin/recent-users', '/api/admin/platform-stats'];
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function admin() {
  return makeAdmin(t, await signUp(t, 'business'));
}

/** Moves a user's sign-up, last activity and sessions into the past. */
async function backdate(userId: number, createdDaysAgo: number, activeDaysAgo: number) {
  await t.database.query(`
    update users set created_at = '${daysAgo(createdDaysAgo)}', last_active_at = '${daysAgo(activeDaysAgo)}' where id = ${userId};
    update sessions set created_at = '${daysAgo(activeDaysAgo)}' where user_id = ${userId};`);
}

describe('admin endpoints: access', () => {
  it('answer 401 signed out and 403 to business and pro staff accounts', async () => {
    const business = await createBusiness(t);
    const proStaff = await createProStaff(t);
    for (const url of endpoints) {
      expect((await new TestClient(t.app).get(url)).status).toBe(401);
      const forbidden = await business.client.get(url);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('FORBIDDEN');
      expect((await proStaff.client.get(url)).status).toBe(403);
    }
  });
});

describe('GET /api/admin/analytics', () => {
  it('computes counts, growth, retention, page views and revenue from real rows', async () => {
    const { client } = await admin();
    const b1 = await createBusiness(t, { companyName: 'Elk Ridge', tier: 'startup' });
    const b2 = await createBusiness(t, { companyName: 'Quiet Creek' });
    const p1 = await createProStaff(t, { tier: 'pro' });
    const p2 = await createProStaff(t);
    await backdate(b2.user.id, 40, 40); // older than 30 days and inactive since
    await backdate(p2.user.id, 40, 2); // older than 30 days and active recently

    await t.database.query(`
      insert into job_postings (business_id, title, description, is_active) values
        (${b1.businessId}, 'Elk guide', 'Lead elk hunts', true),
        (${b1.businessId}, 'Old post', 'Closed', false),
        (${b2.businessId}, 'Duck guide', 'Lead duck hunts', true);
      insert into applications (job_posting_id, pro_staff_id) values (1, ${p1.proStaffId}), (1, ${p2.proStaffId}), (3, ${p1.proStaffId});
      insert into subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, status, amount_cents) values
        (${b1.user.id}, 'cus_1', 'sub_1', 'startup', 'active', 4900),
        (${p1.user.id}, 'cus_2', 'sub_2', 'pro', 'trialing', 1900);
      insert into subscription_payments (user_id, stripe_invoice_id, amount_cents, paid_at) values
        (${b1.user.id}, 'in_now', 4900, now()),
        (${b1.user.id}, 'in_old', 14900, '${daysAgo(60)}');`);

    const anonymous = new TestClient(t.app);
    await anonymous.post('/api/page-views', { path: '/search', visitorId: 'visitor-one' });
    await anonymous.post('/api/page-views', { path: '/search', visitorId: 'visitor-one' });
    await p1.client.post('/api/page-views', { path: '/' });

    const withMessages = await hasColumns(t.database.db, 'conversations', ['user_a_id', 'user_b_id'])
      && await hasColumns(t.database.db, 'messages', ['conversation_id', 'from_user_id', 'to_user_id', 'content', 'created_at']);
    if (withMessages) {
      const [a, b] = [b1.user.id, p1.user.id].sort((x, y) => x - y);
      await t.database.query(`
        insert into conversations (user_a_id, user_b_id) values (${a}, ${b});
        insert into messages (conversation_id, from_user_id, to_user_id, content, created_at) values
          (1, ${b1.user.id}, ${p1.user.id}, 'Hello', now() - interval '2 hours'),
          (1, ${p1.user.id}, ${b1.user.id}, 'Hi back', now() - interval '90 minutes');`);
    }
    const withReviews = await hasColumns(t.database.db, 'reviews', ['id']);

    const res = await client.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalUsers: 5,
      newUsersToday: 3,
      businessCount: 3,
      activeBusinesses: 2,
      businessGrowthRate: 200,
      proStaffCount: 2,
      activeProStaff: 2,
      proStaffGrowthRate: 100,
      jobPostings: 3,
      activeJobs: 2,
      applications: 3,
      pageViews: 3,
      pageViewsToday: 3,
      topPages: [{ path: '/search', views: 2 }, { path: '/', views: 1 }],
      activeSessions: 2,
      monthlyRevenue: 4900,
      totalRevenue: 19800,
      recurringRevenue: 4900,
      subscriptions: { business: { free: 2, startup: 1, professional: 0, enterprise: 0 }, proStaff: { free: 1, pro: 1, elite: 0 } },
      subscriptionStatuses: { active: 1, trialing: 1 },
      weeklyGrowth: 150,
      monthlyGrowth: 150,
      retentionRate: 50,
      reviewsCount: withReviews ? 0 : null,
      messagesSent: withMessages ? 2 : null,
      averageResponseTime: withMessages ? 30 : null,
      topBusiness: { companyName: 'Elk Ridge', jobPostings: 2, applications: 2, messages: withMessages ? 1 : null },
    });
    expect(Date.parse(res.body.generatedAt)).not.toBeNaN();
  });

  it('reports null rates on an empty platform instead of dividing by zero', async () => {
    const { client } = await admin();
    const res = await client.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalUsers: 1, weeklyGrowth: null, monthlyGrowth: null, retentionRate: null, businessGrowthRate: null,
      topBusiness: null, pageViews: 0, monthlyRevenue: 0, totalRevenue: 0,
    });
  });
});

describe('GET /api/admin/recent-users', () => {
  it('returns the 10 newest registrations, newest first', async () => {
    const { client } = await admin();
    for (let i = 0; i < 11; i += 1) await signUp(t, i % 2 ? 'business' : 'pro_staff', `user${i}@example.com`);
    await backdate(1, 5, 5);
    const res = await client.get('/api/admin/recent-users');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body[0]).toEqual({ id: 12, email: 'user10@example.com', userType: 'pro_staff', subscriptionTier: 'free', createdAt: expect.any(String) });
    expect(res.body.map((u: { email: string }) => u.email)).not.toContain('admin@example.com');
    const times = res.body.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('GET /api/admin/platform-stats', () => {
  it('reports database health and payment configuration', async () => {
    const { client } = await admin();
    const res = await client.get('/api/admin/platform-stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      database: { kind: t.database.kind, ok: true, latencyMs: expect.any(Number) },
      serverUptimeSeconds: expect.any(Number),
      payments: { stripeConfigured: false, webhooksConfigured: false, webhooksLast24h: 0, lastWebhookAt: null },
    });
  });
});

describe('percent', () => {
  it('rounds to one decimal and is null without a baseline', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(5, 0)).toBeNull();
  });
});
