import { expect, test } from './fixtures';
import { seriousViolations } from './helpers';

test('the directory lists pro staff with cards per the spec', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: /^Professional Hunting Staff \(\d+\)$/ })).toBeVisible();
  const jake = page.getByTestId('pro-staff-card').filter({ hasText: 'Jake Morrison' });
  await expect(jake).toContainText('4.8');
  await expect(jake).toContainText('12 years experience');
  await expect(jake).toContainText('Bozeman, MT');
  const ty = page.getByTestId('pro-staff-card').filter({ hasText: 'Ty Granger' });
  await expect(ty).toContainText('+1 more');
  await expect(page.getByTestId('pro-staff-card').filter({ hasText: 'Ava Lindqvist' })).toContainText('New');
});

test('filters by specialty, text and location, and shows No Results Found', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Specialty').selectOption('Duck Hunting');
  await expect(page).toHaveURL(/specialty=Duck\+Hunting/);
  const cards = page.getByTestId('pro-staff-card');
  await expect(cards.filter({ hasText: 'Sarah Whitfield' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Dale Simmons' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Jake Morrison' })).toHaveCount(0);

  await page.getByLabel('Location').fill('Stuttgart');
  await expect(page).toHaveURL(/location=Stuttgart/);
  await expect(cards.filter({ hasText: 'Dale Simmons' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Sarah Whitfield' })).toBeVisible();

  await page.getByLabel('Search').fill('zzzz-nobody');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards.filter({ hasText: 'Jake Morrison' })).toBeVisible();
});

test('opens a public profile from the directory and links Message to the conversation', async ({ page }) => {
  await page.goto('/search?q=morrison');
  const card = page.getByTestId('pro-staff-card').filter({ hasText: 'Jake Morrison' });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: /View Profile/ }).click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Jake Morrison' })).toBeVisible();
  await expect(page.getByTestId('profile-rating')).toHaveText('4.8/5');
  await expect(page.getByText('Elk Hunting', { exact: true })).toBeVisible();
});

test('the landing page features Elite pro staff first, then the first pro staff', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByTestId('featured-pro-staff');
  await expect(featured).toHaveCount(3);
  // Grace Holloway is the demo's Elite pro staffer (featured placement); the others are on Free.
  await expect(featured.first()).toContainText('Grace Holloway');
  await expect(featured.first()).toContainText('Elite');
  await expect(featured.nth(1)).toContainText('Jake Morrison');
  await expect(featured.nth(1)).not.toContainText('Elite');
  await expect(featured.nth(1)).toContainText('4.8/5');
  await expect(featured.nth(1)).toContainText('Elk Hunting, Bow Hunting, Outdoor Photography');
  await featured.nth(1).getByRole('link', { name: 'View Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Jake Morrison' })).toBeVisible();
});

test('the directory shows Elite pro staff in a Featured strip that follows the filters', async ({ page }) => {
  await page.goto('/search');
  const strip = page.getByRole('region', { name: 'Featured' });
  const grace = strip.getByTestId('featured-pro-staff-card').filter({ hasText: 'Grace Holloway' });
  await expect(grace).toBeVisible();
  await expect(grace).toContainText('Elite · Featured');
  await expect(strip.getByTestId('featured-pro-staff-card')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Specialty').selectOption('Outdoor Photography');
  await expect(page).toHaveURL(/specialty=Outdoor\+Photography/);
  await expect(grace).toBeVisible();
  await page.getByLabel('Specialty').selectOption('Duck Hunting');
  await expect(page.getByTestId('pro-staff-card').filter({ hasText: 'Sarah Whitfield' })).toBeVisible();
  await expect(strip).toHaveCount(0);
});

for (const route of ['/search', '/profile/1', '/search?q=zzzz-nobody']) {
  test(`no serious accessibility violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'No Results Found' })).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
