import { expect, test } from './fixtures';
import { DEMO_ADMIN, expectToast, pageInNewContext, signIn, submitDialogEmpty } from './helpers';

test('Schedule Demo on the landing page stores a request that the admin sees', async ({ page, browser }) => {
  const company = `Ridgeline ${Date.now()}`;
  await page.goto('/');
  const dialog = await submitDialogEmpty(page, { open: 'Schedule Demo', dialog: 'Schedule a Demo', submit: 'Request Demo' }, ['Name is required', 'Enter a valid email address']);
  await dialog.getByLabel('Your name').fill('Dana Reyes');
  await dialog.getByLabel('Work email').fill('dana@ridgeline.example.com');
  await dialog.getByLabel('Company (optional)').fill(company);
  await dialog.getByLabel('Best time for a call').selectOption('Afternoon');
  await dialog.getByLabel('Anything we should know? (optional)').fill('We run 40 pro staff.');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expectToast(page, 'Demo requested');
  await expect(dialog).toBeHidden();

  const admin = await pageInNewContext(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const request = admin.getByTestId('demo-request').filter({ hasText: company });
  await expect(request).toContainText('Dana Reyes');
  await expect(request).toContainText('Afternoon');
  await expect(request).toContainText('We run 40 pro staff.');
  await admin.context().close();
});
