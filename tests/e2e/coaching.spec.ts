import { expect, test } from './fixtures';
import { DEMO_ADMIN, pageInNewContext, seriousViolations, signIn, signUp } from './helpers';

// Elite coaching (decision record 046): a pro staffer on Free is told why not and where to upgrade; on Elite (a trial
// here: the e2e server has no Stripe) they book, an admin confirms a time from the queue, both are mailed, and the
// staffer cancels.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function subjects(page: import('@playwright/test').Page): Promise<string[]> {
  const res = await page.request.get('/api/test/my-mail');
  return ((await res.json()) as { mails: { subject: string }[] }).mails.map((mail) => mail.subject);
}

test('an Elite pro staffer books coaching, an admin confirms it with an invite, and the staffer cancels', async ({ page, browser }) => {
  test.slow();
  // No pro staff profile: an Elite staffer with one joins the directory's Featured strip, which directory.spec counts.
  // Coaching needs the account, not the profile; the queue names such a staffer by email.
  const name = await signUp(page, 'pro_staff');

  await page.goto('/coaching');
  await expect(page.getByRole('heading', { name: 'Coaching is part of the Elite plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Elite' })).toHaveAttribute('href', '/subscription');
  expect(await seriousViolations(page)).toEqual([]);

  expect((await page.request.post('/api/start-trial', { data: { tier: 'elite' } })).status()).toBe(200);
  await page.goto('/coaching');
  const topic = `Filming elk calls ${Date.now()}`;
  await page.getByLabel('What would you like to work on?').fill(topic);
  await page.getByLabel('Your time zone').selectOption('America/Denver');
  await page.getByLabel('Day 1').fill(inDays(20));
  await page.getByLabel('From', { exact: true }).fill('09:00');
  await page.getByLabel('To', { exact: true }).fill('11:00');
  await page.getByRole('button', { name: 'Request session' }).click();
  await expect(page.getByRole('status')).toContainText('We will email you a calendar invite');
  const mine = page.getByTestId('coaching-session').filter({ hasText: topic });
  await expect(mine).toContainText('requested');
  await expect(mine).toContainText(`${inDays(20)} 09:00–11:00`);
  expect(await seriousViolations(page)).toEqual([]);

  const admin = await pageInNewContext(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const request = admin.getByTestId('coaching-request').filter({ hasText: topic });
  await expect(request).toContainText(name);
  await expect(request.getByLabel('Day (America/Denver)')).toHaveValue(inDays(20));
  await request.getByLabel('Start', { exact: true }).fill('09:30');
  await request.getByRole('button', { name: 'Confirm and send invite' }).click();
  await expect(request).toContainText('confirmed');
  await expect(request).toContainText('9:30 AM');
  await expect(request.getByRole('button', { name: 'Move and send invite' })).toBeVisible();
  expect(await seriousViolations(admin, '[aria-label="Coaching requests"]')).toEqual([]);
  await admin.context().close();

  await expect.poll(() => subjects(page)).toContain('Coaching session confirmed');
  await page.reload();
  await expect(mine).toContainText('confirmed');
  await expect(mine).toContainText('9:30 AM');
  await mine.getByRole('button', { name: 'Cancel session' }).click();
  await expect(mine).toContainText('cancelled');
  await expect(mine.getByRole('button', { name: 'Cancel session' })).toHaveCount(0);
  await expect.poll(() => subjects(page)).toContain('Coaching session cancelled');
});
