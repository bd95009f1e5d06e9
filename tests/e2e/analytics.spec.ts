import { expect, test, type Page } from './fixtures';
import { DEMO_ADMIN, DEMO_BUSINESS, seriousViolations, signIn, signUp } from './helpers';

// Issue 18, item 8: charts drawn from the seeded demo data (src/server/db/seed/demo-activity.ts).

/** The bar heights a chart drew, from its SVG. */
async function barValues(page: Page, testId: string): Promise<number[]> {
  return page.getByTestId(testId).locator('svg rect').evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('data-value'))));
}

test('a business on a plan with analytics sees weekly charts drawn from its data', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard');
  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  await page.getByRole('dialog', { name: 'Hiring Analytics' }).getByRole('link', { name: /Weekly trends/ }).click();
  await expect(page).toHaveURL(/\/business-analytics$/);
  await expect(page.getByRole('heading', { name: 'Business Analytics', level: 1 })).toBeVisible();

  const views = page.getByTestId('chart-profile-views');
  await expect(views.getByRole('img')).toHaveAttribute('aria-label', /^Profile views per week, Week of .+ Profile views: total \d+/);
  const bars = await barValues(page, 'chart-profile-views');
  expect(bars).toHaveLength(12);
  expect(bars.every((value) => value > 0)).toBe(true);
  expect((await barValues(page, 'chart-code-uses')).some((value) => value > 0)).toBe(true);
  await expect(page.getByTestId('chart-messages').locator('polyline')).toHaveCount(2);

  // Money: one chart per currency, never added together.
  await expect(page.getByTestId('chart-money-USD')).toBeVisible();
  await expect(page.getByTestId('chart-money-CAD')).toBeVisible();
  await page.getByTestId('chart-money-CAD').getByText('Show the numbers').click();
  await expect(page.getByTestId('chart-money-CAD').getByRole('table')).toContainText('CA$');

  // The numbers behind a chart are a table too; the range changes the buckets.
  await views.getByText('Show the numbers').click();
  await expect(views.getByRole('table').locator('tbody tr')).toHaveCount(12);
  await page.getByRole('button', { name: '4 weeks' }).click();
  await expect(views.getByRole('table').locator('tbody tr')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the promotions analytics tab charts spend, impressions and clicks per day', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/promotions');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const spend = page.getByTestId('chart-promotion-spend');
  await expect(spend).toBeVisible();
  const bars = await barValues(page, 'chart-promotion-spend');
  expect(bars).toHaveLength(30);
  expect(bars.filter((value) => value > 0).length).toBeGreaterThanOrEqual(20);
  await expect(page.getByTestId('chart-promotion-reach').locator('polyline')).toHaveCount(2);
  await page.getByRole('button', { name: '14 days' }).click();
  await expect.poll(() => barValues(page, 'chart-promotion-spend').then((values) => values.length)).toBe(14);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a free business is offered an upgrade instead of charts', async ({ page }) => {
  await signUp(page, 'business');
  expect((await page.request.post('/api/business-profiles', { data: { companyName: 'Free Chart Outfitters' } })).ok()).toBe(true);
  await page.goto('/business-analytics');
  await expect(page.getByText('Analytics are not part of your plan')).toBeVisible();
  await expect(page.getByText('Your Free plan does not include analytics.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByTestId('chart-profile-views')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the admin sees sign-ups per week, and no internal file path', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  const signups = page.getByTestId('chart-signups');
  await expect(signups).toBeVisible();
  const bars = await barValues(page, 'chart-signups');
  expect(bars).toHaveLength(24); // 12 weeks × businesses and pro staff
  expect(bars.filter((value) => value > 0).length).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('chart-total-users').locator('polyline')).toHaveCount(1);
  await expect(page.locator('main')).not.toContainText('docs/decisions');
  await expect(page.locator('main')).not.toContainText('.md');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the analytics page asks visitors to sign in and pro staff to use a business account', async ({ page }) => {
  await page.goto('/business-analytics');
  await expect(page.getByText('Please log in to see your analytics.')).toBeVisible();
  await signUp(page, 'pro_staff');
  await page.goto('/business-analytics');
  await expect(page.getByText('Access restricted to business accounts.')).toBeVisible();
});
