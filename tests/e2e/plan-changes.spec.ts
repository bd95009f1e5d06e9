import type { FakeStripeServer } from '../../src/server/test/fake-stripe-server';
import { expect, test, type Page } from './fixtures';
import { startAppWithFakeStripe, type FakeStripeApp } from './fake-stripe-app';
import { expectToast, pageCall, seriousViolations, signUp } from './helpers';

// Plan changes with proration and the 30-day money-back guarantee (decision record 042), on a server of this spec's
// own pointed at the fake Stripe. The account pays for its first month at the fake (as a confirmed card does) and the
// spec delivers the signed events Stripe would send; everything after that is done on the subscription page.

let app: FakeStripeApp;
let fake: FakeStripeServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppWithFakeStripe('plan-changes');
  ({ fake } = app);
});

test.afterAll(async () => {
  await app?.stop();
});

/** A business past its free trial, paying for Startup: the first invoice paid and both webhooks delivered. */
async function payingBusiness(page: Page) {
  await signUp(page, 'business');
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);
  expect((await pageCall(page, 'POST', '/api/test/end-my-trial')).status).toBe(200);
  const created = await pageCall(page, 'POST', '/api/create-subscription', { tier: 'startup' });
  expect(created.status).toBe(200);
  const subscriptionId: string = created.body.subscriptionId;
  const invoice = fake.paySubscription(subscriptionId);
  const webhook = `${app.base}/api/stripe/webhook`;
  expect(await fake.deliver(webhook, fake.event('customer.subscription.updated', fake.subscription(subscriptionId)))).toBe(200);
  expect(await fake.deliver(webhook, fake.event('invoice.paid', invoice))).toBe(200);
  return subscriptionId;
}

test('an upgrade shows Stripe’s prorated amount before it is confirmed, then a money-back cancellation refunds the payments', async ({ browser }) => {
  test.slow();
  const page = await app.pageOn(browser);
  const subscriptionId = await payingBusiness(page);
  // Ten of the period's thirty days are used: the preview prorates the rest.
  const item = fake.subscriptions.get(subscriptionId)!.items.data[0];
  item.current_period_start = Math.floor(Date.now() / 1000) - 10 * 86_400;
  item.current_period_end = item.current_period_start + 30 * 86_400;

  await page.goto('/subscription');
  await expect(page.getByTestId('plan-change-terms')).toContainText('an upgrade applies at once and you pay the prorated difference');
  await page.getByTestId('plan-professional').getByRole('button', { name: 'Switch to This Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Professional' });
  // Two thirds of (149 − 49) dollars: Stripe's own preview, lines and all.
  await expect(dialog.getByTestId('amount-due')).toHaveText('USD 66.66');
  await expect(dialog.getByText('Credit for the unused days of your current plan')).toBeVisible();
  await expect(dialog.getByText(/The Professional plan’s limits apply as soon as you confirm\. From .+ you pay USD 149\.00 per month\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Pay USD 66.66 and switch' }).click();
  await expectToast(page, 'Plan changed', 'You are on Professional now. USD 66.66 was charged to your card.');
  await expect(page.getByTestId('plan-professional').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  const [update] = fake.posts(`/v1/subscriptions/${subscriptionId}`);
  const [firstPreview] = fake.posts('/v1/invoices/create_preview');
  expect(update.body.proration_date).toBe((firstPreview.body.subscription_details as Record<string, unknown>).proration_date);
  // Stripe tells the app the proration invoice was paid, as it does for every paid invoice.
  const prorationInvoice = fake.billing.render(fake.invoices.get(fake.subscriptions.get(subscriptionId)!.latest_invoice)!, []);
  expect(await fake.deliver(`${app.base}/api/stripe/webhook`, fake.event('invoice.paid', prorationInvoice))).toBe(200);
  await page.reload();

  // The guarantee: within 30 days of the first payment, cancel and get it back.
  const moneyBack = page.getByTestId('money-back');
  await expect(moneyBack.getByText(/Available until .+: USD 115\.66 would be refunded\./)).toBeVisible();
  await moneyBack.getByRole('button', { name: 'Cancel and get a refund' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel and get a refund?' }).getByRole('button', { name: 'Cancel and refund' }).click();
  await expectToast(page, 'Refund on its way', 'USD 115.66 is refunded and you are on the Free plan now.');
  await expect(page.getByTestId('plan-free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  // Both payments of the 30 days: the first month and the upgrade's proration.
  expect(fake.posts('/v1/refunds')).toHaveLength(2);
  expect(fake.subscription(subscriptionId).status).toBe('canceled');

  // Once per account: the guarantee now says it was used, and the button is disabled with that reason.
  const status = await pageCall(page, 'GET', '/api/subscription/money-back');
  expect(status.body).toMatchObject({ eligible: false, reason: expect.stringMatching(/^You used the 30-day money-back guarantee on /) });
});
