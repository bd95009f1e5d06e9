import { expect, test } from './fixtures';
import { DEMO_BUSINESS, signIn } from './helpers';

const pages = [
  // text: what the page says before any script runs
  { path: '/', text: 'Where hunting brands find their pro staff' },
  { path: '/business-features', text: 'Build a pro staff program that sells' },
  { path: '/pro-staff-features', text: 'Turn your time in the field into partnerships' },
  { path: '/privacy-policy', text: 'Privacy Policy' },
  { path: '/terms-of-service', text: 'Terms of Service' },
  { path: '/auth', text: 'Sign In' },
  // The sign-up and two-factor forms work before the app starts, so they are prerendered too (record 034).
  { path: '/auth?mode=signup&type=pro_staff', text: 'Create Account' },
  { path: '/auth?step=two-factor', text: 'Two-Factor Sign-In' },
  { path: '/search', text: 'Professional Hunting Staff' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, waitForHydration: false });
  for (const { path, text } of pages) {
    test(`${path} is readable from the prerendered HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toContainText(text);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    });
  }
});

test('prerendered pages hydrate without mismatches or console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  for (const { path } of pages) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.dataset.pageReady)).toBe('true');
  }
  expect(problems).toEqual([]);
});

test('the landing page works once hydrated: pricing tabs switch', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: /pro staff/i }).first().click();
  await expect(page.getByRole('tab', { name: /pro staff/i }).first()).toHaveAttribute('aria-selected', 'true');
});

test('signed-in visitors never see the signed-out header on public pages', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<div id="root"></div>');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});
