import { expect, test } from './fixtures';
import { DEMO_ADMIN, newAccountWithProfile, pageInNewContext, seriousViolations, signIn, signUp } from './helpers';

// Help Center, Contact Us and account managers (decision record 046).

test('the footer leads to the Help Center, whose search finds a guide and links to it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByLabel('Search the Help Center').fill('shopify webhook');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/help\?q=shopify(\+|%20)webhook$/);
  await expect(page.getByTestId('help-article')).toHaveCount(1);
  await expect(page.getByTestId('help-article')).toContainText('Connect your store');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Open the integration guide' }).click();
  await expect(page).toHaveURL(/\/ecommerce-integration$/);
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, waitForHydration: false });

  test('a visitor’s message is filed by the native form post, and the admin’s answer reaches them by email', async ({ page, browser }) => {
    test.slow();
    // The requester: an account whose mail the test server shows; the message itself is sent signed out, without scripts.
    // Other contexts run the app: only this test's own page is without scripts.
    const withScripts = async () => (await browser.newContext({ javaScriptEnabled: true })).newPage();
    const requester = await withScripts();
    const email = await signUp(requester, 'business');
    const subject = `Webhook question ${Date.now()}`;

    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Dana Reyes');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Our Shopify orders do not show up as commissions.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole('status')).toContainText('your message is with our support team');

    const admin = await withScripts();
    await signIn(admin, DEMO_ADMIN);
    await admin.goto('/admin');
    const ticket = admin.getByTestId('support-ticket').filter({ hasText: subject });
    await expect(ticket).toContainText('open');
    await expect(ticket).toContainText('Dana Reyes');
    await ticket.getByLabel(`Answer by email to ${email}`).fill('Check the signing secret on the platform.');
    await ticket.getByRole('button', { name: 'Send answer' }).click();
    await expect(ticket).toContainText('answered');
    await expect(ticket).toContainText('Check the signing secret on the platform.');
    expect(await seriousViolations(admin, '[aria-label="Support tickets"]')).toEqual([]);
    await ticket.getByRole('button', { name: 'Close' }).click();
    await expect(ticket).toContainText('closed');
    await admin.context().close();

    await expect.poll(async () => {
      const res = await requester.request.get('/api/test/my-mail');
      return ((await res.json()) as { mails: { subject: string; text: string }[] }).mails.find((mail) => mail.subject === `Re: ${subject}`)?.text ?? '';
    }).toContain('Check the signing secret on the platform.');
    await requester.context().close();
  });

  test('a form left incomplete comes back with the reason, nothing typed in the address', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Dana Reyes');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\?error=invalid-input$/);
  });
});

test('a signed-in pro staffer sends a message from the app', async ({ page }) => {
  await newAccountWithProfile(page, 'pro_staff', 'Contact Tester');
  await page.goto('/contact');
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await page.getByLabel('Your name').fill('Contact Tester');
  await page.getByLabel('Subject').fill('Payout question');
  await page.getByLabel('Message').fill('When does a payout reach my bank account?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('your message is with our support team');
});

test('an admin names an Enterprise account’s manager, shown on its dashboard', async ({ page, browser }) => {
  test.slow();
  const company = `Big Timber ${Date.now()}`;
  await newAccountWithProfile(page, 'business', company);
  expect((await page.request.post('/api/start-trial', { data: { tier: 'enterprise' } })).status()).toBe(200);
  await page.goto('/business-dashboard');
  await expect(page.getByTestId('account-manager')).toContainText('We are naming your account manager');

  const admin = await pageInNewContext(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const account = admin.getByTestId('enterprise-account').filter({ hasText: company });
  await account.getByLabel('Admin').selectOption({ label: DEMO_ADMIN.email });
  await account.getByLabel('Name shown to the account').fill('Morgan Lake');
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(account).toContainText('Managed by Morgan Lake');
  expect(await seriousViolations(admin, '[aria-label="Enterprise accounts"]')).toEqual([]);
  await admin.context().close();

  await page.reload();
  await expect(page.getByTestId('account-manager')).toContainText('Morgan Lake');
  await expect(page.getByTestId('account-manager').getByRole('link', { name: DEMO_ADMIN.email })).toBeVisible();
});
