import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { expectBusinessProfileGate } from '@server/test/business-gate';
import { assertFeature } from '@server/lib/entitlements';
import { AppError } from '@server/lib/errors';

const t = useTestApp();

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** The Monday (UTC) of the week holding `date`, as the series label it. */
function weekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}
const sqlTime = (date: Date) => `'${date.toISOString()}'::timestamptz`;

type Week = { weekStart: string; profileViews: number; applications: number; messagesReceived: number; messagesSent: number; codeUses: number };

/** Applications, messages, coded orders (USD, CAD, no currency) and order commissions for one business. */
async function seedActivity(business: { businessId: number; user: { id: number } }, pro: { proStaffId: number; user: { id: number } }, when: Date, tag: string) {
  const [a, b] = [business.user.id, pro.user.id].sort((x, y) => x - y);
  await t.database.query(`
    insert into job_postings (business_id, title, description) values (${business.businessId}, 'Guide ${tag}', 'Lead hunts');
    insert into applications (job_posting_id, pro_staff_id, created_at)
      select id, ${pro.proStaffId}, ${sqlTime(when)} from job_postings where title = 'Guide ${tag}';
    insert into conversations (user_a_id, user_b_id) values (${a}, ${b}) on conflict do nothing;
    insert into messages (conversation_id, from_user_id, to_user_id, content, created_at)
      select id, ${pro.user.id}, ${business.user.id}, 'Hi', ${sqlTime(when)} from conversations where user_a_id = ${a} and user_b_id = ${b};
    insert into messages (conversation_id, from_user_id, to_user_id, content, created_at)
      select id, ${business.user.id}, ${pro.user.id}, 'Hello', ${sqlTime(when)} from conversations where user_a_id = ${a} and user_b_id = ${b};
    insert into discount_codes (business_id, code, description, discount_type, discount_value_hundredths, platform, pro_staff_id, commission_rate_bps)
      values (${business.businessId}, 'CODE${tag}', '10% off', 'percentage', 1000, 'All platforms', ${pro.proStaffId}, 1000);
    insert into store_orders (business_id, order_id, source, discount_code_id, code, order_value_cents, currency, status, created_at)
      select ${business.businessId}, o.order_id, 'api', d.id, d.code, o.cents, o.currency, o.status, ${sqlTime(when)}
      from discount_codes d, (values ('${tag}-1', 10000, 'usd', 'placed'), ('${tag}-2', 5000, 'USD', 'placed'), ('${tag}-3', 20000, 'CAD', 'placed'),
                                     ('${tag}-4', 999, null, 'placed'), ('${tag}-5', 70000, 'USD', 'refunded')) as o(order_id, cents, currency, status)
      where d.code = 'CODE${tag}';
    insert into store_orders (business_id, order_id, source, order_value_cents, currency, created_at)
      values (${business.businessId}, '${tag}-nocode', 'api', 123456, 'USD', ${sqlTime(when)});
    insert into commissions (business_id, pro_staff_id, amount_cents, source, order_id, status, created_at) values
      (${business.businessId}, ${pro.proStaffId}, 1000, 'order', '${tag}-1', 'pending', ${sqlTime(when)}),
      (${business.businessId}, ${pro.proStaffId}, 500, 'order', '${tag}-2', 'paid', ${sqlTime(when)}),
      (${business.businessId}, ${pro.proStaffId}, 2000, 'order', '${tag}-3', 'pending', ${sqlTime(when)}),
      (${business.businessId}, ${pro.proStaffId}, 7000, 'order', '${tag}-5', 'cancelled', ${sqlTime(when)}),
      (${business.businessId}, ${pro.proStaffId}, 99999, 'manual', null, 'paid', ${sqlTime(when)});`);
}

describe('GET /api/analytics/business', () => {
  it('answers 12 zero-filled UTC weeks, oldest first, ending with the current week', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const res = await owner.client.get('/api/analytics/business');
    expect(res.status).toBe(200);
    expect(res.body.weeks).toHaveLength(12);
    expect(res.body.weeks.at(-1).weekStart).toBe(weekOf(new Date()));
    expect(res.body.weeks[0].weekStart).toBe(weekOf(ago(7 * 11)));
    for (const [i, week] of (res.body.weeks as Week[]).entries()) {
      expect(week).toEqual({ weekStart: weekOf(ago(7 * (11 - i))), profileViews: 0, applications: 0, messagesReceived: 0, messagesSent: 0, codeUses: 0 });
    }
    expect(res.body.money).toEqual([]);
    expect((await owner.client.get('/api/analytics/business?weeks=1')).body.weeks).toHaveLength(1);
    expect((await owner.client.get('/api/analytics/business?weeks=52')).body.weeks).toHaveLength(52);
  });

  it('counts views, applications, messages and code uses per week, and keeps money apart per currency', async () => {
    const owner = await createBusiness(t, { tier: 'professional' });
    const other = await createBusiness(t, { tier: 'professional', companyName: 'Other Outfitters' });
    const pro = await createProStaff(t);
    const lastWeek = ago(7);
    const longAgo = ago(7 * 20); // outside the 12 weeks asked for
    await seedActivity(owner, pro, lastWeek, 'A');
    await seedActivity(owner, pro, longAgo, 'OLD');
    await seedActivity(other, pro, lastWeek, 'B'); // another business: must not show up

    // Views: another account counts once per 30 minutes, anonymous visitors every time, the owner never.
    await pro.client.get(`/api/business-profiles/${owner.businessId}`);
    await pro.client.get(`/api/business-profiles/${owner.businessId}`);
    await new TestClient(t.app).get(`/api/business-profiles/${owner.businessId}`);
    await new TestClient(t.app).get(`/api/business-profiles/${owner.businessId}`);
    await owner.client.get(`/api/business-profiles/${owner.businessId}`);
    await owner.client.get(`/api/business-profiles/${other.businessId}`);

    const res = await owner.client.get('/api/analytics/business?weeks=4');
    expect(res.status).toBe(200);
    const weeks = res.body.weeks as Week[];
    expect(weeks.map((w) => w.weekStart)).toEqual([21, 14, 7, 0].map((d) => weekOf(ago(d))));
    const byWeek = new Map(weeks.map((w) => [w.weekStart, w]));
    expect(byWeek.get(weekOf(lastWeek))).toMatchObject({ applications: 1, messagesReceived: 1, messagesSent: 1, codeUses: 5 });
    expect(byWeek.get(weekOf(new Date()))).toMatchObject({ profileViews: 3, applications: 0, codeUses: 0 });
    expect(weeks.reduce((sum, w) => sum + w.applications, 0)).toBe(1);

    // Upper-cased codes, one series each; the refunded order and its cancelled commission and manual commissions left out.
    const money = res.body.money as { currency: string | null; weeks: { weekStart: string; revenueCents: number; commissionCents: number }[] }[];
    expect(money.map((m) => m.currency)).toEqual(['CAD', 'USD', null]);
    const at = (currency: string | null) => money.find((m) => m.currency === currency)!.weeks.find((w) => w.weekStart === weekOf(lastWeek));
    expect(at('USD')).toEqual({ weekStart: weekOf(lastWeek), revenueCents: 15000, commissionCents: 1500 });
    expect(at('CAD')).toEqual({ weekStart: weekOf(lastWeek), revenueCents: 20000, commissionCents: 2000 });
    expect(at(null)).toEqual({ weekStart: weekOf(lastWeek), revenueCents: 999, commissionCents: 0 });
    for (const series of money) {
      expect(series.weeks).toHaveLength(4);
      expect(series.weeks.filter((w) => w.weekStart !== weekOf(lastWeek)).every((w) => w.revenueCents === 0 && w.commissionCents === 0)).toBe(true);
    }
  });

  it('refuses bad ranges with 400', async () => {
    const owner = await createBusiness(t, { tier: 'enterprise' });
    for (const query of ['weeks=0', 'weeks=53', 'weeks=abc', 'weeks=1.5', 'weeks=-1', 'weeks=%00', 'days=3', 'weeks=99999999999999999999']) {
      const res = await owner.client.get(`/api/analytics/business?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('answers 401 signed out, 403 to pro staff and to a business without a profile', async () => {
    await expectBusinessProfileGate(t, (client) => client.get('/api/analytics/business'), await createProStaff(t, { tier: 'elite' }));
  });

  it('refuses a plan without analytics with 403 and an upgrade link', async () => {
    const free = await createBusiness(t);
    const res = await free.client.get('/api/analytics/business');
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Your Free plan does not include analytics. Upgrade your plan to get it.',
      details: { reason: 'plan_feature', feature: 'analytics', plan: 'free', upgradeUrl: '/subscription' },
    });
  });
});

describe('GET /api/analytics/promotions', () => {
  async function promotion(client: TestClient) {
    const res = await client.post('/api/promotions', {
      title: 'Fall calls', description: 'Elk calls', promotionType: 'spotlight', targetAudience: 'all_pro_staff', budget: '500.00',
      startDate: ago(0).toISOString().slice(0, 10), endDate: ago(-10).toISOString().slice(0, 10),
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  it('adds up the business own promotions per UTC day, zero-filled', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const other = await createBusiness(t, { tier: 'startup' });
    const [p1, p2, theirs] = [await promotion(owner.client), await promotion(owner.client), await promotion(other.client)];
    const day = (n: number) => ago(n).toISOString().slice(0, 10);
    await t.database.query(`
      insert into promotion_daily_stats (promotion_id, day, impressions, clicks, spent_cents) values
        (${p1}, '${day(0)}', 10, 2, 400), (${p2}, '${day(0)}', 5, 1, 200), (${p1}, '${day(2)}', 7, 0, 0),
        (${p1}, '${day(40)}', 99, 9, 900), (${theirs}, '${day(0)}', 1000, 100, 10000);`);
    const res = await owner.client.get('/api/analytics/promotions?days=7');
    expect(res.status).toBe(200);
    expect(res.body.days.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(res.body.days.at(-1)).toEqual({ day: day(0), impressions: 15, clicks: 3, spentCents: 600 });
    expect(res.body.days.at(-3)).toEqual({ day: day(2), impressions: 7, clicks: 0, spentCents: 0 });
    expect(res.body.days.filter((d: { impressions: number }) => d.impressions === 0)).toHaveLength(5);
    expect((await owner.client.get('/api/analytics/promotions')).body.days).toHaveLength(30);
  });

  it('refuses bad ranges, signed-out callers, pro staff and plans without analytics', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    for (const query of ['days=0', 'days=91', 'days=x', 'weeks=2']) expect((await owner.client.get(`/api/analytics/promotions?${query}`)).status, query).toBe(400);
    expect((await new TestClient(t.app).get('/api/analytics/promotions')).status).toBe(401);
    expect((await (await createProStaff(t, { tier: 'elite' })).client.get('/api/analytics/promotions')).status).toBe(403);
    const free = await (await createBusiness(t)).client.get('/api/analytics/promotions');
    expect(free.status).toBe(403);
    expect(free.body.error.details).toMatchObject({ reason: 'plan_feature', upgradeUrl: '/subscription' });
  });
});

describe('GET /api/admin/growth', () => {
  it('counts sign-ups per week by account type and the accounts at the end of each week', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const oldPro = await createProStaff(t);
    const lastWeekBusiness = await createBusiness(t);
    await createProStaff(t);
    await t.database.query(`
      update users set created_at = ${sqlTime(ago(200))} where id = ${oldPro.user.id};
      update users set created_at = ${sqlTime(ago(7))} where id = ${lastWeekBusiness.user.id};`);
    const res = await admin.client.get('/api/admin/growth?weeks=3');
    expect(res.status).toBe(200);
    expect(res.body.weeks).toEqual([
      { weekStart: weekOf(ago(14)), newBusinesses: 0, newProStaff: 0, totalUsers: 1 },
      { weekStart: weekOf(ago(7)), newBusinesses: 1, newProStaff: 0, totalUsers: 2 },
      { weekStart: weekOf(new Date()), newBusinesses: 1, newProStaff: 1, totalUsers: 4 },
    ]);
    expect((await admin.client.get('/api/admin/growth')).body.weeks).toHaveLength(12);
    expect((await admin.client.get('/api/admin/growth?weeks=60')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/growth')).status).toBe(401);
    expect((await (await createBusiness(t, { tier: 'enterprise' })).client.get('/api/admin/growth')).status).toBe(403);
    expect((await (await createProStaff(t)).client.get('/api/admin/growth')).status).toBe(403);
  });
});

describe('profile views', () => {
  it('records views of a pro staff profile by others, not by its owner, and never fails the page', async () => {
    const pro = await createProStaff(t);
    const business = await createBusiness(t);
    expect((await business.client.get(`/api/pro-staff-profiles/${pro.proStaffId}`)).status).toBe(200);
    expect((await pro.client.get(`/api/pro-staff-profiles/${pro.proStaffId}`)).status).toBe(200);
    expect((await new TestClient(t.app).get(`/api/pro-staff-profiles/${pro.proStaffId}`)).status).toBe(200);
    expect((await business.client.get('/api/pro-staff-profiles/999999')).status).toBe(404);
    const rows = await t.database.query<{ profile_type: string; profile_id: number; viewer_user_id: number | null }>(
      'select profile_type, profile_id, viewer_user_id from profile_views order by id',
    );
    expect(rows).toEqual([
      { profile_type: 'pro_staff', profile_id: pro.proStaffId, viewer_user_id: business.user.id },
      { profile_type: 'pro_staff', profile_id: pro.proStaffId, viewer_user_id: null },
    ]);
  });
});

describe('assertFeature', () => {
  it('lets plans with the flag through and refuses the others', () => {
    expect(() => assertFeature({ userType: 'business', subscriptionTier: 'startup' }, 'analytics', 'analytics')).not.toThrow();
    expect(() => assertFeature({ userType: 'pro_staff', subscriptionTier: 'elite' }, 'featuredPlacement', 'featured placement')).not.toThrow();
    for (const user of [{ userType: 'business', subscriptionTier: 'free' }, { userType: 'pro_staff', subscriptionTier: 'pro' }, { userType: 'business', subscriptionTier: 'enterprise' }] as const) {
      const feature = user.subscriptionTier === 'free' ? 'analytics' : 'featuredPlacement';
      let thrown: unknown;
      try {
        assertFeature(user, feature, 'it');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(403);
    }
  });
});

describe('demo data', () => {
  it('gives the demo business charts with something in them, without touching the accounts tests sign in as', async () => {
    const { seedDemoData } = await import('@server/db/seed/demo-data');
    await seedDemoData(t.database.db);
    const business = new TestClient(t.app);
    expect((await business.post('/api/auth/login', { email: 'demo.business@example.com', password: 'demo1234' })).status).toBe(200);

    const series = await business.get('/api/analytics/business');
    expect(series.status).toBe(200);
    const weeks = series.body.weeks as Week[];
    expect(weeks.every((w) => w.profileViews > 0)).toBe(true);
    for (const key of ['applications', 'messagesReceived', 'messagesSent', 'codeUses'] as const) {
      expect(weeks.filter((w) => w[key] > 0).length, key).toBeGreaterThanOrEqual(6);
    }
    expect(series.body.money.map((m: { currency: string }) => m.currency)).toEqual(['CAD', 'USD']);
    const promotionDays = (await business.get('/api/analytics/promotions')).body.days as { impressions: number }[];
    expect(promotionDays.filter((d) => d.impressions > 0).length).toBeGreaterThanOrEqual(20);
    const admin = new TestClient(t.app);
    await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'demo1234' });
    const growth = (await admin.get('/api/admin/growth')).body.weeks as { newBusinesses: number; newProStaff: number }[];
    expect(growth.filter((w) => w.newBusinesses + w.newProStaff > 0).length).toBeGreaterThanOrEqual(8);

    // Nothing unread, nothing from the reserved pro staff, and this month's activity under the Free limits.
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();
    const [unread] = await t.database.query<{ n: number }>(`select count(*)::int as n from messages where not is_read`);
    expect(unread.n).toBe(0);
    const reserved = await t.database.query<{ n: number }>(`
      select count(*)::int as n from users u where u.email in ('demo.prostaff@example.com', 'rosa.delgado@example.com', 'ben.carver@example.com')
        and (exists (select 1 from messages m where m.from_user_id = u.id or m.to_user_id = u.id)
          or exists (select 1 from applications a join pro_staff_profiles p on p.id = a.pro_staff_id where p.user_id = u.id))`);
    expect(reserved[0].n).toBe(0);
    const busiest = await t.database.query<{ applications: number; messages: number }>(`
      select (select coalesce(max(n), 0) from (select count(*) as n from applications where created_at >= '${month}' group by pro_staff_id) a)::int as applications,
        (select coalesce(max(n), 0) from (select count(*) as n from messages m join users u on u.id = m.from_user_id
          where u.user_type = 'pro_staff' and m.created_at >= '${month}' group by from_user_id) m)::int as messages`);
    expect(busiest[0].applications).toBeLessThanOrEqual(1);
    expect(busiest[0].messages).toBeLessThanOrEqual(2);
  });
});
