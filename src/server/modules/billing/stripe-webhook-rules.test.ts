import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { sendStripeEvent } from '@server/test/webhooks';
import type { UserEvent } from '@server/lib/events';

// The edges of applying Stripe's events (webhook-service.ts): which account and plan a subscription is for, what is
// stored of it, which invoices are recorded, and what is answered (record 018: mutation testing of billing).
const fake = useFakeStripe();
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp(fake.env());
});
afterEach(async () => {
  await t.close();
});

const send = (event: Record<string, unknown>) => sendStripeEvent(t.app, event, fake.webhookSecret);

const subscriptionEvent = (type: string, id: string) => fake.event(type, fake.subscription(id));

async function subscribe(client: TestClient, tier: string): Promise<string> {
  const res = await client.post('/api/create-subscription', { tier });
  expect(res.status).toBe(200);
  return res.body.subscriptionId as string;
}

const tierOf = async (client: TestClient): Promise<string> => (await client.get('/api/auth/me')).body.subscriptionTier;

type SubscriptionRow = { stripe_customer_id: string; tier: string; status: string; current_period_end: Date | null; amount_cents: number };
async function subscriptionRow(id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await t.database.query<SubscriptionRow>(
    `select stripe_customer_id, tier, status, current_period_end, amount_cents from subscriptions where stripe_subscription_id = '${id}'`,
  );
  return row && { ...row, amount_cents: Number(row.amount_cents) };
}

/** The stored Stripe subscription, to change as Stripe would before the next event makes the app retrieve it. */
const stored = (id: string) => fake.subscriptions.get(id)!;

/** A Stripe client of the fake, to make what a Stripe dashboard user would (customers, prices, subscriptions). */
const dashboard = () => new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });

async function priceWith(metadata: Record<string, string>, unitAmount = 4900) {
  return dashboard().prices.create({ currency: 'usd', unit_amount: unitAmount, recurring: { interval: 'month' }, product_data: { name: 'Made in the dashboard' }, metadata });
}

describe('which account a subscription is for', () => {
  it('finds the account by the subscription’s metadata when its Stripe customer is not linked, and by the customer first', async () => {
    const owner = await createBusiness(t);
    const other = await createBusiness(t);
    const price = await priceWith({ tier: 'startup' });
    const stripe = dashboard();
    // A customer the app never saved (the subscribe request failed after Stripe made it, say).
    const unlinked = await stripe.customers.create({ email: owner.user.email });
    const viaMetadata = await stripe.subscriptions.create({ customer: unlinked.id, items: [{ price: price.id }], trial_period_days: 3, metadata: { userId: String(owner.user.id) } });
    expect((await send(subscriptionEvent('customer.subscription.created', viaMetadata.id))).body).toEqual({ received: true });
    expect(await tierOf(owner.client)).toBe('startup');
    expect(await subscriptionRow(viaMetadata.id)).toMatchObject({ stripe_customer_id: unlinked.id, tier: 'startup' });

    // A linked customer wins over metadata naming someone else.
    const linked = await subscribe(other.client, 'professional');
    const customer = stored(linked).customer as string;
    const named = await stripe.subscriptions.create({ customer, items: [{ price: price.id }], trial_period_days: 3, metadata: { userId: String(owner.user.id) } });
    await send(subscriptionEvent('customer.subscription.created', named.id));
    const [row] = await t.database.query<{ user_id: number }>(`select user_id from subscriptions where stripe_subscription_id = '${named.id}'`);
    expect(row.user_id).toBe(other.user.id);
  });

  it('ignores a subscription whose metadata names no account', async () => {
    await createBusiness(t);
    const price = await priceWith({ tier: 'startup' });
    const stripe = dashboard();
    for (const userId of ['1.5', 'abc', '0', '-1', '999999']) {
      const customer = await stripe.customers.create({ email: 'someone@example.com' });
      const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 3, metadata: { userId } });
      expect((await send(subscriptionEvent('customer.subscription.created', subscription.id))).body, userId).toEqual({ received: true, ignored: true });
      expect(await subscriptionRow(subscription.id)).toBeUndefined();
    }
  });
});

describe('what is stored of a subscription', () => {
  it('takes the plan from the subscription, else from its price, else keeps the stored plan, and ignores a subscription without one', async () => {
    const { client, user } = await createBusiness(t);
    const id = await subscribe(client, 'startup');
    // A pro staff plan named on a business's subscription is no plan for it: the price's plan applies.
    stored(id).metadata = { userId: String(user.id), tier: 'elite' };
    await send(subscriptionEvent('customer.subscription.created', id));
    expect(await tierOf(client)).toBe('startup');

    // Neither names a plan any more: the plan stored with the subscription stays.
    stored(id).metadata = {};
    const item = stored(id).items.data[0];
    item.price = { ...item.price, metadata: {} };
    expect((await send(subscriptionEvent('customer.subscription.updated', id))).body).toEqual({ received: true });
    expect(await tierOf(client)).toBe('startup');
    expect((await subscriptionRow(id))!.tier).toBe('startup');

    // A subscription made in the dashboard with no plan anywhere is not applied.
    const price = await priceWith({});
    const other = await dashboard().subscriptions.create({ customer: stored(id).customer, items: [{ price: price.id }], trial_period_days: 3 });
    expect((await send(subscriptionEvent('customer.subscription.created', other.id))).body).toEqual({ received: true, ignored: true });
    expect(await subscriptionRow(other.id)).toBeUndefined();
  });

  it('stores the price times the quantity, and keeps the stored amount when Stripe gives none', async () => {
    const { client } = await createBusiness(t);
    const id = await subscribe(client, 'startup');
    stored(id).items.data[0].quantity = 3;
    await send(subscriptionEvent('customer.subscription.created', id));
    expect((await subscriptionRow(id))!.amount_cents).toBe(3 * 4900);
    const item = stored(id).items.data[0];
    item.price = { ...item.price, unit_amount: null };
    await send(subscriptionEvent('customer.subscription.updated', id));
    expect((await subscriptionRow(id))!.amount_cents).toBe(3 * 4900);
  });

  it('takes the period end from the item, as the API version the SDK pins shows it', async () => {
    // Before API version 2025-03 the period was on the subscription itself; the SDK sends its own pinned version with
    // every call, so the retrieved subscription always has it on the item (record 018: no fallbacks for other shapes).
    const { client } = await createBusiness(t);
    const id = await subscribe(client, 'startup');
    const item = stored(id).items.data[0];
    const itemEnd = item.current_period_end as number;
    await send(subscriptionEvent('customer.subscription.created', id));
    expect((await subscriptionRow(id))!.current_period_end).toEqual(new Date(itemEnd * 1000));
    item.current_period_end = itemEnd + 3600;
    stored(id).trial_end = itemEnd + 7200;
    await send(subscriptionEvent('customer.subscription.updated', id));
    expect((await subscriptionRow(id))!.current_period_end).toEqual(new Date((itemEnd + 3600) * 1000));
  });
});

describe('paid invoices', () => {
  const invoiceOf = (customer: string, subscription: string | null, fields: Record<string, unknown>) => ({
    id: `in_${Math.random().toString(36).slice(2)}`, object: 'invoice', customer, amount_paid: 4900, currency: 'usd', created: 1_700_000_000,
    status: 'paid', status_transitions: { paid_at: 1_700_000_100 },
    parent: subscription ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription } } : null,
    ...fields,
  });
  type Payment = { stripe_invoice_id: string; user_id: number | null; stripe_subscription_id: string | null; amount_cents: number; currency: string; paid_at: Date };
  const payments = async () =>
    (await t.database.query<Payment>('select stripe_invoice_id, user_id, stripe_subscription_id, amount_cents, currency, paid_at from subscription_payments order by id'))
      .map((p) => ({ ...p, amount_cents: Number(p.amount_cents) }));

  it('records what was paid, by whom, in which currency and when; an invoice of nothing paid records nothing', async () => {
    const { client, user } = await createBusiness(t);
    const id = await subscribe(client, 'startup');
    const customer = stored(id).customer as string;
    const zero = invoiceOf(customer, id, { amount_paid: 0 });
    expect((await send(fake.event('invoice.paid', zero))).body).toEqual({ received: true });
    expect(await payments()).toEqual([]);

    // Without a paid-at time the invoice's creation time is used.
    const euro = invoiceOf(customer, id, { amount_paid: 4500, currency: 'eur', status_transitions: { paid_at: null } });
    expect((await send(fake.event('invoice.payment_succeeded', euro))).body).toEqual({ received: true });
    expect(await payments()).toEqual([
      { stripe_invoice_id: euro.id, user_id: user.id, stripe_subscription_id: id, amount_cents: 4500, currency: 'eur', paid_at: new Date(1_700_000_000_000) },
    ]);
  });

  it('records a one-off invoice of a customer that is no account, and ignores invoice events that are no payment', async () => {
    const stranger = await dashboard().customers.create({ email: 'someone@example.com' });
    const oneOff = invoiceOf(stranger.id, null, {});
    // Nothing to apply to a subscription, but the payment is recorded: answered as handled, not ignored.
    expect((await send(fake.event('invoice.paid', oneOff))).body).toEqual({ received: true });
    expect(await payments()).toEqual([
      { stripe_invoice_id: oneOff.id, user_id: null, stripe_subscription_id: null, amount_cents: 4900, currency: 'usd', paid_at: new Date(1_700_000_100_000) },
    ]);
    const failed = invoiceOf(stranger.id, null, { status: 'open' });
    expect((await send(fake.event('invoice.payment_failed', failed))).body).toEqual({ received: true, ignored: true });
    expect(await payments()).toHaveLength(1);
  });
});

describe('what the webhook answers and tells', () => {
  it('answers a redelivered event of a type it does not handle as a duplicate', async () => {
    const event = fake.event('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect((await send(event)).body).toEqual({ received: true, ignored: true });
    expect((await send(event)).body).toEqual({ received: true, duplicate: true });
  });

  it('answers 503 when Stripe refuses to show the subscription for another reason than not knowing it, so Stripe retries', async () => {
    const { client } = await createBusiness(t);
    const id = await subscribe(client, 'startup');
    const event = subscriptionEvent('customer.subscription.created', id);
    fake.failures = { status: 400, count: 1, path: `/v1/subscriptions/${id}` };
    expect((await send(event)).status).toBe(503);
    expect(await tierOf(client)).toBe('free');
    expect((await send(event)).body).toEqual({ received: true });
    expect(await tierOf(client)).toBe('startup');
  });

  it('tells the account’s open tabs when an event changed its subscription, and nobody when it was ignored', async () => {
    const { client, user } = await createProStaff(t);
    const seen: UserEvent[] = [];
    t.events.subscribe(user.id, (event) => seen.push(event));
    const id = await subscribe(client, 'pro');
    await send(subscriptionEvent('customer.subscription.created', id));
    expect(seen.filter((e) => e.type === 'subscription.updated')).toHaveLength(1);
    await send(fake.event('customer.subscription.updated', { ...fake.subscription(id), id: 'sub_not_in_stripe' }));
    expect(seen.filter((e) => e.type === 'subscription.updated')).toHaveLength(1);
  });
});
