import type { FakeStripeServer } from '../../src/server/test/fake-stripe-server';
import { expect, test } from './fixtures';
import { startAppWithFakeStripe, type FakeStripeApp } from './fake-stripe-app';
import { DEMO_ADMIN, newAccountWithProfile, pageCall, seriousViolations, signIn } from './helpers';

// Payout reconciliation (decision record 037) in the browser: a payout made through the app on a server of this
// spec's own pointed at the fake Stripe (fake-stripe-app.ts, with the demo admin account), then reversed at Stripe
// behind the app's back; the admin page shows the mismatch.

let app: FakeStripeApp;
let fake: FakeStripeServer;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppWithFakeStripe('reconciliation', { SEED_DEMO: 'true' });
  ({ fake, base } = app);
});

test.afterAll(async () => {
  await app?.stop();
});

test('the admin page shows a payout transfer reversed at Stripe behind the app’s back', async ({ browser }) => {
  test.slow();
  // A pro staffer with a payout account Stripe has onboarded.
  const pro = await app.pageOn(browser);
  await newAccountWithProfile(pro, 'pro_staff', 'Jake Payee');
  expect((await pageCall(pro, 'POST', '/api/payout-account/link')).status).toBe(200);
  const accountId = [...fake.connect.accounts.keys()].at(-1)!;
  expect(await fake.deliver(`${base}/api/stripe/connect-webhook`, fake.completeOnboarding(accountId), fake.connectWebhookSecret)).toBe(200);
  const proStaffId = (await pageCall(pro, 'GET', '/api/auth/me')).body.proStaffId as number;

  // A business with a saved card pays Jake USD 40.00 through HuntStaff.
  const biz = await app.pageOn(browser);
  const { email } = await newAccountWithProfile(biz, 'business', 'Reconcile Outfitters');
  expect((await pageCall(biz, 'POST', '/api/create-subscription', { tier: 'startup' })).status).toBe(200);
  fake.saveCard([...fake.customers.values()].find((c) => c.email === email)!.id);
  const commission = await pageCall(biz, 'POST', '/api/commissions', { proStaffId, amount: '40.00' });
  expect(commission.status).toBe(201);
  const payout = await pageCall(biz, 'POST', '/api/payouts', { commissionIds: [commission.body.id] });
  expect(payout.body).toMatchObject({ status: 'paid' });
  const transfer = [...fake.connect.transfers.values()].find((t) => t.destination === accountId)!;

  // Everything matches at first.
  const admin = await app.pageOn(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const panel = admin.locator('#payout-reconciliation');
  await expect(panel.getByRole('heading', { name: 'Payout Reconciliation' })).toBeVisible();
  await expect(panel.getByTestId('reconciliation-summary')).toContainText('1 transfer recorded as paid, 1 HuntStaff transfer at Stripe');
  await expect(panel.getByTestId('reconciliation-empty')).toContainText('No mismatches');

  // Stripe reverses USD 15.00 of it; the app is not told. Comparing again shows it, under the business and currency.
  fake.reverseTransfer(transfer.id, 1500);
  await panel.getByRole('button', { name: 'Compare with Stripe' }).click();
  const group = panel.getByRole('region', { name: 'Reconcile Outfitters · USD' });
  await expect(group).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('1 mismatch with Stripe');
  const mismatch = group.getByTestId('reconciliation-mismatch');
  await expect(mismatch).toHaveCount(1);
  await expect(mismatch).toContainText('Reversed at Stripe');
  await expect(mismatch).toContainText('Stripe reversed USD 15.00 of USD 40.00; HuntStaff still shows the full amount as paid.');
  await expect(mismatch).toContainText(`Payout #${payout.body.id}`);
  await expect(mismatch).toContainText(transfer.id);
  expect(await seriousViolations(admin, '#payout-reconciliation')).toEqual([]);

  // A range with nothing in it is empty; a range the wrong way round is refused with the server's words.
  await panel.getByLabel('From').fill('2020-01-01');
  await panel.getByLabel('To').fill('2020-01-07');
  await panel.getByRole('button', { name: 'Compare with Stripe' }).click();
  await expect(panel.getByTestId('reconciliation-summary')).toContainText('2020-01-01 to 2020-01-07: 0 transfers recorded as paid');
  await expect(panel.getByTestId('reconciliation-empty')).toBeVisible();
  await panel.getByLabel('From').fill('2020-01-08');
  await panel.getByRole('button', { name: 'Compare with Stripe' }).click();
  await expect(panel.getByRole('alert')).toContainText('from must be on or before to');

  for (const page of [pro, biz, admin]) await page.context().close();
});
