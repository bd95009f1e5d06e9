import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { waitForPageReady } from './fixtures';

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${process.pid}.${++counter}@example.com`;

export const DEMO_BUSINESS = { email: 'demo.business@example.com', password: 'demo1234' };
export const DEMO_PRO_STAFF = { email: 'demo.prostaff@example.com', password: 'demo1234' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo1234' };

/** Ticks the sign-up form's age and terms boxes (required since issue 25). */
export async function confirmAgeAndTerms(page: Page) {
  await page.getByLabel('I am 18 or older').check();
  await page.getByLabel('I accept the Terms of Service and the Privacy Policy').check();
}

/** The token of the newest email-verification link the test server sent to the signed-in account (GET /api/test/my-mail). */
export async function verificationTokenFromMail(page: Page): Promise<string> {
  const res = await page.request.get('/api/test/my-mail');
  expect(res.status()).toBe(200);
  const { mails } = (await res.json()) as { mails: { subject: string; text: string }[] };
  const mail = mails.find((m) => m.subject === 'Confirm your HuntStaff email address');
  const token = mail && /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no verification mail');
  return token;
}

/**
 * Confirms the signed-in account's email from the link in its mail (decision record 027). Sign-ups in other specs
 * need it: unconfirmed accounts cannot message, apply or post. The page is left as it is (its toast included); the
 * app reads the confirmed account at the next page load.
 */
export async function confirmEmail(page: Page) {
  const token = await verificationTokenFromMail(page);
  expect((await page.request.post('/api/account/verify-email', { data: { token } })).status()).toBe(204);
}

/** Signs up in the browser; the email is confirmed unless `verify: false` (then the account is as a new one is). */
export async function signUp(page: Page, accountType: 'business' | 'pro_staff', email = uniqueEmail(accountType), options: { verify?: boolean } = {}) {
  await page.goto('/auth');
  await waitForPageReady(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('trail-cam-2026');
  await page.getByLabel(accountType === 'business' ? 'Hunting Business' : 'Pro Staff').check();
  await confirmAgeAndTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(accountType === 'business' ? /\/business-dashboard$/ : /\/pro-staff-dashboard$/);
  if (options.verify ?? true) await confirmEmail(page);
  return email;
}

/**
 * A new account with a profile: signed up in the browser, the profile made through the API in the same browser
 * context. Specs that change data use their own accounts so no other spec sees the change (decision record 018).
 * Navigate (page.goto) afterwards: pages loaded before the profile existed do not show it.
 */
export async function newAccountWithProfile(page: Page, accountType: 'business' | 'pro_staff', name: string) {
  const email = await signUp(page, accountType);
  const [firstName, ...rest] = name.split(' ');
  const profile = accountType === 'business'
    ? await page.request.post('/api/business-profiles', { data: { companyName: name, location: 'Bozeman, MT' } })
    : await page.request.post('/api/pro-staff-profiles', { data: { firstName, lastName: rest.join(' ') || 'Tester', location: 'Bozeman, MT', specialties: ['Elk Hunting'] } });
  expect(profile.status()).toBe(201);
  return { email, password: 'trail-cam-2026', name };
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await waitForPageReady(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Signed in once the app has moved on to the dashboard. (A Logout button alone proves nothing: a
  // user saved by an earlier sign-in shows one on /auth before this sign-in has finished.)
  await expect(page).toHaveURL(/-dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
}

/** The visible toast (Radix also mirrors its text into a screen-reader region, hence the scoping). */
export function toastRegion(page: Page) {
  return page.locator('li[data-state="open"]');
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastRegion(page);
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(toast.getByText(description)).toBeVisible();
}

/** Serious and critical WCAG 2.1 A/AA violations on the page (or inside `include`), one line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens New Posting on the Jobs tab, fills a valid posting titled `title` and submits it; returns the dialog. */
export async function submitJobPosting(page: Page, title: string) {
  await page.goto('/business-dashboard?tab=jobs');
  await page.getByRole('button', { name: 'New Posting' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Job Posting' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Guide late-season elk hunts and film the action for our channels.');
  await dialog.getByLabel('Location').fill('Bozeman, MT');
  await dialog.getByLabel('Compensation').fill('$400 per day');
  await dialog.getByLabel('Elk Hunting').check();
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  return dialog;
}

/** A same-origin call from the page, as the app makes it (the session cookie and Origin go along). */
export async function pageCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** A page in a fresh browser context: a second user beside the test's own page. Close it with `page.context().close()`. */
export async function pageInNewContext(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

/** Opens the dialog behind `open`, submits it untouched and expects each validation message in it; returns the dialog. */
export async function submitDialogEmpty(page: Page, names: { open: string; dialog: string; submit: string }, messages: string[]) {
  await page.getByRole('button', { name: names.open }).click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await dialog.getByRole('button', { name: names.submit }).click();
  for (const message of messages) await expect(dialog.getByText(message)).toBeVisible();
  return dialog;
}

/** At a plan limit, `button` shows the limit and an upgrade link instead of the `formDialog`; the link leads to the plans. */
export async function expectPlanLimitGate(page: Page, button: string, formDialog: string, limitText: string) {
  await page.getByRole('button', { name: button }).first().click();
  const gate = page.getByRole('dialog', { name: 'Plan limit reached' });
  await expect(gate).toContainText(limitText);
  await expect(page.getByRole('dialog', { name: formDialog })).toHaveCount(0);
  await gate.getByRole('link', { name: 'Upgrade your plan' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
}

/** Opens `path` and expects `text` to be visible there (a notice, an empty state). */
export async function expectTextAt(page: Page, path: string, text: string) {
  await page.goto(path);
  await expect(page.getByText(text)).toBeVisible();
}

/**
 * Puts the pro staffer signed in on `pro` on the roster of the business signed in on `business`: an offer through the
 * API for a year from today, accepted. Answers the staffer's profile id.
 */
export async function rosterStaffer(business: Page, pro: Page): Promise<number> {
  const me = await pageCall(pro, 'GET', '/api/auth/me');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const offer = await pageCall(business, 'POST', '/api/agreements', { proStaffId: me.body.proStaffId, startDate: day(0), endDate: day(365), commissionRateBps: 1000 });
  expect(offer.status).toBe(201);
  expect((await pageCall(pro, 'POST', `/api/agreements/${offer.body.id}/accept`, {})).status).toBe(200);
  return me.body.proStaffId as number;
}
