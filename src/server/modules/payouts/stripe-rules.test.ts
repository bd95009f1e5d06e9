import { describe, expect, it } from 'vitest';
import { useFakeStripeApp } from '@server/test/use-fake-stripe';
import { businessWithCard, commissionRows, payableCommission, readyProStaff } from '@server/test/payouts-setup';

// Pay now against the rules Stripe applies to the charge (issue 40): the fake refuses what Stripe refuses, so these
// show what the app does when Stripe says no for a reason of its own.
const { fake, t } = useFakeStripeApp();

describe('Pay now and Stripe\'s rules for the charge', () => {
  it('charges the card saved on the business\'s own customer, so Stripe\'s ownership rule holds', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const id = await payableCommission(biz, jake.proStaffId, '5.00');
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).body.status).toBe('paid');
    expect(fake.posts('/v1/payment_intents').at(-1)!.body).toMatchObject({ customer: biz.customerId, payment_method: biz.paymentMethodId });
  });

  // Stripe refuses a charge under its minimum (USD 0.50, GBP 0.30, ¥50): Pay now refuses such a payout up front and
  // says why, and nothing is created, charged or locked.
  it('refuses a payout under Stripe\'s minimum charge before anything is created, and pays one exactly at it', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const id = await payableCommission(biz, jake.proStaffId, '0.49');
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION',
      message: 'This payout comes to USD 0.49, under the smallest card charge the payment provider accepts in USD (USD 0.50). Pay it together with more commissions, or mark it paid outside HuntStaff.',
      details: [{ path: 'commissionIds', message: 'At least USD 0.50 in total' }],
    });
    expect(fake.posts('/v1/payment_intents')).toHaveLength(0);
    expect(await commissionRows(t, [id])).toEqual([expect.objectContaining({ status: 'pending', payout_id: null })]);
    const [{ count }] = await t.database.query<{ count: number }>('select count(*)::int as count from payouts');
    expect(count).toBe(0);
    const more = await payableCommission(biz, jake.proStaffId, '0.01');
    const paid = await biz.client.post('/api/payouts', { commissionIds: [id, more] });
    expect(paid.body).toMatchObject({ amountCents: 50, status: 'paid' });
  });
});
