import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { sendStripeEvent } from '@server/test/webhooks';

// The edges of subscribing (service.ts) that the main billing suite left open, found by mutation testing
// (record 018): which date a switch is billed from, and how the plan's Stripe price is found.
const fake = useFakeStripe();
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp(fake.env());
});
afterEach(async () => {
  await t.close();
});

async function send(event: Record<string, unknown>) {
  expect((await sendStripeEvent(t.app, event, fake.webhookSecret)).status).toBe(200);
}

async function subscribe(client: TestClient, tier: string) {
  const res = await client.post('/api/create-subscription', { tier });
  expect(res.status).toBe(200);
  return res.body as { subscriptionId: string; status: string; billingStartsAt: number | null; trialDays: number };
}

const subscriptionCreates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');

/** A business whose subscription Stripe has activated (its created webhook told). */
async function activeSubscription(client: TestClient, tier: string) {
  const subscription = await subscribe(client, tier);
  await send(fake.event('customer.subscription.created', fake.setStatus(subscription.subscriptionId, 'active')));
  return subscription;
}

/** A business past its one trial (that subscription deleted): its next subscription waits for a card payment. */
async function businessPastItsTrial() {
  const { client } = await createBusiness(t);
  const trial = await subscribe(client, 'startup');
  await send(fake.event('customer.subscription.deleted', fake.setStatus(trial.subscriptionId, 'canceled')));
  return client;
}

async function storedStatus(subscriptionId: string) {
  return t.database.query<{ status: string }>(`select status from subscriptions where stripe_subscription_id = '${subscriptionId}'`);
}

async function switchAfterPeriodEnd(offset: string) {
  const { client } = await createBusiness(t);
  const first = await activeSubscription(client, 'startup');
  expect((await client.post('/api/cancel-subscription')).status).toBe(200);
  await t.database.query(`update subscriptions set current_period_end = now() + interval '${offset}' where stripe_subscription_id = '${first.subscriptionId}'`);
  const switched = await client.post('/api/create-subscription', { tier: 'professional' });
  expect(switched.status).toBe(200);
  return { body: switched.body, created: subscriptionCreates().at(-1)! };
}

it('a switch after the paid period has ended (its deletion not yet told by Stripe), or within a minute of its end, is billed now', async () => {
  // Ended a minute ago, Stripe's customer.subscription.deleted still on its way: Stripe refuses a trial_end in the
  // past, and nothing is left to wait for, so the new plan waits for its card payment.
  // Ending in 30 s: too close to wait for (the request and clocks take time), billed now as well.
  for (const offset of ['-1 minute', '30 seconds']) {
    const { body, created } = await switchAfterPeriodEnd(offset);
    expect(body).toMatchObject({ status: 'incomplete', intentType: 'payment', trialDays: 0, billingStartsAt: null });
    expect(created.body.trial_end).toBeUndefined();
    expect(created.body.trial_period_days).toBeUndefined();
  }
});

it('a switch while the paid period still runs is billed from its end', async () => {
  const { client } = await createBusiness(t);
  await activeSubscription(client, 'startup');
  const cancelled = await client.post('/api/cancel-subscription');
  const switched = await subscribe(client, 'professional');
  expect(switched.billingStartsAt).toBe(cancelled.body.currentPeriodEnd);
  expect(subscriptionCreates().at(-1)!.body.trial_end).toBe(String(cancelled.body.currentPeriodEnd));
});

it('asks Stripe for a plan\'s price once per app, and a restarted app reuses the price Stripe has under the plan\'s lookup key', async () => {
  const priceCalls = () => fake.requests.filter((r) => r.path === '/v1/prices');
  const before = priceCalls().length;
  const one = await createBusiness(t);
  await subscribe(one.client, 'enterprise');
  const two = await createBusiness(t);
  await subscribe(two.client, 'enterprise');
  const inThisApp = priceCalls().slice(before);
  // One look-up (and at most one creation, when no earlier test made the price) for two subscribes.
  expect(inThisApp.filter((r) => r.method === 'GET')).toHaveLength(1);
  const enterprisePrices = () => [...fake.prices.values()].filter((price) => String(price.lookup_key).includes('_enterprise_'));
  expect(enterprisePrices()).toHaveLength(1);

  // A new app (a restart, another instance) has no cache: it finds the price by its lookup key and creates none,
  // since after Stripe's 24-hour idempotency window a second create under the same lookup key would be refused.
  await t.close();
  t = await createTestApp(fake.env());
  const afterRestart = priceCalls().length;
  const three = await createBusiness(t);
  await subscribe(three.client, 'enterprise');
  expect(priceCalls().slice(afterRestart).map((r) => r.method)).toEqual(['GET']);
  expect(enterprisePrices()).toHaveLength(1);
  const price = enterprisePrices()[0];
  expect((subscriptionCreates().at(-1)!.body.items as Array<{ price: string }>)[0].price).toBe(price.id);
});

it('a subscription Stripe creates with no payment secret is a 503 with a clear message, and the next attempt replaces it', async () => {
  const client = await businessPastItsTrial();
  fake.nextSubscriptionWithoutSecret = true;
  const broken = await client.post('/api/create-subscription', { tier: 'startup' });
  expect(broken.status).toBe(503);
  expect(broken.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/returned no payment secret/) });
  const stuck = subscriptionCreates().at(-1)!;

  // The same plan again: the secretless subscription cannot be paid, so it is cancelled and a new one made.
  const again = await subscribe(client, 'startup');
  expect(again).toMatchObject({ status: 'incomplete', intentType: 'payment' });
  expect(subscriptionCreates()).toHaveLength(subscriptionCreates().indexOf(stuck) + 2);
  const customer = fake.subscriptions.get(again.subscriptionId)!.customer;
  const mine = [...fake.subscriptions.values()].filter((s) => s.customer === customer);
  expect(mine.map((s) => s.status)).toEqual(['canceled', 'canceled', 'incomplete']);
  expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${mine[1].id}`)).toBe(true);
});

it('refuses another account type\'s plan, naming the account type and the field, before asking Stripe anything', async () => {
  const before = fake.requests.length;
  const business = await createBusiness(t);
  expect((await business.client.post('/api/create-subscription', { tier: 'elite' })).body).toEqual({
    error: { code: 'VALIDATION', message: "'elite' is not a plan for business accounts", details: [{ path: 'tier', message: 'Unknown plan for this account type' }] },
  });
  const pro = await createProStaff(t);
  const refused = await pro.client.post('/api/create-subscription', { tier: 'enterprise' });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ message: "'enterprise' is not a plan for pro staff accounts", details: [{ path: 'tier' }] });
  expect(fake.requests.length).toBe(before);
});

it('creates a plan\'s price once under an idempotency key, named for its account type, with its plan in the metadata', async () => {
  const pro = await createProStaff(t);
  await subscribe(pro.client, 'elite');
  const business = await createBusiness(t);
  await subscribe(business.client, 'professional');
  const creates = fake.posts('/v1/prices');
  const elite = creates.find((r) => r.body.lookup_key === 'huntstaff_pro_staff_elite_monthly_4900')!;
  expect(elite).toMatchObject({
    idempotencyKey: 'price:huntstaff_pro_staff_elite_monthly_4900',
    body: { product_data: { name: 'HuntStaff Elite (Pro Staff)' }, metadata: { tier: 'elite', userType: 'pro_staff' }, unit_amount: '4900', currency: 'usd' },
  });
  expect(creates.find((r) => r.body.lookup_key === 'huntstaff_business_professional_monthly_14900')).toMatchObject({
    idempotencyKey: 'price:huntstaff_business_professional_monthly_14900',
    body: { product_data: { name: 'HuntStaff Professional (Business)' }, metadata: { tier: 'professional', userType: 'business' } },
  });
});

it('asks Stripe to save the card and to cancel a trial that ends without one', async () => {
  const { client } = await createBusiness(t);
  const trial = await subscribe(client, 'startup');
  expect(trial.trialDays).toBe(14);
  expect(subscriptionCreates().at(-1)!.body).toMatchObject({
    trial_period_days: '14',
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
  });
});

it('an unconfirmed subscription for another plan is cancelled and recorded as expired, not offered for the new plan', async () => {
  const client = await businessPastItsTrial();
  const startup = await subscribe(client, 'startup');
  expect(startup.status).toBe('incomplete');

  const professional = await subscribe(client, 'professional');
  expect(professional.subscriptionId).not.toBe(startup.subscriptionId);
  expect(subscriptionCreates().at(-1)!.body.metadata).toMatchObject({ tier: 'professional' });
  expect(fake.subscriptions.get(startup.subscriptionId)!.status).toBe('canceled');
  expect(await storedStatus(startup.subscriptionId)).toEqual([{ status: 'incomplete_expired' }]);
});

it('an unconfirmed subscription Stripe has since expired is not offered again: the same plan gets a new one', async () => {
  const client = await businessPastItsTrial();
  const first = await subscribe(client, 'startup');
  // Stripe expires an unpaid first invoice's subscription after 23 hours; its webhook has not arrived yet.
  fake.setStatus(first.subscriptionId, 'incomplete_expired');

  const again = await subscribe(client, 'startup');
  expect(again.subscriptionId).not.toBe(first.subscriptionId);
  expect(again).toMatchObject({ status: 'incomplete', intentType: 'payment' });
  expect(await storedStatus(first.subscriptionId)).toEqual([{ status: 'incomplete_expired' }]);
  expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${first.subscriptionId}`)).toBe(false);

  // One cancelled elsewhere (the Stripe dashboard) is recorded as cancelled.
  fake.setStatus(again.subscriptionId, 'canceled');
  expect((await subscribe(client, 'startup')).subscriptionId).not.toBe(again.subscriptionId);
  expect(await storedStatus(again.subscriptionId)).toEqual([{ status: 'canceled' }]);
});

it('cancelling while Stripe cannot be reached is a 503 that changes nothing, and the retry cancels', async () => {
  const { client } = await createBusiness(t);
  const first = await activeSubscription(client, 'startup');
  fake.failures = { status: 500, count: 3, path: `/v1/subscriptions/${first.subscriptionId}` };
  const down = await client.post('/api/cancel-subscription');
  expect(down.status).toBe(503);
  expect(down.body.error.message).toMatch(/could not be reached/);
  expect((await client.get('/api/subscription-status')).body).toMatchObject({ tier: 'startup', cancelAtPeriodEnd: false });
  expect(fake.subscriptions.get(first.subscriptionId)!.cancel_at_period_end).toBe(false);

  fake.failures = null;
  expect((await client.post('/api/cancel-subscription')).body).toMatchObject({ cancelAtPeriodEnd: true });
  expect((await client.get('/api/subscription-status')).body).toMatchObject({ tier: 'startup', cancelAtPeriodEnd: true });
});
