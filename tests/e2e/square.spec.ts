import { expect, test } from './fixtures';
import { DEMO_BUSINESS, expectToast, signIn } from './helpers';

// Square (issue 44, decision record 040): the guide's Square tab, and a Square platform's card with its credentials
// form and the Create Square discounts action (without credentials it says what to do first; Square is never called).

test.describe.configure({ timeout: 60_000 });

test('the guide explains the Square setup with the exact notification URL', async ({ page }) => {
  await page.goto('/ecommerce-integration');
  await page.getByRole('tab', { name: 'Square', exact: true }).click();
  await expect(page.getByText('ORDERS_READ', { exact: true })).toBeVisible();
  await expect(page.getByText('refund.updated', { exact: true })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(new RegExp(`^${origin}/api/webhooks/square/`))).toBeVisible();
});

test('a business connects a Square store and is told to save its token before creating discounts', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  const name = `Booth ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/integration-platforms', { data: { name, platformType: 'square' } });
  expect(created.status()).toBe(201);
  const platform = (await created.json()) as { id: number };
  await page.goto('/discount-codes');
  await page.getByRole('tab', { name: 'Integration Platforms' }).click();
  const card = page.getByTestId(`platform-${platform.id}`);
  await card.getByRole('button', { name: 'Create Square discounts' }).click();
  await expect(page.getByText('Save the Square access token of this store first').first()).toBeVisible();
  await card.getByLabel('Square access token').fill('EAAAl_e2e_square_access_token_0123456789');
  await card.getByLabel('Webhook signature key').fill('e2e-signature-key-0123');
  await card.getByLabel('Environment').selectOption('sandbox');
  await card.getByRole('button', { name: 'Save Square credentials' }).click();
  await expectToast(page, 'Store connected');
  await expect(card.getByLabel('Square access token')).toHaveValue('');
  await page.request.delete(`/api/integration-platforms/${platform.id}`);
});
