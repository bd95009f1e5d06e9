import { expect, test } from './fixtures';
import { DEMO_BUSINESS, expectToast, signIn } from './helpers';

// Squarespace natively (decision record 040): the guide's own tab, and a Squarespace platform's key and Subscribe.

test('a Squarespace platform takes its key sealed and explains why Subscribe cannot reach Squarespace here', async ({ page }) => {
  const name = `Squarespace ${Date.now().toString(36)}`;
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/discount-codes');
  await page.getByRole('tab', { name: 'Integration Platforms' }).click();
  await page.getByRole('button', { name: 'Add Platform' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Platform type').selectOption('squarespace');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Platform' }).click();
  await page.getByRole('button', { name: 'Done' }).click();

  const card = page.locator('[data-testid^="platform-"]', { hasText: name });
  await expect(card.getByText('Not subscribed: Squarespace sends no orders yet.')).toBeVisible();
  // Squarespace issues the signing secret: no button to make one of ours.
  await expect(card.getByRole('button', { name: 'New Signing Secret' })).toHaveCount(0);
  await card.getByLabel('Squarespace API key').fill('sqsp-e2e-key-0123456789abcdef');
  await card.getByRole('button', { name: 'Save key' }).click();
  await expectToast(page, 'Key saved');
  await expect(card.getByLabel('Squarespace API key')).toHaveValue('');
  // The test server has no HTTPS public address, which Squarespace requires: refused before any call to it.
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Error', 'Squarespace sends notifications to HTTPS addresses only');

  const platformId = (await card.getAttribute('data-testid'))!.replace('platform-', '');
  await page.goto('/ecommerce-integration');
  await page.getByRole('tab', { name: 'Squarespace' }).click();
  await expect(page.getByText('Developer API Keys')).toBeVisible();
  await expect(page.getByText(`/api/webhooks/squarespace/${platformId}`)).toBeVisible();

  await page.goto('/discount-codes');
  await page.getByRole('tab', { name: 'Integration Platforms' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('[data-testid^="platform-"]', { hasText: name }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(name)).toHaveCount(0);
});
