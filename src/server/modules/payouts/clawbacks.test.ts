import { describe, expect, it } from 'vitest';
import { useFakeStripeApp } from '@server/test/use-fake-stripe';
import { deliverAndProcess } from '@server/test/webhooks';
import { businessWithCard, commissionRows, payableCommission, readyProStaff } from '@server/test/payouts-setup';
import { fixture, fixtureText, shopifyHeaders } from '../../../../tests/fixtures/sign';

// Clawbacks (decision record 025): a refund after payment is a negative entry (decision 024); the next payout to that
// pro staffer nets it off, and a balance can be negative.
const { fake, t } = useFakeStripeApp();

/** A business with a saved card and a Shopify store, Jake with a ready payout account and the code JAKE10 (10%). */
async function setUp() {
  const biz = await businessWithCard(t, fake);
  const jake = await readyProStaff(t, fake, 'Jake');
  await t.database.query(`update users set subscription_tier = 'professional' where id = ${biz.user.id}`);
  const platform = (await biz.client.post('/api/integration-platforms', { name: 'Shop', platformType: 'shopify' })).body;
  expect((await biz.client.post('/api/discount-codes', {
    code: 'JAKE10', description: 'Jake', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: jake.proStaffId, commissionRate: 10,
  })).status).toBe(201);
  await biz.client.put('/api/commission-settings', { holdDays: 0 });
  const deliver = (body: string, topic: string) =>
    deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, topic) });
  return { biz, jake, deliver };
}

describe('refunds after payment', () => {
  it('a paid order commission refunded afterwards leaves a negative balance that the next payout nets off', async () => {
    const { biz, jake, deliver } = await setUp();
    expect((await deliver(JSON.stringify(fixture('shopify/orders-create.json')), 'orders/create')).json()).toMatchObject({ action: 'created' });
    const [order] = (await biz.client.get('/api/commissions/business')).body;
    expect(order).toMatchObject({ amountCents: 1990, payable: true });
    expect((await biz.client.post('/api/payouts', { commissionIds: [order.id] })).body).toMatchObject({ status: 'paid', amountCents: 1990 });

    // The store refunds after payment: the paid commission is untouched, a negative entry appears.
    await deliver(fixtureText('shopify/refunds-create.json'), 'refunds/create');
    const entries = (await biz.client.get('/api/commissions/business')).body as { id: number; amountCents: number; status: string; source: string; payable: boolean }[];
    const clawback = entries.find((c) => c.source === 'adjustment')!;
    expect(clawback).toMatchObject({ amountCents: -948, status: 'pending', payable: true });
    expect(entries.find((c) => c.id === order.id)).toMatchObject({ status: 'paid' });
    const negative = { payableCents: 0, negativeCents: -948, netCents: -948, net: '-9.48', currency: 'USD' };
    expect((await jake.client.get('/api/payouts/pro-staff')).body.balances).toEqual([expect.objectContaining(negative)]);
    expect((await biz.client.get('/api/payouts/business')).body.balances).toEqual([expect.objectContaining({ ...negative, name: 'Jake Morrison' })]);

    // A new commission smaller than the clawback: nothing to transfer, and it says so.
    const small = await payableCommission(biz, jake.proStaffId, '5.00');
    const refused = await biz.client.post('/api/payouts', { commissionIds: [small] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("Jake Morrison's balance after refunds is USD -4.48: nothing to transfer until new commissions cover it.");
    expect(refused.body.error.details).toEqual([{ proStaffId: jake.proStaffId, netCents: -448 }]);

    // Enough to cover it: the transfer is the net, and the negative entry is settled by this payout.
    const more = await payableCommission(biz, jake.proStaffId, '20.00');
    const paid = await biz.client.post('/api/payouts', { commissionIds: [small, more] });
    expect(paid.body).toMatchObject({ status: 'paid', amountCents: 1552, items: [{ amountCents: 1552, commissionIds: [clawback.id, small, more].sort((a, b) => a - b) }] });
    expect(fake.posts('/v1/transfers').at(-1)!.body).toMatchObject({ amount: '1552' });
    expect((await commissionRows(t, [clawback.id])).map((c) => [c.status, c.payout_id])).toEqual([['paid', paid.body.id]]);
    expect((await jake.client.get('/api/payouts/pro-staff')).body.balances).toEqual([]);
  });

  it('nets only the same currency and the same business', async () => {
    const { biz, jake } = await setUp();
    const other = await businessWithCard(t, fake);
    await t.database.query(`insert into commissions (business_id, pro_staff_id, amount_cents, currency, source) values
      (${biz.businessId}, ${jake.proStaffId}, -300, 'CAD', 'adjustment'), (${other.businessId}, ${jake.proStaffId}, -400, 'USD', 'adjustment')`);
    const id = await payableCommission(biz, jake.proStaffId, '10.00');
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).body).toMatchObject({ status: 'paid', amountCents: 1000 });
    const balances = (await jake.client.get('/api/payouts/pro-staff')).body.balances.map((b: { currency: string; netCents: number }) => [b.currency, b.netCents]);
    expect(balances.sort()).toEqual([['CAD', -300], ['USD', -400]]);
  });

  it('rankings count paid commissions net of clawbacks, per currency, and never twice once a payout nets them', async () => {
    const { biz, jake } = await setUp();
    const anna = await readyProStaff(t, fake, 'Anna');
    const jakes = await payableCommission(biz, jake.proStaffId, '50.00');
    const annas = await payableCommission(biz, anna.proStaffId, '40.00');
    await biz.client.post('/api/payouts', { commissionIds: [jakes, annas] });
    const rank = async (currency = 'USD') =>
      (await biz.client.get(`/api/rankings/${biz.businessId}?currency=${currency}`)).body.map((r: { profile: { firstName: string }; totalCommissionsCents: number; totalJobs: number }) => [r.profile.firstName, r.totalCommissionsCents, r.totalJobs]);
    expect(await rank()).toEqual([['Jake', 5000, 1], ['Anna', 4000, 1]]);
    // A refund after payment of Jake's: -15.00 in USD, -2.00 in CAD (another currency's ranking is not touched).
    await t.database.query(`insert into commissions (business_id, pro_staff_id, amount_cents, currency, source, adjusts_commission_id) values
      (${biz.businessId}, ${jake.proStaffId}, -1500, 'USD', 'adjustment', ${jakes}), (${biz.businessId}, ${jake.proStaffId}, -200, 'CAD', 'adjustment', null)`);
    expect(await rank()).toEqual([['Anna', 4000, 1], ['Jake', 3500, 1]]);
    expect(await rank('CAD')).toEqual([]);
    // Netted off by the next payout (the entry becomes paid with it): still counted once.
    const more = await payableCommission(biz, jake.proStaffId, '20.00');
    expect((await biz.client.post('/api/payouts', { commissionIds: [more] })).body).toMatchObject({ status: 'paid', amountCents: 500 });
    expect(await rank()).toEqual([['Jake', 5500, 2], ['Anna', 4000, 1]]);
  });
});

// Issue 40: a refund or cancellation that arrives while a payout is processing. The payout pays exactly what was moved
// into it; the store's change becomes an adjustment row (a clawback), never an edit of the locked commission.
describe('refunds while a payout is processing', () => {
  /** Jake's order commission (19.90) in a payout whose transfer cannot reach Stripe yet: the charge went through. */
  async function inProcessingPayout() {
    const setup = await setUp();
    expect((await setup.deliver(JSON.stringify(fixture('shopify/orders-create.json')), 'orders/create')).json()).toMatchObject({ action: 'created' });
    const [order] = (await setup.biz.client.get('/api/commissions/business')).body;
    fake.failures = { status: 500, count: 3, path: '/v1/transfers' }; // the SDK's try and its two retries
    const payout = await setup.biz.client.post('/api/payouts', { commissionIds: [order.id] });
    expect(payout.body).toMatchObject({ status: 'processing', amountCents: 1990 });
    return { ...setup, order, payoutId: payout.body.id as number };
  }
  const runRecoveryNow = async () => {
    await t.database.query(`update background_tasks set run_at = now() where kind = 'payouts.process'`);
    await t.app.ctx.tasks.drain();
  };
  const cancelled = () => JSON.stringify({ ...fixture('shopify/orders-create.json'), cancelled_at: '2026-11-20T10:00:00-05:00' });

  it('pays what was moved when the order is cancelled meanwhile, and the clawback is owed on both statements', async () => {
    const { biz, jake, order, payoutId, deliver } = await inProcessingPayout();
    expect((await deliver(cancelled(), 'orders/cancelled')).json()).toMatchObject({ action: 'adjusted' });
    const during = (await biz.client.get('/api/commissions/business')).body as { id: number; amountCents: number; status: string; source: string; payoutId: number | null; adjustsCommissionId: number | null }[];
    expect(during.find((c) => c.id === order.id)).toMatchObject({ amountCents: 1990, status: 'pending', payoutId });
    const clawback = during.find((c) => c.source === 'adjustment')!;
    expect(clawback).toMatchObject({ amountCents: -1990, status: 'pending', payoutId: null, adjustsCommissionId: order.id });

    await runRecoveryNow();
    expect((await biz.client.get(`/api/payouts/${payoutId}`)).body).toMatchObject({ status: 'paid', amountCents: 1990 });
    expect(fake.posts('/v1/transfers').at(-1)!.body).toMatchObject({ amount: '1990' });
    expect((await commissionRows(t, [order.id, clawback.id])).map((c) => [c.status, c.payout_id])).toEqual([['paid', payoutId], ['pending', null]]);
    const owed = { payableCents: 0, negativeCents: -1990, netCents: -1990, currency: 'USD' };
    expect((await jake.client.get('/api/payouts/pro-staff')).body.balances).toEqual([expect.objectContaining(owed)]);
    expect((await biz.client.get('/api/payouts/business')).body.balances).toEqual([expect.objectContaining(owed)]);
    for (const statement of [await biz.client.get('/api/commissions/business/statement'), await jake.client.get('/api/commissions/pro-staff/statement')]) {
      expect(statement.status).toBe(200);
      expect(statement.body).toContain(',adjustment,');
      expect(statement.body).toContain('-19.90');
    }
  });

  it('a transfer that fails after a refund folds the clawback back: the commission is what the order still owes', async () => {
    const { biz, jake, order, payoutId, deliver } = await inProcessingPayout();
    await deliver(fixtureText('shopify/refunds-create.json'), 'refunds/create');
    const clawback = ((await biz.client.get('/api/commissions/business')).body as { source: string; id: number; amountCents: number }[]).find((c) => c.source === 'adjustment')!;
    expect(clawback.amountCents).toBe(-948);
    // Stripe now refuses the transfer for good: the account lost its transfers capability.
    fake.restrictAccount(jake.accountId);
    await runRecoveryNow();
    expect((await biz.client.get(`/api/payouts/${payoutId}`)).body).toMatchObject({ status: 'failed' });
    expect(fake.posts('/v1/refunds').at(-1)!.body).toMatchObject({ amount: '1990' });
    const after = (await biz.client.get('/api/commissions/business')).body as { id: number; amountCents: number; status: string; payoutId: number | null }[];
    expect(after.find((c) => c.id === order.id)).toMatchObject({ amountCents: 1042, status: 'pending', payoutId: null });
    expect(after.find((c) => c.id === clawback.id)).toMatchObject({ status: 'cancelled' });
    expect((await jake.client.get('/api/payouts/pro-staff')).body.balances).toEqual([expect.objectContaining({ payableCents: 1042, negativeCents: 0, netCents: 1042 })]);
    const kinds = await t.database.query<{ commission_id: number; kind: string; amount_minor: number }>(`select commission_id, kind, amount_minor from commission_entries order by id`);
    expect(kinds.map((e) => [e.commission_id, e.kind, e.amount_minor])).toEqual([
      [order.id, 'earned', 1990], [order.id, 'moved_to_payout', 1990], [clawback.id, 'clawback', -948],
      [order.id, 'transfer_failed', 1990], [clawback.id, 'reversed', 948], [order.id, 'adjusted', -948],
    ]);
  });

  it('a cancelled order whose transfer then fails leaves nothing owed either way', async () => {
    const { biz, jake, order, payoutId, deliver } = await inProcessingPayout();
    await deliver(cancelled(), 'orders/cancelled');
    fake.restrictAccount(jake.accountId);
    await runRecoveryNow();
    expect((await biz.client.get(`/api/payouts/${payoutId}`)).body).toMatchObject({ status: 'failed' });
    const after = (await biz.client.get('/api/commissions/business')).body as { id: number; status: string; source: string }[];
    expect(after.map((c) => [c.source, c.status])).toEqual([['adjustment', 'cancelled'], ['order', 'cancelled']]);
    expect(after.find((c) => c.id === order.id)).toMatchObject({ status: 'cancelled' });
    expect((await jake.client.get('/api/payouts/pro-staff')).body.balances).toEqual([]);
  });
});

