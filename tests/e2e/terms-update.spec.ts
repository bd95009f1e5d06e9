import { expect, test } from './fixtures';
import { seriousViolations, signUp } from './helpers';

// Decision record 027: an account that has not accepted the current Terms and Privacy Policy is asked to.

const notice = (page: import('@playwright/test').Page) => page.getByRole('alertdialog', { name: 'We updated our Terms of Service' });

test('an account that has not accepted the current terms is asked to, can read them first, and accepts once', async ({ page }) => {
  await signUp(page, 'pro_staff');
  // A new sign-up accepted the current version: nothing to ask.
  await page.goto('/pro-staff-dashboard');
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // As an account from before the terms changed.
  expect((await page.request.post('/api/test/forget-terms-acceptance')).status()).toBe(204);
  await page.goto('/pro-staff-dashboard');
  const dialog = notice(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Please read them and accept them to keep using HuntStaff.');
  // Blocking: Escape does not close it, and focus stays inside.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (let step = 0; step < 5; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The pages it links to can be read: the notice steps aside there.
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await dialog.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/pro-staff-dashboard$/);

  await notice(page).getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).mustAcceptTerms).toBe(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('the notice offers a way out: signing out closes it', async ({ page }) => {
  await signUp(page, 'business');
  expect((await page.request.post('/api/test/forget-terms-acceptance')).status()).toBe(204);
  await page.goto('/business-dashboard');
  await notice(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
