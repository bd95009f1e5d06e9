import { expect, test } from './fixtures';
import { DEMO_ADMIN, expectToast, newAccountWithProfile, pageInNewContext, seriousViolations, signIn } from './helpers';

// Verified credentials (issue 22 item 4, decision record 029): a pro staffer submits a guide licence with its
// document, an admin approves it in the review queue, and the badge shows in the directory, where the credential
// filter finds the staffer. The staffer is a new account, so no other spec sees the change.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

test('credential submit → admin approve → badge and credential filter in the directory', async ({ page, browser }) => {
  test.slow(); // two browsers, a new account
  const token = unique();
  const lastName = `Zq${token}`;
  const name = `Vera ${lastName}`;
  await newAccountWithProfile(page, 'pro_staff', name);

  // The staffer submits a guide licence with its document.
  await page.goto('/credentials');
  await expect(page.getByRole('heading', { name: 'Verified Credentials' })).toBeVisible();
  await expect(page.getByText('You have not submitted a credential yet.')).toBeVisible();
  expect(await seriousViolations(page), '/credentials').toEqual([]);
  const form = page.getByRole('form', { name: 'Submit a credential' });
  await form.getByLabel('Type').selectOption({ label: 'Guide licence' });
  await form.getByLabel('Issuing state or authority').fill('MT');
  await form.getByLabel('Licence or certificate number').fill(`G-${token}`);
  await form.getByLabel('Issue date').fill(day(-200));
  // The form checks the dates before anything is sent.
  await form.getByLabel('Expiry date').fill(day(-300));
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText('The expiry date is before the issue date')).toBeVisible();
  await form.getByLabel('Expiry date').fill(day(300));
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText('Attach the document (PDF, JPEG or PNG)')).toBeVisible();
  await form.getByLabel('Document (PDF, JPEG or PNG)').setInputFiles({ name: 'guide-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expectToast(page, 'Credential submitted');
  const row = page.getByTestId('credential-row').filter({ hasText: `G-${token}` });
  await expect(row).toContainText('Pending review');
  await expect(row.getByRole('link', { name: 'guide-licence.pdf, the document of your Guide licence' })).toBeVisible();

  // Not verified yet: the directory's credential filter does not find the staffer.
  await page.goto(`/search?q=${lastName}&credentialType=guide_license`);
  await expect(page.getByText('No pro staff match these filters. Try a broader search.')).toBeVisible();

  // An admin approves it in the review queue on the admin page.
  const admin = await pageInNewContext(browser);
  await signIn(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  const queued = admin.getByTestId('credential-queue-row').filter({ hasText: name });
  await expect(queued).toContainText(`G-${token}`);
  await expect(queued.getByRole('link', { name: /the document of/ })).toHaveAttribute('href', /\/api\/credentials\/\d+\/document$/);
  expect(await seriousViolations(admin), '/admin credential queue').toEqual([]);
  await queued.getByRole('button', { name: `Approve ${name}'s Guide licence` }).click();
  await expectToast(admin, 'Credential approved');
  await expect(queued).toHaveCount(0);
  await admin.context().close();

  // The badge and the credential type show in the directory; both filters find the staffer.
  await page.goto(`/search?q=${lastName}`);
  const card = page.getByTestId('pro-staff-card').filter({ hasText: name });
  await expect(card.getByTestId('verified-badge')).toHaveText('Verified · Guide licence');
  // Chosen one right after the other: both filters must land in the URL (neither update may overwrite the other).
  await page.getByLabel('Verified credential').selectOption({ label: 'Guide licence' });
  await page.getByLabel('Verified pro staff only').check();
  await expect(page).toHaveURL(/credentialType=guide_license/);
  await expect(page).toHaveURL(/verified=true/);
  await expect(page.getByLabel('Verified pro staff only')).toBeChecked();
  await expect(card).toBeVisible();
  expect(await seriousViolations(page), '/search with the credential filter').toEqual([]);
  await page.getByLabel('Verified credential').selectOption({ label: 'Outfitter licence' });
  await expect(page.getByText('No pro staff match these filters. Try a broader search.')).toBeVisible();

  // The profile shows which credential earned the badge: type and state, never the number.
  await page.goto(`/search?q=${lastName}`);
  await card.getByRole('link', { name: `View Profile of ${name}` }).click();
  await expect(page.getByTestId('verified-credentials')).toHaveText('Guide licence (MT)');
  await expect(page.getByText(`G-${token}`)).toHaveCount(0);

  // The staffer's own page says the credential is approved.
  await page.goto('/credentials');
  await expect(page.getByTestId('credential-row').filter({ hasText: `G-${token}` })).toContainText('Approved');
  await expect(page.getByText('Your profile shows the verified badge.')).toBeVisible();
});
