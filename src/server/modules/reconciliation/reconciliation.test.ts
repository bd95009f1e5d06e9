import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '@server/lib/context';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createProStaff, makeAdmin, signUp, type SignedIn } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { businessWithCard, payableCommission, readyProStaff } from '@server/test/payouts-setup';
import { RECONCILE_TASK, reconciliationTuning, reconcileRecent } from './service';

// Payout reconciliation with Stripe (decision record 037): payouts made through the app on the fake Stripe, then
// changed at Stripe behind the app's back.
const fake = useFakeStripe();
let t: TestApp;
let admin: SignedIn;
beforeEach(async () => {
  fake.requests.length = 0;
  // Payout ids start again in each test's database: transfers of earlier tests would name this test's payouts.
  fake.connect.transfers.clear();
  fake.failures = null;
  t = await createTestApp(fake.env());
  admin = await makeAdmin(t, await signUp(t, 'business'));
});
afterEach(async () => {
  reconciliationTuning.pageSize = 100;
  await t.close();
});

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** A payout made through the app: Test Outfitters pays Jake `amount`. Answers the business, Jake and the transfer. */
async function paidThroughTheApp(amount = '50.50') {
  const biz = await businessWithCard(t, fake);
  const jake = await readyProStaff(t, fake);
  const id = await payableCommission(biz, jake.proStaffId, amount);
  const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
  expect(res.body).toMatchObject({ status: 'paid' });
  const transferId = [...fake.connect.transfers.keys()].at(-1)!;
  return { biz, jake, payoutId: res.body.id as number, transferId };
}

const transferLists = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/transfers');

describe('GET /api/admin/reconciliation', () => {
  it('finds a payout made through the app matching Stripe, then shows a transfer reversed behind its back', async () => {
    const { biz, jake, payoutId, transferId } = await paidThroughTheApp();

    const clean = await admin.client.get('/api/admin/reconciliation');
    expect(clean.status).toBe(200);
    expect(clean.body).toEqual({ from: day(-6), to: day(0), checkedAt: expect.any(String), recordedCount: 1, stripeCount: 1, mismatchCount: 0, groups: [] });
    // Read from Stripe by creation time, a day wider than the range on each side, in pages of 100.
    const [list] = transferLists();
    expect(list.body).toEqual({ created: { gte: expect.any(String), lt: expect.any(String) }, limit: '100' });
    const created = list.body.created as { gte: string; lt: string };
    expect(Number(created.gte)).toBe(Date.parse(`${day(-7)}T00:00:00Z`) / 1000);
    expect(Number(created.lt)).toBe(Date.parse(`${day(2)}T00:00:00Z`) / 1000);

    fake.reverseTransfer(transferId, 1000);
    const res = await admin.client.get('/api/admin/reconciliation');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recordedCount: 1, stripeCount: 1, mismatchCount: 1 });
    expect(res.body.groups).toEqual([
      {
        businessId: biz.businessId,
        companyName: 'Test Outfitters',
        currency: 'USD',
        mismatches: [
          {
            kind: 'reversed',
            message: 'Stripe reversed USD 10.00 of USD 50.50; HuntStaff still shows the full amount as paid.',
            stripeTransferId: transferId,
            payoutId,
            proStaffId: jake.proStaffId,
            recorded: { currency: 'USD', amountCents: 5050, amount: '50.50', paidAt: expect.any(String) },
            atStripe: { currency: 'USD', amountCents: 5050, amount: '50.50', amountReversedCents: 1000, amountReversed: '10.00', reversed: false, createdAt: expect.any(String) },
          },
        ],
      },
    ]);

    fake.reverseTransfer(transferId);
    const whole = await admin.client.get('/api/admin/reconciliation');
    expect(whole.body.groups[0].mismatches[0]).toMatchObject({ kind: 'reversed', message: 'Stripe reversed the whole transfer (USD 50.50); HuntStaff still shows it as paid.', atStripe: { reversed: true } });
  });

  it('lists a transfer missing at Stripe, another amount, and a payout transfer the app never recorded; ignores transfers that are not payouts', async () => {
    const first = await paidThroughTheApp('50.50');
    const anna = await readyProStaff(t, fake, 'Anna');
    const second = await first.biz.client.post('/api/payouts', { commissionIds: [await payableCommission(first.biz, anna.proStaffId, '25.00')] });
    const annaTransfer = [...fake.connect.transfers.keys()].at(-1)!;
    fake.connect.transfers.delete(first.transferId);
    fake.connect.transfers.get(annaTransfer)!.amount = 2400;
    const extra = fake.transferBehindTheApp({ amount: 700, currency: 'usd', metadata: { payoutId: String(second.body.id), proStaffId: String(anna.proStaffId) } });
    fake.transferBehindTheApp({ amount: 99_999, currency: 'usd' });
    fake.transferBehindTheApp({ amount: 100, currency: 'eur', metadata: { payoutId: '4242' } });

    const res = await admin.client.get(`/api/admin/reconciliation?from=${day(-1)}&to=${day(0)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: day(-1), to: day(0), recordedCount: 2, stripeCount: 3, mismatchCount: 4 });
    expect(res.body.groups.map((g: { companyName: string | null; currency: string; mismatches: { kind: string; stripeTransferId: string }[] }) => [
      g.companyName, g.currency, g.mismatches.map((m) => [m.kind, m.stripeTransferId]),
    ])).toEqual([
      ['Test Outfitters', 'USD', [['missing_at_stripe', first.transferId], ['amount_differs', annaTransfer], ['not_recorded', extra.id]]],
      [null, 'EUR', [['not_recorded', expect.stringMatching(/^tr_/)]]],
    ]);
    const [missing, amount] = res.body.groups[0].mismatches;
    expect(missing.message).toBe(`Recorded as paid (USD 50.50, payout #${first.payoutId}) but Stripe has no transfer ${first.transferId}.`);
    expect(amount.message).toBe('Recorded as USD 25.00; Stripe transferred USD 24.00 (less by USD 1.00).');
  });

  it('reads Stripe’s transfers page by page until has_more is false', async () => {
    reconciliationTuning.pageSize = 2;
    const { payoutId, jake } = await paidThroughTheApp();
    const extras = Array.from({ length: 4 }, (_, n) => fake.transferBehindTheApp({ amount: 100 + n, currency: 'usd', metadata: { payoutId: String(payoutId), proStaffId: String(jake.proStaffId) } }));
    fake.requests.length = 0;

    const res = await admin.client.get('/api/admin/reconciliation');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recordedCount: 1, stripeCount: 5, mismatchCount: 4 });
    expect(res.body.groups[0].mismatches.map((m: { kind: string; stripeTransferId: string }) => m.stripeTransferId).sort()).toEqual(extras.map((e) => e.id).sort());
    const pages = transferLists();
    expect(pages.map((p) => [p.body.limit, p.body.starting_after])).toEqual([
      ['2', undefined],
      ['2', extras[2].id],
      ['2', extras[0].id],
    ]);
  });

  it('refuses dates that are not days, a range the wrong way round or longer than 92 days', async () => {
    for (const [query, path] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-02-30', 'from'],
      [`from=${day(0)}&to=${day(-1)}`, 'from'],
      ['from=2026-01-01&to=2026-06-01', 'to'],
      ['from=2020-01-01', 'from'],
    ]) {
      const res = await admin.client.get(`/api/admin/reconciliation?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.details, query).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect(transferLists()).toEqual([]);
  });

  it('is for admins only: 401 signed out, 403 for a business or a pro staffer', async () => {
    const anonymous = await new TestClient(t.app).get('/api/admin/reconciliation');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const business = await signUp(t, 'business');
    const pro = await createProStaff(t);
    for (const caller of [business, pro]) {
      const res = await caller.client.get('/api/admin/reconciliation?from=nonsense');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(transferLists()).toEqual([]);
  });

  it('answers 503 with the usual error shape when Stripe is not configured, or cannot be reached', async () => {
    fake.failures = { status: 500, count: 3, path: '/v1/transfers' };
    const down = await admin.client.get('/api/admin/reconciliation');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The payment provider could not be reached. Please try again in a moment.' } });

    // A server without Stripe keys (a new app on the emptied test database).
    const bare = await createTestApp();
    try {
      const bareAdmin = await makeAdmin(bare, await signUp(bare, 'business'));
      const res = await bareAdmin.client.get('/api/admin/reconciliation');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('Payment processing is not configured') } });
    } finally {
      await bare.close();
    }
  });
});

describe('the daily reconciliation task', () => {
  /** Moves the app's payouts and Stripe's transfers `days` into the past: the task checks full days before today. */
  async function ageEverything(days: number) {
    const at = new Date(Date.now() - days * DAY_MS);
    await t.database.query(`update payouts set created_at = '${at.toISOString()}', completed_at = '${at.toISOString()}'`);
    for (const transfer of fake.connect.transfers.values()) transfer.created = Math.floor(at.getTime() / 1000);
  }

  async function runTask() {
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, RECONCILE_TASK);
    await t.app.ctx.tasks.drain();
    const [row] = await t.database.query<{ status: string; result: Record<string, unknown> }>(`select status, result from background_tasks where kind = '${RECONCILE_TASK}' order by id desc limit 1`);
    return row;
  }

  it('is scheduled once a day', async () => {
    const now = new Date('2026-11-24T03:00:00Z');
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, now);
    const [row] = await t.database.query<{ dedupe_key: string }>(`select dedupe_key from background_tasks where kind = '${RECONCILE_TASK}'`);
    expect(row.dedupe_key).toBe(`schedule:${RECONCILE_TASK}:${Math.floor(now.getTime() / DAY_MS)}`);
  });

  it('tells every admin about mismatches in the notification centre and by email, and nobody else', async () => {
    const secondAdmin = await makeAdmin(t, await signUp(t, 'business'));
    const { transferId, biz } = await paidThroughTheApp();
    await ageEverything(2);
    fake.reverseTransfer(transferId);
    await t.app.ctx.tasks.drain();
    t.mailer.sent.length = 0;

    const row = await runTask();
    expect(row.status).toBe('done');
    expect(row.result).toEqual({
      from: day(-7), to: day(-1), recorded: 1, atStripe: 1, mismatches: 1, groups: 1, notified: 2,
      byKind: { missing_at_stripe: 0, amount_differs: 0, currency_differs: 0, reversed: 1, not_recorded: 0 },
    });
    for (const who of [admin, secondAdmin]) {
      const list = (await who.client.get('/api/notifications')).body;
      expect(list.notifications).toEqual([
        expect.objectContaining({
          kind: 'payout',
          title: 'Payout reconciliation: 1 mismatch with Stripe',
          body: `${day(-7)} to ${day(-1)}, 1 business and currency: 1 reversed at Stripe.`,
          link: `/admin?reconcileFrom=${day(-7)}&reconcileTo=${day(-1)}#payout-reconciliation`,
        }),
      ]);
    }
    expect((await biz.client.get('/api/notifications')).body.notifications.filter((n: { title: string }) => n.title.startsWith('Payout reconciliation'))).toEqual([]);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      [admin.user.email, 'Payout reconciliation: 1 mismatch with Stripe'], [secondAdmin.user.email, 'Payout reconciliation: 1 mismatch with Stripe'],
    ].sort());
    expect(t.mailer.sent[0].text).toContain('#payout-reconciliation');
  });

  it('notifies nobody when everything matches, and leaves today (payouts may still be processing) to tomorrow', async () => {
    const { transferId } = await paidThroughTheApp();
    fake.reverseTransfer(transferId);
    const row = await runTask();
    expect(row).toMatchObject({ status: 'done', result: { recorded: 0, atStripe: 0, mismatches: 0, notified: 0 } });
    expect((await admin.client.get('/api/notifications')).body.notifications).toEqual([]);
  });

  it('without Stripe keys there is nothing to compare: it says so and succeeds', async () => {
    const bare = await createTestApp();
    try {
      await bare.app.ctx.tasks.enqueue(bare.app.ctx.db, RECONCILE_TASK);
      await bare.app.ctx.tasks.drain();
      const [row] = await bare.database.query<{ status: string; result: unknown }>(`select status, result from background_tasks where kind = '${RECONCILE_TASK}'`);
      expect(row).toEqual({ status: 'done', result: { skipped: 'stripe-not-configured' } });
    } finally {
      await bare.close();
    }
  });

  it('logs the counts, never a key or a customer', async () => {
    const { transferId } = await paidThroughTheApp();
    await ageEverything(3);
    fake.reverseTransfer(transferId, 50);
    const logged: unknown[] = [];
    const capture = { info: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) };
    await reconcileRecent({ ...t.app.ctx, log: capture as unknown as AppContext['log'] });
    expect(logged).toEqual([[expect.objectContaining({ mismatches: 1, recorded: 1, atStripe: 1, byKind: expect.objectContaining({ reversed: 1 }) }), 'payout reconciliation: mismatches with Stripe']]);
    const text = JSON.stringify(logged);
    for (const secret of [fake.secretKey, 'cus_', 'acct_', '@']) expect(text).not.toContain(secret);
  });
});
