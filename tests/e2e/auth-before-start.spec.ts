import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForPageReady, type Browser, type Page } from './fixtures';
import { uniqueEmail } from './helpers';

// Issue 17, item 1: Enter pressed on the prerendered /auth form before the app had started submitted it natively as
// a GET, so the password reached the address bar. Issue 42, item 9: the fix then disabled the button, so that Enter
// did nothing at all and the submit was lost. Now the prerendered forms post natively to the server's form routes,
// which sign in and redirect; once the app has started it takes the same form over (decision record 034).
test.use({ waitForHydration: false });

const PASSWORD = 'early-bird-2026';

/** Holds the app's scripts back until `release()`: the page is its prerendered HTML alone until then. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every address the browser asks for (what a server's request log records), and every post it sends. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  const posts: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return { urls, posts };
}

/** Another browser's account (this page's own cookies would make /auth the signed-in shell, not the prerendered form). */
async function registerElsewhere(browser: Browser, email: string): Promise<APIRequestContext> {
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await other.request.post('/api/auth/register', { data: { email, password: PASSWORD, userType: 'business', ageConfirmed: true, termsAccepted: true } })).status()).toBe(201);
  return other.request;
}

test('Enter pressed once on the prerendered sign-in form, before the app starts, signs in and opens the dashboard', async ({ page, browser }) => {
  const email = uniqueEmail('early');
  await registerElsewhere(browser, email);
  const { urls, posts } = recordRequests(page);
  const release = await holdScripts(page);

  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  // The browser posts the form itself: the app's script has not run, and the redirect lands on the dashboard.
  await expect(page).toHaveURL(/\/business-dashboard$/);
  expect(posts).toEqual(['/api/auth/login/form']);
  release();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  await expect(page.getByText('Please log in')).toHaveCount(0);
  expect(urls.filter((url) => url.includes(PASSWORD) || url.includes('password=') || url.includes(encodeURIComponent(email)))).toEqual([]);
});

test('the prerendered sign-up form of a "join" link creates the account with the linked type, before the app starts', async ({ page }) => {
  const email = uniqueEmail('early-join');
  const { urls, posts } = recordRequests(page);
  const release = await holdScripts(page);

  await page.goto('/auth?mode=signup&type=pro_staff', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Pro Staff')).toBeChecked();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('I am 18 or older').check();
  await page.getByLabel('I accept the Terms of Service and the Privacy Policy').check();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/pro-staff-dashboard$/);
  expect(posts).toEqual(['/api/auth/register/form']);
  release();
  // The app, started on the dashboard, knows who signed in without it.
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  expect((await (await page.request.get('/api/auth/me')).json()).email).toBe(email);
  expect(urls.filter((url) => url.includes(PASSWORD) || url.includes('password='))).toEqual([]);
});

test('a two-factor sign-in started before the app runs finishes on the prerendered code form, the challenge never in the address', async ({ page, browser }) => {
  const email = uniqueEmail('early-2fa');
  const owner = await registerElsewhere(browser, email);
  const setup = await (await owner.post('/api/account/two-factor/setup')).json();
  const enabled = await owner.post('/api/account/two-factor/enable', { data: { code: new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate() } });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  const { urls } = recordRequests(page);
  const release = await holdScripts(page);

  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/auth\?step=two-factor$/);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0]);
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/business-dashboard$/);
  release();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  await expect(page.getByText('Please log in')).toHaveCount(0);
  expect(urls.filter((url) => url.includes(PASSWORD) || url.includes('password=') || url.includes(recoveryCodes[0]) || url.includes('challenge'))).toEqual([]);
});

test('once the app has started it takes the same form over: the JSON API signs in, keeping what was typed before it started', async ({ page, browser }) => {
  const email = uniqueEmail('early-takeover');
  await registerElsewhere(browser, email);
  const { posts } = recordRequests(page);
  const release = await holdScripts(page);

  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  release();
  await waitForPageReady(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/business-dashboard$/);
  expect(posts.filter((path) => path.startsWith('/api/auth/'))).toEqual(['/api/auth/login']);
});

test('a wrong password posted before the app starts comes back to the form with the message, and nothing typed in the address', async ({ page }) => {
  const { urls } = recordRequests(page);
  const release = await holdScripts(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/auth\?error=invalid$/);
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please check your credentials.' })).toBeVisible();
  expect(urls.filter((url) => url.includes(PASSWORD) || url.includes('password='))).toEqual([]);
});
