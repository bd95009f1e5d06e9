import { expect, test } from './fixtures';
import { DEMO_ADMIN, expectToast, signIn } from './helpers';

test('Schedule Demo on the landing page stores a request that the admin sees', async ({ page, browser }) => {
  const company = `Ridgeline ${Date.now()}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Schedule Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a Demo' });
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Your name').fill('Dana Reyes');
  await dialog.getByLabel('Work email').fill('dana@ridgeline.example.com');
  await dialog.getByLabel('Company (optional)').fill(company);
  await dialog.getByLabel('Best time for a call').selectOption('Afternoon');
  await dialog.getByLabel('Anything we should know? (optional)').fill('We run 40 pro staff.');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expectToast(page, 'Demo requested');
  await expect(dialog).toBeHidden();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const request = admin.getByTestId('demo-request').filter({ hasText: company });
  await expect(request).toContainText('Dana Reyes');
  await expect(request).toContainText('Afternoon');
  await expect(request).toContainText('We run 40 pro staff.');
  await adminContext.close();
});
