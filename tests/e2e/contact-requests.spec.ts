import { expect, test } from './fixtures';
import { expectToast, signUp, submitDialogEmpty } from './helpers';

test('Send Email on a public profile opens a composed message with a subject and delivers it', async ({ page }) => {
  await signUp(page, 'business');
  await page.goto('/profile/1');
  const dialog = await submitDialogEmpty(page, { open: 'Send Email', dialog: 'Email Jake Morrison', submit: 'Send Email' }, ['Add a subject', 'Write at least 10 characters']);
  await dialog.getByLabel('Subject').fill('Elk season partnership');
  await dialog.getByLabel('Message').fill('We would like you on our pro staff this fall.');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expectToast(page, 'Email sent');
  await expect(page).toHaveURL(/\/messages\?to=\d+$/);
  await expect(page.getByTestId('message').filter({ hasText: 'Subject: Elk season partnership' })).toContainText('We would like you on our pro staff this fall.');
});

test('Request Phone Call sends the number and preferred times as a structured request', async ({ page }) => {
  await signUp(page, 'business');
  await page.goto('/profile/1');
  await page.getByRole('button', { name: 'Request Phone Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a call with Jake' });
  await dialog.getByLabel('Your phone number').fill('call me');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Enter a phone number (7 to 15 digits)')).toBeVisible();
  await expect(dialog.getByText('Choose at least one time of day')).toBeVisible();
  await dialog.getByLabel('Your phone number').fill('+1 (406) 555-0142');
  await dialog.getByLabel('Preferred days').selectOption('Weekends');
  await dialog.getByLabel('Evening (5-8pm)').check();
  await dialog.getByLabel('Morning (8am-12pm)').check();
  await dialog.getByLabel('What is it about? (optional)').fill('Spring turkey filming');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Call request sent');
  const request = page.getByTestId('message').filter({ hasText: 'Phone call request' });
  await expect(request).toContainText('Phone: +1 (406) 555-0142');
  await expect(request).toContainText('Preferred days: Weekends');
  await expect(request).toContainText(/Preferred times: Morning \(8am-12pm\), Evening \(5-8pm\) \(.+\)/);
  await expect(request).toContainText('Note: Spring turkey filming');
});

test('signed-out visitors are sent to sign in from the contact buttons', async ({ page }) => {
  await page.goto('/profile/1');
  await expect(page.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Request Phone Call' })).toHaveAttribute('href', '/auth');
});
