import { expect, test } from './fixtures';
import { uniqueEmail } from './helpers';

// Issue 17, item 1: Enter pressed on the prerendered /auth form before the app had started submitted it
// natively as a GET, so /auth?email=…&password=… reached the address bar, the history and the server log.
test.use({ waitForHydration: false });

test('the prerendered sign-in form never sends the password in a URL, and keeps what was typed until the app starts', async ({ page, browser }) => {
  const email = uniqueEmail('early');
  const password = 'early-bird-2026';
  const signup = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await signup.request.post('/api/auth/register', { data: { email, password, userType: 'business', ageConfirmed: true, termsAccepted: true } })).status()).toBe(201);
  await signup.close();

  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  // Hold the app's script back: the page is the prerendered HTML alone until we let it through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  // Before the fix this navigated at once to /auth?email=…&password=….
  await page.waitForTimeout(500);
  expect(page.url()).not.toContain(password);
  expect(page.url()).not.toContain('password=');

  release();
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  // Nothing typed before the app started is lost.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/business-dashboard$/);

  expect(page.url()).not.toContain(password);
  // Every URL the browser asked for (what a server's request log records): none carries the password.
  expect(urls.filter((url) => url.includes(password) || url.includes('password='))).toEqual([]);
});
