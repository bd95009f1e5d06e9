import { expect, test } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, seriousViolations, submitJobPosting } from './helpers';

// Custom branding for Enterprise businesses (issue 46 item 5, decision record 045): an Enterprise business sets its
// colour and logo and sees them on its public page and its job posting; a low-contrast colour is refused with the
// reason; a plan without branding shows the settings locked.

// An 8×8 PNG (the server judges the bytes, not the name).
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQDzTCihiGlgQAzukogQJRdZ0AAAAASUVORK5CYII=', 'base64');

test('an Enterprise business brands its public page and job posting; a low-contrast colour is refused with the reason', async ({ page }) => {
  test.slow();
  const name = `Brandt Optics ${Date.now()}`;
  await newAccountWithProfile(page, 'business', name);
  // An Enterprise trial: the effective plan includes custom branding (decision record 014).
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'enterprise' })).status).toBe(200);
  const businessId = (await pageCall(page, 'GET', '/api/auth/me')).body.businessId as number;

  await page.goto('/profile');
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
  await colour.fill('#777777');
  // The shared check runs as the owner types, with the ratio and the minimum.
  await expect(page.getByTestId('contrast-verdict')).toHaveText(/contrast of 4\.48:1 with white text; at least 4\.5:1 is needed/);
  await expect(page.getByRole('button', { name: 'Save Colour' })).toBeDisabled();
  // The server refuses it the same way if asked directly.
  const refused = await pageCall(page, 'PUT', '/api/branding/color', { color: '#777777' });
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toContain('4.48:1');
  expect(refused.body.error.details[0]).toMatchObject({ path: 'color', ratio: 4.48, minimum: 4.5 });

  await colour.fill('#1f5132');
  await expect(page.getByTestId('contrast-verdict')).toHaveText(/passes WCAG AA/);
  await page.getByRole('button', { name: 'Save Colour' }).click();
  await expectToast(page, 'Brand colour saved');
  await page.getByTestId('brand-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expectToast(page, 'Logo uploaded');
  // The live preview shows the saved logo on the new colour.
  await expect(page.getByTestId('brand-banner').getByRole('img', { name: `${name} logo` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const dialog = await submitJobPosting(page, `Branded elk guide ${Date.now()}`);
  await expect(dialog).toBeHidden();

  await page.goto(`/business/${businessId}`);
  const banner = page.getByTestId('brand-banner');
  await expect(banner).toHaveAttribute('data-brand-color', '#1f5132');
  await expect(banner.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await expect(banner).toHaveCSS('background-color', 'rgb(31, 81, 50)');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /Branded elk guide/ }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await expect(page.getByRole('heading', { name: /Branded elk guide/ })).toBeVisible();
  await expect(page.getByTestId('brand-banner').getByRole('img', { name: `${name} logo` })).toBeVisible();
  await expect(page.getByTestId('brand-banner')).toHaveAttribute('data-brand-color', '#1f5132');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a business on a plan without custom branding sees the settings locked, with the reason', async ({ page }) => {
  const name = `Plain Lodge ${Date.now()}`;
  await newAccountWithProfile(page, 'business', name);
  await page.goto('/profile');
  await expect(page.getByTestId('branding-locked')).toContainText('Custom branding is part of the Enterprise plan; your Free plan does not include it.');
  await expect(page.getByRole('textbox', { name: 'Brand colour', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload Logo' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  const businessId = (await pageCall(page, 'GET', '/api/auth/me')).body.businessId as number;
  await page.goto(`/business/${businessId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('brand-banner')).toHaveCount(0);
});
