import { expect, test } from './fixtures';
import { confirmAgeAndTerms, DEMO_BUSINESS, DEMO_PRO_STAFF, expectToast, signIn, signUp, uniqueEmail } from './helpers';

test('a new business signs up, lands on its dashboard, signs out and back in', async ({ page }) => {
  const email = uniqueEmail('biz');
  await signUp(page, 'business', email);
  await expectToast(page, 'Account created!');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();

  await signIn(page, { email, password: 'trail-cam-2026' });
  await expect(page).toHaveURL(/\/business-dashboard$/);
  await expectToast(page, 'Welcome back!');
});

test('a new pro staffer signs up and lands on the pro staff dashboard', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await expect(page.getByRole('heading', { name: 'Pro Staff Dashboard' })).toBeVisible();
});

test('wrong credentials show the login failure toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_BUSINESS.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Login Failed', 'Invalid email or password. Please check your credentials.');
  await expect(page).toHaveURL(/\/auth$/);
});

test('signing up with a taken email shows the registration failure toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(DEMO_PRO_STAFF.email);
  await page.getByLabel('Password').fill('trail-cam-2026');
  await confirmAgeAndTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Registration Failed', 'An account with this email already exists');
});

test('signing up with a common password says so next to the password field and creates no account', async ({ page }) => {
  const email = uniqueEmail('common');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Password1');
  await confirmAgeAndTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Registration Failed', 'This password is too common and easy to guess. Choose another.');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#password-error')).toHaveText('This password is too common and easy to guess. Choose another.');
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'Password1' } })).status()).toBe(401);
});

test('the sign-in screen shows the demo business login hint when demo data is on', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByTestId('demo-hint')).toContainText('demo.business@example.com');
});

test('the session survives a reload and a stale saved user is dropped', async ({ page }) => {
  await signIn(page, DEMO_PRO_STAFF);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.context().clearCookies();
  await page.reload();
  // The server no longer knows the session, so the header falls back to signed-out links.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a session check that answers after a new sign-in does not sign the new user out', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.context().clearCookies();
  // The check the page starts for the saved (now cookieless) business answers 401 only after the
  // pro staffer has signed in: the answer is about a session that is no longer the page's.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route('**/api/auth/me', async (route) => {
    if (held) return route.continue();
    held = true;
    await released;
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Not signed in' } }) });
  });
  await page.goto('/auth');
  await expect.poll(() => held).toBe(true);
  await page.getByLabel('Email').fill(DEMO_PRO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_PRO_STAFF.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/pro-staff-dashboard$/);
  const stale = page.waitForResponse('**/api/auth/me');
  release();
  await stale;
  // The app has handled the late answer once the page is idle: its fetch, JSON parse and render all run as tasks first.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
  await page.goto('/pro-staff-dashboard');
  await expect(page.getByText('Please log in')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
});
