import { readFile } from 'node:fs/promises';
import type { FakeStripeServer } from '../../src/server/test/fake-stripe-server';
import { expect, test, type Browser, type Page } from './fixtures';
import { startAppWithFakeStripe, type FakeStripeApp } from './fake-stripe-app';
import { expectToast, newAccountWithProfile, pageCall, seriousViolations } from './helpers';

// Payouts through Stripe Connect (decision record 025) in the browser, on a server of this spec's own pointed at the
// fake Stripe (fake-stripe-app.ts): the spec completes onboarding on the fake and delivers the signed account.updated
// event to the server, as Stripe would. Stripe's hosted onboarding page is answered by a stand-in (connect.stripe.com
// is not reachable here).

let app: FakeStripeApp;
let fake: FakeStripeServer;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppWithFakeStripe('payouts');
  ({ fake, base } = app);
});

test.afterAll(async () => {
  await app?.stop();
});

/** A page on this spec's own server. */
async function pageOn(browser: Browser): Promise<Page> {
  return app.pageOn(browser);
}

/** The CSV a statement panel downloads, as rows of cells (no quoted commas in these rows). */
async function download(page: Page, panel: string, file: RegExp): Promise<string[][]> {
  const [file$] = await Promise.all([page.waitForEvent('download'), page.getByTestId(panel).getByRole('link', { name: 'Download CSV' }).click()]);
  expect(file$.suggestedFilename()).toMatch(file);
  const text = await readFile((await file$.path())!, 'utf8');
  return text.trim().split('\r\n').map((line) => line.split(','));
}

test('a pro staffer connects a payout account, the business pays two commissions in one payout, both download matching statements', async ({ browser }) => {
  test.slow();
  // The pro staffer connects a payout account through (the stand-in for) Stripe's hosted onboarding.
  const pro = await pageOn(browser);
  await newAccountWithProfile(pro, 'pro_staff', 'Jake Payee');
  await pro.route('https://connect.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe onboarding</title><h1>Stripe onboarding</h1>' }));
  await pro.goto('/pro-staff-dashboard');
  const account = pro.getByTestId('payout-account');
  await expect(account).toContainText('No payout account yet');
  await account.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(pro).toHaveURL(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
  const accountId = /\/(acct_[^/]+)\//.exec(pro.url())![1];
  // Finishing onboarding at Stripe: Stripe flips the account and sends account.updated to the Connect endpoint.
  expect(await fake.deliver(`${base}/api/stripe/connect-webhook`, fake.completeOnboarding(accountId), fake.connectWebhookSecret)).toBe(200);
  await pro.goto('/pro-staff-dashboard?payout-account=return');
  await expect(account).toContainText('Payout account ready');
  await expect(account.getByRole('button', { name: 'Update payout details' })).toBeVisible();
  expect(await seriousViolations(pro)).toEqual([]);
  const me = await pageCall(pro, 'GET', '/api/auth/me');
  const proStaffId = me.body.proStaffId as number;

  // The business has a saved card (its subscription's customer) and two payable commissions for Jake.
  const biz = await pageOn(browser);
  const { email } = await newAccountWithProfile(biz, 'business', 'Payout Outfitters');
  expect((await pageCall(biz, 'POST', '/api/create-subscription', { tier: 'startup' })).status).toBe(200);
  const customer = [...fake.customers.values()].find((c) => c.email === email)!;
  fake.saveCard(customer.id);
  const ids: number[] = [];
  for (const amount of ['40.00', '25.50']) {
    const res = await pageCall(biz, 'POST', '/api/commissions', { proStaffId, amount, description: `Payout run ${amount}` });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }

  await biz.goto('/business-dashboard');
  await biz.getByRole('tab', { name: 'Commissions' }).click();
  for (const id of ids) await biz.getByLabel(`Select commission #${id} for Pay now`).check();
  const bar = biz.getByTestId('pay-now-bar');
  await expect(bar).toContainText('2 selected · USD 65.50');
  expect(await seriousViolations(biz, '[role="tabpanel"]')).toEqual([]);
  await bar.getByRole('button', { name: 'Pay now' }).click();
  const confirm = biz.getByRole('alertdialog', { name: 'Pay USD 65.50 now?' });
  await expect(confirm).toContainText('Jake Payee USD 65.50');
  await confirm.getByRole('button', { name: 'Yes, Pay Now' }).click();
  await expectToast(biz, 'Payout Sent');
  const payoutRow = biz.getByTestId('payout-row').first();
  await expect(payoutRow).toContainText('USD 65.50');
  await expect(payoutRow.locator('[data-status="paid"]').first()).toBeVisible();
  for (const id of ids) await expect(biz.locator(`#commission-${id}`)).toContainText(/through HuntStaff \(payout #\d+\)/);
  // One charge, one transfer to Jake's account.
  expect(fake.posts('/v1/payment_intents').filter((r) => r.body.customer === customer.id)).toHaveLength(1);
  expect(fake.posts('/v1/transfers').filter((r) => r.body.destination === accountId).map((r) => r.body.amount)).toEqual(['6550']);

  // The business's payout statement matches the payout on screen.
  const payoutId = (await payoutRow.getByText(/^Payout #\d+$/).innerText()).replace('Payout #', '');
  const item = payoutRow.getByTestId('payout-item');
  await expect(item).toContainText('Jake Payee');
  await expect(item).toContainText('USD 65.50');
  const bizRows = await download(biz, 'payout-statement-download', /^huntstaff-payouts-business-start-to-today\.csv$/);
  expect(bizRows[0]).toEqual(['Payout', 'Created', 'Completed', 'Status', 'Business', 'Pro staff', 'Currency', 'Amount', 'Commissions', 'Failure reason']);
  expect(bizRows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6], r[7], r[8]])).toEqual([
    [payoutId, 'paid', 'Payout Outfitters', 'Jake Payee', 'USD', '65.50', ids.map((id) => `#${id}`).join(' ')],
  ]);

  // The pro staffer sees it land on the earnings page, and downloads the same row.
  await pro.goto('/earnings');
  const received = pro.getByTestId('received-payout');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('USD 65.50');
  await expect(received).toContainText('from Payout Outfitters');
  await expect(received).toContainText(`Payout #${payoutId}`);
  await expect(received.locator('[data-status="paid"]')).toBeVisible();
  const proRows = await download(pro, 'payout-statement-download', /^huntstaff-payouts-pro-staff-start-to-today\.csv$/);
  expect(proRows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[7]])).toEqual([[payoutId, 'paid', 'Payout Outfitters', 'Jake Payee', '65.50']]);
  await pro.context().close();
  await biz.context().close();
});
