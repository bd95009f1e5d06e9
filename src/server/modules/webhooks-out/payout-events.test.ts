import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { businessWithCard, payableCommission, readyProStaff } from '@server/test/payouts-setup';
import { startReceiver, verifySignature, type Receiver } from '@server/test/webhook-receiver';

// Payout events (decision record 044): each pro staffer's share of a Pay now announces `payout.paid` or `payout.failed`
// once, from the transaction that settled it, to the paying business's own endpoints only.
const fake = useFakeStripe();
let t: TestApp;
let receiver: Receiver;
beforeEach(async () => {
  fake.connect.failingTransfers.clear();
  t = await createTestApp(fake.env());
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
  await t.close();
});

async function enterpriseWithEndpoint() {
  const biz = await businessWithCard(t, fake);
  await t.database.query(`update users set subscription_tier = 'enterprise' where id = ${biz.user.id}`);
  const endpoint = await biz.client.post('/api/webhook-endpoints', { url: receiver.url, description: 'ERP', eventTypes: ['payout.paid', 'payout.failed'] });
  expect(endpoint.status).toBe(201);
  return { biz, secret: endpoint.body.secret as string };
}

const events = () => receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });

describe('payout events', () => {
  it('a partial payout announces the paid share and the failed one once each, signed, with amounts and commissions', async () => {
    const { biz, secret } = await enterpriseWithEndpoint();
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const jakes = [await payableCommission(biz, jake.proStaffId, '30.00'), await payableCommission(biz, jake.proStaffId, '12.50')];
    const annas = await payableCommission(biz, anna.proStaffId, '20.00');
    fake.connect.failingTransfers.set(anna.accountId, 'balance_insufficient');
    const paid = await biz.client.post('/api/payouts', { commissionIds: [...jakes, annas] });
    expect(paid.body).toMatchObject({ status: 'partial' });
    await t.app.ctx.tasks.drain();
    await t.app.ctx.tasks.drain();
    for (const delivery of receiver.received) expect(verifySignature(delivery.headers['huntstaff-signature'] as string, delivery.body, secret)).toBe(true);
    const byType = Object.fromEntries(events().map((event) => [event.type, event]));
    expect(events().map((event) => event.type).sort()).toEqual(['payout.failed', 'payout.paid']);
    expect(byType['payout.paid'].data).toMatchObject({ payoutId: paid.body.id, proStaffId: jake.proStaffId, currency: 'USD', amountMinor: 4250, failureReason: null, transferId: expect.any(String) });
    expect((byType['payout.paid'].data.commissionIds as number[]).sort()).toEqual([...jakes].sort());
    expect(byType['payout.failed'].data).toMatchObject({ payoutId: paid.body.id, proStaffId: anna.proStaffId, amountMinor: 2000, commissionIds: [annas], transferId: null, failureReason: expect.stringContaining('insufficient') });
  });

  it('says nothing to another business’s endpoint, nor for a payout below Enterprise', async () => {
    const other = await enterpriseWithEndpoint();
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const id = await payableCommission(biz, jake.proStaffId, '15.00');
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).body).toMatchObject({ status: 'paid' });
    await t.app.ctx.tasks.drain();
    expect(other.biz.businessId).not.toBe(biz.businessId);
    expect(receiver.received).toEqual([]);
  });
});
