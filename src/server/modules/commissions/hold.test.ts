import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { businessWithStore, type StorePlatform } from '@server/test/store-setup';
import { deliverAndProcess } from '@server/test/webhooks';
import { fixture, shopifyHeaders } from '../../../../tests/fixtures/sign';
import { RELEASE_HOLDS_TASK, releaseHolds } from './service';
import { isPayable, payableAtFor } from './lifecycle';

// Decision record 024: order commissions wait for the business's hold period; manual ones are payable at once.
const t = useTestApp();
const DAY_MS = 86_400_000;

async function orderCommission(platform: StorePlatform, id: number) {
  const body = JSON.stringify({ ...fixture('shopify/orders-create.json'), id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}` });
  const res = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, 'orders/create') });
  expect(res.json()).toMatchObject({ action: 'created' });
  return res.json().commissionId as number;
}

describe('GET and PUT /api/commission-settings', () => {
  it('has a 30-day hold by default, saves a new one for this business only, and refuses what is not 0 to 120 whole days', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const defaults = { holdDays: 30, reportingThresholdCents: 200_000 };
    expect((await biz.client.get('/api/commission-settings')).body).toEqual(defaults);
    expect(await biz.client.put('/api/commission-settings', { holdDays: 14 })).toMatchObject({ status: 200, body: { ...defaults, holdDays: 14 } });
    expect((await biz.client.get('/api/commission-settings')).body).toEqual({ ...defaults, holdDays: 14 });
    expect((await other.client.get('/api/commission-settings')).body).toEqual(defaults);
    expect((await biz.client.put('/api/commission-settings', { holdDays: 0 })).body).toEqual({ ...defaults, holdDays: 0 });
    expect((await biz.client.put('/api/commission-settings', { holdDays: 120 })).body).toEqual({ ...defaults, holdDays: 120 });
    // Each setting on its own keeps the other.
    expect((await biz.client.put('/api/commission-settings', { reportingThresholdCents: 60_000 })).body).toEqual({ holdDays: 120, reportingThresholdCents: 60_000 });
    for (const holdDays of [121, -1, 1.5, '30', true, null, 1e20]) {
      const res = await biz.client.put('/api/commission-settings', { holdDays });
      expect(res.status, String(holdDays)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    for (const body of [{}, { reportingThresholdCents: -1 }, { reportingThresholdCents: 100_000_001 }, { reportingThresholdCents: '600' }]) {
      expect((await biz.client.put('/api/commission-settings', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await biz.client.get('/api/commission-settings')).body).toEqual({ holdDays: 120, reportingThresholdCents: 60_000 });
  });

  it('is for a signed-in business with a profile', async () => {
    const pro = await createProStaff(t);
    expect((await t.anonymous().get('/api/commission-settings')).status).toBe(401);
    expect((await t.anonymous().put('/api/commission-settings', { holdDays: 5 })).status).toBe(401);
    expect((await pro.client.get('/api/commission-settings')).status).toBe(403);
    expect((await pro.client.put('/api/commission-settings', { holdDays: 5 })).status).toBe(403);
  });
});

describe('the hold period on commissions', () => {
  it('holds an order commission for the business’s hold period and shows when it becomes payable', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    await biz.client.put('/api/commission-settings', { holdDays: 14 });
    const id = await orderCommission(platform, 1001);
    const [held] = (await jake.client.get('/api/commissions/pro-staff')).body;
    expect(held).toMatchObject({ id, status: 'pending', source: 'order', payable: false });
    expect(Date.parse(held.payableAt) - Date.parse(held.createdAt)).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
    expect(Date.parse(held.payableAt) - Date.parse(held.createdAt)).toBeLessThanOrEqual(14 * DAY_MS + 1000);
    // A hold of 0 days: the next order commission is payable at once; the first keeps its date.
    await biz.client.put('/api/commission-settings', { holdDays: 0 });
    const now = await orderCommission(platform, 1002);
    const list = (await biz.client.get('/api/commissions/business')).body as { id: number; payable: boolean; payableAt: string }[];
    expect(list.find((c) => c.id === now)).toMatchObject({ payable: true });
    expect(list.find((c) => c.id === id)).toMatchObject({ payable: false, payableAt: held.payableAt });
  });

  it('makes a manual commission payable at once, and a business may still mark a held one paid (paid outside HuntStaff)', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const manual = await biz.client.post('/api/commissions', { proStaffId: jake.proStaffId, amount: '50.00', description: 'Boots review' });
    expect(manual.body).toMatchObject({ payable: true, payableAt: manual.body.createdAt });
    const held = await orderCommission(platform, 1003);
    const paid = await biz.client.patch(`/api/commissions/${held}/status`, { status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', payable: false });
    expect((await biz.client.patch(`/api/commissions/${held}/status`, { status: 'cancelled' })).status).toBe(409);
  });
});

describe('the release task (scheduled every 15 minutes)', () => {
  it('tells the pro staffer once, in the app and by email, when an order commission’s hold ends; never a cancelled one, a manual one or an adjustment', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const released = await orderCommission(platform, 2001);
    const cancelled = await orderCommission(platform, 2002);
    const stillHeld = await orderCommission(platform, 2003);
    await biz.client.patch(`/api/commissions/${cancelled}/status`, { status: 'cancelled' });
    await biz.client.post('/api/commissions', { proStaffId: jake.proStaffId, amount: '5.00' });
    await t.database.query(`update commissions set payable_at = now() - interval '1 minute' where id in (${released}, ${cancelled})`);
    await t.database.query(`insert into commissions (business_id, pro_staff_id, amount_cents, status, source, order_id, payable_at) values (${biz.businessId}, ${jake.proStaffId}, -500, 'pending', 'adjustment', '2001', now() - interval '1 day')`);
    const events: UserEvent[] = [];
    t.events.subscribe(jake.user.id, (event) => { if (event.type !== 'notifications.changed') events.push(event); });
    // The cancellation and the manual commission have their own notices (decision record 030); only the release's count here.
    await t.app.ctx.tasks.drain();
    t.mailer.sent.length = 0;

    await t.app.ctx.tasks.enqueue(t.app.ctx.db, RELEASE_HOLDS_TASK);
    await t.app.ctx.tasks.drain();
    expect(events).toEqual([{ type: 'commission.payable', data: { commissionId: released } }]);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: jake.user.email, subject: expect.stringMatching(/^Your USD 19\.90 commission from .+ is payable$/) });
    expect(t.mailer.sent[0].text).toContain(`Commission #${released}`);
    const [row] = (await jake.client.get('/api/commissions/pro-staff')).body.filter((c: { id: number }) => c.id === released);
    expect(row.payable).toBe(true);

    // Run again (a retry, another instance): nobody is told twice.
    expect(await releaseHolds(t.app.ctx)).toEqual({ released: 0 });
    expect(events).toHaveLength(1);
    expect(t.mailer.sent).toHaveLength(1);
    expect(stillHeld).toBeGreaterThan(0);
  });

  it('names the day the hold ended in the mail and links to the dashboard', async () => {
    const { platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const id = await orderCommission(platform, 2101);
    const now = new Date('2099-03-05T23:30:00Z');
    t.mailer.sent.length = 0;
    expect(await releaseHolds(t.app.ctx, now)).toEqual({ released: 1 });
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0].text).toContain(`Commission #${id} from `);
    expect(t.mailer.sent[0].text).toContain('finished its hold on March 5, 2099 and can now be paid.');
    expect(t.mailer.sent[0].text).toContain('See your commissions: /pro-staff-dashboard');
  });
});

describe('when a commission is payable (lifecycle.ts)', () => {
  it('is payable when pending and its hold is over (to the millisecond)', () => {
    const at = new Date('2026-11-24T12:00:00Z');
    expect(isPayable({ status: 'pending', payableAt: at }, at)).toBe(true);
    expect(isPayable({ status: 'pending', payableAt: at }, new Date(at.getTime() - 1))).toBe(false);
    expect(isPayable({ status: 'paid', payableAt: at }, new Date(at.getTime() + 1))).toBe(false);
    expect(isPayable({ status: 'pending', payableAt: at, held: true }, new Date(at.getTime() + 1))).toBe(false);
    expect(isPayable({ status: 'cancelled', payableAt: at }, new Date(at.getTime() + 1))).toBe(false);
    // In a payout being processed: not payable again until the payout fails and clears it.
    expect(isPayable({ status: 'pending', payableAt: at, payoutId: 7 }, new Date(at.getTime() + 1))).toBe(false);
    expect(isPayable({ status: 'pending', payableAt: at, payoutId: null }, new Date(at.getTime() + 1))).toBe(true);
    expect(payableAtFor('order', at, 30).toISOString()).toBe('2026-12-24T12:00:00.000Z');
    expect(payableAtFor('manual', at, 30)).toEqual(at);
    expect(payableAtFor('adjustment', at, 30)).toEqual(at);
  });
});

describe('GET /api/commissions/business/yearly-totals', () => {
  it('totals what was paid to each payee in the year, per currency, and flags USD totals at the threshold', async () => {
    const biz = await createBusiness(t);
    const rosa = await createProStaff(t, { firstName: 'Rosa', lastName: 'Delgado' });
    const jake = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
    const pay = async (proStaffId: number, cents: number, paidAt: string | null, currency = 'USD') => {
      await t.database.query(`insert into commissions (business_id, pro_staff_id, amount_cents, currency, status, paid_at) values (${biz.businessId}, ${proStaffId}, ${cents}, '${currency}', '${paidAt ? 'paid' : 'pending'}', ${paidAt ? `'${paidAt}'` : 'null'})`);
    };
    await pay(rosa.proStaffId, 150_000, '2026-01-01T00:00:00Z');
    await pay(rosa.proStaffId, 50_000, '2026-12-31T23:59:59Z');
    await pay(rosa.proStaffId, -2_000, '2026-06-01T00:00:00Z'); // a paid clawback entry
    await pay(rosa.proStaffId, 9_000, '2027-01-01T00:00:00Z'); // next year
    await pay(rosa.proStaffId, 7_000, null); // not paid
    await pay(jake.proStaffId, 200_000, '2026-03-01T00:00:00Z');
    await pay(jake.proStaffId, 500_000, '2026-03-02T00:00:00Z', 'CAD');
    const other = await createBusiness(t);
    await t.database.query(`insert into commissions (business_id, pro_staff_id, amount_cents, status, paid_at) values (${other.businessId}, ${rosa.proStaffId}, 999999, 'paid', '2026-05-01')`);

    const res = await biz.client.get('/api/commissions/business/yearly-totals?year=2026');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      year: 2026,
      reportingThresholdCents: 200_000,
      totals: [
        { proStaffId: jake.proStaffId, name: 'Jake Morrison', currency: 'CAD', paidCents: 500_000, paid: '5000.00', count: 1, overThreshold: false, gearValueCents: 0, gearValue: '0.00' },
        { proStaffId: jake.proStaffId, name: 'Jake Morrison', currency: 'USD', paidCents: 200_000, paid: '2000.00', count: 1, overThreshold: true, gearValueCents: 0, gearValue: '0.00' },
        { proStaffId: rosa.proStaffId, name: 'Rosa Delgado', currency: 'USD', paidCents: 198_000, paid: '1980.00', count: 3, overThreshold: false, gearValueCents: 0, gearValue: '0.00' },
      ],
    });
    await biz.client.put('/api/commission-settings', { reportingThresholdCents: 60_000 });
    const lower = await biz.client.get('/api/commissions/business/yearly-totals?year=2026');
    expect(lower.body.totals.map((total: { overThreshold: boolean }) => total.overThreshold)).toEqual([false, true, true]);
    expect((await biz.client.get('/api/commissions/business/yearly-totals?year=2027')).body.totals).toMatchObject([{ proStaffId: rosa.proStaffId, paidCents: 9_000 }]);
    expect((await biz.client.get('/api/commissions/business/yearly-totals')).body.year).toBe(new Date().getUTCFullYear());
  });

  it('refuses a bad year, the signed out and pro staff', async () => {
    const biz = await createBusiness(t);
    const pro = await createProStaff(t);
    for (const year of ['26', '1999', '2101', 'abc', '2026.5', '%00']) {
      expect((await biz.client.get(`/api/commissions/business/yearly-totals?year=${year}`)).status, year).toBe(400);
    }
    expect((await t.anonymous().get('/api/commissions/business/yearly-totals')).status).toBe(401);
    expect((await pro.client.get('/api/commissions/business/yearly-totals')).status).toBe(403);
  });
});
