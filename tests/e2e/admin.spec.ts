import { expect, test } from './fixtures';
import { DEMO_ADMIN, DEMO_BUSINESS, seriousViolations, signIn, uniqueEmail } from './helpers';

test('the admin sees live platform analytics and recent registrations', async ({ page, request }) => {
  // Registered in a separate API context, so the browser signs in only as the admin.
  const email = uniqueEmail('newcomer');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'trail-cam-2026', userType: 'pro_staff', ageConfirmed: true, termsAccepted: true } });
  expect(registered.status()).toBe(201);
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Key figures' });
  for (const label of ['Total Users', 'Businesses', 'Pro Staff', 'Job Postings', 'Applications', 'Messages', 'Reviews', 'Page Views', 'Monthly Revenue', 'Total Revenue']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Platform Health' })).toBeVisible();
  await expect(page.getByText(/Last updated:/)).toBeVisible();
  // The account created above is among the 10 newest.
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  // Seeded demo data: 4 businesses with postings, so a top business is shown.
  await expect(page.getByRole('heading', { name: 'Top business and pages' })).toBeVisible();
});

test('page views are recorded and counted', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  const pageViews = page.getByRole('region', { name: 'Key figures' }).getByText('Page Views', { exact: true }).locator('..');
  const before = Number((await pageViews.locator('p').nth(1).textContent())!.replace(/,/g, ''));
  // The tracker debounces 1 s: wait for its request, not for a fixed time.
  const recorded = page.waitForResponse((response) => response.url().endsWith('/api/page-views') && response.request().method() === 'POST');
  await page.goto('/search');
  expect((await recorded).ok()).toBe(true);
  await page.goto('/admin');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    const after = Number((await pageViews.locator('p').nth(1).textContent())!.replace(/,/g, ''));
    expect(after).toBeGreaterThan(before);
  }).toPass({ timeout: 10_000 });
});

test('other accounts are redirected home from /admin', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('signed-out visitors are redirected home from /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('no serious accessibility violations on /admin', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByText('Recent Registrations').waitFor();
  await page.getByRole('cell').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the admin sees the background task queue and queues a dead task again', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Background Tasks' })).toBeVisible();
  // The real queue first: its counts, straight from the server.
  await expect(page.getByTestId('task-counts')).toContainText('Dead');
  await expect(page.getByText(/No dead tasks/)).toBeVisible();

  // A dead task cannot be made through the API (it takes hours of failed attempts): the list is answered here, and
  // the Retry must call the server's retry route and refresh the list (both checked; the route itself is API-tested).
  let dead = true;
  const retried: string[] = [];
  await page.route('**/api/admin/background-tasks', (route) =>
    route.fulfill({
      json: {
        counts: { queued: dead ? 0 : 1, running: 0, done: 12, dead: dead ? 1 : 0 },
        dead: dead ? [{ id: 41, kind: 'discounts.store-webhook', attempts: 8, lastError: 'AppError: The BigCommerce API answered 503; the delivery will be retried', createdAt: '2026-11-23T08:00:00.000Z', finishedAt: '2026-11-23T11:10:00.000Z' }] : [],
      },
    }),
  );
  await page.route('**/api/admin/background-tasks/*/retry', (route) => {
    retried.push(new URL(route.request().url()).pathname);
    dead = false;
    return route.fulfill({ json: { id: 41, status: 'queued' } });
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  const row = page.getByTestId('dead-task');
  await expect(row).toContainText('Store webhook delivery · task #41');
  await expect(row).toContainText('8 attempts');
  await expect(row).toContainText('BigCommerce API answered 503');
  expect(await seriousViolations(page, '[data-testid="dead-task"]')).toEqual([]);
  await row.getByRole('button', { name: 'Retry task 41' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(/No dead tasks/)).toBeVisible();
  expect(retried).toEqual(['/api/admin/background-tasks/41/retry']);
});
