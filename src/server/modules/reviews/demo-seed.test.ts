import { expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { TestClient, type TestApp } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { seedDemoData } from '@server/db/seed/demo-data';
import { proStaffProfiles } from '@server/db/schema/profiles';

const t = useTestApp();

const ratings = (t: TestApp) =>
  t.database.db.select({ id: proStaffProfiles.id, rating: proStaffProfiles.rating }).from(proStaffProfiles).orderBy(asc(proStaffProfiles.id));

// The demo profiles' advertised ratings (demo-data.ts), in seeding order.
const demoRatings = [4.8, 4.9, 4.7, 4.6, 5, 4.4, 4.5, 4.3, 4.9, 4.2, 0, 4.7, 0, 4.1];

it('seeds reviews whose averages match the demo ratings, and commissions that rank', async () => {
  await seedDemoData(t.database.db);
  const before = await ratings(t);
  expect(before.map((row) => row.rating)).toEqual(demoRatings);

  const visitor = new TestClient(t.app);
  const all = await visitor.get('/api/reviews');
  expect(all.status).toBe(200);
  expect(all.body.length).toBeGreaterThan(20);
  for (const { id, rating } of before) {
    const own = all.body.filter((r: { revieweeType: string; revieweeId: number }) => r.revieweeType === 'pro_staff' && r.revieweeId === id);
    if (rating === 0) expect(own).toHaveLength(0);
    else expect(Math.round((own.reduce((sum: number, r: { rating: number }) => sum + r.rating, 0) / own.length) * 10) / 10).toBe(rating);
  }

  const business = new TestClient(t.app);
  await business.post('/api/auth/login', { email: 'demo.business@example.com', password: 'demo1234' });
  const me = await business.get('/api/auth/me');
  const rankings = await business.get(`/api/rankings/${me.body.businessId}`);
  expect(rankings.body.map((e: { profile: { firstName: string } }) => e.profile.firstName)).toEqual(['Jake', 'Grace', 'Ty']);
  expect(rankings.body[0]).toMatchObject({ totalCommissions: '1550.00', totalJobs: 2 });
  const commissions = await business.get('/api/commissions/business');
  // Seven by hand, plus the order commissions of the demo store activity (demo-activity.ts).
  const [{ n: orderCommissions }] = await t.database.query<{ n: number }>("select count(*)::int as n from commissions where source = 'order'");
  expect(orderCommissions).toBeGreaterThan(0);
  expect(commissions.body).toHaveLength(7 + orderCommissions);

  // Demo agreements (demo-agreements.ts): the roster shows one active staffer and one open offer, with their history;
  // the demo pro staff account has none (its codes must keep the rate the end-to-end tests expect).
  const roster = (await business.get('/api/agreements')).body as { id: number; proStaffName: string; status: string; exclusivityCategory: string | null }[];
  expect(roster.map((a) => [a.proStaffName, a.status, a.exclusivityCategory])).toEqual(expect.arrayContaining([
    ['Sarah Whitfield', 'active', 'calls_and_decoys'],
    ['Marcus Reed', 'offered', null],
  ]));
  expect(roster).toHaveLength(2);
  const sarah = roster.find((a) => a.proStaffName === 'Sarah Whitfield')!;
  expect((await business.get(`/api/agreements/${sarah.id}/history`)).body.map((e: { action: string }) => e.action)).toEqual(['offered', 'accepted']);
  const pro = new TestClient(t.app);
  await pro.post('/api/auth/login', { email: 'demo.prostaff@example.com', password: 'demo1234' });
  expect((await pro.get('/api/agreements')).body).toEqual([]);

  // The demo campaign (demo-agreements.ts) reaches the roster (Sarah) and nobody else.
  const sarah2 = new TestClient(t.app);
  await sarah2.post('/api/auth/login', { email: 'sarah.whitfield@example.com', password: 'demo1234' });
  const seen = (await sarah2.get('/api/campaigns')).body as { id: number; title: string; status: string }[];
  expect(seen.map((c) => [c.title, c.status])).toEqual([['Late-season waterfowl push', 'open']]);
  expect((await pro.get('/api/campaigns')).body).toEqual([]);
  // Its two tasks; Sarah's post was approved, without a reward (no commission).
  const { tasks } = (await sarah2.get(`/api/campaigns/${seen[0].id}/tasks`)).body as { tasks: { title: string; rewardMinor: number | null }[] };
  expect(tasks.map((task) => [task.title, task.rewardMinor])).toEqual([['A post from the blind', null], ['Field-test the Mallard Magnet spread', 5000]]);

  // The demo season (demo-agreements.ts): Sarah's goal with the demo business, current; the demo pro staff has none.
  const goals = (await sarah2.get('/api/goals')).body as { seasonName: string; businessName: string; seasonStatus: string; progress: { metric: string }[] }[];
  expect(goals.map((g) => [g.seasonName, g.seasonStatus, g.progress.map((p) => p.metric)])).toEqual([['Late season 2026', 'current', ['sales', 'posts', 'events', 'reports']]]);
  const sarahsGoal = goals[0] as unknown as { progress: { metric: string; actual: number }[] };
  expect(sarahsGoal.progress.find((p) => p.metric === 'posts')?.actual).toBe(1);
  expect((await pro.get('/api/goals')).body).toEqual([]);
});
