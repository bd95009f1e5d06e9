import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { expectBusinessProfileGate } from '@server/test/business-gate';
import { commissions } from '@server/db/schema/commissions';
import { applications, jobPostings } from '@server/db/schema/jobs';

const t = useTestApp();

const anonymous = () => new TestClient(t.app);

async function setup() {
  const business = await createBusiness(t, { companyName: 'Timber Co' });
  const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  return { business, pro };
}

async function createCommission(client: TestClient, proStaffId: number, amount = '125.50', extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/commissions', { proStaffId, amount, description: 'Elk video', dueDate: '2026-12-31', ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /api/commissions', () => {
  it('creates a pending commission stored in cents', async () => {
    const { business, pro } = await setup();
    const res = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '125.5', description: '  Elk video ', dueDate: '2026-12-31' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number), businessId: business.businessId, proStaffId: pro.proStaffId, amount: '125.50', amountCents: 12550,
      description: 'Elk video', dueDate: '2026-12-31', status: 'pending', source: 'manual', paidAt: null,
      proStaff: { firstName: 'Jake', lastName: 'Morrison' }, business: { companyName: 'Timber Co' },
    });
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, res.body.id));
    expect(row.amountCents).toBe(12550);
  });

  it('accepts the largest allowed amount and tells the pro staffer', async () => {
    const { business, pro } = await setup();
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const unsubscribe = t.events.subscribe(pro.user.id, (event) => { if (event.type !== 'notifications.changed') events.push(event); });
    const res = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '1000000.00' });
    expect(res.status).toBe(201);
    expect(res.body.amountCents).toBe(100_000_000);
    await business.client.patch(`/api/commissions/${res.body.id}/status`, { status: 'paid' });
    unsubscribe();
    expect(events).toEqual([
      { type: 'commission.created', data: { commissionId: res.body.id, status: 'pending' } },
      { type: 'commission.status_changed', data: { commissionId: res.body.id, status: 'paid' } },
    ]);
  });

  it('accepts a null description and due date', async () => {
    const { business, pro } = await setup();
    const res = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '10', description: null, dueDate: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '10.00', description: null, dueDate: null });
  });

  it.each([
    [{ amount: '0' }, 'amount'],
    [{ amount: '-5' }, 'amount'],
    [{ amount: '12.345' }, 'amount'],
    [{ amount: 'abc' }, 'amount'],
    [{ amount: 12 }, 'amount'],
    [{ proStaffId: '1' }, 'proStaffId'],
    [{ proStaffId: 1.5 }, 'proStaffId'],
    [{ amount: '1000000.01' }, 'amount'],
    [{ proStaffId: 2_147_483_648 }, 'proStaffId'],
    [{ dueDate: '31/12/2026' }, 'dueDate'],
  ])('rejects %j', async (patch, field) => {
    const { business, pro } = await setup();
    const res = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '10.00', ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('rejects a pro staff id that does not exist', async () => {
    const { business } = await setup();
    const res = await business.client.post('/api/commissions', { proStaffId: 99999, amount: '10.00' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION', message: 'proStaffId: No pro staff member with that id', details: [{ path: 'proStaffId', message: 'No pro staff member with that id' }] });
  });

  it('needs a signed-in business with a profile', async () => {
    const { pro } = await setup();
    await expectBusinessProfileGate(t, (client) => client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '10' }), pro);
  });
});

describe('GET /api/commissions/business and /pro-staff', () => {
  it('lists only the caller’s own commissions, newest first', async () => {
    const { business, pro } = await setup();
    const other = await createBusiness(t, { companyName: 'Other Co' });
    const otherPro = await createProStaff(t, { firstName: 'Sarah' });
    const first = await createCommission(business.client, pro.proStaffId, '10.00');
    const second = await createCommission(business.client, otherPro.proStaffId, '20.00');
    const foreign = await createCommission(other.client, pro.proStaffId, '30.00');

    const mine = await business.client.get('/api/commissions/business');
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);

    const proView = await pro.client.get('/api/commissions/pro-staff');
    expect(proView.status).toBe(200);
    expect(proView.body.map((c: { id: number }) => c.id).sort()).toEqual([first.id, foreign.id].sort());
    expect(proView.body.find((c: { id: number }) => c.id === foreign.id).business.companyName).toBe('Other Co');
  });

  it('enforces roles', async () => {
    const { business, pro } = await setup();
    expect((await anonymous().get('/api/commissions/business')).status).toBe(401);
    expect((await anonymous().get('/api/commissions/pro-staff')).status).toBe(401);
    expect((await pro.client.get('/api/commissions/business')).status).toBe(403);
    expect((await business.client.get('/api/commissions/pro-staff')).status).toBe(403);
  });
});

describe('PATCH /api/commissions/:id/status', () => {
  it('marks a pending commission paid and sets paidAt', async () => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    const res = await business.client.patch(`/api/commissions/${created.id}/status`, { status: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paid');
    expect(Date.parse(res.body.paidAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('cancels a pending commission without a paidAt', async () => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    const res = await business.client.patch(`/api/commissions/${created.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paidAt: null });
  });

  it.each([
    ['paid', 'paid'],
    ['paid', 'cancelled'],
    ['cancelled', 'paid'],
    ['cancelled', 'cancelled'],
  ])('answers 409 when moving %s to %s', async (from, to) => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    expect((await business.client.patch(`/api/commissions/${created.id}/status`, { status: from })).status).toBe(200);
    const res = await business.client.patch(`/api/commissions/${created.id}/status`, { status: to });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('rejects other statuses', async () => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    for (const status of ['pending', 'refunded', undefined]) {
      const res = await business.client.patch(`/api/commissions/${created.id}/status`, { status });
      expect(res.status).toBe(400);
    }
    // A settled commission stays settled, and says why (lifecycle.ts).
    await business.client.patch(`/api/commissions/${created.id}/status`, { status: 'paid' });
    const again = await business.client.patch(`/api/commissions/${created.id}/status`, { status: 'cancelled' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This commission is already paid; only pending commissions can change');
  });

  it('refuses a commission in a payout being processed, and says so (the payout decides, record 025)', async () => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    const [payout] = await t.database.query<{ id: number }>(
      `insert into payouts (business_id, key, currency, amount_cents, stripe_customer_id, stripe_payment_method_id)
       values (${business.businessId}, 'payout-in-progress-${created.id}', 'USD', 12550, 'cus_test', 'pm_test') returning id`,
    );
    // Into the payout as Pay now puts it: an entry in the ledger (decision record 036).
    await t.database.query(`insert into commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason)
      select id, business_id, pro_staff_id, currency, 'moved_to_payout', amount_cents, ${payout.id}, 'test' from commissions where id = ${created.id}`);
    for (const status of ['paid', 'cancelled']) {
      const res = await business.client.patch(`/api/commissions/${created.id}/status`, { status });
      expect(res.status, status).toBe(409);
      expect(res.body.error.message, status).toContain(`payout #${payout.id}`);
    }
    const [listed] = (await business.client.get('/api/commissions/business')).body;
    expect(listed).toMatchObject({ id: created.id, status: 'pending', payoutId: payout.id, payable: false });
  });

  it('settles a commission once when two changes race: one 200, one 409, and the first one stands', async () => {
    const { business, pro } = await setup();
    const created = await createCommission(business.client, pro.proStaffId);
    const [paid, cancelled] = await Promise.all([
      business.client.patch(`/api/commissions/${created.id}/status`, { status: 'paid' }),
      business.client.patch(`/api/commissions/${created.id}/status`, { status: 'cancelled' }),
    ]);
    expect([paid.status, cancelled.status].sort()).toEqual([200, 409]);
    const winner = paid.status === 200 ? paid : cancelled;
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, created.id));
    expect(row.status).toBe(winner.body.status);
  });

  it('only lets the owning business change it', async () => {
    const { business, pro } = await setup();
    const other = await createBusiness(t);
    const created = await createCommission(business.client, pro.proStaffId);
    expect((await anonymous().patch(`/api/commissions/${created.id}/status`, { status: 'paid' })).status).toBe(401);
    expect((await pro.client.patch(`/api/commissions/${created.id}/status`, { status: 'paid' })).status).toBe(403);
    const res = await other.client.patch(`/api/commissions/${created.id}/status`, { status: 'paid' });
    expect(res.status).toBe(403);
    expect((await business.client.patch('/api/commissions/99999/status', { status: 'paid' })).status).toBe(404);
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, created.id));
    expect(row.status).toBe('pending');
  });
});

describe('GET /api/commissions/payees', () => {
  it('lists applicants to the business’s jobs first, then search matches', async () => {
    const { business, pro } = await setup();
    const accepted = await createProStaff(t, { firstName: 'Zed', lastName: 'Accepted' });
    const stranger = await createProStaff(t, { firstName: 'Amy', lastName: 'Stranger' });
    const [job] = await t.database.db.insert(jobPostings).values({ businessId: business.businessId, title: 'Guide', description: 'Guide hunts' }).returning();
    await t.database.db.insert(applications).values([
      { jobPostingId: job.id, proStaffId: pro.proStaffId },
      { jobPostingId: job.id, proStaffId: accepted.proStaffId, status: 'accepted' },
    ]);
    const res = await business.client.get('/api/commissions/payees');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: number; relation: string | null }) => [p.id, p.relation])).toEqual([
      [accepted.proStaffId, 'accepted'],
      [pro.proStaffId, 'applied'],
      [stranger.proStaffId, null],
    ]);
    const searched = await business.client.get('/api/commissions/payees?search=stran');
    expect(searched.body.map((p: { id: number }) => p.id)).toEqual([stranger.proStaffId]);
    // The business's own applicants are searched by name and location too, in any case.
    await t.database.query(`update pro_staff_profiles set location = 'Ketchum, ID' where id = ${accepted.proStaffId}`);
    const byName = await business.client.get('/api/commissions/payees?search=zEd%20ACC');
    expect(byName.body.map((p: { id: number; relation: string | null }) => [p.id, p.relation])).toEqual([[accepted.proStaffId, 'accepted']]);
    const byPlace = await business.client.get('/api/commissions/payees?search=KETCHUM');
    expect(byPlace.body.map((p: { id: number; relation: string | null }) => [p.id, p.relation])[0]).toEqual([accepted.proStaffId, 'accepted']);
  });

  it('is for businesses only', async () => {
    const { pro } = await setup();
    expect((await anonymous().get('/api/commissions/payees')).status).toBe(401);
    expect((await pro.client.get('/api/commissions/payees')).status).toBe(403);
  });
});

describe('rankings', () => {
  it('ranks pro staff by paid commissions this month', async () => {
    const { business, pro } = await setup();
    const second = await createProStaff(t, { firstName: 'Sarah', lastName: 'Whitfield' });
    const unpaid = await createProStaff(t, { firstName: 'Unpaid' });
    const other = await createBusiness(t);

    for (const amount of ['100.00', '50.25']) {
      const c = await createCommission(business.client, second.proStaffId, amount);
      await business.client.patch(`/api/commissions/${c.id}/status`, { status: 'paid' });
    }
    const big = await createCommission(business.client, pro.proStaffId, '500.00');
    await business.client.patch(`/api/commissions/${big.id}/status`, { status: 'paid' });
    await createCommission(business.client, unpaid.proStaffId, '900.00');
    const cancelled = await createCommission(business.client, unpaid.proStaffId, '900.00');
    await business.client.patch(`/api/commissions/${cancelled.id}/status`, { status: 'cancelled' });
    // Paid last month: outside the window.
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await t.database.db.insert(commissions).values({ businessId: business.businessId, proStaffId: unpaid.proStaffId, amountCents: 500000, status: 'paid', paidAt: lastMonth });
    // Another business paying our pro staffer does not count for us.
    const foreign = await createCommission(other.client, second.proStaffId, '10000.00');
    await other.client.patch(`/api/commissions/${foreign.id}/status`, { status: 'paid' });

    const before = Date.now();
    const res = await business.client.get(`/api/rankings/${business.businessId}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      id: pro.proStaffId, proStaffId: pro.proStaffId, rank: 1, totalCommissions: '500.00', totalJobs: 1, averageCommission: '500.00',
      profile: { firstName: 'Jake', lastName: 'Morrison', isVerified: false, location: 'Missoula, MT', specialties: ['Bow Hunting'], experience: 5 },
    });
    expect(res.body[1]).toMatchObject({ proStaffId: second.proStaffId, rank: 2, totalCommissions: '150.25', totalJobs: 2, averageCommission: '75.13' });
    expect(Date.parse(res.body[0].lastUpdated)).toBeGreaterThanOrEqual(before - 1000);

    const calculated = await business.client.post(`/api/rankings/calculate/${business.businessId}`);
    expect(calculated.status).toBe(200);
    expect(calculated.body.map((e: { proStaffId: number }) => e.proStaffId)).toEqual([pro.proStaffId, second.proStaffId]);
  });

  it('ranks per currency and never adds two currencies', async () => {
    const { business, pro } = await setup();
    const usd = await createCommission(business.client, pro.proStaffId, '100.00');
    await business.client.patch(`/api/commissions/${usd.id}/status`, { status: 'paid' });
    // A commission's currency never changes (decision record 036): this one is made in CAD.
    const [cad] = await t.database.db.insert(commissions).values({ businessId: business.businessId, proStaffId: pro.proStaffId, amountCents: 7000, currency: 'CAD' }).returning({ id: commissions.id });
    await business.client.patch(`/api/commissions/${cad.id}/status`, { status: 'paid' });
    const inUsd = await business.client.get(`/api/rankings/${business.businessId}?currency=USD`);
    expect(inUsd.body).toMatchObject([{ currency: 'USD', totalCommissions: '100.00', totalJobs: 1 }]);
    const inCad = await business.client.get(`/api/rankings/${business.businessId}?currency=cad`);
    expect(inCad.body).toMatchObject([{ currency: 'CAD', totalCommissions: '70.00', totalJobs: 1 }]);
    expect((await business.client.get(`/api/rankings/${business.businessId}?currency=dollars`)).status).toBe(400);
    const listed = (await business.client.get('/api/commissions/business')).body as { id: number; currency: string }[];
    expect(listed.find((c) => c.id === cad.id)?.currency).toBe('CAD');
  });

  it('is empty without paid commissions', async () => {
    const { business } = await setup();
    const res = await business.client.get(`/api/rankings/${business.businessId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('is only for the business itself', async () => {
    const { business, pro } = await setup();
    const other = await createBusiness(t);
    for (const [method, url] of [['GET', `/api/rankings/${business.businessId}`], ['POST', `/api/rankings/calculate/${business.businessId}`]] as const) {
      expect((await anonymous().request(method, url)).status).toBe(401);
      expect((await pro.client.request(method, url)).status).toBe(403);
      expect((await other.client.request(method, url)).status).toBe(403);
    }
    expect((await business.client.get('/api/rankings/abc')).status).toBe(400);
    expect((await business.client.get('/api/rankings/99999999999')).status).toBe(400);
  });
});
