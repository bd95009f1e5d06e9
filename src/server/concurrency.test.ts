import { describe, expect, it } from 'vitest';
import { TestClient } from './test/test-app';
import { useTestApp } from './test/use-test-app';
import { createBusiness, createProStaff, signUp } from './test/factories';

// Races on the rules that must hold under parallel requests (decision record 018). They matter on PostgreSQL, where
// requests run on separate pooled connections; `npm run test:pg` runs them there with more repeats. On PGlite (one
// connection, transactions run one after another) they still run, as a check of the rules, with fewer repeats.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REPEATS = Number(process.env.RACE_REPEATS ?? (onPostgres ? 5 : 2));

const t = useTestApp();

const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

const jobBody = (title: string) => ({ title, description: 'Guide archery elk hunts.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$300 per day' });
const adBody = (title: string) => ({
  title, description: 'Archery elk season collaboration.', adType: 'collaboration', targetAudience: 'pro_staff', budget: 2500, duration: 30,
  contactInfo: 'hire@example.com', location: 'Bozeman, MT', tags: 'elk',
});
const codeBody = (code: string) => ({ code, description: 'Followers', discountType: 'percentage', discountValue: 10, platform: 'All platforms' });
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`plan limits under parallel requests (${REPEATS} rounds, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('job postings: a free business posts exactly one of four parallel jobs', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t);
      const posted = await Promise.all(times(4, (i) => business.client.post('/api/job-postings', jobBody(`Rush ${round}.${i}`))));
      expect(statuses(posted), `round ${round}`).toEqual([201, 402, 402, 402]);
      expect((await t.database.query<{ n: number }>(`select count(*)::int as n from job_postings where business_id = ${business.businessId}`))[0].n).toBe(1);
    }
  });

  it('campaigns: a free business creates exactly one of four parallel campaigns (decision record 031)', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t);
      const body = (i: number) => ({ title: `Rush ${round}.${i}`, brief: 'Post from the blind.', opensOn: dayOffset(1), closesOn: dayOffset(9), audience: 'roster', memberIds: [] });
      const created = await Promise.all(times(4, (i) => business.client.post('/api/campaigns', body(i))));
      expect(statuses(created), `round ${round}`).toEqual([201, 402, 402, 402]);
      expect((await t.database.query<{ n: number }>(`select count(*)::int as n from campaigns where business_id = ${business.businessId}`))[0].n).toBe(1);
    }
  });

  it('advertisements: a startup business gets exactly 3 of 6 parallel ads, and parallel reactivations stay within 3', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t, { tier: 'startup' });
      const created = await Promise.all(times(6, (i) => business.client.post('/api/advertisements', adBody(`Ad ${round}.${i}`))));
      expect(statuses(created), `round ${round}`).toEqual([201, 201, 201, 402, 402, 402]);

      // Pause two, then try to bring back both while two new ones are created: still at most 3 live.
      const live = created.filter((r) => r.status === 201).map((r) => r.body.id as number);
      for (const id of live.slice(0, 2)) expect((await business.client.put(`/api/advertisements/${id}`, { status: 'completed' })).status).toBe(200);
      await Promise.all([
        ...live.slice(0, 2).map((id) => business.client.put(`/api/advertisements/${id}`, { status: 'active' })),
        ...times(2, (i) => business.client.post('/api/advertisements', adBody(`Again ${round}.${i}`))),
      ]);
      const [{ n }] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from advertisements where user_id = ${business.user.id} and status <> 'completed' and end_date > now()`,
      );
      expect(n, `round ${round}`).toBe(3);
    }
  });

  it('discount codes: the last two of ten active codes go to two of six parallel requests', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t, { tier: 'startup' });
      for (let i = 0; i < 8; i++) expect((await business.client.post('/api/discount-codes', codeBody(`PRE${round}X${i}`))).status).toBe(201);
      const created = await Promise.all(times(6, (i) => business.client.post('/api/discount-codes', codeBody(`RUSH${round}X${i}`))));
      expect(statuses(created), `round ${round}`).toEqual([201, 201, 402, 402, 402, 402]);
      const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from discount_codes where business_id = ${business.businessId} and is_active`);
      expect(n).toBe(10);
    }
  });

  it('store integrations: a startup business connects exactly 2 of 5 parallel stores', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t, { tier: 'startup' });
      const created = await Promise.all(times(5, (i) => business.client.post('/api/integration-platforms', { name: `Store ${round}.${i}`, platformType: 'shopify' })));
      expect(statuses(created), `round ${round}`).toEqual([201, 201, 402, 402, 402]);
    }
  });
});

describe(`money and single-use tokens under parallel requests (${REPEATS} rounds)`, () => {
  it('promotion spend never passes the budget when six viewers click at once', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const business = await createBusiness(t);
      const promo = await business.client.post('/api/promotions', {
        title: 'Spring turkey gear sale', description: 'Twenty percent off calls and decoys.', targetUrl: 'https://gobbler.example.com/sale', imageUrl: '',
        promotionType: 'banner', targetAudience: 'all_pro_staff', targetSpecialties: [], targetLocation: '', budget: '6.00', dailyBudget: '',
        costPerClick: '2.00', startDate: dayOffset(-1), endDate: dayOffset(7),
      });
      expect(promo.status).toBe(201);
      const viewers = [];
      for (let i = 0; i < 6; i++) viewers.push(await createProStaff(t));
      const clicks = await Promise.all(viewers.map((v) => v.client.post(`/api/promotions/${promo.body.id}/click`)));
      expect(clicks.filter((r) => r.body.recorded), `round ${round}`).toHaveLength(3);
      const [row] = await t.database.query<{ spent: number; budget: number }>(`select total_spent_cents as spent, budget_cents as budget from promotions where id = ${promo.body.id}`);
      expect(row).toEqual({ spent: 600, budget: 600 });
    }
  });

  it('a password reset token works exactly once when five requests use it at the same time', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const email = `race${round}.${process.pid}@example.com`;
      await signUp(t, 'pro_staff', email);
      t.mailer.sent.length = 0;
      expect((await new TestClient(t.app).post('/api/auth/password-reset/request', { email })).status).toBe(202);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(t.mailer.sent[0].text)![1];
      const passwords = times(5, (i) => `winner-${round}-${i}-pass`);
      const confirms = await Promise.all(passwords.map((password) => new TestClient(t.app).post('/api/auth/password-reset/confirm', { token, password })));
      expect(statuses(confirms), `round ${round}`).toEqual([204, 400, 400, 400, 400]);
      const winner = passwords[confirms.findIndex((r) => r.status === 204)];
      expect((await new TestClient(t.app).post('/api/auth/login', { email, password: winner })).status).toBe(200);
    }
  });
});
