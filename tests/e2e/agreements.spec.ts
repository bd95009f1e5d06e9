import { expect, test } from './fixtures';
import { expectPlanLimitGate, expectToast, newAccountWithProfile, pageCall, pageInNewContext, seriousViolations } from './helpers';

// Pro staff agreements (issue 22, decision record 028): a business offers, the staffer accepts, the roster and the
// "Active Pro Staff" card count them, the staffer ends it. Every account is new, so no other spec sees the change.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;

test('a business offers an agreement, the staffer accepts, the roster and the dashboard count it, the staffer ends it', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts
  const token = unique();
  const brand = `Glassing Optics ${token}`;
  const staffer = `Quill Z${token}`;
  await newAccountWithProfile(page, 'business', brand);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', staffer);

  // The business offers an exclusive optics agreement from its roster page.
  await page.goto('/agreements');
  await expect(page.getByRole('heading', { name: 'Pro Staff Roster' })).toBeVisible();
  await expect(page.getByTestId('roster-active-count')).toHaveText('0 active pro staff');
  expect(await seriousViolations(page), '/agreements (business)').toEqual([]);
  await page.getByRole('button', { name: 'Offer Agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer Pro Staff Agreement' });
  await dialog.getByLabel('Pro staffer').selectOption({ label: staffer });
  await dialog.getByLabel('Commission on their codes (%)').fill('12.5');
  await dialog.getByLabel('Gear allowance per term').fill('250.00');
  await dialog.getByLabel('Duties').fill('Two field posts a month and the spring show.');
  await dialog.getByLabel('Posts per term').fill('24');
  await dialog.getByLabel('Exclusivity').selectOption({ label: 'Optics' });
  expect(await seriousViolations(page, '[role="dialog"]'), 'offer dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Send Offer' }).click();
  await expectToast(page, 'Success', 'Agreement offer sent.');
  await expect(dialog).toBeHidden();
  await page.getByLabel('Status').selectOption({ label: 'Offered' });
  await expect(page.getByTestId('agreement-row').filter({ hasText: staffer })).toContainText('Offered');

  // The staffer sees the offer and accepts it.
  await pro.goto('/agreements');
  await expect(pro.getByRole('heading', { name: 'My Agreements' })).toBeVisible();
  expect(await seriousViolations(pro), '/agreements (pro staff)').toEqual([]);
  await pro.getByRole('link', { name: brand }).first().click();
  await expect(pro.getByRole('heading', { name: `Agreement with ${brand}` })).toBeVisible();
  await expect(pro.getByText('12.5%')).toBeVisible();
  await expect(pro.getByText('USD 250.00')).toBeVisible();
  await expect(pro.getByTestId('agreement-history')).toContainText('Offered');
  expect(await seriousViolations(pro), '/agreements/:id').toEqual([]);
  await pro.getByRole('button', { name: 'Accept Agreement' }).click();
  await expectToast(pro, 'Success', 'Agreement accepted.');
  await expect(pro.getByTestId('agreement-status')).toHaveText('Active');
  await expect(pro.getByTestId('agreement-history')).toContainText('Accepted');

  // The roster and the dashboard card count one active pro staffer; the staffer's dashboard lists the brand.
  await page.goto('/agreements');
  await expect(page.getByTestId('roster-active-count')).toHaveText('1 active pro staff');
  await expect(page.getByTestId('agreement-row').filter({ hasText: staffer })).toContainText('Active');
  // The Free plan allows one: a second offer shows the limit and the way to upgrade instead of the form.
  await expectPlanLimitGate(page, 'Offer Agreement', 'Offer Pro Staff Agreement', 'Your Free plan allows 1 active pro staff agreement.');
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('stat-active-pro-staff').getByTestId('stat-value')).toHaveText('1');
  await pro.goto('/pro-staff-dashboard');
  await expect(pro.getByTestId('my-brands')).toContainText(brand);

  // The staffer ends it with a reason; both sides see it ended and the count drops back.
  await pro.getByTestId('my-brands').getByRole('link', { name: brand }).click();
  await pro.getByRole('button', { name: 'End Agreement' }).click();
  const end = pro.getByRole('dialog', { name: 'End Agreement' });
  await end.getByLabel('Reason').fill('Moving to another optics brand');
  await end.getByRole('button', { name: 'End Agreement' }).click();
  await expectToast(pro, 'Success', 'Agreement ended.');
  await expect(pro.getByTestId('agreement-status')).toHaveText('Ended');
  await expect(pro.getByTestId('agreement-history')).toContainText('Moving to another optics brand');
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('stat-active-pro-staff').getByTestId('stat-value')).toHaveText('0');
  await pro.context().close();
});

test('an exclusive offer over a conflicting agreement warns without naming the other brand; the staffer must end the other and confirm', async ({ page, browser }) => {
  test.slow(); // three browsers, three new accounts
  const token = unique();
  const first = `First Glass ${token}`;
  const second = `Second Optics ${token}`;
  const staffer = `Quill Y${token}`;
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', staffer);
  await pro.goto('/agreements');
  const proStaffId = (await pageCall(pro, 'GET', '/api/auth/me')).body.proStaffId as number;
  const terms = { startDate: new Date().toISOString().slice(0, 10), endDate: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10), commissionRateBps: 1000, exclusivityCategory: 'optics' };

  // The staffer is already exclusive in optics with the first brand (made through the API).
  const firstBrand = await pageInNewContext(browser);
  await newAccountWithProfile(firstBrand, 'business', first);
  await firstBrand.goto('/agreements');
  const existing = await pageCall(firstBrand, 'POST', '/api/agreements', { proStaffId, ...terms });
  expect(existing.status).toBe(201);
  expect((await pageCall(pro, 'POST', `/api/agreements/${existing.body.id}/accept`, {})).status).toBe(200);

  // The second brand is warned, without the first brand's name, and sends anyway.
  await newAccountWithProfile(page, 'business', second);
  await page.goto('/agreements');
  await page.getByRole('button', { name: 'Offer Agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offer Pro Staff Agreement' });
  await dialog.getByLabel('Pro staffer').selectOption({ label: staffer });
  await dialog.getByLabel('Exclusivity').selectOption({ label: 'Optics' });
  await dialog.getByRole('button', { name: 'Send Offer' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText('already has an active exclusive Optics agreement with another business');
  await expect(warning).not.toContainText(first);
  await dialog.getByRole('button', { name: 'Send Anyway' }).click();
  await expectToast(page, 'Success', 'Agreement offer sent.');

  // The staffer must confirm, and cannot accept while the other exclusive agreement is active.
  await pro.goto('/agreements');
  await pro.getByRole('link', { name: second }).first().click();
  const accept = pro.getByRole('button', { name: 'Accept Agreement' });
  await expect(accept).toBeDisabled();
  await pro.getByLabel(/I confirm I have ended my other exclusive Optics agreement/).check();
  await accept.click();
  await expect(pro.getByRole('alert').filter({ hasText: `active exclusive Optics agreement with ${first}` })).toBeVisible();
  await expect(pro.getByTestId('agreement-status')).toHaveText('Offered');

  // Once the staffer ends the other one, the acceptance goes through.
  expect((await pageCall(pro, 'POST', `/api/agreements/${existing.body.id}/end`, { reason: 'Moving to another optics brand' })).status).toBe(200);
  await accept.click();
  await expectToast(pro, 'Success', 'Agreement accepted.');
  await expect(pro.getByTestId('agreement-status')).toHaveText('Active');
  await pro.context().close();
  await firstBrand.context().close();
});
