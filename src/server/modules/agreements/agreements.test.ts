import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp, type SignedIn } from '@server/test/factories';
import { expectBusinessProfileGate } from '@server/test/business-gate';
import { recordExpiries } from './service';

// Pro staff agreements (issue 22, decision record 028): every transition, permission, the conflict rule and its race.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REPEATS = Number(process.env.RACE_REPEATS ?? (onPostgres ? 5 : 2));

const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

const terms = (overrides: Record<string, unknown> = {}) => ({
  startDate: dayOffset(0),
  endDate: dayOffset(365),
  commissionRateBps: 1250,
  gearAllowanceMinor: 50_000,
  currency: 'usd',
  proDealDiscountPercent: 40,
  duties: 'Post from the field, staff the spring show.',
  postsPerTerm: 12,
  eventsPerTerm: 2,
  fieldTestReportsPerTerm: 1,
  ...overrides,
});

async function offer(business: Business, pro: ProStaff, overrides: Record<string, unknown> = {}) {
  const res = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms(overrides) });
  if (res.status !== 201) throw new Error(`offer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; seriesId: number; version: number; status: string };
}

async function accepted(business: Business, pro: ProStaff, overrides: Record<string, unknown> = {}) {
  const offered = await offer(business, pro, overrides);
  const res = await pro.client.post(`/api/agreements/${offered.id}/accept`, {});
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; seriesId: number };
}

async function parties() {
  const business = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Optics' });
  const pro = await createProStaff(t, { firstName: 'Anna', lastName: 'Archer' });
  return { business, pro };
}

const actions = async (client: TestClient, id: number) => (await client.get(`/api/agreements/${id}/history`)).body.map((e: { action: string }) => e.action);

describe('offer → accept → end', () => {
  it('a business offers, the staffer accepts (who, when, address recorded) and either side sees the same history', async () => {
    const { business, pro } = await parties();
    const offered = await offer(business, pro, { exclusivityCategory: 'optics' });
    expect(offered).toMatchObject({
      status: 'offered', version: 1, seriesId: offered.id, businessName: 'Ridge Optics', proStaffName: 'Anna Archer', commissionRateBps: 1250,
      gearAllowanceMinor: 50_000, currency: 'USD', proDealDiscountPercent: 40, postsPerTerm: 12, eventsPerTerm: 2, fieldTestReportsPerTerm: 1,
      exclusivityCategory: 'optics', acceptedAt: null,
    });

    const res = await pro.client.post(`/api/agreements/${offered.id}/accept`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', acceptedIp: '127.0.0.1' });
    expect(new Date(res.body.acceptedAt).toISOString()).toBe(res.body.acceptedAt);
    const [row] = await t.database.query<{ accepted_by_user_id: number }>(`select accepted_by_user_id from agreements where id = ${offered.id}`);
    expect(row.accepted_by_user_id).toBe(pro.user.id);

    const ended = await pro.client.post(`/api/agreements/${offered.id}/end`, { reason: 'Switching brands' });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', endReason: 'Switching brands' });

    const history = (await business.client.get(`/api/agreements/${offered.id}/history`)).body;
    expect(history.map((e: { action: string; actorName: string }) => [e.action, e.actorName])).toEqual([
      ['offered', 'Ridge Optics'], ['accepted', 'Anna Archer'], ['ended', 'Anna Archer'],
    ]);
    expect(history[2].reason).toBe('Switching brands');
    expect(await actions(pro.client, offered.id)).toEqual(['offered', 'accepted', 'ended']);
  });

  it('the staffer declines; the business withdraws an open offer; the business ends an active one', async () => {
    const { business, pro } = await parties();
    const first = await offer(business, pro);
    const declined = await pro.client.post(`/api/agreements/${first.id}/decline`, { reason: 'Not this year' });
    expect(declined.body).toMatchObject({ status: 'declined', endReason: 'Not this year' });
    expect((await pro.client.post(`/api/agreements/${first.id}/accept`, {})).status).toBe(409);

    const second = await offer(business, pro);
    const withdrawn = await business.client.post(`/api/agreements/${second.id}/end`, { reason: 'Budget cut' });
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await pro.client.post(`/api/agreements/${second.id}/accept`, {})).status).toBe(409);

    const third = await accepted(business, pro);
    const ended = await business.client.post(`/api/agreements/${third.id}/end`, { reason: 'Season over' });
    expect(ended.body.status).toBe('ended');
    expect((await pro.client.post(`/api/agreements/${third.id}/end`, { reason: 'again' })).status).toBe(409);
    expect(await actions(business.client, third.id)).toEqual(['offered', 'accepted', 'ended']);
  });

  it('a change is a new version the staffer must accept; the old one stays active until then', async () => {
    const { business, pro } = await parties();
    const live = await accepted(business, pro);
    const revised = await business.client.post(`/api/agreements/${live.id}/revisions`, terms({ commissionRateBps: 1500 }));
    expect(revised.status).toBe(201);
    expect(revised.body).toMatchObject({ version: 2, seriesId: live.id, status: 'offered', commissionRateBps: 1500 });
    expect((await business.client.get(`/api/agreements/${live.id}`)).body).toMatchObject({ status: 'active', commissionRateBps: 1250 });
    // Only the business changes terms; the accepted version's terms are frozen (no route edits them).
    expect((await pro.client.post(`/api/agreements/${live.id}/revisions`, terms())).status).toBe(403);

    const res = await pro.client.post(`/api/agreements/${revised.body.id}/accept`, {});
    expect(res.body.status).toBe('active');
    expect((await business.client.get(`/api/agreements/${live.id}`)).body.status).toBe('superseded');
    const active = (await business.client.get('/api/agreements?status=active')).body;
    expect(active.map((a: { id: number }) => a.id)).toEqual([revised.body.id]);
    expect(await actions(pro.client, revised.body.id)).toEqual(['offered', 'accepted', 'revised', 'superseded', 'accepted']);
  });

  it('a declined change leaves the live version in force; ending withdraws an open change', async () => {
    const { business, pro } = await parties();
    const live = await accepted(business, pro);
    const change = (await business.client.post(`/api/agreements/${live.id}/revisions`, terms({ postsPerTerm: 20 }))).body;
    await pro.client.post(`/api/agreements/${change.id}/decline`, {});
    expect((await pro.client.get(`/api/agreements/${live.id}`)).body.status).toBe('active');
    const next = (await business.client.post(`/api/agreements/${live.id}/revisions`, terms({ postsPerTerm: 15 }))).body;
    expect(next.version).toBe(3);
    await business.client.post(`/api/agreements/${live.id}/end`, { reason: 'Closing the program' });
    expect((await pro.client.get(`/api/agreements/${next.id}`)).body.status).toBe('withdrawn');
  });

  it('an active agreement reads as expired after its end date, and an expired one cannot be ended', async () => {
    const { business, pro } = await parties();
    const live = await accepted(business, pro, { startDate: dayOffset(-30), endDate: dayOffset(5) });
    await t.database.query(`update agreements set end_date = '${dayOffset(-1)}' where id = ${live.id}`);
    expect((await business.client.get(`/api/agreements/${live.id}`)).body.status).toBe('expired');
    expect((await business.client.get('/api/agreements?status=active')).body).toEqual([]);
    expect((await business.client.get('/api/agreements?status=expired')).body).toHaveLength(1);
    expect((await business.client.post(`/api/agreements/${live.id}/end`, { reason: 'x' })).status).toBe(409);
    // Expired, the pair may start again.
    expect((await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() })).status).toBe(201);
  });

  it('an offer left unanswered past its end date reads as expired and can no longer be accepted', async () => {
    const { business, pro } = await parties();
    const offered = await offer(business, pro, { startDate: dayOffset(-30), endDate: dayOffset(5) });
    await t.database.query(`update agreements set end_date = '${dayOffset(-1)}' where id = ${offered.id}`);
    expect((await pro.client.get(`/api/agreements/${offered.id}`)).body.status).toBe('expired');
    const res = await pro.client.post(`/api/agreements/${offered.id}/accept`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This agreement is expired and can no longer be accepted');
  });

  it('one open offer or agreement per pair', async () => {
    const { business, pro } = await parties();
    await offer(business, pro);
    const res = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual({ reason: 'already_open' });
  });
});

describe('notifications', () => {
  it('offer, acceptance and end reach the other party by mail and as a live event', async () => {
    const { business, pro } = await parties();
    const toPro: UserEvent[] = [];
    const toBusiness: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => { if (event.type !== 'notifications.changed') toPro.push(event); });
    t.events.subscribe(business.user.id, (event) => { if (event.type !== 'notifications.changed') toBusiness.push(event); });
    const mails = async () => {
      await t.app.ctx.tasks.drain();
      return t.mailer.sent.splice(0).map((mail) => [mail.to, mail.subject]);
    };
    await mails();

    const { id } = await offer(business, pro);
    expect(await mails()).toEqual([[pro.user.email, 'Ridge Optics offered you a pro staff agreement']]);
    expect(toPro).toEqual([{ type: 'agreement.updated', data: { agreementId: id, status: 'offered' } }]);
    await pro.client.post(`/api/agreements/${id}/accept`, {});
    expect(await mails()).toEqual([[business.user.email, 'Anna Archer accepted your pro staff agreement']]);
    expect(toBusiness).toEqual([{ type: 'agreement.updated', data: { agreementId: id, status: 'active' } }]);
    await business.client.post(`/api/agreements/${id}/end`, { reason: 'Season over' });
    await t.app.ctx.tasks.drain();
    const ended = t.mailer.sent.splice(0);
    expect(ended.map((mail) => [mail.to, mail.subject])).toEqual([[pro.user.email, 'Ridge Optics ended your pro staff agreement']]);
    expect(ended[0]!.text).toContain('Reason: Season over');
    expect(toPro.at(-1)).toEqual({ type: 'agreement.updated', data: { agreementId: id, status: 'ended' } });
  });

  it('offering and accepting need a confirmed email address', async () => {
    const unconfirmed = await createBusiness(t, { tier: 'professional', verified: false });
    const pro = await createProStaff(t, { verified: false });
    const refused = await unconfirmed.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    const business = await createBusiness(t, { tier: 'professional' });
    const { id } = await offer(business, pro);
    const accept = await pro.client.post(`/api/agreements/${id}/accept`, {});
    expect(accept.status).toBe(403);
    expect(accept.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('validation', () => {
  it('refuses bad terms with per-field details', async () => {
    const { business, pro } = await parties();
    const res = await business.client.post('/api/agreements', {
      proStaffId: pro.proStaffId, startDate: 'soon', endDate: dayOffset(10), commissionRateBps: 12.5, gearAllowanceMinor: -1, currency: 'dollars',
      proDealDiscountPercent: 120, postsPerTerm: 1.5, exclusivityCategory: 'boats',
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['startDate', 'commissionRateBps', 'gearAllowanceMinor', 'currency', 'proDealDiscountPercent', 'postsPerTerm', 'exclusivityCategory']));
  });

  it('needs the end after the start, and not in the past', async () => {
    const { business, pro } = await parties();
    const backwards = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms({ startDate: dayOffset(10), endDate: dayOffset(5) }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual([{ path: 'endDate', message: 'End date must be after the start date' }]);
    const past = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms({ startDate: dayOffset(-20), endDate: dayOffset(-10) }) });
    expect(past.status).toBe(400);
    expect(past.body.error.details).toEqual([{ path: 'endDate', message: 'The end date has passed' }]);
  });

  it('an ending needs a reason; an unknown staffer is 404', async () => {
    const { business, pro } = await parties();
    const live = await accepted(business, pro);
    const res = await business.client.post(`/api/agreements/${live.id}/end`, { reason: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('reason');
    expect((await business.client.post('/api/agreements', { proStaffId: 999_999, ...terms() })).status).toBe(404);
  });
});

describe('access', () => {
  it('offering needs a signed-in business with a profile', async () => {
    const { pro } = await parties();
    await expectBusinessProfileGate(t, (client) => client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() }), pro);
  });

  it('signed out: 401 everywhere', async () => {
    const { business, pro } = await parties();
    const { id } = await offer(business, pro);
    const anon = t.anonymous();
    for (const res of [
      await anon.get('/api/agreements'), await anon.get(`/api/agreements/${id}`), await anon.get(`/api/agreements/${id}/history`),
      await anon.post(`/api/agreements/${id}/accept`, {}), await anon.post(`/api/agreements/${id}/decline`, {}),
      await anon.post(`/api/agreements/${id}/end`, { reason: 'x' }), await anon.get('/api/agreements/roster.csv'),
    ]) expect(res.status).toBe(401);
  });

  it('wrong role: a business cannot accept or decline; a staffer cannot offer, change or export', async () => {
    const { business, pro } = await parties();
    const { id } = await offer(business, pro);
    expect((await business.client.post(`/api/agreements/${id}/accept`, {})).status).toBe(403);
    expect((await business.client.post(`/api/agreements/${id}/decline`, {})).status).toBe(403);
    expect((await pro.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() })).status).toBe(403);
    expect((await pro.client.post(`/api/agreements/${id}/revisions`, terms())).status).toBe(403);
    expect((await pro.client.get('/api/agreements/roster.csv')).status).toBe(403);
  });

  it("another business or staffer cannot see or act on someone else's agreement (404), nor find it in lists", async () => {
    const { business, pro } = await parties();
    const { id } = await offer(business, pro);
    const otherBusiness = await createBusiness(t, { tier: 'professional' });
    const otherPro = await createProStaff(t);
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    for (const caller of [otherBusiness, otherPro]) {
      expect((await caller.client.get(`/api/agreements/${id}`)).status).toBe(404);
      expect((await caller.client.get(`/api/agreements/${id}/history`)).status).toBe(404);
      expect((await caller.client.post(`/api/agreements/${id}/end`, { reason: 'x' })).status).toBe(404);
      expect((await caller.client.get('/api/agreements')).body).toEqual([]);
    }
    expect((await otherPro.client.post(`/api/agreements/${id}/accept`, {})).status).toBe(404);
    expect((await otherBusiness.client.post(`/api/agreements/${id}/revisions`, terms())).status).toBe(404);
    expect((await admin.client.get(`/api/agreements/${id}`)).status).toBe(404);
    expect((await admin.client.get('/api/agreements')).status).toBe(403);
    expect((await pro.client.get(`/api/agreements/${id}`)).status).toBe(200);
  });
});

describe('roster', () => {
  it('lists, filters by status and category, searches by name and exports CSV', async () => {
    const business = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Optics' });
    const anna = await createProStaff(t, { firstName: 'Anna', lastName: 'Archer' });
    const bo = await createProStaff(t, { firstName: 'Bo', lastName: 'Hunter' });
    await accepted(business, anna, { exclusivityCategory: 'optics' });
    await offer(business, bo);
    const names = async (query: string) => (await business.client.get(`/api/agreements${query}`)).body.map((a: { proStaffName: string }) => a.proStaffName);
    expect(await names('?status=active')).toEqual(['Anna Archer']);
    expect(await names('?status=offered')).toEqual(['Bo Hunter']);
    expect(await names('?category=optics')).toEqual(['Anna Archer']);
    expect(await names('?q=hunt')).toEqual(['Bo Hunter']);
    expect(await names('?q=anna%20arch')).toEqual(['Anna Archer']);
    expect((await business.client.get('/api/agreements?status=nope')).status).toBe(400);

    const csv = await business.client.get('/api/agreements/roster.csv?status=active');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('agreement_id,version,pro_staff,status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Anna Archer,active');
    expect(lines[1]).toContain('12.50,500.00,USD');
    expect(lines[1]).toContain('Optics');

    // The staffer's brands: their active agreements.
    expect((await anna.client.get('/api/agreements?status=active')).body.map((a: { businessName: string }) => a.businessName)).toEqual(['Ridge Optics']);
  });

  it('codes created for a rostered staffer default to the agreement rate unless one is given', async () => {
    const { business, pro } = await parties();
    await accepted(business, pro, { commissionRateBps: 1250 });
    const code = (code: string, extra: Record<string, unknown> = {}) =>
      business.client.post('/api/discount-codes', { code, description: 'Anna', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: pro.proStaffId, ...extra });
    expect((await code('ANNA10')).body.commissionRate).toBe(12.5);
    expect((await code('ANNA5', { commissionRate: 5 })).body.commissionRate).toBe(5);
    const other = await createProStaff(t);
    const plain = await business.client.post('/api/discount-codes', { code: 'OTHER1', description: 'x', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: other.proStaffId });
    expect(plain.body.commissionRate).toBe(0);
  });
});

describe('plan limit', () => {
  it('the Free plan allows one active agreement (or open offer), with an upgrade hint; paid plans are unlimited', async () => {
    const free = await createBusiness(t);
    const [a, b, c] = [await createProStaff(t), await createProStaff(t), await createProStaff(t)];
    const first = await offer(free, a);
    const res = await free.client.post('/api/agreements', { proStaffId: b.proStaffId, ...terms() });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      code: 'PLAN_LIMIT', message: 'Your Free plan allows 1 active pro staff agreement.', details: { plan: 'free', limit: 1, used: 1, upgradeUrl: '/subscription' },
    });
    expect((await free.client.get('/api/plan-usage')).body.limits.activeAgreements).toEqual({
      limit: 1, used: 1, reached: true, message: 'Your Free plan allows 1 active pro staff agreement.',
    });
    await a.client.post(`/api/agreements/${first.id}/decline`, {});
    expect((await free.client.get('/api/plan-usage')).body.limits.activeAgreements).toMatchObject({ used: 0, reached: false });
    await offer(free, b);

    const paid = await createBusiness(t, { tier: 'startup' });
    for (const pro of [a, b, c]) await offer(paid, pro);
  });
});

describe('exclusivity conflict', () => {
  it('warns the business without naming the other brand, sends on acknowledgement, and the staffer must end the other and confirm', async () => {
    const pro = await createProStaff(t);
    const first = await createBusiness(t, { tier: 'professional', companyName: 'First Glass Co' });
    const second = await createBusiness(t, { tier: 'professional', companyName: 'Second Optics' });
    const live = await accepted(first, pro, { exclusivityCategory: 'optics', commissionRateBps: 1777 });

    const warned = await second.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms({ exclusivityCategory: 'optics' }) });
    expect(warned.status).toBe(409);
    expect(warned.body.error.details).toEqual({ reason: 'exclusivity_conflict', category: 'optics' });
    expect(JSON.stringify(warned.body)).not.toMatch(/First Glass|1777/);

    // Another category, or not exclusive: no conflict.
    const other = await createBusiness(t, { tier: 'professional' });
    expect((await other.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms({ exclusivityCategory: 'apparel' }) })).status).toBe(201);

    const sent = await second.client.post('/api/agreements', { proStaffId: pro.proStaffId, acknowledgeConflict: true, ...terms({ exclusivityCategory: 'optics' }) });
    expect(sent.status).toBe(201);
    expect(sent.body.conflictAcknowledged).toBe(true);

    const blocked = await pro.client.post(`/api/agreements/${sent.body.id}/accept`, { confirmConflictEnded: true });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toMatchObject({ code: 'CONFLICT', details: { reason: 'exclusivity_conflict', category: 'optics', agreementId: live.id } });
    expect(blocked.body.error.message).toContain('First Glass Co');

    await pro.client.post(`/api/agreements/${live.id}/end`, { reason: 'Moving to Second Optics' });
    const unconfirmed = await pro.client.post(`/api/agreements/${sent.body.id}/accept`, {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.details[0].path).toBe('confirmConflictEnded');
    expect((await pro.client.post(`/api/agreements/${sent.body.id}/accept`, { confirmConflictEnded: true })).body.status).toBe('active');
  });

  it('two businesses racing to get an exclusive acceptance in one category: exactly one becomes active', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const pro = await createProStaff(t);
      const [a, b] = [await createBusiness(t, { tier: 'professional' }), await createBusiness(t, { tier: 'professional' })];
      const offerA = await offer(a, pro, { exclusivityCategory: 'firearms' });
      const offerB = await offer(b, pro, { exclusivityCategory: 'firearms' });
      const results = await Promise.all([offerA, offerB].map((o) => pro.client.post(`/api/agreements/${o.id}/accept`, { confirmConflictEnded: true })));
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      const [row] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from agreements where pro_staff_id = ${pro.proStaffId} and status = 'active' and exclusivity_category = 'firearms'`,
      );
      expect(row.n, `round ${round}`).toBe(1);
    }
  });
});

describe('expiry (the daily task)', () => {
  it('writes one `expired` event and tells both parties; an unanswered offer tells the business; a second run writes nothing', async () => {
    const { business, pro } = await parties();
    const active = await accepted(business, pro, { endDate: dayOffset(30) });
    const other = await createProStaff(t, { firstName: 'Ben', lastName: 'Bow' });
    const unanswered = await offer(business, other, { endDate: dayOffset(30) });
    const later = new Date(Date.now() + 32 * 86_400_000);

    await recordExpiries(t.app.ctx, later);
    expect(await actions(business.client, active.id)).toEqual(['offered', 'accepted', 'expired']);
    expect(await actions(pro.client, active.id)).toEqual(['offered', 'accepted', 'expired']);
    expect(await actions(business.client, unanswered.id)).toEqual(['offered', 'expired']);
    const titles = async (who: SignedIn) => (await who.client.get('/api/notifications')).body.notifications.map((n: { title: string }) => n.title);
    expect(await titles(business)).toEqual(expect.arrayContaining(['Your pro staff agreement with Anna Archer expired', 'Your agreement offer to Ben Bow expired unanswered']));
    expect((await titles(pro))[0]).toBe('Your pro staff agreement with Ridge Optics expired');
    expect(await titles(other)).not.toContain('Your agreement offer to Ben Bow expired unanswered');

    await recordExpiries(t.app.ctx, new Date(later.getTime() + 86_400_000));
    expect(await actions(business.client, active.id)).toEqual(['offered', 'accepted', 'expired']);
    expect((await titles(business)).filter((title: string) => title.endsWith('expired unanswered'))).toHaveLength(1);
  });

  it('leaves an agreement before its end date alone', async () => {
    const { business, pro } = await parties();
    const live = await accepted(business, pro, { endDate: dayOffset(30) });
    await recordExpiries(t.app.ctx, new Date(Date.now() + 29 * 86_400_000));
    expect(await actions(business.client, live.id)).toEqual(['offered', 'accepted']);
  });
});
