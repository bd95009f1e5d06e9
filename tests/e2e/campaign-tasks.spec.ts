import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, pageInNewContext, seriousViolations, rosterStaffer } from './helpers';

// Tasks with proof inside campaigns (issue 23 item 2, decision record 032): a business schedules a campaign with a link
// asset and two tasks; its rostered staffer opens the asset, submits a field-test report with a photo; the business
// rejects it ("Unsafe firearm handling"), the staffer reads why and submits again, the business approves, and the
// reward commission appears on the staffer's dashboard and their season goal moves to met. Both sides see the
// notifications. Every account is new, so no other spec sees the change (and the Free plan's one campaign is this
// business's own).

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PHOTO = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'field-test-photo.png'));

test('a field-test proof is rejected, submitted again and approved; the reward becomes a commission and both sides are notified', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts, many steps
  const token = unique();
  const brand = `Ridge Decoys ${token}`;
  const staffer = `Sage T${token}`;
  const title = `Early season field test ${token}`;
  await newAccountWithProfile(page, 'business', brand);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', staffer);

  // The staffer joins the business's roster (an accepted agreement).
  const proStaffId = await rosterStaffer(page, pro);

  // A season goal of one field-test report for the staffer (the goals screens have their own spec): at 0 until approved.
  const season = await pageCall(page, 'POST', '/api/seasons', { name: `Spring ${token}`, startsOn: today(), endsOn: inDays(60) });
  expect(season.status).toBe(201);
  expect((await pageCall(page, 'POST', `/api/seasons/${season.body.id}/goals`, { proStaffId: proStaffId, reportsTarget: 1 })).status).toBe(201);
  await pro.goto('/pro-staff-dashboard');
  const myReports = pro.getByTestId('my-goals-card').getByRole('progressbar', { name: `Field-test reports, Spring ${token}, ${brand}` });
  await expect(myReports).toHaveAttribute('aria-valuenow', '0');

  // The business creates a campaign opening today with a link asset.
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const campaignDialog = page.getByRole('dialog', { name: 'New Campaign' });
  await campaignDialog.getByLabel('Title').fill(title);
  await campaignDialog.getByLabel('Brief').fill('Run the new decoy spread for a week and report back.');
  await campaignDialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('radio', { name: 'Link' }).check();
  await page.getByLabel('Name').fill('Spread diagram');
  await page.getByLabel('Link (https://)').fill('https://example.com/spread');
  await page.getByRole('button', { name: 'Add Asset' }).click();
  await expect(page.getByTestId('campaign-assets')).toContainText('https://example.com/spread');

  // Two tasks: a field test with a reward (the form checks first), a social post.
  await page.getByRole('button', { name: 'Add Task' }).click();
  let taskDialog = page.getByRole('dialog', { name: 'Add Task' });
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(taskDialog.getByText('Enter a title of at least 3 characters')).toBeVisible();
  await taskDialog.getByLabel('Kind of task').selectOption('field_test');
  await taskDialog.getByLabel('Title').fill('Test the decoy spread');
  await taskDialog.getByLabel('Reward').fill('25.00');
  expect(await seriousViolations(page, '[role="dialog"]'), 'add task dialog').toEqual([]);
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  await expectToast(page, 'Success', 'Task added.');
  await page.getByRole('button', { name: 'Add Task' }).click();
  taskDialog = page.getByRole('dialog', { name: 'Add Task' });
  await taskDialog.getByLabel('Kind of task').selectOption('social_post');
  await taskDialog.getByLabel('Title').fill('Post from the blind');
  await taskDialog.getByLabel('Platform').selectOption('instagram');
  await taskDialog.getByLabel('Required tag or handle').fill('#RidgeDecoys');
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  const tasks = page.getByTestId('campaign-tasks');
  await expect(tasks.getByRole('listitem')).toHaveCount(2);
  await expect(tasks).toContainText('Field-test report · Reward USD 25.00');
  await expect(tasks).toContainText('Instagram, tag #RidgeDecoys · No reward');
  // Before any proof, a task can be edited: the social post moves to TikTok with a reward.
  await page.getByRole('button', { name: 'Edit the task Post from the blind' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(editDialog.getByLabel('Required tag or handle')).toHaveValue('#RidgeDecoys');
  await editDialog.getByLabel('Platform').selectOption('tiktok');
  await editDialog.getByLabel('Reward').fill('10.00');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Task saved.');
  await expect(tasks).toContainText('TikTok, tag #RidgeDecoys · Reward USD 10.00');
  expect(await seriousViolations(page), '/campaigns/:id with tasks (business)').toEqual([]);
  const campaignUrl = page.url();

  // The staffer opens the campaign and its link asset, and submits a field-test report with a photo.
  await pro.goto(campaignUrl);
  await expect(pro.getByRole('heading', { name: title })).toBeVisible();
  await expect(pro.getByRole('link', { name: 'Open link Spread diagram' })).toHaveAttribute('href', 'https://example.com/spread');
  const fieldTask = pro.getByTestId('staffer-task').filter({ hasText: 'Test the decoy spread' });
  await expect(fieldTask.getByTestId('task-status')).toHaveText('Not started');
  await fieldTask.getByRole('button', { name: 'Submit Proof for Test the decoy spread' }).click();
  let proofDialog = pro.getByRole('dialog', { name: 'Submit Proof: Test the decoy spread' });
  await proofDialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(proofDialog.getByText('Enter the product you tested')).toBeVisible();
  await proofDialog.getByLabel('Product').fill('Strutter decoy');
  await proofDialog.getByLabel('Conditions').fill('Rain, hardwoods, 40°F');
  await proofDialog.getByLabel('Days used').fill('4');
  await proofDialog.getByLabel('What worked').fill('Birds committed at 20 yards.');
  await proofDialog.getByLabel('What failed').fill('A stake bent in clay.');
  await proofDialog.getByLabel('Photos').setInputFiles({ name: 'spread.png', mimeType: 'image/png', buffer: PHOTO });
  expect(await seriousViolations(pro, '[role="dialog"]'), 'submit proof dialog').toEqual([]);
  await proofDialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expectToast(pro, 'Success', 'Proof submitted.');
  await expect(fieldTask.getByTestId('task-status')).toHaveText('Waiting for review');
  await expect(fieldTask.getByRole('img', { name: 'Photo 1: spread.png' })).toBeVisible();
  expect(await seriousViolations(pro), '/campaigns/:id with a proof (pro staff)').toEqual([]);

  // The business's bell counts the proof; it sees it in its review list and rejects it for unsafe firearm handling.
  await page.reload();
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications, \d+ unread/);
  await page.goto('/notifications');
  await expect(page.getByTestId('notification').filter({ hasText: `${staffer} submitted proof for "Test the decoy spread"` })).toBeVisible();
  await page.goto(campaignUrl);
  const proof = page.getByTestId('proof').filter({ hasText: staffer });
  await expect(proof).toContainText('Strutter decoy');
  await expect(page.getByTestId('task-counts').first()).toHaveText('1 waiting · 0 approved');
  await proof.getByRole('button', { name: `Reject the proof of ${staffer}` }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject Proof' });
  await rejectDialog.getByLabel('Reason').selectOption({ label: 'Unsafe firearm handling' });
  await rejectDialog.getByLabel('Details').fill('Muzzle toward the camera in photo 1.');
  expect(await seriousViolations(page, '[role="dialog"]'), 'reject dialog').toEqual([]);
  await rejectDialog.getByRole('button', { name: 'Reject Proof' }).click();
  await expectToast(page, 'Success');
  await expect(proof.getByText('Rejected', { exact: true })).toBeVisible();

  // The staffer reads why and submits again.
  await pro.reload();
  await expect(fieldTask.getByTestId('task-status')).toHaveText('Rejected');
  await expect(fieldTask.getByTestId('rejection-reason')).toHaveText('Rejected: Unsafe firearm handling — Muzzle toward the camera in photo 1.');
  await fieldTask.getByRole('button', { name: 'Submit Again for Test the decoy spread' }).click();
  proofDialog = pro.getByRole('dialog', { name: 'Submit Proof: Test the decoy spread' });
  await proofDialog.getByLabel('Product').fill('Strutter decoy');
  await proofDialog.getByLabel('Conditions').fill('Rain, hardwoods, 40°F');
  await proofDialog.getByLabel('Days used').fill('5');
  await proofDialog.getByLabel('What worked').fill('Birds committed at 20 yards; safe carry in every photo.');
  await proofDialog.getByLabel('What failed').fill('A stake bent in clay.');
  await proofDialog.getByLabel('Photos').setInputFiles({ name: 'spread-safe.png', mimeType: 'image/png', buffer: PHOTO });
  await proofDialog.getByRole('button', { name: 'Submit Proof' }).click();
  await expect(fieldTask.getByTestId('task-status')).toHaveText('Waiting for review');

  // The business approves the new proof; the reward commission is recorded.
  await page.reload();
  const waiting = page.getByTestId('proof').filter({ hasText: 'safe carry in every photo' });
  await waiting.getByRole('button', { name: `Approve the proof of ${staffer}` }).click();
  await expectToast(page, 'Success', 'Proof approved.');
  await expect(waiting.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('task-counts').first()).toHaveText('0 waiting · 1 approved');
  await page.goto('/notifications');
  await expect(page.getByTestId('notification').filter({ hasText: `${staffer} reached their Spring ${token} goal` })).toBeVisible();

  // The staffer sees the approval, the commission on the earnings page, the goal on the dashboard and the notifications.
  await pro.reload();
  await expect(fieldTask.getByTestId('task-status')).toHaveText('Approved');
  await expect(fieldTask.getByRole('button', { name: /Submit/ })).toHaveCount(0);
  await pro.goto('/earnings');
  await expect(pro.getByText(`Reward for the task "Test the decoy spread" in the campaign "${title}"`)).toBeVisible();
  await pro.goto('/pro-staff-dashboard');
  // The approved report moved the season goal, which is now met.
  await expect(myReports).toHaveAttribute('aria-valuenow', '100');
  await expect(pro.getByTestId('my-goals-card').getByText('Goal reached')).toBeVisible();
  await pro.goto('/notifications');
  const notes = pro.getByTestId('notification');
  await expect(notes.filter({ hasText: `${brand} approved your proof for "Test the decoy spread"` })).toBeVisible();
  await expect(notes.filter({ hasText: `${brand} rejected your proof for "Test the decoy spread"` })).toBeVisible();
  await expect(notes.filter({ hasText: `${brand} recorded a USD 25.00 commission for you` })).toBeVisible();
  await expect(notes.filter({ hasText: `Goal reached: Spring ${token} with ${brand}` })).toBeVisible();
  await expect(pro.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications, \d+ unread/);
  expect(await seriousViolations(pro), '/notifications (pro staff)').toEqual([]);

  // Both sides of the campaign page fit a 375 px phone.
  for (const [who, view] of [['business', page], ['pro staff', pro]] as const) {
    await view.setViewportSize({ width: 375, height: 800 });
    await view.goto(campaignUrl);
    await expect(view.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    const width = await view.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll, `campaign page at 375 px (${who})`).toBeLessThanOrEqual(width.client);
  }
  await pro.context().close();
});
