import { expect } from 'vitest';
import type { FakeStripeServer } from './fake-stripe-server';
import { createBusiness, createProStaff, type SignedIn } from './factories';
import type { TestApp } from './test-app';

// What the payout tests share (decision record 025): pro staff with a payout account onboarded on the fake Stripe, a
// business with a saved card, payable commissions.

/** Posts a Connect event to the app, signed with the Connect endpoint's secret as Stripe signs it. */
export async function sendConnectEvent(t: TestApp, fake: FakeStripeServer, event: Record<string, unknown>, secret = fake.connectWebhookSecret) {
  const { payload, signature } = fake.signed(event, secret);
  const res = await t.app.inject({ method: 'POST', url: '/api/stripe/connect-webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  return { status: res.statusCode, body: res.json() };
}

export async function stripeAccountOf(t: TestApp, proStaffId: number): Promise<string> {
  const [row] = await t.database.query<{ stripe_account_id: string }>(`select stripe_account_id from payout_accounts where pro_staff_id = ${proStaffId}`);
  return row.stripe_account_id;
}

/** A pro staffer who connected a payout account and finished Stripe's onboarding (the webhook told the app). */
export async function readyProStaff(t: TestApp, fake: FakeStripeServer, firstName = 'Jake') {
  const pro = await createProStaff(t, { firstName, lastName: 'Morrison' });
  expect((await pro.client.post('/api/payout-account/link')).status).toBe(200);
  const accountId = await stripeAccountOf(t, pro.proStaffId);
  expect((await sendConnectEvent(t, fake, fake.completeOnboarding(accountId))).body).toEqual({ received: true });
  return { ...pro, accountId };
}

/** A business whose Stripe customer has `card` saved as its default payment method (`paymentMethodId`, attached to it). */
export async function businessWithCard(t: TestApp, fake: FakeStripeServer, card = 'pm_card_visa') {
  const biz = await createBusiness(t);
  expect((await biz.client.post('/api/create-subscription', { tier: 'startup' })).status).toBe(200);
  const [row] = await t.database.query<{ stripe_customer_id: string }>(`select stripe_customer_id from stripe_customers where user_id = ${biz.user.id}`);
  const paymentMethodId = fake.saveCard(row.stripe_customer_id, card);
  return { ...biz, customerId: row.stripe_customer_id, paymentMethodId };
}

/** A manual commission: payable at once. */
export async function payableCommission(biz: SignedIn, proStaffId: number, amount: string): Promise<number> {
  const res = await biz.client.post('/api/commissions', { proStaffId, amount });
  expect(res.status).toBe(201);
  return res.body.id;
}

export const commissionRows = (t: TestApp, ids: number[]) =>
  t.database.query<{ id: number; status: string; payout_id: number | null; paid_at: Date | null }>(`select id, status, payout_id, paid_at from commissions where id in (${ids.join(',')}) order by id`);
