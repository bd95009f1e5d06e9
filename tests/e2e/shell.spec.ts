import { expect, test } from './fixtures';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_PRO_STAFF, signIn } from './helpers';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('signed-out header shows For Business, For Pro Staff and Sign In', async ({ page }) => {
  await page.goto('/');
  const links = nav(page).getByRole('link');
  await expect(links).toHaveText(['For Business', 'For Pro Staff', 'Sign In']);
});

test('business header includes Codes and E-commerce', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await expect(nav(page).getByRole('link')).toHaveText(['Browse', 'Features', 'Dashboard', 'Messages', 'Reviews', 'Ads', 'Codes', 'E-commerce', 'Profile']);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/business-dashboard');
  await expect(nav(page).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/business-features');
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('pro staff header points to the pro staff variants and has no business links', async ({ page }) => {
  await signIn(page, DEMO_PRO_STAFF);
  await expect(nav(page).getByRole('link')).toHaveText(['Browse', 'Features', 'Dashboard', 'Messages', 'Reviews', 'Ads', 'Profile']);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/pro-staff-dashboard');
});

test('admins find Admin in the header, on desktop and in the mobile menu', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await nav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('the mobile menu toggles and closes when a link is clicked', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await mobile.getByRole('link', { name: 'For Pro Staff' }).click();
  await expect(page).toHaveURL(/\/pro-staff-features$/);
  await expect(mobile).toHaveCount(0);
});

test('the whole header fits one row at 1280 px, the logo uncovered, for an admin (the most entries)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_ADMIN);
  const logo = await page.getByRole('banner').getByRole('link', { name: 'HuntStaff' }).boundingBox();
  const first = await nav(page).getByRole('link', { name: 'Browse' }).boundingBox();
  const logout = await nav(page).getByRole('button', { name: 'Logout' }).boundingBox();
  expect(logo && first && first.x).toBeGreaterThanOrEqual(logo!.x + logo!.width);
  expect(logout && logout.x + logout.width).toBeLessThanOrEqual(1280);
  expect(logout?.y).toBeLessThan(64);
});

test('the Program menu reaches the roster, campaigns, goals, event booths, gear, flagged orders, API tokens and webhooks and closes on Escape', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  const program = nav(page).getByRole('button', { name: 'Program' });
  await expect(program).toHaveAttribute('aria-expanded', 'false');
  await program.click();
  await expect(nav(page).getByRole('list').getByRole('link')).toHaveText(['Roster', 'Campaigns', 'Goals', 'Events', 'Gear', 'Flagged Orders', 'API Tokens', 'Webhooks']);
  await expect(nav(page).getByRole('link', { name: 'Roster' })).toHaveAttribute('href', '/agreements');
  await page.keyboard.press('Escape');
  await expect(nav(page).getByRole('link', { name: 'Roster' })).toHaveCount(0);
  await expect(program).toBeFocused();
  await program.click();
  await nav(page).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Roster' })).toHaveCount(0);
  await expect(program).toHaveClass(/bg-forest-800/);
});

test('pro staff find their agreements, campaigns, credentials, goals, gear and earnings under Program, also in the mobile menu', async ({ page }) => {
  await signIn(page, DEMO_PRO_STAFF);
  await nav(page).getByRole('button', { name: 'Program' }).click();
  await expect(nav(page).getByRole('list').getByRole('link')).toHaveText(['My Agreements', 'Campaigns', 'Credentials', 'Goals', 'My Gear', 'Earnings', 'Coaching']);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const program = page.getByRole('navigation', { name: 'Mobile' }).getByRole('group', { name: 'Program' });
  await program.getByRole('link', { name: 'Credentials' }).click();
  await expect(page).toHaveURL(/\/credentials$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
});

test('unknown paths show the 404 page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('dashboards ask signed-out visitors to log in', async ({ page }) => {
  await page.goto('/business-dashboard');
  await expect(page.getByText('Please log in to access your dashboard.')).toBeVisible();
});

test('unknown API paths answer JSON 404', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('NOT_FOUND');
});
