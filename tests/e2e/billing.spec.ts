import { expect, test } from './fixtures';
import { DEMO_BUSINESS, seriousViolations, signIn, signUp } from './helpers';

test('signed out, the subscription page asks to log in', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription Management' })).toBeVisible();
  await expect(page.getByText('Flexible Billing:')).toBeVisible();
  await expect(page.getByText('Please log in to view subscription options.')).toBeVisible();
});

test('without Stripe keys a business sees the setup notice and disabled plan buttons', async ({ page }) => {
  await signUp(page, 'business');
  await page.goto('/subscription');
  const notice = page.getByRole('alert').filter({ hasText: 'Payment Processing Setup Required' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Payment processing is being set up. Please contact support or try again later.');
  for (const plan of ['Free', 'Startup', 'Professional', 'Enterprise']) {
    await expect(page.getByRole('heading', { name: plan, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Most Popular')).toBeVisible();
  const buttons = page.getByRole('button', { name: 'Stripe Keys Not Configured' });
  await expect(buttons).toHaveCount(4);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  // The current (free) plan is marked.
  await expect(page.getByTestId('plan-free').getByText('Current Plan')).toBeVisible();
});

test('a pro staffer sees the pro staff plans', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await page.goto('/subscription');
  for (const plan of ['Free', 'Pro', 'Elite']) {
    await expect(page.getByRole('heading', { name: plan, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Startup', exact: true })).toHaveCount(0);
});

test('the demo business is shown on its Professional plan', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-professional').getByText('Current Plan')).toBeVisible();
});

test('no serious accessibility violations on /subscription', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/subscription');
  await page.getByText('Payment Processing Setup Required').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});
