import { expect, test } from './fixtures';
import { DEMO_BUSINESS, DEMO_PRO_STAFF, expectTextAt, newAccountWithProfile, seriousViolations, signIn, signUp } from './helpers';

test('both dashboards ask signed-out visitors to log in', async ({ page }) => {
  await expectTextAt(page, '/business-dashboard', 'Please log in to access your dashboard.');
  await expectTextAt(page, '/pro-staff-dashboard', 'Please log in to access your dashboard.');
});

test('a new free business sees zeroed stats, the upgrade path and every tab', async ({ page }) => {
  await signUp(page, 'business');
  for (const label of ['Active Pro Staff', 'Job Postings', 'Applications', 'Messages']) {
    await expect(page.getByTestId(`stat-${label.toLowerCase().replace(/\s+/g, '-')}`).getByTestId('stat-value')).toHaveText('0');
  }
  await expect(page.getByTestId('subscription-tier')).toHaveText('FREE');
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('button', { name: 'Analytics (Upgrade Required)' })).toBeDisabled();
  await expect(page.getByText('No profile yet')).toBeVisible();

  const tabs = page.getByRole('tablist');
  for (const name of ['Overview', 'Jobs', 'Rankings', 'Messaging', 'Commissions', 'Social', 'Profile']) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByText('Please complete your business profile first.')).toBeVisible();
  await expect(page).toHaveURL(/tab=jobs/);
  await tabs.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText('Not specified')).toHaveCount(5);
});

test('the new-feature banner stays dismissed and the help popover opens', async ({ page }) => {
  await signUp(page, 'business');
  const banner = page.getByRole('note');
  await expect(banner).toContainText('pro staff can now apply');
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  await expect(page.getByRole('note')).toBeHidden();
  await page.getByRole('button', { name: 'Dashboard help' }).click();
  await expect(page.getByText('Getting around your dashboard')).toBeVisible();
});

test('a paying business sees its plan, recent postings, profile and analytics', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('subscription-tier')).toHaveText('PROFESSIONAL');
  await expect(page.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription');
  const recent = page.getByTestId('recent-job');
  await expect(recent.first()).toBeVisible();
  expect(await recent.count()).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('stat-job-postings').getByTestId('stat-value')).not.toHaveText('0');

  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Hiring Analytics' })).toContainText('Elk Season Pro Staff Guide');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText('Timberline Outfitters').first()).toBeVisible();
});

test('a new pro staffer sees opportunities and is asked to complete a profile before applying', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await expect(page.getByRole('heading', { name: 'Available Opportunities' })).toBeVisible();
  const cards = page.getByTestId('job-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(5);
  await expect(cards.first().getByRole('link', { name: 'Complete your profile to apply' })).toHaveAttribute('href', '/profile');
  await expect(page.getByText('Complete your profile to start applying.')).toBeVisible();
  await expect(page.getByTestId('subscription-tier')).toHaveText('FREE');
  await expect(page.getByRole('button', { name: 'Analytics (Upgrade Required)' })).toBeDisabled();
  await expect(page.getByTestId('stat-profile-views').getByTestId('stat-value')).toHaveText('0');
});

test('a pro staffer with a profile sees the rating, and can search every job', async ({ page }) => {
  await signIn(page, DEMO_PRO_STAFF);
  await page.goto('/pro-staff-dashboard');
  await expect(page.getByTestId('stat-profile-rating').getByTestId('stat-value')).toHaveText('4.8/5');
  await expect(page.getByTestId('job-card').first().getByRole('button', { name: /Apply Now/ })).toBeVisible();

  await page.getByRole('button', { name: 'Browse Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Browse Jobs' })).toBeVisible();
  await page.getByLabel('Specialty').selectOption('Duck Hunting');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const cards = page.getByTestId('job-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Duck Hunting');
});


test('no serious accessibility violations on either dashboard', async ({ page }) => {
  test.slow(); // three full axe scans
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard');
  await page.getByTestId('recent-job').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await page.getByTestId('own-job').first().waitFor();
  await page.getByRole('button', { name: 'New Posting' }).click();
  await page.getByRole('dialog').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await signIn(page, DEMO_PRO_STAFF);
  await page.goto('/pro-staff-dashboard');
  await page.getByTestId('job-card').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a new business completes its profile, posts its one free job and meets the monthly limit', async ({ page }) => {
  await signUp(page, 'business');
  await expect(page.getByText('No profile yet')).toBeVisible();
  await page.getByRole('link', { name: 'Complete Profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Company Name').fill('Cedar Draw Outfitters');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();

  // Back on the dashboard without a reload: the profile and the jobs tab are ready.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Welcome back, Cedar Draw Outfitters')).toBeVisible();
  await expect(page.getByText('Profile complete')).toBeVisible();
  await page.getByRole('button', { name: 'New Posting' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Job Posting' });
  await dialog.getByLabel('Title').fill('Mule Deer Scout');
  await dialog.getByLabel('Description').fill('Scout mule deer units before the season opens.');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('stat-job-postings').getByTestId('stat-value')).toHaveText('1');
  await expect(page.getByTestId('recent-job')).toContainText('Mule Deer Scout');

  // At the limit, New Posting shows the limit and an upgrade link instead of opening the form.
  await page.getByRole('button', { name: 'New Posting' }).click();
  const gate = page.getByRole('dialog', { name: 'Plan limit reached' });
  await expect(gate).toContainText('Your Free plan allows 1 job post per month.');
  await expect(gate.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/subscription');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByTestId('plan-usage')).toHaveText('Free plan: 1 of 1 job posts this month · Upgrade for more');
});

test('a new pro staffer completes a profile and applies from Available Opportunities', async ({ page, browser }) => {
  // A posting of this test's own, found by its title: other specs post and close jobs in parallel, so "the first
  // card" can change under the test (decision record 018).
  const title = `Wren's Elk Scout ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const poster = await browser.newContext();
  const posterPage = await poster.newPage();
  await newAccountWithProfile(posterPage, 'business', `Outfitter ${title}`);
  const posted = await posterPage.request.post('/api/job-postings', {
    data: { title, description: 'Scout elk units before the season opens.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$200 per day' },
  });
  expect(posted.status()).toBe(201);
  await poster.close();

  await signUp(page, 'pro_staff');
  await page.getByRole('link', { name: 'Complete Profile' }).first().click();
  await page.getByLabel('First Name').fill('Wren');
  await page.getByLabel('Last Name').fill('Calloway');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Welcome back, Wren')).toBeVisible();
  const card = page.getByTestId('job-card').filter({ hasText: title });
  await card.getByRole('button', { name: /^Apply Now/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Application' }).click();
  await expect(card.getByTestId('application-status')).toHaveText('pending');
  await expect(page.getByTestId('my-application')).toContainText(title);
  await expect(page.getByTestId('stat-applications').getByTestId('stat-value')).toHaveText('1');
  await expect(page.getByTestId('plan-usage')).toHaveText('Free plan: 1 of 3 applications this month');

  await page.getByTestId('my-application').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('my-application').getByTestId('application-status')).toHaveText('withdrawn');
});
