import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { exportData, readZip } from '../../src/server/test/zip-archive';
import { expect, test } from './fixtures';
import { confirmAgeAndTerms, expectToast, newAccountWithProfile, signIn, signUp, uniqueEmail, verificationTokenFromMail } from './helpers';

// Issue 25 (decision record 027): what the legal pages promise, done in the browser.

test('sign-up asks for age and terms; the account is limited until the emailed link confirms it', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('consent'));
  await page.getByLabel('Password').fill('trail-cam-2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Confirm that you are 18 or older')).toBeVisible();
  await expect(page.getByText('Accept the Terms of Service and Privacy Policy')).toBeVisible();
  const form = page.getByRole('main');
  await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  // Still the sign-up form (the mode is in the address since issue 42, so the prerendered sign-up page matches it).
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await confirmAgeAndTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/business-dashboard$/);

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText('not send messages, apply to or post jobs, or change codes, agreements, campaigns, gear or payments');
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expectToast(page, 'Link sent', 'A new confirmation link is on its way.');
  // The server refuses what the banner says, with the reason.
  const refused = await page.request.post('/api/job-postings', { data: { title: 'Elk guide', description: 'Guide hunts.' } });
  expect(refused.status()).toBe(403);

  await page.goto(`/verify-email?token=${await verificationTokenFromMail(page)}`);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
  await page.goto('/verify-email?token=not-a-real-token-but-long-enough');
  await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
});

test('a user downloads everything the product holds about them from the profile page', async ({ page }) => {
  const account = await newAccountWithProfile(page, 'business', 'Export Outfitters');
  await page.goto('/profile');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download My Data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^huntstaff-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  // A ZIP archive: data.json, with the files under files/ (none yet for a new account).
  const entries = await readZip(fs.readFileSync((await download.path())!));
  expect([...entries.keys()]).toEqual(['data.json']);
  const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
  expect(data.format).toBe('huntstaff-account-export/2');
  expect(data.account.email).toBe(account.email);
  expect(data.profile.companyName).toBe('Export Outfitters');
  expect(data.messagesSent).toEqual([]);

  // A large account has the same archive built in the background and a 7-day link emailed.
  await page.getByRole('button', { name: 'Email Me a Download Link' }).click();
  await expectToast(page, 'Export requested', 'We are preparing your file and will email you a download link.');
  let link = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/api/test/my-mail')).json()) as { mails: { subject: string; text: string }[] };
      link = /\/api\/account\/export\/download\/[A-Za-z0-9_-]+/.exec(mails.find((m) => m.subject === 'Your HuntStaff data is ready')?.text ?? '')?.[0] ?? '';
      return link;
    }, { timeout: 20_000 })
    .not.toBe('');
  const emailed = await page.request.get(link);
  expect(emailed.status()).toBe(200);
  expect(emailed.headers()['content-type']).toBe('application/zip');
  expect((await exportData<{ profile: { companyName: string } }>(await emailed.body())).profile.companyName).toBe('Export Outfitters');
});

test('deleting the account signs out and schedules it; signing in within 14 days cancels it', async ({ page }) => {
  const email = await signUp(page, 'pro_staff');
  await page.goto('/profile');
  await page.getByLabel('Password to confirm').fill('trail-cam-2026');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete Account' }).click();
  await expectToast(page, 'Account deletion scheduled');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await signIn(page, { email, password: 'trail-cam-2026' });
  const mail = await (await page.request.get('/api/test/my-mail')).json();
  expect(mail.mails[0].subject).toBe('Your HuntStaff account will not be deleted');
  expect((await page.request.get('/api/account/export')).ok()).toBe(true);
});

test('a user turns on two-factor sign-in and signs in with a code from the app', async ({ page }) => {
  const email = await signUp(page, 'pro_staff');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!;
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn On' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('trail-cam-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  // The code of the next 30-second step: the current one was used to turn it on, and each code works once.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/pro-staff-dashboard$/);
});
