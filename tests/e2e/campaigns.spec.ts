import fs from 'node:fs';
import { expect, test } from './fixtures';
import { expectPlanLimitGate, expectToast, newAccountWithProfile, pageCall, pageInNewContext, seriousViolations, rosterStaffer } from './helpers';

// Campaigns (issue 23 item 1, decision record 031): a business with a staffer on its roster creates a campaign that
// opens today, adds a file and a link to its content library; the staffer sees it on the dashboard, opens it and
// downloads the file. Every account is new, so no other spec sees the change.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);

test('a business creates a campaign with a file and a link; its rostered staffer sees it on the dashboard and downloads the file', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts
  const token = unique();
  const brand = `Timber Calls ${token}`;
  const title = `Spring gobbler push ${token}`;
  await newAccountWithProfile(page, 'business', brand);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', `Rowan Q${token}`);

  // The staffer joins the business's roster (an accepted agreement).
  await rosterStaffer(page, pro);

  // The business reaches Campaigns from its dashboard and creates one that opens today.
  await page.goto('/business-dashboard');
  await page.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByText('No campaigns yet.')).toBeVisible();
  expect(await seriousViolations(page), '/campaigns (business)').toEqual([]);
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Campaign' });
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByText('Enter a title of at least 3 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Brief').fill('Two field photos with the new box call before the season opener.');
  await expect(dialog.getByLabel('Opens on')).toHaveValue(today());
  expect(await seriousViolations(page, '[role="dialog"]'), 'new campaign dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expectToast(page, 'Success', 'Campaign created and open: your pro staff were notified.');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('Open');

  // A file and a link, each with usage notes.
  await page.getByLabel('Name').fill('Logo pack');
  await page.getByLabel('File to upload').setInputFiles({ name: 'timber-logo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('Usage notes').fill('Keep the margins clear.');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  await expectToast(page, 'Success', 'Asset added.');
  await expect(page.getByTestId('campaign-assets')).toContainText('timber-logo.pdf');
  await page.getByRole('radio', { name: 'Link' }).check();
  await page.getByLabel('Name').fill('Brand guide');
  await page.getByLabel('Link (https://)').fill('https://example.com/timber-brand');
  await page.getByLabel('Usage notes').fill('Colours and fonts.');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  await expect(page.getByTestId('campaign-assets')).toContainText('https://example.com/timber-brand');
  expect(await seriousViolations(page), '/campaigns/:id (business)').toEqual([]);
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaign-row').filter({ hasText: title })).toContainText('Open');
  // The Free plan allows one open or scheduled campaign: a second shows the limit and the way to upgrade.
  await expectPlanLimitGate(page, 'New Campaign', 'New Campaign', 'Your Free plan allows 1 open or scheduled campaign.');

  // The staffer sees it on the dashboard, opens it and downloads the file.
  await pro.goto('/pro-staff-dashboard');
  const card = pro.getByTestId('campaigns-card');
  await expect(card).toContainText(title);
  await card.getByRole('link', { name: title }).click();
  await expect(pro.getByRole('heading', { name: title })).toBeVisible();
  await expect(pro.getByTestId('campaign-brief')).toContainText('Two field photos');
  await expect(pro.getByText('Keep the margins clear.')).toBeVisible();
  await expect(pro.getByRole('link', { name: 'Open link Brand guide' })).toHaveAttribute('href', 'https://example.com/timber-brand');
  await expect(pro.getByRole('button', { name: 'Add Asset' })).toHaveCount(0);
  expect(await seriousViolations(pro), '/campaigns/:id (pro staff)').toEqual([]);
  const [download] = await Promise.all([pro.waitForEvent('download'), pro.getByRole('link', { name: 'Download Logo pack' }).click()]);
  expect(download.suggestedFilename()).toBe('timber-logo.pdf');
  expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);

  // The opening reached the staffer's notification centre.
  const notifications = await pageCall(pro, 'GET', '/api/notifications');
  expect(notifications.body.notifications.map((n: { kind: string; title: string }) => [n.kind, n.title])).toContainEqual(['campaign', `${brand} opened a campaign: ${title}`]);
  await pro.context().close();
});
