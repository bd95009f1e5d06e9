import { expect } from 'vitest';
import type { FakeStripeServer } from './fake-stripe-server';
import { createBusiness, createProStaff, type SignedIn } from './factories';
import type { TestApp } from './test-app';

// What the plan-change and money-back tests share (decision record 042): an account paying for a plan on the fake
// Stripe, its payment recorded by the signed `invoice.paid` webhook as in production.

/** Posts a Stripe event to the subscriptions webhook, signed as Stripe signs it. */
export async function sendStripeEvent(t: TestApp, fake: FakeStripeServer, event: Record<string, unknown>) {
  const { payload, signature } = fake.signed(event);
  const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  return { status: res.statusCode, body: res.json() };
}

/**
 * A business (or pro staffer) whose trial is long over, subscribed to `tier` and charged for its first month: the
 * card paid the first invoice at the fake Stripe and both webhooks arrived. `paidDaysAgo` moves the recorded payment back.
 */
export async function payingAccount(t: TestApp, fake: FakeStripeServer, tier: string, options: { userType?: 'business' | 'pro_staff' } = {}) {
  const account: SignedIn = options.userType === 'pro_staff' ? await createProStaff(t) : await createBusiness(t);
  // The one free trial was used and ended, so subscribing charges at once (decision record 014).
  await t.database.query(
    `insert into plan_trials (user_id, tier, started_at, ends_at, ended_at) values (${account.user.id}, '${tier}', now() - interval '30 days', now() - interval '16 days', now() - interval '16 days')`,
  );
  const res = await account.client.post('/api/create-subscription', { tier });
  expect(res.status).toBe(200);
  expect(res.body.trialDays).toBe(0);
  const subscriptionId: string = res.body.subscriptionId;
  const invoice = fake.paySubscription(subscriptionId);
  expect((await sendStripeEvent(t, fake, fake.event('customer.subscription.updated', fake.subscription(subscriptionId)))).status).toBe(200);
  expect((await sendStripeEvent(t, fake, fake.event('invoice.paid', invoice))).status).toBe(200);
  return { ...account, subscriptionId, invoice };
}

export async function tierOf(account: SignedIn): Promise<string> {
  return (await account.client.get('/api/auth/me')).body.subscriptionTier;
}
