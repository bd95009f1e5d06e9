import { readFileSync } from 'node:fs';
import type { FakeStripeServer } from '../../src/server/test/fake-stripe-server';
import { expect, test, type Page } from './fixtures';
import { startAppWithFakeStripe, type FakeStripeApp } from './fake-stripe-app';
import { expectToast, pageCall, signUp } from './helpers';

// Subscribing in the browser (issue 26 item 4), on a server of this spec's own pointed at the fake Stripe
// (fake-stripe-app.ts). js.stripe.com is not reachable here, so Stripe.js is a stand-in (stripe-js-stand-in.js) that
// sends what Stripe.js sends to api.stripe.com; those calls are forwarded to the fake, which decides as Stripe does
// (publishable key, client secret, test cards; decision record 018). Then the spec delivers the signed event Stripe
// would send, since the plan is the webhook's to grant (record 014).

let app: FakeStripeApp;
let fake: FakeStripeServer;

const standIn = readFileSync(new URL('./stripe-js-stand-in.js', import.meta.url), 'utf8');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppWithFakeStripe('checkout');
  ({ fake } = app);
});

test.afterAll(async () => {
  await app?.stop();
});

/** Stripe.js is the stand-in; its calls to api.stripe.com reach the fake, with the CORS header Stripe's API sends. */
async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: standIn }));
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const res = await fetch(`http://127.0.0.1:${fake.port}${new URL(request.url()).pathname}`, {
      method: request.method(),
      headers: { 'content-type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    });
    await route.fulfill({ status: res.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await res.text() });
  });
}

async function typeCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await dialog.getByLabel('Security code').fill('123');
  await dialog.getByLabel('ZIP').fill('59715');
}

/** The subscription the fake holds for the account signed up with `email`. */
function subscriptionOf(email: string) {
  const customer = [...fake.customers.values()].find((c) => c.email === email)!;
  return [...fake.subscriptions.values()].filter((s) => s.customer === customer.id).at(-1)!;
}

async function deliver(type: string, subscriptionId: string) {
  expect(await fake.deliver(`${app.base}/api/stripe/webhook`, fake.event(type, fake.subscription(subscriptionId)))).toBe(200);
}

test('a new business subscribes with its free trial: the card is saved through Stripe.js and the plan starts when Stripe says so', async ({ browser }) => {
  test.slow();
  const page = await app.pageOn(browser);
  await routeStripe(page);
  const email = await signUp(page, 'business');
  await page.goto('/subscription');
  await page.getByTestId('plan-professional').getByRole('button', { name: 'Subscribe Now' }).click();

  const dialog = page.getByRole('dialog', { name: 'Subscribe to Professional' });
  await expect(dialog.getByText(/Your 14-day free trial starts today\. Nothing is charged until/)).toBeVisible();
  const complete = dialog.getByRole('button', { name: 'Complete Subscription' });
  await expect(complete).toBeDisabled();
  await typeCard(page, '4242 4242 4242 4242');
  await expect(complete).toBeEnabled();
  await complete.click();

  // Stripe.js confirmed the SetupIntent with the publishable key and the subscription's own client secret.
  await expect.poll(() => fake.posts('/v1/setup_intents/').length).toBe(1);
  const [confirmCall] = fake.posts('/v1/setup_intents/');
  const subscription = subscriptionOf(email);
  expect(confirmCall.body).toMatchObject({ key: fake.publishableKey, client_secret: fake.setupIntents.get(subscription.pending_setup_intent)!.client_secret });
  expect(fake.customers.get(subscription.customer)!.invoice_settings.default_payment_method).toMatch(/^pm_/);
  await deliver('customer.subscription.created', subscription.id);

  await expectToast(page, 'Payment Successful');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('plan-professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  expect((await pageCall(page, 'GET', '/api/subscription-status')).body).toMatchObject({ hasSubscription: true, tier: 'professional', status: 'trialing' });
});

test('a business past its trial pays in the browser: a declined card is told so and changes nothing, a working card starts the plan', async ({ browser }) => {
  test.slow();
  const page = await app.pageOn(browser);
  await routeStripe(page);
  const email = await signUp(page, 'business');
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/test/end-my-trial')).status).toBe(200);
  await page.goto('/subscription');
  await page.getByTestId('plan-professional').getByRole('button', { name: 'Subscribe Now' }).click();

  const dialog = page.getByRole('dialog', { name: 'Subscribe to Professional' });
  await expect(dialog.getByText(/free trial starts today/)).toHaveCount(0);
  await typeCard(page, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Complete Subscription' }).click();
  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  await expect(dialog).toBeVisible();
  const subscription = subscriptionOf(email);
  expect(fake.subscription(subscription.id).status).toBe('incomplete');

  await typeCard(page, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect.poll(() => fake.subscription(subscription.id).status).toBe('active');
  const confirms = fake.posts('/v1/payment_intents/').filter((r) => r.path.endsWith('/confirm'));
  expect(confirms.map((r) => r.body.payment_method_data)).toEqual([
    { type: 'card', card: { token: 'tok_chargeDeclined' } },
    { type: 'card', card: { token: 'tok_visa' } },
  ]);
  await deliver('customer.subscription.updated', subscription.id);

  await expectToast(page, 'Payment Successful');
  await expect(page.getByTestId('plan-professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  expect((await pageCall(page, 'GET', '/api/subscription-status')).body).toMatchObject({ hasSubscription: true, tier: 'professional', status: 'active' });
});
