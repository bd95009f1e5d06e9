import { expect, test, type Browser, type Page } from './fixtures';
import { expectTextAt, expectToast, seriousViolations, signUp } from './helpers';

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let counter = 0;
/** A location no seeded pro staffer has, so the promotion reaches only this test's viewers. */
const uniqueTown = () => `Quillbrook${Date.now()}x${process.pid}x${++counter}, ZZ`;


async function newBusinessWithProfile(page: Page, companyName: string) {
  await signUp(page, 'business');
  const res = await page.request.post('/api/business-profiles', { data: { companyName, location: 'Bozeman, MT' } });
  expect(res.ok()).toBe(true);
}

/** A pro staffer (own browser context) living in `location`; external targets are stubbed so clicks stay offline. */
async function newProStaffer(browser: Browser, location: string) {
  const context = await browser.newContext();
  await context.route('https://outfitter.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Sale</h1>' }));
  const page = await context.newPage();
  await signUp(page, 'pro_staff');
  const res = await page.request.post('/api/pro-staff-profiles', { data: { firstName: 'Promo', lastName: 'Viewer', location, specialties: ['Bow Hunting'], experience: 3 } });
  expect(res.ok()).toBe(true);
  return { context, page };
}

async function createPromotion(page: Page, values: { title: string; location: string; budget: string; costPerClick: string }) {
  await page.goto('/promotions');
  await page.getByRole('button', { name: 'Create Promotion' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Promotion' });
  await dialog.getByLabel('Title').fill(values.title);
  await dialog.getByLabel('Promotion Type').selectOption('spotlight');
  await dialog.getByLabel('Description').fill('Twenty percent off elk calls for pro staff this month.');
  await dialog.getByLabel('Target URL').fill('https://outfitter.example.com/sale');
  await dialog.getByLabel('Target Audience').selectOption('location_based');
  await dialog.getByLabel('Target Location').fill(values.location);
  await dialog.getByLabel('Total Budget ($)').fill(values.budget);
  await dialog.getByLabel('Cost Per Click ($)').fill(values.costPerClick);
  await dialog.getByLabel('Start Date').fill(dayOffset(0));
  await dialog.getByLabel('End Date').fill(dayOffset(7));
  await dialog.getByRole('button', { name: 'Create Promotion' }).click();
  await expectToast(page, 'Success', 'Promotion created successfully');
  await expect(dialog).toBeHidden();
}

test('promotions are for businesses with a profile', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await expectTextAt(page, '/promotions', 'Access restricted to business accounts.');
});

test('a business without a profile is asked to complete it', async ({ page }) => {
  await signUp(page, 'business');
  await expectTextAt(page, '/promotions', 'Please complete your business profile first.');
});

test('the create dialog asks for dates and validates budgets', async ({ page }) => {
  await newBusinessWithProfile(page, 'Validation Outfitters');
  await expectTextAt(page, '/promotions', 'No promotions yet');
  await page.getByRole('button', { name: 'Create Promotion' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Promotion' });
  await dialog.getByLabel('Start Date').fill('');
  await dialog.getByRole('button', { name: 'Create Promotion' }).click();
  await expectToast(page, 'Error', 'Please select start and end dates');
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Total budget is required')).toBeVisible();
  await dialog.getByLabel('Target Audience').selectOption('specific_specialties');
  await expect(dialog.getByLabel('Waterfowl')).toBeVisible();
  await expect(dialog.getByLabel('Target Location')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a promotion is shown to matching pro staff, a click is charged, and it stops when the budget is spent', async ({ page, browser }) => {
  // Several accounts and browser contexts on a shared, slow CI machine.
  test.slow();
  const location = uniqueTown();
  const title = `Elk call sale ${Date.now()}`;
  await newBusinessWithProfile(page, 'Bugle Works');
  await createPromotion(page, { title, location, budget: '2.00', costPerClick: '2.00' });

  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Showing now')).toBeVisible();

  // A pro staffer in that town sees it on the dashboard; clicking opens the target and is charged.
  const viewer = await newProStaffer(browser, location);
  const impression = viewer.page.waitForResponse((r) => r.url().includes('/impression'));
  await viewer.page.goto('/pro-staff-dashboard');
  const sponsored = viewer.page.getByTestId('sponsored-promotion').filter({ hasText: title });
  await expect(sponsored).toBeVisible();
  await expect(sponsored).toContainText('Bugle Works');
  expect(await seriousViolations(viewer.page)).toEqual([]);
  const popup = viewer.page.waitForEvent('popup');
  const click = viewer.page.waitForResponse((r) => r.url().match(/\/api\/promotions\/\d+\/click$/) !== null);
  await impression;
  await sponsored.click();
  expect(await (await click).json()).toMatchObject({ recorded: true, charged: '2.00' });
  await (await popup).close();

  // The business sees the spend, the click, the CTR and the chart.
  await page.reload();
  await expect(card.getByText('$2.00').first()).toBeVisible();
  await expect(card).toContainText('Clicks1');
  await expect(card).toContainText('Impressions1');
  await expect(card).toContainText('CTR100.00%');
  await expect(card.getByText('Budget spent')).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('total-total-spent')).toHaveText('$2.00');
  await expect(page.getByTestId('total-total-clicks')).toHaveText('1');
  await expect(page.getByTestId('total-active-campaigns')).toHaveText('1');
  await page.getByRole('tab', { name: 'All Promotions' }).click();
  await page.getByRole('button', { name: `Analytics for ${title}` }).click();
  const analytics = page.getByRole('dialog', { name: `Analytics: ${title}` });
  await expect(analytics.getByTestId('daily-chart')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(analytics).toContainText('Spent$2.00');
  await analytics.getByRole('button', { name: 'Close' }).click();

  // The budget is spent: another pro staffer in the same town no longer sees it.
  const late = await newProStaffer(browser, location);
  const eligible = late.page.waitForResponse((r) => r.url().includes('/api/promotions/eligible'));
  await late.page.goto('/pro-staff-dashboard');
  expect(await (await eligible).json()).toEqual([]);
  await expect(late.page.getByTestId('sponsored-promotion')).toHaveCount(0);
  await viewer.context.close();
  await late.context.close();
});

test('a business edits, pauses, resumes and deletes a promotion', async ({ page, browser }) => {
  // Several accounts and browser contexts on a shared, slow CI machine.
  test.slow();
  const location = uniqueTown();
  const title = `Decoy promo ${Date.now()}`;
  await newBusinessWithProfile(page, 'Decoy Depot');
  await createPromotion(page, { title, location, budget: '50.00', costPerClick: '1.50' });
  const card = page.getByTestId('promotion-card').filter({ hasText: title });

  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Promotion' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Total Budget ($)').fill('75.00');
  await dialog.getByLabel('Daily Budget ($)').fill('10.00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Promotion updated successfully');
  await expect(card).toContainText('Budget$75.00');
  await expect(card).toContainText('Daily budget $10.00');

  await card.getByRole('button', { name: `Pause ${title}` }).click();
  await expectToast(page, 'Success', 'Promotion paused');
  await expect(page.getByRole('tabpanel')).not.toContainText(title);
  const viewer = await newProStaffer(browser, location);
  const eligible = viewer.page.waitForResponse((r) => r.url().includes('/api/promotions/eligible'));
  await viewer.page.goto('/pro-staff-dashboard');
  expect(await (await eligible).json()).toEqual([]);

  await page.getByRole('tab', { name: 'All Promotions' }).click();
  const inactive = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(inactive.getByText('Inactive')).toBeVisible();
  await inactive.getByRole('button', { name: `Resume ${title}` }).click();
  await expectToast(page, 'Success', 'Promotion resumed');
  await expect(inactive.getByText('Active', { exact: true })).toBeVisible();

  await inactive.getByRole('button', { name: `Delete ${title}` }).click();
  await expectToast(page, 'Success', 'Promotion deleted successfully');
  await expect(page.getByTestId('promotion-card').filter({ hasText: title })).toHaveCount(0);
  await viewer.context.close();
});
