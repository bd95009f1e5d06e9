import { expect, test, type Page } from './fixtures';
import { newAccountWithProfile, pageCall, seriousViolations } from './helpers';

// Rankings per currency (issue 40, item 8; decision records 013 and 025): a business paid in Canadian and US dollars
// this month sees its main currency (most paid commissions this month: CAD) first and switches to the other; each
// ranking counts its own currency only. The business is new, so no other spec sees or changes its rankings.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;

/** Serious accessibility problems inside the open dashboard tab. */
const tabViolations = (page: Page) => seriousViolations(page, '[role="tabpanel"]');

async function markPaid(page: Page, id: number) {
  expect((await pageCall(page, 'PATCH', `/api/commissions/${id}/status`, { status: 'paid' })).status).toBe(200);
}

type Pro = { id: number; name: string };

/**
 * A new business on a Startup trial (so it can connect a store) with a discount code for each of two seeded pro
 * staff; `paidOrder` reports an order in CAD with a pro's code from the store's server and marks its commission paid.
 */
async function businessWithStore(page: Page, name: string) {
  const token = unique();
  await newAccountWithProfile(page, 'business', `${name} ${token}`);
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);
  const options = (await pageCall(page, 'GET', '/api/discount-codes/pro-staff-options')).body as Pro[];
  const jake = options.find((pro) => pro.name === 'Jake Morrison')!;
  const rosa = options.find((pro) => pro.name === 'Rosa Delgado')!;
  const platform = await pageCall(page, 'POST', '/api/integration-platforms', { name: `Store ${token}`, platformType: 'custom' });
  expect(platform.status).toBe(201);
  const codes = new Map<number, string>();
  for (const pro of [jake, rosa]) {
    const code = `${pro.name.split(' ')[0]}${token}`.toUpperCase();
    const created = await pageCall(page, 'POST', '/api/discount-codes', {
      code, description: 'Staff code', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: pro.id, commissionRate: 10,
    });
    expect(created.status).toBe(201);
    codes.set(pro.id, code);
  }
  let orders = 0;
  const paidOrder = async (pro: Pro, orderValue: string) => {
    const res = await page.request.post('/api/discount-codes/track-usage', {
      headers: { 'X-Api-Key': platform.body.secretKey },
      data: { code: codes.get(pro.id), orderId: `R-${token}-${++orders}`, orderValue, currency: 'CAD' },
    });
    expect(res.status()).toBe(201);
    const { commission } = (await res.json()) as { commission: { id: number; proStaffId: number; currency: string } };
    expect(commission).toMatchObject({ proStaffId: pro.id, currency: 'CAD' });
    await markPaid(page, commission.id);
  };
  const paidManual = async (pro: Pro, amount: string) => {
    const created = await pageCall(page, 'POST', '/api/commissions', { proStaffId: pro.id, amount, description: `Rankings ${token}` });
    expect(created.status).toBe(201);
    await markPaid(page, created.body.id);
  };
  return { jake, rosa, paidOrder, paidManual };
}

test('a business paid in two currencies switches between its CAD and USD rankings and recalculates the one shown', async ({ page }) => {
  test.slow(); // a new account, a store, five commissions
  const { jake, rosa, paidOrder, paidManual } = await businessWithStore(page, 'Maple Ridge');
  // CAD, 3 paid this month: Rosa 200 + 150, Jake 50 (10% of the orders). USD, 2 paid: Jake 300, Rosa 100.
  await paidOrder(rosa, '2000.00');
  await paidOrder(rosa, '1500.00');
  await paidOrder(jake, '500.00');
  await paidManual(jake, '300.00');
  await paidManual(rosa, '100.00');

  await page.goto('/business-dashboard');
  await page.getByRole('tab', { name: 'Rankings' }).click();
  const panel = page.getByRole('tabpanel');
  const switcher = panel.getByRole('group', { name: 'Ranking currency' });
  const entries = panel.getByTestId('ranking-entry');

  // The main currency first: CAD, with CAD totals only.
  await expect(switcher.getByRole('button', { name: 'CAD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(switcher.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByTestId('ranking-currency')).toHaveText('CAD');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Rosa Delgado');
  await expect(entries.nth(0).locator('dd')).toHaveText(['CAD 350.00', '2', 'CAD 175.00']);
  await expect(entries.nth(0).getByRole('img', { name: 'Gold medal' })).toBeVisible();
  await expect(entries.nth(1)).toContainText('Jake Morrison');
  await expect(entries.nth(1).locator('dd')).toHaveText(['CAD 50.00', '1', 'CAD 50.00']);
  await expect(entries.nth(1).getByRole('img', { name: 'Silver medal' })).toBeVisible();
  expect(await tabViolations(page)).toEqual([]);

  // USD: Jake first; nothing of the CAD amounts is added in.
  await switcher.getByRole('button', { name: 'USD' }).click();
  await expect(switcher.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(switcher.getByRole('button', { name: 'CAD' })).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByTestId('ranking-currency')).toHaveText('USD');
  await expect(entries.nth(0)).toContainText('Jake Morrison');
  await expect(entries.nth(0).locator('dd')).toHaveText(['$300.00', '1', '$300.00']);
  await expect(entries.nth(1)).toContainText('Rosa Delgado');
  await expect(entries.nth(1).locator('dd')).toHaveText(['$100.00', '1', '$100.00']);
  expect(await tabViolations(page)).toEqual([]);

  // Calculate Rankings recalculates the currency shown.
  const [recalculation] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/rankings/calculate/')),
    panel.getByRole('button', { name: 'Calculate Rankings' }).click(),
  ]);
  expect(new URL(recalculation.url()).searchParams.get('currency')).toBe('USD');
  await expect(panel.getByRole('button', { name: 'Calculate Rankings' })).toBeEnabled();
  await expect(entries.nth(0)).toContainText('Jake Morrison');
  await expect(switcher.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');

  // Back to CAD, by keyboard, and at phone width nothing overflows.
  await switcher.getByRole('button', { name: 'CAD' }).focus();
  await page.keyboard.press('Enter');
  await expect(entries.nth(0)).toContainText('Rosa Delgado');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(switcher).toBeVisible();
  expect(await tabViolations(page)).toEqual([]);
});

test('a business paid in Canadian dollars only sees its CAD ranking, without a currency switcher', async ({ page }) => {
  const { jake, paidOrder } = await businessWithStore(page, 'Lone Pine');
  await paidOrder(jake, '425.00');

  await page.goto('/business-dashboard');
  await page.getByRole('tab', { name: 'Rankings' }).click();
  const panel = page.getByRole('tabpanel');
  const entries = panel.getByTestId('ranking-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Jake Morrison');
  await expect(entries.first().locator('dd')).toHaveText(['CAD 42.50', '1', 'CAD 42.50']);
  await expect(panel.getByTestId('ranking-currency')).toHaveText('CAD');
  await expect(panel.getByRole('group', { name: 'Ranking currency' })).toHaveCount(0);
  // Recalculating keeps CAD.
  await panel.getByRole('button', { name: 'Calculate Rankings' }).click();
  await expect(panel.getByRole('button', { name: 'Calculate Rankings' })).toBeEnabled();
  await expect(entries.first().locator('dd').first()).toHaveText('CAD 42.50');
  expect(await tabViolations(page)).toEqual([]);
});
