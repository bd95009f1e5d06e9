import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_fake';
const invoiceFixture = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/stripe/invoice.json', import.meta.url), 'utf8'));
const fake = useFakeStripe();
let t: TestApp;

afterEach(async () => {
  await t.close();
});

/** Posts a Stripe event signed with the SDK's test-header helper (or a given signature). */
async function sendWebhook(event: Record<string, unknown>, options: { signature?: string; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: res.statusCode, body: res.json() };
}

/** An event in Stripe's published envelope (tests/fixtures/stripe/event.json) around `object`. */
function subscriptionEvent(type: string, object: Record<string, any>, overrides: Record<string, unknown> = {}) {
  return { ...fake.event(type, object), ...overrides };
}

/** Subscribes through the API (fake Stripe) and returns the Stripe subscription object. */
async function subscribe(client: TestClient, tier: string) {
  const res = await client.post('/api/create-subscription', { tier });
  expect(res.status).toBe(200);
  return { res, subscription: fake.subscription(res.body.subscriptionId) };
}

async function tierOf(client: TestClient): Promise<string> {
  return (await client.get('/api/auth/me')).body.subscriptionTier;
}

describe('without Stripe keys', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('answers 503 with a clear message on create-subscription', async () => {
    const { client } = await createBusiness(t);
    const res = await client.post('/api/create-subscription', { tier: 'startup' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.error.message).toMatch(/Payment processing is not configured/);
  });

  it('treats a secret key given as the publishable key as not configured', async () => {
    await t.close();
    t = await createTestApp(fake.env({ STRIPE_PUBLISHABLE_KEY: 'sk_test_wrong_kind' }));
    const { client } = await createBusiness(t);
    expect((await client.get('/api/config')).body.stripePublishableKey).toBeNull();
    expect((await client.post('/api/create-subscription', { tier: 'startup' })).status).toBe(503);
  });

  it('still reports the subscription status from the database', async () => {
    const { client } = await createBusiness(t, { tier: 'professional' });
    const res = await client.get('/api/subscription-status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hasSubscription: false, tier: 'professional', status: null, cancelAtPeriodEnd: false, currentPeriodEnd: null, trial: null, trialAvailable: false });
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const res = await sendWebhook(subscriptionEvent('customer.subscription.created', { id: 'sub_x' }));
    expect(res.status).toBe(503);
  });
});

describe('with Stripe (local fake API)', () => {
  beforeEach(async () => {
    t = await createTestApp(fake.env());
  });

  describe('POST /api/create-subscription', () => {
    it('creates a customer and a trialing subscription and returns the setup secret', async () => {
      const { client, user } = await createBusiness(t);
      const before = fake.requests.length;
      const res = await client.post('/api/create-subscription', { tier: 'startup' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        clientSecret: expect.stringMatching(/^seti_\w+_secret_/), intentType: 'setup', subscriptionId: expect.stringMatching(/^sub_/),
        status: 'trialing', trialDays: 14, billingStartsAt: expect.any(Number),
      });
      expect(res.body.billingStartsAt - Date.now() / 1000).toBeGreaterThan(13.9 * 86400);
      const calls = fake.requests.slice(before);
      const customerCall = calls.find((r) => r.path === '/v1/customers')!;
      expect(customerCall.idempotencyKey).toMatch(new RegExp(`^customer:${user.id}-\\d+$`));
      expect(customerCall.body).toMatchObject({ email: user.email, metadata: { userId: String(user.id) } });
      const subCall = calls.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
      expect(subCall.idempotencyKey).toMatch(new RegExp(`^subscribe:${user.id}-\\d+:startup:0$`));
      expect(subCall.body).toMatchObject({ trial_period_days: '14', payment_behavior: 'default_incomplete', metadata: { tier: 'startup' } });
      // Every POST to Stripe carries an idempotency key.
      expect(calls.filter((r) => r.method === 'POST').every((r) => r.idempotencyKey)).toBe(true);
      const price = fake.prices.get(String((subCall.body.items as any)[0].price))!;
      expect(price.unit_amount).toBe(4900);
      // The webhook, not this call, grants the plan; the status already names the subscription's plan.
      expect(await tierOf(client)).toBe('free');
      expect((await client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: true, tier: 'startup', status: 'trialing' });
    });

    it('validates the tier against the account type', async () => {
      const { client } = await createProStaff(t);
      expect((await client.post('/api/create-subscription', { tier: 'startup' })).status).toBe(400);
      expect((await client.post('/api/create-subscription', { tier: 'gold' })).status).toBe(400);
      expect((await client.post('/api/create-subscription', { tier: 'free' })).status).toBe(400);
      expect((await client.post('/api/create-subscription', {})).status).toBe(400);
      expect((await client.post('/api/create-subscription', { tier: 'pro' })).status).toBe(200);
    });

    it('requires login', async () => {
      const res = await new TestClient(t.app).post('/api/create-subscription', { tier: 'startup' });
      expect(res.status).toBe(401);
    });

    it('reuses the Stripe customer and refuses a second live subscription', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.created', subscription));
      const again = await client.post('/api/create-subscription', { tier: 'professional' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('CONFLICT');

      const cancelled = await client.post('/api/cancel-subscription');
      // Re-choosing the plan that is running out is refused; another plan is a switch.
      expect((await client.post('/api/create-subscription', { tier: 'startup' })).status).toBe(409);
      const customersBefore = fake.customers.size;
      const switched = await client.post('/api/create-subscription', { tier: 'professional' });
      expect(switched.status).toBe(200);
      // No second trial and no double billing: the new plan is billed from the end of the paid period.
      expect(switched.body).toMatchObject({ intentType: 'setup', trialDays: 0, status: 'trialing', billingStartsAt: cancelled.body.currentPeriodEnd });
      const created = fake.subscription(switched.body.subscriptionId);
      expect(created.trial_end).toBe(cancelled.body.currentPeriodEnd);
      expect(fake.customers.size).toBe(customersBefore);
      expect(created.customer).toBe(subscription.customer);

      // The new plan applies at once and survives the old subscription's end.
      await sendWebhook(subscriptionEvent('customer.subscription.created', created));
      expect(await tierOf(client)).toBe('professional');
      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(subscription.id, 'canceled')));
      expect(await tierOf(client)).toBe('professional');
    });

    it('reuses an unconfirmed subscription for the same plan and cancels it for another', async () => {
      const { client } = await createBusiness(t);
      const { subscription: trial } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(trial.id, 'canceled')));
      // No trial the second time, so the subscription waits for a card payment (incomplete).
      const first = await client.post('/api/create-subscription', { tier: 'professional' });
      expect(first.body).toMatchObject({ status: 'incomplete', intentType: 'payment', clientSecret: expect.stringMatching(/^pi_\w+_secret_/) });
      const again = await client.post('/api/create-subscription', { tier: 'professional' });
      expect(again.body.subscriptionId).toBe(first.body.subscriptionId);
      expect(again.body.clientSecret).toBe(first.body.clientSecret);
      const other = await client.post('/api/create-subscription', { tier: 'enterprise' });
      expect(other.status).toBe(200);
      expect(other.body.subscriptionId).not.toBe(first.body.subscriptionId);
      expect(fake.subscriptions.get(first.body.subscriptionId)!.status).toBe('canceled');
      const deletes = fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${first.body.subscriptionId}`);
      expect(deletes).toHaveLength(1);
      expect(deletes[0].idempotencyKey).toBeDefined();
    });

    it('never cancels an unconfirmed subscription that was paid before its webhook arrived', async () => {
      const { client } = await createBusiness(t);
      const { subscription: trial } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(trial.id, 'canceled')));
      const first = await client.post('/api/create-subscription', { tier: 'professional' });
      expect(first.body).toMatchObject({ status: 'incomplete', intentType: 'payment' });
      // The card payment went through at Stripe; the app still has the subscription as incomplete.
      fake.setStatus(first.body.subscriptionId, 'active');
      for (const tier of ['professional', 'enterprise']) {
        const again = await client.post('/api/create-subscription', { tier });
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('CONFLICT');
      }
      expect(fake.subscriptions.get(first.body.subscriptionId)!.status).toBe('active');
      expect(fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${first.body.subscriptionId}`)).toEqual([]);
      await sendWebhook(subscriptionEvent('customer.subscription.updated', fake.subscription(first.body.subscriptionId)));
      expect(await tierOf(client)).toBe('professional');
    });

    it('rate-limits repeated attempts per user', async () => {
      const { client } = await createBusiness(t);
      for (let i = 0; i < 10; i += 1) await client.post('/api/create-subscription', { tier: 'startup' });
      const res = await client.post('/api/create-subscription', { tier: 'startup' });
      expect(res.status).toBe(429);
    });

    it('maps a payment provider outage to 503 without leaking details', async () => {
      const { client } = await createBusiness(t);
      fake.failures = { status: 500, count: 3 };
      const res = await client.post('/api/create-subscription', { tier: 'startup' });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toMatch(/payment provider/i);
    });
  });

  describe('POST /api/stripe/webhook', () => {
    it('grants the plan on created and returns to free on deleted', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'professional');
      const created = await sendWebhook(subscriptionEvent('customer.subscription.created', subscription));
      expect(created).toEqual({ status: 200, body: { received: true } });
      expect(await tierOf(client)).toBe('professional');
      const status = await client.get('/api/subscription-status');
      expect(status.body).toMatchObject({ hasSubscription: true, tier: 'professional', status: 'trialing', cancelAtPeriodEnd: false });
      expect(status.body.currentPeriodEnd).toBe(subscription.items.data[0].current_period_end);

      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(subscription.id, 'canceled')));
      expect(await tierOf(client)).toBe('free');
      expect((await client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: false, tier: 'free', status: 'canceled' });
    });

    it('keeps the plan while past_due and drops it when unpaid', async () => {
      const { client } = await createProStaff(t);
      const { subscription } = await subscribe(client, 'elite');
      await sendWebhook(subscriptionEvent('customer.subscription.updated', fake.setStatus(subscription.id, 'past_due')));
      expect(await tierOf(client)).toBe('elite');
      await sendWebhook(subscriptionEvent('customer.subscription.updated', fake.setStatus(subscription.id, 'unpaid')));
      expect(await tierOf(client)).toBe('free');
    });

    it('accepts JSON with a charset parameter, as Stripe sends it', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      const payload = JSON.stringify(subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'active')));
      const res = await t.app.inject({
        method: 'POST', url: '/api/stripe/webhook', payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      });
      expect(res.statusCode).toBe(200);
      expect(await tierOf(client)).toBe('startup');
    });

    it('rejects a bad or missing signature and changes nothing', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      const event = subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'active'));
      const forged = await sendWebhook(event, { secret: 'whsec_someone_else' });
      expect(forged.status).toBe(400);
      expect(forged.body.error.message).toBe('Invalid Stripe signature');
      expect((await sendWebhook(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
      expect(unsigned.statusCode).toBe(400);
      expect(await tierOf(client)).toBe('free');
    });

    it('rejects a body altered after signing (the signature covers the raw bytes)', async () => {
      const payload = JSON.stringify(subscriptionEvent('customer.subscription.created', { id: 'sub_1' }));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await t.app.inject({
        method: 'POST', url: '/api/stripe/webhook', payload: payload.replace('{', '{ '),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(res.statusCode).toBe(400);
    });

    it('processes a duplicate event id only once', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.created', subscription));
      const deleted = subscriptionEvent('customer.subscription.deleted', fake.setStatus(subscription.id, 'canceled'));
      expect((await sendWebhook(deleted)).body).toEqual({ received: true });
      const retrievals = fake.requests.filter((r) => r.method === 'GET').length;
      expect(await tierOf(client)).toBe('free');
      // Same event id again, even with a different body: acknowledged, not applied.
      const duplicate = await sendWebhook({ ...deleted, type: 'customer.subscription.created', data: { object: { ...subscription, status: 'active' } } });
      expect(duplicate).toEqual({ status: 200, body: { received: true, duplicate: true } });
      expect(await tierOf(client)).toBe('free');
      // A duplicate does not even ask Stripe.
      expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(retrievals);
      const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from processed_stripe_events where event_id = '${deleted.id}'`);
      expect(row.n).toBe(1);
    });

    it('applies Stripe\'s current state, not the event snapshot: a stale incomplete in the same second keeps active', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      const second = Math.floor(Date.now() / 1000);
      const incomplete = subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'incomplete'), { created: second });
      const active = subscriptionEvent('customer.subscription.updated', fake.setStatus(subscription.id, 'active'), { created: second });
      // Stripe delivers the newer event first; the older one, from the same second, arrives last.
      await sendWebhook(active);
      expect(await tierOf(client)).toBe('startup');
      expect((await sendWebhook(incomplete)).body).toEqual({ received: true });
      expect(await tierOf(client)).toBe('startup');
      expect((await client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: true, tier: 'startup', status: 'active' });
      // Each event made the app ask Stripe for the subscription.
      expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`)).toHaveLength(2);
    });

    it('a Stripe deletion is final: created, deleted, updated in the same second leaves the account on Free', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      const second = Math.floor(Date.now() / 1000);
      const created = subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'active'), { created: second });
      const updated = subscriptionEvent('customer.subscription.updated', { ...fake.subscription(subscription.id), cancel_at_period_end: true }, { created: second });
      await sendWebhook(created);
      expect(await tierOf(client)).toBe('startup');
      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(subscription.id, 'canceled'), { created: second }));
      expect(await tierOf(client)).toBe('free');
      // The update's handler asked Stripe before the cancellation and got the live state back (a race
      // between two deliveries): that stale answer must not revive the subscription.
      fake.subscriptions.get(subscription.id)!.status = 'active';
      expect((await sendWebhook(updated)).status).toBe(200);
      expect(await tierOf(client)).toBe('free');
      expect((await client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: false, tier: 'free', status: 'canceled' });
    });

    it('on an invoice event records the payment and applies the subscription as Stripe has it', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.created', subscription));
      fake.setStatus(subscription.id, 'active');
      const invoice = {
        ...invoiceFixture, id: 'in_paid_1', customer: subscription.customer, amount_paid: 4900, currency: 'usd', created: 1_700_000_000,
        status_transitions: { ...invoiceFixture.status_transitions, paid_at: 1_700_000_100 },
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: subscription.id } },
      };
      expect((await sendWebhook(subscriptionEvent('invoice.paid', invoice))).status).toBe(200);
      expect((await sendWebhook(subscriptionEvent('invoice.payment_succeeded', invoice))).status).toBe(200);
      const rows = await t.database.query<{ amount_cents: number; paid_at: Date }>('select amount_cents, paid_at from subscription_payments');
      expect(rows).toEqual([{ amount_cents: 4900, paid_at: new Date(1_700_000_100_000) }]);
      expect((await client.get('/api/subscription-status')).body.status).toBe('active');
    });

    it('ignores subscriptions of unknown users or unknown to Stripe, and other event types', async () => {
      const { client } = await createBusiness(t);
      await subscribe(client, 'startup');
      // A subscription of a Stripe customer that is not one of our accounts (made in the dashboard, say).
      const direct = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
      const customer = await direct.customers.create({ email: 'someone@example.com' });
      const price = (await direct.prices.list({ limit: 1 })).data[0];
      const foreign = await direct.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 3 });
      const stranger = await sendWebhook(subscriptionEvent('customer.subscription.created', fake.subscription(foreign.id)));
      expect(stranger).toEqual({ status: 200, body: { received: true, ignored: true } });
      const unknown = await sendWebhook(subscriptionEvent('customer.subscription.updated', { ...fake.subscription(foreign.id), id: 'sub_not_in_stripe' }));
      expect(unknown).toEqual({ status: 200, body: { received: true, ignored: true } });
      expect((await sendWebhook(subscriptionEvent('charge.refunded', { id: 'ch_1' }))).body).toEqual({ received: true, ignored: true });
      expect(await t.database.query(`select * from subscriptions where stripe_subscription_id = '${foreign.id}'`)).toEqual([]);
    });

    it('answers 503 while Stripe cannot be reached, so Stripe retries, and applies the retry', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      const event = subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'active'));
      fake.failures = { status: 500, count: 3 };
      expect((await sendWebhook(event)).status).toBe(503);
      expect(await tierOf(client)).toBe('free');
      expect((await sendWebhook(event)).body).toEqual({ received: true });
      expect(await tierOf(client)).toBe('startup');
    });
  });

  describe('POST /api/cancel-subscription', () => {
    it('cancels at period end, keeps the plan until then and is idempotent', async () => {
      const { client } = await createBusiness(t);
      const { subscription } = await subscribe(client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.created', fake.setStatus(subscription.id, 'active')));
      const res = await client.post('/api/cancel-subscription');
      expect(res.status).toBe(200);
      const periodEnd = subscription.items.data[0].current_period_end;
      expect(res.body).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
      const update = fake.posts(`/v1/subscriptions/${subscription.id}`);
      expect(update).toHaveLength(1);
      expect(update[0].body).toEqual({ cancel_at_period_end: 'true' });
      expect(update[0].idempotencyKey).toBe(`cancel-at-period-end:${subscription.id}`);
      expect(await tierOf(client)).toBe('startup');
      expect((await client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: true, cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });

      expect((await client.post('/api/cancel-subscription')).body).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
      expect(fake.posts(`/v1/subscriptions/${subscription.id}`)).toHaveLength(1);

      await sendWebhook(subscriptionEvent('customer.subscription.deleted', fake.setStatus(subscription.id, 'canceled')));
      expect(await tierOf(client)).toBe('free');
    });

    it('answers 404 without a subscription, 401 signed out, and never touches another user', async () => {
      const owner = await createBusiness(t);
      const { subscription } = await subscribe(owner.client, 'startup');
      await sendWebhook(subscriptionEvent('customer.subscription.created', subscription));
      const other = await signUp(t, 'business');
      expect((await other.client.post('/api/cancel-subscription')).status).toBe(404);
      expect((await other.client.get('/api/subscription-status')).body.hasSubscription).toBe(false);
      expect((await new TestClient(t.app).post('/api/cancel-subscription')).status).toBe(401);
      expect((await new TestClient(t.app).get('/api/subscription-status')).status).toBe(401);
      expect((await owner.client.get('/api/subscription-status')).body.cancelAtPeriodEnd).toBe(false);
    });
  });
});

describe('POST /api/page-views', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('records anonymous and signed-in views without the query string', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/page-views', { path: '/search?q=elk', visitorId: 'abcdefgh1234' })).status).toBe(204);
    const { client, user } = await signUp(t, 'pro_staff');
    expect((await client.post('/api/page-views', { path: '/profile' })).status).toBe(204);
    const rows = await t.database.query<{ path: string; user_id: number | null; visitor_id: string | null }>('select path, user_id, visitor_id from page_views order by id');
    expect(rows).toEqual([
      { path: '/search', user_id: null, visitor_id: 'abcdefgh1234' },
      { path: '/profile', user_id: user.id, visitor_id: null },
    ]);
  });

  it('rejects paths that are not pages', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/page-views', { path: 'search' })).status).toBe(400);
    expect((await client.post('/api/page-views', { path: '/api/admin/analytics' })).status).toBe(400);
    expect((await client.post('/api/page-views', { path: `/${'x'.repeat(400)}` })).status).toBe(400);
    expect((await client.post('/api/page-views', { path: '/ok', visitorId: 'bad id!' })).status).toBe(400);
  });

  it('rate-limits one network', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 60; i += 1) await client.post('/api/page-views', { path: '/' });
    const res = await client.post('/api/page-views', { path: '/' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
