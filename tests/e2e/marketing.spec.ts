import { LEGAL_UPDATED } from '../../src/shared/legal';
import { expect, test } from './fixtures';
import { confirmAgeAndTerms, uniqueEmail } from './helpers';

test('business features page shows four plans, the comparison tabs and the FAQ claims', async ({ page }) => {
  await page.goto('/business-features');
  for (const name of ['Free', 'Startup', 'Professional', 'Enterprise']) {
    await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveCount(3);
  for (const tab of ['Overview', 'Core', 'Marketing', 'Analytics', 'Communication', 'Enterprise']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  // Overview: analytics is crossed out on Free and ticked elsewhere.
  const analyticsRow = page.getByRole('row', { name: /^Analytics/ });
  await expect(analyticsRow.getByLabel('Not included', { exact: true })).toHaveCount(1);
  await expect(analyticsRow.getByLabel('Included', { exact: true })).toHaveCount(3);
  await page.getByRole('tab', { name: 'Enterprise' }).click();
  await expect(page.getByRole('cell', { name: 'Dedicated account manager' })).toBeVisible();
  await page.getByText('Which store platforms can I connect?').click();
  await expect(page.getByText('Shopify, WooCommerce, Magento, BigCommerce, Squarespace')).toBeVisible();
});

test('pro staff features page has the five tabs and plan buttons', async ({ page }) => {
  await page.goto('/pro-staff-features');
  for (const tab of ['Profile', 'Job Search', 'Communication', 'Earnings', 'Marketing']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  for (const label of ['Get Started', 'Upgrade to Pro', 'Go Elite']) {
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', '/subscription');
  }
  await page.getByRole('tab', { name: 'Earnings' }).click();
  await expect(page.getByText('Commission tracking')).toBeVisible();
});

test('legal pages carry their dates and section counts', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText(`Last updated: ${LEGAL_UPDATED}`)).toBeVisible();
  await expect(page.locator('article section')).toHaveCount(13);
  await page.goto('/terms-of-service');
  await expect(page.getByText(`Effective date: ${LEGAL_UPDATED}`)).toBeVisible();
  await expect(page.locator('article section')).toHaveCount(13);
  await expect(page.getByRole('heading', { name: 'Contact', exact: true })).toBeVisible();
});

test('landing page hero buttons send signed-out visitors to sign-up with their account type chosen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: "I'm a Business" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&type=business$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Hunting Business' })).toBeChecked();
});

test('a new pro staffer signs up from the landing page without choosing the account type again', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: "I'm a Pro Staffer" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&type=pro_staff$/);
  await expect(page.getByLabel('Pro Staff')).toBeChecked();
  await page.getByLabel('Email').fill(uniqueEmail('landing.pro'));
  await page.getByLabel('Password').fill('trail-cam-2026');
  await confirmAgeAndTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/pro-staff-dashboard$/);
});

test('the features pages open sign-up with the matching account type', async ({ page }) => {
  await page.goto('/pro-staff-features');
  await expect(page.getByRole('link', { name: 'Join Free' })).toHaveAttribute('href', '/auth?mode=signup&type=pro_staff');
  await page.getByRole('link', { name: 'Create Your Profile' }).click();
  // Wait for the sign-up page: the features page itself has an element labelled "Pro Staff".
  await expect(page).toHaveURL(/type=pro_staff$/);
  await expect(page.getByRole('radio', { name: 'Pro Staff' })).toBeChecked();
  await page.goto('/business-features');
  await page.getByRole('link', { name: 'Create a Free Account' }).click();
  await expect(page).toHaveURL(/type=business$/);
  await expect(page.getByRole('radio', { name: 'Hunting Business' })).toBeChecked();
});

test('landing page has the features overview, comparison block, five FAQs and plan tabs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Everything a pro staff program needs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'HuntStaff vs. doing it by hand' })).toBeVisible();
  await expect(page.locator('details')).toHaveCount(5);
  await page.getByRole('tab', { name: 'For Pro Staff' }).click();
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).last()).toHaveAttribute('href', '/auth?mode=signup');
});
