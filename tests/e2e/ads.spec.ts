import { expect, test, type Page } from './fixtures';
import { DEMO_BUSINESS, expectPlanLimitGate, expectTextAt, expectToast, seriousViolations, signIn, signUp } from './helpers';


async function fillAd(page: Page, values: { title: string; tags: string; audience?: string }) {
  const dialog = page.getByRole('dialog', { name: 'Create Advertisement' });
  await dialog.getByLabel('Title').fill(values.title);
  await dialog.getByLabel('Description').fill('Looking for archery elk guides who film their hunts.');
  await dialog.getByLabel('Ad Type').selectOption('collaboration');
  await dialog.getByLabel('Target Audience').selectOption(values.audience ?? 'both');
  await dialog.getByLabel('Budget (USD)').fill('250');
  await dialog.getByLabel('Duration (days)').fill('14');
  await dialog.getByLabel('Contact Info').fill('ads@timberline.example.com');
  await dialog.getByLabel('Location (optional)').fill('Bozeman, MT');
  await dialog.getByLabel('Tags (optional)').fill(values.tags);
  return dialog;
}

test('signed-out visitors are asked to log in', async ({ page }) => {
  await expectTextAt(page, '/advertisements', 'Please log in to view advertisements.');
});

test('a free business is told its plan does not include ads', async ({ page }) => {
  await signUp(page, 'business');
  await expectTextAt(page, '/advertisements', "You haven't created any advertisements yet.");
  await expect(page.getByTestId('ad-allowance')).toContainText('Your Free plan does not include advertisements.');
  // Gate before the form: the limit and an upgrade link instead of a form that would be refused.
  await expectPlanLimitGate(page, 'Create Advertisement', 'Create Advertisement', 'Your Free plan does not include advertisements.');
});

test('the create dialog validates budget and duration', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/advertisements');
  await page.getByRole('button', { name: 'Create Advertisement' }).first().click();
  const dialog = await fillAd(page, { title: 'Invalid', tags: '' });
  await dialog.getByLabel('Budget (USD)').fill('0.5');
  await dialog.getByLabel('Duration (days)').fill('400');
  await dialog.getByRole('button', { name: 'Create Advertisement' }).click();
  await expect(dialog.getByText('Budget must be at least $1')).toBeVisible();
  await expect(dialog.getByText('Duration must be 1 to 365 days')).toBeVisible();
});

test('a business creates an ad, a pro staffer opens it (counted), and the owner edits and deletes it', async ({ page, browser }) => {
  // Several accounts and browser contexts on a shared, slow CI machine.
  test.slow();
  const title = `Elk guide collab ${Date.now()}`;
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/advertisements');
  await page.getByRole('button', { name: 'Create Advertisement' }).first().click();
  const dialog = await fillAd(page, { title, tags: ' elk, archery ,montana, film,  gear ' });
  await dialog.getByRole('button', { name: 'Create Advertisement' }).click();
  await expectToast(page, 'Success', 'Your advertisement has been created successfully.');

  const own = page.getByTestId('own-ad-card').filter({ hasText: title });
  await expect(own).toContainText('$250.00');
  await expect(page.getByTestId('ad-allowance')).toContainText('advertisements used on your Professional plan');
  await expect(own.getByText('elk', { exact: true })).toBeVisible();
  await expect(own.getByText('montana', { exact: true })).toBeVisible();
  await expect(own.getByText('film', { exact: true })).toHaveCount(0);
  await expect(own.getByText('+2 more')).toBeVisible();
  await expect(page.getByTestId('opportunity-card').filter({ hasText: title })).toContainText('Your advertisement');
  expect(await seriousViolations(page)).toEqual([]);

  // A pro staffer sees it under Browse Opportunities; opening it shows the contact and records a click.
  const context = await browser.newContext();
  const pro = await context.newPage();
  await signUp(pro, 'pro_staff');
  const impression = pro.waitForResponse((r) => r.url().includes('/impression'));
  await pro.goto('/advertisements');
  const opportunity = pro.getByTestId('opportunity-card').filter({ hasText: title });
  await expect(opportunity).toBeVisible();
  await impression;
  const click = pro.waitForResponse((r) => r.url().endsWith('/click'));
  await opportunity.click();
  expect(await (await click).json()).toMatchObject({ counted: true, clicks: 1, impressions: 1 });
  await expect(pro.getByRole('dialog', { name: title })).toContainText('ads@timberline.example.com');
  await context.close();

  await page.reload();
  await expect(own).toContainText('Impressions1');
  await expect(own).toContainText('Clicks1');
  await expect(own).toContainText('100.00% CTR');

  await own.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Advertisement' });
  await expect(edit.getByLabel('Budget (USD)')).toHaveValue('250.00');
  await edit.getByLabel('Title').fill(`${title} (paused)`);
  await edit.getByLabel('Status').selectOption('paused');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Your advertisement has been updated successfully.');
  const paused = page.getByTestId('own-ad-card').filter({ hasText: `${title} (paused)` });
  await expect(paused.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByTestId('opportunity-card').filter({ hasText: title })).toHaveCount(0);

  await paused.getByRole('button', { name: `Delete ${title} (paused)` }).click();
  await expectToast(page, 'Success', 'Your advertisement has been deleted successfully.');
  await expect(page.getByTestId('own-ad-card').filter({ hasText: title })).toHaveCount(0);
});
