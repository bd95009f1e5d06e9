import { expect, test, type Page } from './fixtures';
import { expectToast, pageCall, signUp, submitJobPosting } from './helpers';

// The e2e server has no Stripe keys: the trial must work without them (issue 18, decision record 014).

async function postJob(page: Page, title: string) {
  const dialog = await submitJobPosting(page, title);
  await expectToast(page, 'Job Posted');
  await expect(dialog).toBeHidden();
}

const call = pageCall;

test('a new business starts a Startup trial without a card, posts its second job, and gets Free limits back when it ends', async ({ page }) => {
  test.setTimeout(90_000); // a long flow: sign-up, two posts, three pages
  await signUp(page, 'business');
  const stamp = Date.now().toString(36);
  expect((await call(page, 'POST', '/api/business-profiles', { companyName: `Trial Outfitters ${stamp}`, location: 'Bozeman, MT' })).status).toBeLessThan(300);
  await postJob(page, `Trial Elk Guide One ${stamp}`);

  await page.goto('/subscription');
  // Card payment is not set up on this server, and says so; the trial buttons still work.
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Processing Setup Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stripe Keys Not Configured' })).toHaveCount(4);
  const startup = page.getByTestId('plan-startup');
  await startup.getByRole('button', { name: 'Start 14-day free trial' }).click();
  await expectToast(page, 'Free trial started');
  const trialCard = page.getByTestId('trial-status');
  await expect(trialCard).toContainText('STARTUP');
  await expect(trialCard).toContainText('14 days left');
  await expect(page.getByTestId('plan-startup').getByText('Current Plan')).toBeVisible();
  // One trial per account: the offer is gone.
  await expect(page.getByRole('button', { name: 'Start 14-day free trial' })).toHaveCount(0);

  await page.goto('/business-dashboard');
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toContainText('Startup trial: 14 days left');
  await expect(banner.getByRole('link', { name: 'Keep Startup' })).toHaveAttribute('href', '/subscription');

  // Free allows one post a month; the Startup trial allows the second.
  await postJob(page, `Trial Elk Guide Two ${stamp}`);
  await expect(page.getByTestId('own-job').filter({ hasText: `Trial Elk Guide Two ${stamp}` })).toBeVisible();

  // Fourteen days later (the test-only hook ends the trial now and runs the scheduled job).
  expect(await call(page, 'POST', '/api/test/end-my-trial')).toEqual({ status: 200, body: { reminded: 0, ended: 1 } });
  await page.goto('/business-dashboard');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  const refused = await call(page, 'POST', '/api/job-postings', {
    title: `Trial Elk Guide Three ${stamp}`, description: 'Guide late-season elk hunts.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$400 per day',
  });
  expect(refused.status).toBe(402);
  expect(refused.body.error.code).toBe('PLAN_LIMIT');

  await page.goto('/subscription');
  await expect(page.getByTestId('trial-status')).toContainText('Your Startup trial ended on');
  await expect(page.getByTestId('plan-free').getByText('Current Plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start 14-day free trial' })).toHaveCount(0);
});

test('a pro staffer can try Elite from the subscription page and sees it on the dashboard', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await page.goto('/subscription');
  await page.getByTestId('plan-elite').getByRole('button', { name: 'Start 14-day free trial' }).click();
  await expectToast(page, 'Free trial started');
  await page.goto('/pro-staff-dashboard');
  await expect(page.getByTestId('trial-banner')).toContainText('Elite trial: 14 days left');
});
