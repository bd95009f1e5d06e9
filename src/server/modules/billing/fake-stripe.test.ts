import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useFakeStripeSdk } from '@server/test/use-fake-stripe';
import { createBusiness } from '@server/test/factories';
import { createTestApp } from '@server/test/test-app';

// The fake Stripe refuses what Stripe refuses for every call the app makes (decision record 014),
// so a test that passes against it would not fail against Stripe for those reasons.
const { fake, stripe } = useFakeStripeSdk();

const caught = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected Stripe to refuse'); }, (error: unknown) => error as Stripe.errors.StripeError);

async function customerAndPrice(lookupKey = `key_${Math.random()}`) {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' }, lookup_key: lookupKey, product_data: { name: 'Plan' } });
  return { customer, price };
}

describe('fake Stripe is as strict as Stripe', () => {
  it('checks the API key with Stripe\'s 401 and error shape', async () => {
    const wrong = new Stripe('sk_test_someone_elses_key', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    const error = await caught(wrong.customers.create({ email: 'x@example.com' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+_key$/);
    const anonymous = await fetch(`http://127.0.0.1:${fake.port}/v1/customers`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key/) } });
  });

  it('replays an idempotency key with the same parameters and refuses it with others (idempotency_error)', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer:same' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer:same' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await caught(stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'customer:same' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe('StripeIdempotencyError');
    expect(error.raw).toMatchObject({ type: 'idempotency_error', message: expect.stringContaining("Try using a key other than 'customer:same'") });
    // A key is bound to its endpoint too.
    expect(await caught(stripe.prices.create({ currency: 'usd', unit_amount: 1, product_data: { name: 'x' } }, { idempotencyKey: 'customer:same' }))).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses a second price with the same lookup_key unless transfer_lookup_key moves it', async () => {
    const { price } = await customerAndPrice('huntstaff_test_lookup');
    const params = { currency: 'usd', unit_amount: 5900, recurring: { interval: 'month' as const }, lookup_key: 'huntstaff_test_lookup', product_data: { name: 'Plan' } };
    const error = await caught(stripe.prices.create(params));
    expect(error.statusCode).toBe(400);
    expect(error.raw).toMatchObject({ type: 'invalid_request_error', param: 'lookup_key', message: `A price (\`${price.id}\`) already uses that lookup key.` });
    const moved = await stripe.prices.create({ ...params, transfer_lookup_key: true });
    expect((await stripe.prices.list({ lookup_keys: ['huntstaff_test_lookup'] })).data.map((p) => p.id)).toEqual([moved.id]);
  });

  it('refuses a trial_end in the past, and trial_end together with trial_period_days', async () => {
    const { customer, price } = await customerAndPrice();
    const past = Math.floor(Date.now() / 1000) - 60;
    const error = await caught(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_end: past }));
    expect(error.statusCode).toBe(400);
    expect(error.raw).toMatchObject({ type: 'invalid_request_error', param: 'trial_end', message: 'Invalid timestamp: must be an integer Unix timestamp in the future.' });
    const both = await caught(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_end: past + 86400, trial_period_days: 3 }));
    expect(both.statusCode).toBe(400);
    const future = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_end: past + 86400 });
    expect(future).toMatchObject({ status: 'trialing', trial_end: past + 86400 });
  });

  it('refuses unknown parameters and unknown customers or prices', async () => {
    const { customer, price } = await customerAndPrice();
    const unknown = await caught(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_days: 3 } as never));
    expect(unknown.raw).toMatchObject({ code: 'parameter_unknown', param: 'trial_days', message: 'Received unknown parameter: trial_days' });
    const missing = await caught(stripe.subscriptions.create({ customer: 'cus_nobody', items: [{ price: price.id }] }));
    expect(missing.statusCode).toBe(404);
    expect(missing.raw).toMatchObject({ code: 'resource_missing', message: "No such customer: 'cus_nobody'" });
  });

  it('refuses to change or cancel again a canceled subscription', async () => {
    const { customer, price } = await customerAndPrice();
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
    const update = await caught(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    expect(update.statusCode).toBe(400);
    expect(update.message).toBe('A canceled subscription can only update its cancellation_details and metadata.');
    expect((await stripe.subscriptions.update(subscription.id, { metadata: { note: 'kept' } })).metadata).toMatchObject({ note: 'kept' });
    const cancelAgain = await caught(stripe.subscriptions.cancel(subscription.id));
    expect(cancelAgain.statusCode).toBe(404);
  });

  it('returns related objects as ids unless they are listed in expand', async () => {
    const { customer, price } = await customerAndPrice();
    const trial = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14, payment_behavior: 'default_incomplete' });
    expect(trial.pending_setup_intent).toMatch(/^seti_/);
    expect(trial.latest_invoice).toMatch(/^in_/);
    expect(trial.customer).toBe(customer.id);
    const expanded = await stripe.subscriptions.retrieve(trial.id, { expand: ['pending_setup_intent', 'latest_invoice', 'customer'] });
    expect(expanded.pending_setup_intent).toMatchObject({ object: 'setup_intent', client_secret: expect.stringMatching(/^seti_\w+_secret_/) });
    expect(expanded.customer).toMatchObject({ id: customer.id, object: 'customer' });
    // confirmation_secret is includable: only there when named.
    expect(expanded.latest_invoice).toMatchObject({ object: 'invoice' });
    expect(expanded.latest_invoice).not.toHaveProperty('confirmation_secret');

    const paying = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
    expect(paying.status).toBe('incomplete');
    expect(paying.latest_invoice).toMatchObject({ confirmation_secret: { type: 'payment_intent', client_secret: expect.stringMatching(/^pi_\w+_secret_/) } });
    expect(paying.pending_setup_intent).toBeNull();
  });
});

describe('fake Stripe confirms intents for Stripe.js as Stripe does', () => {
  /** What Stripe.js posts from the browser: the publishable key and the client secret, the card as a test token. */
  const confirm = (kind: 'payment_intents' | 'setup_intents', secret: string, fields: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${fake.port}/v1/${kind}/${secret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: fake.publishableKey, client_secret: secret, 'payment_method_data[type]': 'card', 'payment_method_data[card][token]': 'tok_visa', expected_payment_method_type: 'card', use_stripe_sdk: 'true', ...fields }),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

  async function incompleteSubscription(trial = false) {
    const { customer, price } = await customerAndPrice();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', ...(trial ? { trial_period_days: 14 } : {}),
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    const secret = trial ? (subscription.pending_setup_intent as Stripe.SetupIntent).client_secret! : (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    return { customer, subscription, secret };
  }

  it('pays the first invoice with a working card: the subscription turns active and the card becomes the default', async () => {
    const { customer, subscription, secret } = await incompleteSubscription();
    const paid = await confirm('payment_intents', secret);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 4900, amount_received: 4900, client_secret: secret });
    expect(fake.subscription(subscription.id).status).toBe('active');
    expect(fake.invoices.get((subscription.latest_invoice as Stripe.Invoice).id!)).toMatchObject({ status: 'paid', amount_paid: 4900, amount_remaining: 0 });
    expect(fake.customers.get(customer.id)!.invoice_settings.default_payment_method).toBe(paid.body.payment_method);
    // Confirming a paid intent again is refused.
    expect((await confirm('payment_intents', secret)).body.error.code).toBe('payment_intent_unexpected_state');
  });

  it('declines the declining test card with a 402 card_error and leaves the subscription incomplete', async () => {
    const { subscription, secret } = await incompleteSubscription();
    const declined = await confirm('payment_intents', secret, { 'payment_method_data[card][token]': 'tok_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { status: 'requires_payment_method' } });
    expect(fake.subscription(subscription.id).status).toBe('incomplete');
  });

  it('saves the card of a trial through its SetupIntent', async () => {
    const { customer, subscription, secret } = await incompleteSubscription(true);
    const saved = await confirm('setup_intents', secret);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ object: 'setup_intent', status: 'succeeded' });
    expect(fake.subscription(subscription.id).status).toBe('trialing');
    expect(fake.customers.get(customer.id)!.invoice_settings.default_payment_method).toBe(saved.body.payment_method);
  });

  it('refuses the secret key, a wrong or missing client secret, unknown parameters and unknown cards', async () => {
    const { secret } = await incompleteSubscription();
    expect((await confirm('payment_intents', secret, { key: fake.secretKey })).status).toBe(401);
    expect((await confirm('payment_intents', secret, { key: '' })).status).toBe(401);
    const other = await incompleteSubscription();
    const mismatch = await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: fake.publishableKey, client_secret: other.secret, 'payment_method_data[type]': 'card', 'payment_method_data[card][token]': 'tok_visa' }),
    });
    expect(mismatch.status).toBe(400);
    expect((await confirm('payment_intents', secret, { client_secret: '' })).body.error).toMatchObject({ code: 'parameter_missing', param: 'client_secret' });
    expect((await confirm('payment_intents', secret, { amount: '1' })).body.error).toMatchObject({ code: 'parameter_unknown', param: 'amount' });
    expect((await confirm('payment_intents', secret, { 'payment_method_data[card][token]': 'tok_made_up' })).status).toBe(404);
  });
});

describe('the app against the strict fake', () => {
  it('cannot create a subscription with a wrong secret key (503, no details)', async () => {
    const t = await createTestApp(fake.env({ STRIPE_SECRET_KEY: 'sk_test_revoked_key_1234' }));
    try {
      const { client } = await createBusiness(t);
      const res = await client.post('/api/create-subscription', { tier: 'startup' });
      expect(res.status).toBe(503);
      expect(res.body.error.message).not.toMatch(/sk_test/);
    } finally {
      await t.close();
    }
  });
});

describe('fake Stripe Connect is as strict as Stripe (decision record 025)', () => {
  async function expressAccount() {
    return stripe.accounts.create({ type: 'express', email: 'staff@example.com', capabilities: { transfers: { requested: true } }, metadata: { proStaffId: '7' } });
  }
  async function paidIntent(amount = 5000) {
    const customer = await stripe.customers.create({ email: 'biz@example.com' });
    const card = fake.saveCard(customer.id);
    return stripe.paymentIntents.create({ amount, currency: 'usd', customer: customer.id, payment_method: card, confirm: true, off_session: true, transfer_group: 'payout_1' });
  }

  it('creates an Express account that cannot take transfers until onboarding is complete, retrievable by id', async () => {
    const account = await expressAccount();
    expect(account).toMatchObject({ object: 'account', type: 'express', charges_enabled: false, payouts_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' }, metadata: { proStaffId: '7' } });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
    const unknown = await caught(stripe.accounts.retrieve('acct_nobody'));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.code).toBe('account_invalid');
    const noTransfers = await caught(stripe.accounts.create({ type: 'express', capabilities: { card_payments: { requested: true } } }));
    expect(noTransfers.param).toBe('capabilities');
  });

  it('creates onboarding account links, refuses account_update for Express accounts and missing parameters', async () => {
    const account = await expressAccount();
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost/r', return_url: 'http://localhost/done' });
    expect(link).toMatchObject({ object: 'account_link', url: expect.stringContaining(account.id) });
    expect(link.expires_at).toBeGreaterThan(link.created);
    const update = await caught(stripe.accountLinks.create({ account: account.id, type: 'account_update', refresh_url: 'http://localhost/r', return_url: 'http://localhost/done' }));
    expect(update.raw).toMatchObject({ param: 'type', message: expect.stringContaining('Stripe-hosted Dashboard') });
    const noType = await caught(stripe.accountLinks.create({ account: account.id, refresh_url: 'http://localhost/r', return_url: 'http://localhost/done' } as never));
    expect(noType.raw).toMatchObject({ code: 'parameter_missing', param: 'type' });
    const noReturn = await caught(stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost/r' }));
    expect(noReturn.raw).toMatchObject({ code: 'parameter_missing', param: 'return_url' });
    const relative = await caught(stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: '/r', return_url: '/done' }));
    expect(relative.raw).toMatchObject({ code: 'url_invalid', param: 'refresh_url' });
    const unknown = await caught(stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://x/r', return_url: 'http://x/d', flavour: 'x' } as never));
    expect(unknown.raw).toMatchObject({ code: 'parameter_unknown', param: 'flavour' });
  });

  it('charges a saved card off session; a declining test card fails with a 402 card_error naming the PaymentIntent', async () => {
    const intent = await paidIntent();
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 5000, amount_received: 5000, currency: 'usd', transfer_group: 'payout_1', latest_charge: expect.stringMatching(/^ch_/) });
    expect(typeof intent.customer).toBe('string');
    const retrieved = await stripe.paymentIntents.retrieve(intent.id);
    expect(retrieved.status).toBe('succeeded');
    const customer = await stripe.customers.create({ email: 'declined@example.com' });
    const declined = await caught(stripe.paymentIntents.create({ amount: 100, currency: 'usd', customer: customer.id, payment_method: 'pm_card_chargeDeclined', confirm: true, off_session: true }));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined.statusCode).toBe(402);
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(declined.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
  });

  it('refuses a PaymentIntent without amount or currency, off_session without confirm, and an unknown payment method', async () => {
    expect((await caught(stripe.paymentIntents.create({ currency: 'usd' } as never))).raw).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    expect((await caught(stripe.paymentIntents.create({ amount: 100 } as never))).raw).toMatchObject({ code: 'parameter_missing', param: 'currency' });
    expect((await caught(stripe.paymentIntents.create({ amount: 100, currency: 'usd', payment_method: 'pm_card_visa', off_session: true }))).raw).toMatchObject({ param: 'off_session' });
    expect((await caught(stripe.paymentIntents.create({ amount: 100, currency: 'usd', payment_method: 'pm_nobody', confirm: true }))).statusCode).toBe(404);
  });

  it('transfers to an onboarded account only, within what the source charge holds, and fails on demand', async () => {
    const account = await expressAccount();
    const intent = await paidIntent(5000);
    const charge = intent.latest_charge as string;
    const params = { amount: 3000, currency: 'usd', destination: account.id, transfer_group: 'payout_1', source_transaction: charge };
    const inactive = await caught(stripe.transfers.create(params));
    expect(inactive.raw).toMatchObject({ code: 'insufficient_capabilities_for_transfer', param: 'destination' });
    fake.completeOnboarding(account.id);
    const transfer = await stripe.transfers.create(params);
    expect(transfer).toMatchObject({ object: 'transfer', amount: 3000, currency: 'usd', destination: account.id, transfer_group: 'payout_1', source_transaction: charge });
    expect((await caught(stripe.transfers.create({ ...params, amount: 2001 }))).raw).toMatchObject({ code: 'amount_too_large' });
    fake.connect.failingTransfers.set(account.id, 'balance_insufficient');
    expect((await caught(stripe.transfers.create({ ...params, amount: 100 }))).raw).toMatchObject({ code: 'balance_insufficient' });
    fake.connect.failingTransfers.delete(account.id);
    expect((await caught(stripe.transfers.create({ amount: 1, currency: 'usd' } as never))).raw).toMatchObject({ code: 'parameter_missing', param: 'destination' });
    expect((await caught(stripe.transfers.create({ ...params, destination: 'acct_nobody' }))).statusCode).toBe(404);
    // A refund takes at most what is left unrefunded on the charge.
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 })).status).toBe('succeeded');
    expect((await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 3001 }))).raw).toMatchObject({ code: 'amount_too_large' });
  });

  it('replays a transfer for the same idempotency key and refuses the key with other parameters', async () => {
    const account = await expressAccount();
    fake.completeOnboarding(account.id);
    const intent = await paidIntent(5000);
    const params = { amount: 1000, currency: 'usd', destination: account.id, source_transaction: intent.latest_charge as string };
    const first = await stripe.transfers.create(params, { idempotencyKey: 'payout:x:transfer:1' });
    const again = await stripe.transfers.create(params, { idempotencyKey: 'payout:x:transfer:1' });
    expect(again.id).toBe(first.id);
    expect(fake.connect.transfers.size).toBeGreaterThan(0);
    const other = await caught(stripe.transfers.create({ ...params, amount: 999 }, { idempotencyKey: 'payout:x:transfer:1' }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('emits account.updated on completing onboarding, signed exactly as the SDK’s test header helper signs', async () => {
    const account = await expressAccount();
    const event = fake.completeOnboarding(account.id);
    expect(event).toMatchObject({ object: 'event', type: 'account.updated', account: account.id, data: { object: { id: account.id, charges_enabled: true, payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } } } });
    const timestamp = Math.floor(Date.now() / 1000);
    const { payload, signature } = fake.signed(event, fake.webhookSecret, timestamp);
    expect(signature).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret, timestamp }));
    expect(stripe.webhooks.constructEvent(payload, signature, fake.webhookSecret).id).toBe(event.id);
    const restricted = fake.restrictAccount(account.id);
    expect(restricted.data.object).toMatchObject({ payouts_enabled: false, capabilities: { transfers: 'inactive' }, requirements: { disabled_reason: 'requirements.past_due' } });
  });
});

describe('fake Stripe refuses what Stripe refuses for payout charges (issue 40)', () => {
  /** A charge as the app makes one for a payout: off session on a card saved on the customer. */
  const charge = (params: Partial<Stripe.PaymentIntentCreateParams>, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create({ amount: 5000, currency: 'usd', confirm: true, off_session: true, ...params }, options);
  async function customerWithCard(card = 'pm_card_visa') {
    const customer = await stripe.customers.create({ email: 'biz@example.com' });
    return { customer: customer.id, card: fake.saveCard(customer.id, card) };
  }

  it('refuses a charge under the currency\'s minimum with amount_too_small, worded as Stripe words it (USD, EUR, GBP, JPY)', async () => {
    const { customer, card } = await customerWithCard();
    for (const [currency, under, minimum, shown] of [['usd', 49, 50, '$0.50 usd'], ['eur', 49, 50, '€0.50 eur'], ['gbp', 29, 30, '£0.30 gbp'], ['jpy', 49, 50, '¥50 jpy'], ['cad', 49, 50, '$0.50 cad']] as const) {
      const error = await caught(charge({ amount: under, currency, customer, payment_method: card }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.statusCode).toBe(400);
      expect(error.raw).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: `Amount must be at least ${shown}` });
      expect((await charge({ amount: minimum, currency, customer, payment_method: card })).status).toBe('succeeded');
    }
  });

  it('charges a customer\'s saved card only with that customer: another customer\'s, or none, is refused as Stripe refuses it', async () => {
    const owner = await customerWithCard();
    const other = await customerWithCard();
    expect(owner.card).toMatch(/^pm_/);
    expect(owner.card).not.toBe(other.card);
    const foreign = await caught(charge({ customer: other.customer, payment_method: owner.card }));
    expect(foreign).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.raw).toMatchObject({ type: 'invalid_request_error', param: 'payment_method', message: `The PaymentMethod ${owner.card} does not belong to the Customer you supplied ${other.customer}. Please use this PaymentMethod with the Customer that it belongs to instead.` });
    expect(foreign.code).toBeUndefined();
    const customerless = await caught(charge({ payment_method: owner.card }));
    expect(customerless.raw).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'source', message: expect.stringContaining(`belongs to the Customer ${owner.customer}`) });
    expect((await charge({ customer: owner.customer, payment_method: owner.card })).status).toBe('succeeded');
    // A test card name is a new, unattached card at each use: any customer may pay with it once.
    expect((await charge({ customer: other.customer, payment_method: 'pm_card_visa' })).status).toBe('succeeded');
    // A saved declining test card still declines.
    const declining = await customerWithCard('pm_card_chargeDeclined');
    expect(await caught(charge({ customer: declining.customer, payment_method: declining.card }))).toBeInstanceOf(Stripe.errors.StripeCardError);
  });

  it('saves no idempotent result for a refusal in validation, replays an executed one (a decline too) and refuses the key with other parameters', async () => {
    const { customer, card } = await customerWithCard();
    const tooSmall = await caught(charge({ amount: 10, customer, payment_method: card }, { idempotencyKey: 'payout:v:charge' }));
    expect(tooSmall.code).toBe('amount_too_small');
    const unknown = await caught(charge({ customer, payment_method: card, colour: 'red' } as never, { idempotencyKey: 'payout:v:charge' }));
    expect(unknown.code).toBe('parameter_unknown');
    const corrected = await charge({ customer, payment_method: card }, { idempotencyKey: 'payout:v:charge' });
    expect(corrected.status).toBe('succeeded');
    expect(corrected.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const again = await charge({ customer, payment_method: card }, { idempotencyKey: 'payout:v:charge' });
    expect(again.id).toBe(corrected.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await caught(charge({ amount: 5001, customer, payment_method: card }, { idempotencyKey: 'payout:v:charge' }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.raw).toMatchObject({ type: 'idempotency_error', message: expect.stringMatching(/^Keys for idempotent requests can only be used with the same parameters they were first used with\./) });

    const declining = await customerWithCard('pm_card_chargeDeclined');
    const intents = fake.connect.paymentIntents.size;
    const declined = await caught(charge({ customer: declining.customer, payment_method: declining.card }, { idempotencyKey: 'payout:d:charge' }));
    const replayed = await caught(charge({ customer: declining.customer, payment_method: declining.card }, { idempotencyKey: 'payout:d:charge' }));
    expect(replayed).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(replayed.statusCode).toBe(402);
    expect(replayed.headers?.['idempotent-replayed']).toBe('true');
    expect(replayed.payment_intent!.id).toBe(declined.payment_intent!.id);
    expect(fake.connect.paymentIntents.size).toBe(intents + 1);
  });

  it('answers parameter_unknown, naming the parameter, on every call billing and payouts make (nested parameters too)', async () => {
    const { customer, price } = await customerAndPrice();
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    fake.completeOnboarding(account.id);
    const payer = await customerWithCard();
    const intent = await charge({ customer: payer.customer, payment_method: payer.card });
    const x = { colour: 'red' } as never;
    const calls: [string, () => Promise<unknown>][] = [
      ['colour', () => stripe.customers.create(x)],
      ['colour', () => stripe.customers.retrieve(customer.id, x)],
      ['colour', () => stripe.prices.list(x)],
      ['colour', () => stripe.prices.create({ currency: 'usd', unit_amount: 100, product_data: { name: 'P' }, colour: 'red' } as never)],
      ['recurring[intervall]', () => stripe.prices.create({ currency: 'usd', unit_amount: 100, product_data: { name: 'P' }, recurring: { intervall: 'month' } } as never)],
      ['colour', () => stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], colour: 'red' } as never)],
      ['items[0][prices]', () => stripe.subscriptions.create({ customer: customer.id, items: [{ prices: price.id }] } as never)],
      ['trial_settings[end_behavior][missing_card]', () => stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_settings: { end_behavior: { missing_card: 'cancel' } } } as never)],
      ['colour', () => stripe.subscriptions.retrieve(subscription.id, x)],
      ['colour', () => stripe.subscriptions.update(subscription.id, x)],
      ['colour', () => stripe.subscriptions.cancel(subscription.id, x)],
      ['colour', () => stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } }, colour: 'red' } as never)],
      ['capabilities[transfers][requestd]', () => stripe.accounts.create({ type: 'express', capabilities: { transfers: { requestd: true } } } as never)],
      ['colour', () => stripe.accounts.retrieve(account.id, x)],
      ['colour', () => stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://x/r', return_url: 'http://x/d', colour: 'red' } as never)],
      ['colour', () => stripe.paymentIntents.create({ amount: 5000, currency: 'usd', colour: 'red' } as never)],
      ['colour', () => stripe.paymentIntents.retrieve(intent.id, x)],
      ['colour', () => stripe.transfers.create({ amount: 100, currency: 'usd', destination: account.id, colour: 'red' } as never)],
      ['colour', () => stripe.refunds.create({ payment_intent: intent.id, colour: 'red' } as never)],
    ];
    for (const [param, call] of calls) {
      const error = await caught(call());
      expect(error, param).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.statusCode).toBe(400);
      expect(error.raw).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` });
    }
    // metadata takes any keys.
    expect((await stripe.customers.create({ metadata: { colour: 'red' } })).metadata).toEqual({ colour: 'red' });
  });
});
