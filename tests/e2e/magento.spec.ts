import { expect, test } from './fixtures';
import { DEMO_BUSINESS, expectToast, signIn } from './helpers';

// Issue 44: a business connects a Magento store with an integration access token (saved sealed) and finds the
// Magento guide with its webhook URL (decision record 040).
test.describe.configure({ timeout: 60_000 });

test('a business saves a Magento store’s access token and finds the Magento guide', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  const name = `Magento ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/integration-platforms', { data: { name, platformType: 'magento' } });
  expect(created.status()).toBe(201);
  const platform = (await created.json()) as { id: number };

  await page.goto('/discount-codes');
  await page.getByRole('tab', { name: 'Integration Platforms' }).click();
  await page.getByTestId(`platform-${platform.id}`).getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Store address').fill('http://shop.example.com');
  await dialog.getByLabel('Integration access token').fill('magento-integration-token-0123456789');
  await dialog.getByRole('button', { name: 'Save Magento access' }).click();
  await expect(dialog.getByText('Enter the store’s https address')).toBeVisible();
  await dialog.getByLabel('Store address').fill('https://shop.example.com');
  await dialog.getByRole('button', { name: 'Save Magento access' }).click();
  await expectToast(page, 'Magento connected');
  // Saved sealed: the token field is cleared and never filled back.
  await expect(dialog.getByLabel('Integration access token')).toHaveValue('');

  await page.goto('/ecommerce-integration');
  await page.getByRole('tab', { name: 'Magento' }).click();
  await expect(page.getByText('System › Extensions › Integrations')).toBeVisible();
  await expect(page.getByText('/api/webhooks/magento/').first()).toBeVisible();

  await page.request.delete(`/api/integration-platforms/${platform.id}`);
});
