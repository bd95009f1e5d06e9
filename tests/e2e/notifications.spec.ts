import { expect, test } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, pageInNewContext, seriousViolations } from './helpers';

// The notification centre (issue 23 item 4, issue 22 item 5; decision record 030): what happens to an account reaches
// its bell live, the list shows it with read state, opening it leads to the thing, and email is chosen per kind.
// Both accounts are new, so no other spec sees the change.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an offer reaches the staffer’s bell live; the list opens it and marks it read; email per kind is saved', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts
  const token = unique();
  const brand = `Bugle Calls ${token}`;
  await newAccountWithProfile(page, 'business', brand);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', `Wren N${token}`);

  // The staffer has nothing yet.
  await pro.goto('/notifications');
  await expect(pro.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(pro.getByText('No notifications yet.')).toBeVisible();
  const bell = pro.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  expect(await seriousViolations(pro), '/notifications (empty)').toEqual([]);

  // The business offers an agreement; the staffer's open page hears of it without a reload.
  const me = await pageCall(pro, 'GET', '/api/auth/me');
  const offered = await pageCall(page, 'POST', '/api/agreements', { proStaffId: me.body.proStaffId, startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 1500 });
  expect(offered.status).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  const item = pro.getByTestId('notification').filter({ hasText: `${brand} offered you a pro staff agreement` });
  await expect(item).toHaveAttribute('data-read', 'false');
  expect(await seriousViolations(pro), '/notifications (one unread)').toEqual([]);

  // Opening it leads to the agreement and marks it read.
  await item.getByRole('button', { name: `Unread: ${brand} offered you a pro staff agreement` }).click();
  await expect(pro.getByRole('heading', { name: `Agreement with ${brand}` })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(pro.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');

  // Agreement emails off: the setting is saved and survives a reload.
  const agreementsBox = pro.getByRole('checkbox', { name: 'Pro staff agreements' });
  await expect(agreementsBox).toBeChecked();
  await agreementsBox.uncheck();
  await expectToast(pro, 'Email settings saved');
  await pro.getByRole('checkbox', { name: 'A weekly digest of what I have not read' }).check();
  await pro.reload();
  await expect(pro.getByRole('checkbox', { name: 'Pro staff agreements' })).not.toBeChecked();
  await expect(pro.getByRole('checkbox', { name: 'A weekly digest of what I have not read' })).toBeChecked();

  // The staffer accepts; the business's bell counts it, "Mark all read" clears it.
  expect((await pageCall(pro, 'POST', `/api/agreements/${offered.body.id}/accept`, {})).status).toBe(200);
  await page.goto('/notifications');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification').first()).toContainText(`Wren N${token} accepted your pro staff agreement`);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
  await page.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await pro.context().close();
});

test('the notification page fits a phone and the bell stays reachable there', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await newAccountWithProfile(page, 'pro_staff', `Phone T${unique()}`);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
