import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, seriousViolations } from './helpers';

// Enterprise API tokens (issue 46 item 3, decision record 043): made on the page, shown once, copied, used from
// outside the browser (no cookie), refused where not opened, and revoked.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a business on Enterprise creates a token, copies it once, uses it from its own system, and revokes it', async ({ page, baseURL }) => {
  test.slow(); // sign-up, a trial, the page and a second HTTP client
  const name = `Token Outfitters ${Date.now().toString(36)}`;
  await newAccountWithProfile(page, 'business', name);

  // On Free the page explains what the plan lacks and offers no button.
  await page.goto('/api-tokens');
  await expect(page.getByRole('heading', { name: 'API access comes with the Enterprise plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Token' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The Enterprise trial (no card on this server) includes API access.
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'enterprise' })).status).toBe(200);
  const code = `API${Date.now().toString(36).toUpperCase()}`;
  expect((await pageCall(page, 'POST', '/api/discount-codes', { code, description: 'Staff code', discountType: 'percentage', discountValue: 10, platform: 'All platforms' })).status).toBe(201);

  // The Program menu leads to the page.
  await page.goto('/business-dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Program' }).click();
  await nav.getByRole('link', { name: 'API Tokens' }).click();
  await expect(page).toHaveURL(/\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'API Tokens', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Token' });
  // Nothing chosen: the form says what is missing, nothing is created.
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Name the token')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
  await dialog.getByLabel('Name').fill('Warehouse sync');
  await dialog.getByRole('checkbox', { name: /codes:read/ }).check();
  await dialog.getByLabel('Expires after').selectOption('30');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your API token' });
  const field = shown.getByLabel('Token “Warehouse sync”');
  await expect(field).toHaveValue(/^hs_live_[A-Za-z0-9_-]{43}$/);
  const secret = await field.inputValue();
  await shown.getByRole('button', { name: 'Copy API token' }).click();
  await expectToast(page, 'Copied!', 'The API token is on your clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();

  // Listed without the token: its first characters, scopes, never used yet.
  const row = page.getByTestId('api-token-row').filter({ hasText: 'Warehouse sync' });
  await expect(row).toContainText(`${secret.slice(0, 14)}…`);
  await expect(row).toContainText('codes:read');
  await expect(row).toContainText('Never used');
  await expect(page.getByText(secret)).toHaveCount(0);

  // The business's own system: another HTTP client, no cookie, only the token.
  const system = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const codes = await system.get('/api/discount-codes');
  expect(codes.status()).toBe(200);
  expect(((await codes.json()) as { code: string }[]).map((c) => c.code)).toEqual([code]);
  const notOpened = await system.get('/api/auth/me');
  expect(notOpened.status()).toBe(403);
  expect((await notOpened.json()).error.code).toBe('API_TOKEN_NOT_ACCEPTED');
  const noScope = await system.post('/api/discount-codes', { data: { code: `${code}X`, description: 'x', discountType: 'percentage', discountValue: 5, platform: 'All platforms' } });
  expect(noScope.status()).toBe(403);
  expect((await noScope.json()).error.code).toBe('API_TOKEN_SCOPE');

  await page.reload();
  await expect(row).toContainText('Last used');

  await row.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Token' }).click();
  await expectToast(page, 'Token revoked');
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await system.get('/api/discount-codes')).status()).toBe(401);
  await system.dispose();
  expect(await seriousViolations(page)).toEqual([]);
});
