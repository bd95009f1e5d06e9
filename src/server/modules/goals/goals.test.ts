import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, type SignedIn, createRosteredProStaff } from '@server/test/factories';
import { campaigns } from '@server/db/schema/campaigns';
import { campaignTasks, campaignTaskSubmissions } from '@server/db/schema/campaign-tasks';
import { checkGoalsReached, notifyReachedGoals, GOALS_REACHED_TASK } from './service';

// Goals by season (issue 23 item 3, decision record 033): seasons and goals, who may do what, progress computed from
// attributed sales and approved task proofs, and the "goal reached" notification told once.

const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };
type Platform = { id: number; secretKey: string };

const seasonBody = (overrides: Record<string, unknown> = {}) => ({ name: 'Spring turkey 2027', startsOn: dayOffset(-10), endsOn: dayOffset(20), ...overrides });

/** A staffer accepted onto the business's roster (a live agreement). */
const rostered = (biz: Business, firstName = 'Pat'): Promise<ProStaff> => createRosteredProStaff(t, biz, { firstName });

async function season(biz: Business, overrides: Record<string, unknown> = {}): Promise<{ id: number }> {
  const res = await biz.client.post('/api/seasons', seasonBody(overrides));
  if (res.status !== 201) throw new Error(`season: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function goal(biz: Business, seasonId: number, body: Record<string, unknown>): Promise<{ id: number; progress: { metric: string; actual: number; target: number; percent: number; reached: boolean }[]; reached: boolean }> {
  const res = await biz.client.post(`/api/seasons/${seasonId}/goals`, body);
  if (res.status !== 201) throw new Error(`goal: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A store with a secret key and the staffer's discount code (10%), so track-usage attributes orders to them. */
async function storeFor(biz: Business, pro: ProStaff, code: string): Promise<Platform> {
  const platform = await biz.client.post('/api/integration-platforms', { name: 'Web store', platformType: 'custom' });
  if (platform.status !== 201) throw new Error(`platform: ${platform.status} ${JSON.stringify(platform.body)}`);
  const created = await biz.client.post('/api/discount-codes', { code, description: 'Staff code', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: pro.proStaffId, commissionRate: 10 });
  if (created.status !== 201) throw new Error(`code: ${created.status} ${JSON.stringify(created.body)}`);
  return platform.body;
}

/** An attributed order through the store API (the real attribution path). */
async function sale(platform: Platform, code: string, orderId: string, orderValue: string, currency = 'USD') {
  const res = await t.app.inject({ method: 'POST', url: '/api/discount-codes/track-usage', payload: { code, orderId, orderValue, currency }, headers: { 'x-api-key': platform.secretKey } });
  if (res.statusCode !== 201) throw new Error(`track-usage: ${res.statusCode} ${res.body}`);
}

// Test setup: campaign tasks with proof are another module (built beside this one); their approved proofs are written
// straight through the ORM here, as that module's approval would write them.
async function approvedProof(businessId: number, proStaffId: number, kind: 'social_post' | 'event_day' | 'field_test' | 'other', decidedAt: Date, status: 'approved' | 'submitted' | 'rejected' = 'approved') {
  const db = t.database.db;
  const [campaign] = await db.insert(campaigns).values({ businessId, title: 'Push', brief: 'Brief', opensOn: dayOffset(-30), closesOn: dayOffset(30) }).returning({ id: campaigns.id });
  const [task] = await db.insert(campaignTasks).values({ campaignId: campaign.id, kind, title: `A ${kind}` }).returning({ id: campaignTasks.id });
  await db.insert(campaignTaskSubmissions).values({ taskId: task.id, proStaffId, status, decidedAt: status === 'submitted' ? null : decidedAt });
}

const atDay = (days: number, time = '12:00:00') => new Date(`${dayOffset(days)}T${time}Z`);

async function goalNotifications(who: SignedIn) {
  const res = await who.client.get('/api/notifications');
  return (res.body.notifications as { kind: string; title: string; body: string; link: string }[]).filter((row) => row.kind === 'goal');
}

async function mails() {
  await t.app.ctx.tasks.drain();
  return t.mailer.sent.splice(0).map((mail) => [mail.to, mail.subject]);
}

describe('seasons', () => {
  it('creates, lists with status, renames and deletes a season; names are unique per business whatever their case', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const current = await biz.client.post('/api/seasons', seasonBody());
    expect(current.status).toBe(201);
    expect(current.body).toMatchObject({ name: 'Spring turkey 2027', status: 'current', goalCount: 0, goals: [], roster: [] });
    await season(biz, { name: 'Fall elk', startsOn: dayOffset(30), endsOn: dayOffset(60) });
    await season(biz, { name: 'Last spring', startsOn: dayOffset(-100), endsOn: dayOffset(-1) });
    const list = await biz.client.get('/api/seasons');
    expect(list.body.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['Fall elk', 'upcoming'], ['Spring turkey 2027', 'current'], ['Last spring', 'ended']]);

    const duplicate = await biz.client.post('/api/seasons', seasonBody({ name: 'SPRING TURKEY 2027' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.details).toEqual([{ path: 'name', message: 'You already have a season with this name' }]);
    // Another business may use the same name.
    expect((await (await createBusiness(t)).client.post('/api/seasons', seasonBody())).status).toBe(201);

    const renamed = await biz.client.put(`/api/seasons/${current.body.id}`, seasonBody({ name: 'Spring gobblers', endsOn: dayOffset(0) }));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Spring gobblers', endsOn: dayOffset(0), status: 'current' });
    expect((await biz.client.put(`/api/seasons/${current.body.id}`, seasonBody({ name: 'Fall elk' }))).status).toBe(409);
    expect((await biz.client.delete(`/api/seasons/${current.body.id}`)).status).toBe(204);
    expect((await biz.client.get(`/api/seasons/${current.body.id}`)).status).toBe(404);
  });

  it('refuses a season that ends before it starts, one longer than a year, a short name, bad dates', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const backwards = await biz.client.post('/api/seasons', seasonBody({ startsOn: '2027-04-10', endsOn: '2027-04-09' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual([expect.objectContaining({ path: 'endsOn', message: 'The season must end on or after the day it starts' })]);
    expect((await biz.client.post('/api/seasons', seasonBody({ startsOn: '2027-04-10', endsOn: '2027-04-10' }))).status).toBe(201);
    const long = await biz.client.post('/api/seasons', seasonBody({ name: 'Forever', startsOn: '2027-01-01', endsOn: '2028-01-02' }));
    expect(long.status).toBe(400);
    expect(long.body.error.details[0]).toMatchObject({ path: 'endsOn', message: 'A season lasts at most 366 days' });
    expect((await biz.client.post('/api/seasons', seasonBody({ name: 'Leap', startsOn: '2028-01-01', endsOn: '2028-12-31' }))).status).toBe(201);
    expect((await biz.client.post('/api/seasons', seasonBody({ name: 'x' }))).status).toBe(400);
    expect((await biz.client.post('/api/seasons', seasonBody({ name: 'Bad day', startsOn: '2027-02-30' }))).status).toBe(400);
  });

  it('signed out 401, pro staff 403, another business 404, an unconfirmed email cannot create one', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const mine = await season(biz);
    expect((await t.anonymous().get('/api/seasons')).status).toBe(401);
    expect((await t.anonymous().post('/api/seasons', seasonBody())).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/seasons')).status).toBe(403);
    expect((await pro.client.post('/api/seasons', seasonBody())).status).toBe(403);
    const other = await createBusiness(t, { tier: 'enterprise' });
    expect((await other.client.get(`/api/seasons/${mine.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/seasons/${mine.id}`, seasonBody({ name: 'Taken over' }))).status).toBe(404);
    expect((await other.client.delete(`/api/seasons/${mine.id}`)).status).toBe(404);
    expect((await other.client.get('/api/seasons')).body).toEqual([]);
    const unverified = await createBusiness(t, { tier: 'enterprise', verified: false });
    const res = await unverified.client.post('/api/seasons', seasonBody());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('goals', () => {
  it('sets one goal per rostered staffer and season; the roster shows who has one; targets can change; the goal can be deleted', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const ana = await rostered(biz, 'Ana');
    const ben = await rostered(biz, 'Ben');
    const { id } = await season(biz);
    const created = await goal(biz, id, { proStaffId: ana.proStaffId, salesTargetMinor: 150000, salesCurrency: 'usd', postsTarget: 4 });
    expect(created).toMatchObject({
      proStaffName: 'Ana Hunter', seasonStatus: 'current', reached: false, overallPercent: 0,
      targets: { salesTargetMinor: 150000, salesCurrency: 'USD', postsTarget: 4, eventsTarget: null, reportsTarget: null },
      progress: [
        { metric: 'sales', actual: 0, target: 150000, currency: 'USD', percent: 0, reached: false },
        { metric: 'posts', actual: 0, target: 4, currency: null, percent: 0, reached: false },
      ],
    });
    const again = await biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: ana.proStaffId, postsTarget: 2 });
    expect(again.status).toBe(409);
    const detail = (await biz.client.get(`/api/seasons/${id}`)).body;
    expect(detail.goalCount).toBe(1);
    expect(detail.roster).toEqual([{ proStaffId: ana.proStaffId, name: 'Ana Hunter', hasGoal: true }, { proStaffId: ben.proStaffId, name: 'Ben Hunter', hasGoal: false }]);

    const edited = await biz.client.put(`/api/goals/${created.id}`, { eventsTarget: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body.progress).toEqual([{ metric: 'events', actual: 0, target: 2, currency: null, percent: 0, reached: false }]);
    expect((await biz.client.get('/api/goals')).body.map((g: { id: number }) => g.id)).toEqual([created.id]);
    expect((await biz.client.delete(`/api/goals/${created.id}`)).status).toBe(204);
    expect((await biz.client.get(`/api/goals/${created.id}`)).status).toBe(404);
  });

  it('refuses a staffer off the roster, no target at all, a sales target without currency, negative and fractional targets', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const outsider = await createProStaff(t, { firstName: 'Otto' });
    const { id } = await season(biz);
    const off = await biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: outsider.proStaffId, postsTarget: 3 });
    expect(off.status).toBe(400);
    expect(off.body.error.details[0].path).toBe('proStaffId');
    const none = await biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: pro.proStaffId });
    expect(none.status).toBe(400);
    expect(none.body.error.details[0]).toMatchObject({ path: 'postsTarget', message: 'Set at least one target' });
    const noCurrency = await biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: pro.proStaffId, salesTargetMinor: 1000 });
    expect(noCurrency.status).toBe(400);
    expect(noCurrency.body.error.details[0].path).toBe('salesCurrency');
    for (const bad of [{ postsTarget: -1 }, { postsTarget: 1.5 }, { salesTargetMinor: 10, salesCurrency: 'dollars' }, { eventsTarget: '3' }]) {
      expect((await biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: pro.proStaffId, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
    const created = await goal(biz, id, { proStaffId: pro.proStaffId, reportsTarget: 1 });
    expect((await biz.client.put(`/api/goals/${created.id}`, {})).status).toBe(400);
  });

  it('the staffer reads their own goals (every business); other staffers and businesses get 404; staffers cannot change goals (403)', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const second = await createBusiness(t, { tier: 'enterprise', companyName: 'Timber Optics' });
    const pro = await rostered(biz, 'Ana');
    const offer = await second.client.post('/api/agreements', { proStaffId: pro.proStaffId, startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 500 });
    expect((await pro.client.post(`/api/agreements/${offer.body.id}/accept`, {})).status).toBe(200);
    const mine = await goal(biz, (await season(biz)).id, { proStaffId: pro.proStaffId, postsTarget: 3 });
    const theirs = await goal(second, (await season(second, { name: 'Elk' })).id, { proStaffId: pro.proStaffId, eventsTarget: 1 });
    await goal(biz, (await season(biz, { name: 'Later', startsOn: dayOffset(40), endsOn: dayOffset(80) })).id, { proStaffId: pro.proStaffId, postsTarget: 1 });

    const current = (await pro.client.get('/api/goals')).body as { id: number; businessName: string }[];
    expect(current.map((g) => g.businessName).sort()).toEqual(['Ridge Calls', 'Timber Optics']);
    expect((await pro.client.get('/api/goals?when=all')).body).toHaveLength(3);
    expect((await pro.client.get(`/api/goals/${mine.id}`)).status).toBe(200);
    expect((await biz.client.get('/api/goals')).body.map((g: { id: number }) => g.id)).toEqual([mine.id]);

    const otherPro = await createProStaff(t);
    expect((await otherPro.client.get(`/api/goals/${mine.id}`)).status).toBe(404);
    expect((await otherPro.client.get('/api/goals')).body).toEqual([]);
    expect((await second.client.get(`/api/goals/${mine.id}`)).status).toBe(404);
    expect((await second.client.put(`/api/goals/${mine.id}`, { postsTarget: 1 })).status).toBe(404);
    expect((await second.client.delete(`/api/goals/${mine.id}`)).status).toBe(404);
    expect((await second.client.post(`/api/seasons/${(await season(biz, { name: 'Mine only' })).id}/goals`, { proStaffId: pro.proStaffId, postsTarget: 1 })).status).toBe(404);
    expect((await pro.client.put(`/api/goals/${theirs.id}`, { postsTarget: 1 })).status).toBe(403);
    expect((await pro.client.delete(`/api/goals/${theirs.id}`)).status).toBe(403);
    expect((await t.anonymous().get('/api/goals')).status).toBe(401);
    expect((await t.anonymous().get(`/api/goals/${mine.id}`)).status).toBe(401);
  });
});

describe('progress', () => {
  it('sales: attributed orders in the target currency only, net of refunds, nothing for a cancelled order, inside the season, this business only', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const store = await storeFor(biz, pro, 'PAT10');
    const { id } = await season(biz);
    const created = await goal(biz, id, { proStaffId: pro.proStaffId, salesTargetMinor: 50000, salesCurrency: 'USD' });

    await sale(store, 'PAT10', 'A-1', '199.99');
    await sale(store, 'PAT10', 'A-2', '100.00');
    await sale(store, 'PAT10', 'C-1', '300.00', 'CAD');
    await sale(store, 'PAT10', 'A-3', '80.00');
    await sale(store, 'PAT10', 'A-old', '1000.00');
    // Test setup for what signed store webhooks record: a partial refund of cancelled, A-old before the season.
    await t.database.query(`insert into store_order_refunds (store_order_id, refund_key, amount_minor) select id, 'r-1', 2500 from store_orders where order_id = 'A-2'`);
    await t.database.query(`update store_orders set status = 'cancelled' where order_id = 'A-3'`);
    await t.database.query(`update store_orders set created_at = '${dayOffset(-11)}T23:59:59Z' where order_id = 'A-old'`);
    // Another business's sale by the same staffer does not count.
    const other = await createBusiness(t, { tier: 'enterprise' });
    await sale(await storeFor(other, pro, 'PAT20'), 'PAT20', 'X-1', '400.00');

    const read = (await biz.client.get(`/api/goals/${created.id}`)).body;
    expect(read.progress).toEqual([{ metric: 'sales', actual: 19999 + 7500, target: 50000, currency: 'USD', percent: 54, reached: false }]);
    // Reached once the sales pass the target; the bar stops at 100.
    await sale(store, 'PAT10', 'A-4', '500.00');
    const after = (await pro.client.get(`/api/goals/${created.id}`)).body;
    expect(after.progress[0]).toMatchObject({ actual: 77499, percent: 100, reached: true });
    expect(after).toMatchObject({ reached: true, overallPercent: 100 });
    // A CAD target counts only the CAD order.
    await biz.client.put(`/api/goals/${created.id}`, { salesTargetMinor: 60000, salesCurrency: 'CAD' });
    expect((await biz.client.get(`/api/goals/${created.id}`)).body.progress[0]).toMatchObject({ actual: 30000, currency: 'CAD', percent: 50 });
  });

  it('posts, events and field-test reports: approved proofs by task kind, decided inside the season (both days included), this business only', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const { id } = await season(biz, { startsOn: dayOffset(-10), endsOn: dayOffset(5) });
    const created = await goal(biz, id, { proStaffId: pro.proStaffId, postsTarget: 3, eventsTarget: 1, reportsTarget: 2 });
    const b = biz.businessId;
    const p = pro.proStaffId;
    await approvedProof(b, p, 'social_post', atDay(-10, '00:00:00'));
    await approvedProof(b, p, 'social_post', atDay(5, '23:59:59'));
    await approvedProof(b, p, 'social_post', atDay(-11, '23:59:59'));
    await approvedProof(b, p, 'social_post', atDay(6, '00:00:00'));
    await approvedProof(b, p, 'social_post', atDay(-1), 'rejected');
    await approvedProof(b, p, 'social_post', atDay(-1), 'submitted');
    await approvedProof(b, p, 'event_day', atDay(-2));
    await approvedProof(b, p, 'field_test', atDay(-3));
    await approvedProof(b, p, 'other', atDay(-3));
    const other = await createBusiness(t, { tier: 'enterprise' });
    await approvedProof(other.businessId, p, 'field_test', atDay(-1));
    const someoneElse = await createProStaff(t);
    await approvedProof(b, someoneElse.proStaffId, 'field_test', atDay(-1));

    const read = (await biz.client.get(`/api/seasons/${id}`)).body.goals.find((g: { id: number }) => g.id === created.id);
    expect(read.progress).toEqual([
      { metric: 'posts', actual: 2, target: 3, currency: null, percent: 66, reached: false },
      { metric: 'events', actual: 1, target: 1, currency: null, percent: 100, reached: true },
      { metric: 'reports', actual: 1, target: 2, currency: null, percent: 50, reached: false },
    ]);
    expect(read).toMatchObject({ reached: false, overallPercent: 72 });
  });
});

describe('goal reached', () => {
  async function reachedSetup() {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const pro = await rostered(biz, 'Ana');
    const { id } = await season(biz, { name: 'Late season' });
    const created = await goal(biz, id, { proStaffId: pro.proStaffId, postsTarget: 1, eventsTarget: 1 });
    await approvedProof(biz.businessId, pro.proStaffId, 'social_post', atDay(-1));
    return { biz, pro, seasonId: id, goalId: created.id };
  }

  it('is told to the staffer and the business once, by mail too, when every target is met (the task run twice)', async () => {
    const { biz, pro, seasonId, goalId } = await reachedSetup();
    await mails();
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 0 });
    await approvedProof(biz.businessId, pro.proStaffId, 'event_day', atDay(-1));
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 1 });
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 0 });
    expect(await checkGoalsReached(t.app.ctx, pro.proStaffId, biz.businessId)).toEqual({ told: 0 });
    expect(await goalNotifications(pro)).toEqual([expect.objectContaining({ title: 'Goal reached: Late season with Ridge Calls', body: 'Approved posts: 1 of 1; Events: 1 of 1', link: '/goals' })]);
    expect(await goalNotifications(biz)).toEqual([expect.objectContaining({ title: 'Ana Hunter reached their Late season goal', link: `/goals/${seasonId}` })]);
    expect((await mails()).sort()).toEqual([[biz.user.email, 'Ana Hunter reached their Late season goal'], [pro.user.email, 'Goal reached: Late season with Ridge Calls']].sort());
    expect((await pro.client.get(`/api/goals/${goalId}`)).body.reachedNotifiedAt).toEqual(expect.any(String));
  });

  it('checkGoalsReached tells at once; new targets can be reached (and told) again; the goal switch stops only the mail', async () => {
    const { biz, pro, goalId } = await reachedSetup();
    expect((await pro.client.patch('/api/notification-settings', { email: { goal: false } })).status).toBe(200);
    await mails();
    await approvedProof(biz.businessId, pro.proStaffId, 'event_day', atDay(-1));
    const [first, second] = await Promise.all([checkGoalsReached(t.app.ctx, pro.proStaffId, biz.businessId), notifyReachedGoals(t.app.ctx)]);
    expect(first.told + second.told).toBe(1);
    expect(await goalNotifications(pro)).toHaveLength(1);
    expect(await mails()).toEqual([[biz.user.email, 'Ana Hunter reached their Late season goal']]);

    // The same targets again change nothing; higher ones reset the mark and are told once met.
    await biz.client.put(`/api/goals/${goalId}`, { postsTarget: 1, eventsTarget: 1 });
    expect((await biz.client.get(`/api/goals/${goalId}`)).body.reachedNotifiedAt).not.toBeNull();
    await biz.client.put(`/api/goals/${goalId}`, { postsTarget: 2, eventsTarget: 1 });
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 0 });
    await approvedProof(biz.businessId, pro.proStaffId, 'social_post', atDay(-1));
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 1 });
    expect(await goalNotifications(pro)).toHaveLength(2);
  });

  it('an attributed order that meets the sales target tells both sides at once (no task run)', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const pro = await rostered(biz, 'Ana');
    const { id } = await season(biz, { name: 'Late season' });
    await goal(biz, id, { proStaffId: pro.proStaffId, salesTargetMinor: 15000, salesCurrency: 'USD' });
    const store = await storeFor(biz, pro, 'ANA10');
    await sale(store, 'ANA10', 'G-1', '100.00');
    expect(await goalNotifications(pro)).toEqual([]);
    await sale(store, 'ANA10', 'G-2', '60.00');
    expect(await goalNotifications(pro)).toEqual([expect.objectContaining({ title: 'Goal reached: Late season with Ridge Calls', body: 'Attributed sales: USD 160.00 of USD 150.00' })]);
    expect(await goalNotifications(biz)).toEqual([expect.objectContaining({ title: 'Ana Hunter reached their Late season goal' })]);
  });

  it('is not told for seasons that ended more than a week ago or have not started', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const old = await season(biz, { name: 'Old', startsOn: dayOffset(-60), endsOn: dayOffset(-8) });
    const recent = await season(biz, { name: 'Recent', startsOn: dayOffset(-60), endsOn: dayOffset(-7) });
    const future = await season(biz, { name: 'Future', startsOn: dayOffset(2), endsOn: dayOffset(9) });
    for (const s of [old, recent, future]) await goal(biz, s.id, { proStaffId: pro.proStaffId, postsTarget: 0 });
    expect(await notifyReachedGoals(t.app.ctx)).toEqual({ told: 1 });
    expect((await goalNotifications(pro)).map((n) => n.title)).toEqual(['Goal reached: Recent with Test Outfitters']);
  });

  it('two runs of the task and inline checks at once tell once (truly concurrent on PostgreSQL: npm run test:pg)', async () => {
    for (let round = 0; round < (process.env.TEST_DATABASE_URL ? 4 : 1); round++) {
      const { biz, pro } = await reachedSetup();
      await approvedProof(biz.businessId, pro.proStaffId, 'event_day', atDay(-1));
      const runs = await Promise.all([notifyReachedGoals(t.app.ctx), notifyReachedGoals(t.app.ctx), checkGoalsReached(t.app.ctx, pro.proStaffId, biz.businessId), checkGoalsReached(t.app.ctx, pro.proStaffId, biz.businessId)]);
      expect(runs.reduce((sum, run) => sum + run.told, 0), `round ${round}`).toBe(1);
      expect(await goalNotifications(pro), `round ${round}`).toHaveLength(1);
      expect(await goalNotifications(biz), `round ${round}`).toHaveLength(1);
    }
  });

  it('parallel Set Goal requests for one staffer make one goal (409 for the others)', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const { id } = await season(biz);
    const results = await Promise.all(Array.from({ length: 4 }, () => biz.client.post(`/api/seasons/${id}/goals`, { proStaffId: pro.proStaffId, postsTarget: 2 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('runs as an hourly scheduled task', () => {
    const kinds = (t.app.ctx.tasks as unknown as { schedules: { kind: string; everySeconds: number }[] }).schedules;
    expect(kinds).toContainEqual({ kind: GOALS_REACHED_TASK, everySeconds: 3600 });
  });
});
