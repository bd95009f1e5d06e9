import { expect, test } from './fixtures';
import { expectToast, signIn, signUp } from './helpers';

test('forgot password asks for an email and confirms without revealing accounts', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible();
});

test('a reset link that is not valid says so', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token-but-long-enough');
  await page.getByLabel('New password', { exact: true }).fill('fresh-password-1');
  await page.getByLabel('Confirm new password').fill('fresh-password-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('fresh-password-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expectToast(page, 'Error', 'This reset link is invalid or has expired. Ask for a new one.');
});

test('a signed-in user changes their password from the profile page', async ({ page }) => {
  const email = await signUp(page, 'pro_staff');
  await page.goto('/profile');
  await page.getByLabel('Current password').fill('trail-cam-2026');
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed', 'Other devices have been signed out.');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await signIn(page, { email, password: 'changed-pass-1' });
});
