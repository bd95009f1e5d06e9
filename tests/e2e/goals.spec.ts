import { expect, test, type Page } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, pageInNewContext, seriousViolations, rosterStaffer } from './helpers';

// Goals by season (issue 23 item 3, decision record 033): a business with a staffer on its roster names a season and
// sets the staffer's goal; both see the progress at 0, an attributed order (the store API, secret key) moves it, and
// the roster summarises it. Every account is new, so no other spec sees the change.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a business sets a season goal for its rostered staffer; both see the progress move when an attributed order comes in', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts
  const token = unique();
  const staffer = `Rowan Q${token}`;
  const seasonName = `Spring turkey ${token}`;
  await newAccountWithProfile(page, 'business', `Timber Calls ${token}`);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', staffer);

  // The staffer joins the roster (an accepted agreement); a Startup trial lets the business connect a store and give
  // the staffer a discount code, so orders can be attributed to them.
  const proStaffId = await rosterStaffer(page, pro);
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);

  // The business reaches Goals from its dashboard and names a season.
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('goals-summary-card')).toContainText('No goals for this season yet.');
  await page.getByRole('link', { name: 'Goals', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('No seasons yet.')).toBeVisible();
  expect(await seriousViolations(page), '/goals (business)').toEqual([]);
  await page.getByRole('button', { name: 'New Season' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Season' });
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  await expect(dialog.getByText('Enter a name of at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill(seasonName);
  await expect(dialog.getByLabel('First day')).toHaveValue(today());
  await dialog.getByLabel('Last day').fill(inDays(-1));
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  await expect(dialog.getByText('The season must end on or after the day it starts')).toBeVisible();
  await dialog.getByLabel('Last day').fill(inDays(60));
  expect(await seriousViolations(page, '[role="dialog"]'), 'new season dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  await expectToast(page, 'Success', 'Season created. Set a goal for each of your pro staff.');
  await expect(page.getByRole('heading', { name: seasonName, level: 1 })).toBeVisible();

  // The staffer is listed from the roster without a goal; Set Goal gives them a sales and a posts target.
  const row = page.getByTestId('staffer-goal').filter({ hasText: staffer });
  await expect(row).toContainText(`No goal for ${seasonName} yet.`);
  await row.getByRole('button', { name: `Set goal for ${staffer}` }).click();
  const goalDialog = page.getByRole('dialog', { name: `Set Goal: ${staffer}` });
  await goalDialog.getByRole('button', { name: 'Set Goal' }).click();
  await expect(goalDialog.getByText('Set at least one target')).toBeVisible();
  await goalDialog.getByLabel('Attributed sales target').fill('100.00');
  await goalDialog.getByLabel('Approved posts').fill('2');
  expect(await seriousViolations(page, '[role="dialog"]'), 'set goal dialog').toEqual([]);
  await goalDialog.getByRole('button', { name: 'Set Goal' }).click();
  await expectToast(page, 'Success', `Goal saved for ${staffer}.`);
  const salesBar = row.getByRole('progressbar', { name: `Attributed sales, ${staffer}` });
  await expect(salesBar).toHaveAttribute('aria-valuenow', '0');
  await expect(row.getByRole('progressbar', { name: `Approved posts, ${staffer}` })).toHaveAttribute('aria-valuenow', '0');
  await expect(row).toContainText('USD 0.00 of USD 100.00');
  expect(await seriousViolations(page), '/goals/:id (business)').toEqual([]);

  // The staffer sees the goal on the dashboard at 0.
  await pro.goto('/pro-staff-dashboard');
  const card = pro.getByTestId('my-goals-card');
  await expect(card).toContainText(seasonName);
  const stafferSales = card.getByRole('progressbar', { name: new RegExp(`^Attributed sales, ${seasonName}`) });
  await expect(stafferSales).toHaveAttribute('aria-valuenow', '0');
  expect(await seriousViolations(pro), '/pro-staff-dashboard (goals card)').toEqual([]);

  // An order with the staffer's code, reported by the store's server: the sales progress moves on both sides.
  const platform = await pageCall(page, 'POST', '/api/integration-platforms', { name: `Store ${token}`, platformType: 'custom' });
  expect(platform.status).toBe(201);
  const code = `GOAL${token}`.toUpperCase();
  const created = await pageCall(page, 'POST', '/api/discount-codes', { code, description: 'Staff code', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: proStaffId, commissionRate: 10 });
  expect(created.status).toBe(201);
  const usage = await page.request.post('/api/discount-codes/track-usage', { headers: { 'X-Api-Key': platform.body.secretKey }, data: { code, orderId: `G-${token}`, orderValue: '40.00', currency: 'USD' } });
  expect(usage.status()).toBe(201);
  await pro.reload();
  await expect(stafferSales).toHaveAttribute('aria-valuenow', '40');
  await expect(card).toContainText('USD 40.00 of USD 100.00');
  await page.reload();
  await expect(salesBar).toHaveAttribute('aria-valuenow', '40');

  // The roster summarises each staffer's progress this season.
  await page.goto('/agreements');
  const summary = page.getByTestId('roster-goals');
  await expect(summary.getByRole('progressbar', { name: `${staffer}, ${seasonName}: overall progress` })).toHaveAttribute('aria-valuenow', '20');
  expect(await seriousViolations(page), '/agreements (roster goals)').toEqual([]);

  // The staffer's goals page, and both screens at phone width.
  await pro.goto('/goals');
  await expect(pro.getByTestId('goal-card').filter({ hasText: seasonName })).toContainText('USD 40.00 of USD 100.00');
  expect(await seriousViolations(pro), '/goals (pro staff)').toEqual([]);
  await fitsPhone(pro);
  await page.goBack();
  await expect(page.getByRole('heading', { name: seasonName, level: 1 })).toBeVisible();
  await fitsPhone(page);
  await pro.context().close();
});
