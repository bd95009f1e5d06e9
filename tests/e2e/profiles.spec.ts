import { expect, test, type Page } from './fixtures';
import { DEMO_BUSINESS, expectToast, seriousViolations, signIn, signUp } from './helpers';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1c1e60000000049454e44ae426082', 'hex'),
]);

async function createProStaffProfile(page: Page, firstName: string) {
  await page.goto('/profile');
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Location').fill('Bozeman, MT');
  await page.getByLabel('Years of Experience').fill('7');
  await page.getByLabel('Bio').fill('Backcountry elk hunter and filmmaker.');
  await page.locator('#specialty-input').fill('  Sheep Hunting  ');
  await page.locator('#specialty-input').press('Enter');
  await page.getByRole('button', { name: '+ Elk Hunting' }).click();
  await page.getByRole('button', { name: '+ Bow Hunting' }).click();
  await page.getByRole('button', { name: 'Remove Bow Hunting' }).click();
  await page.getByLabel('Instagram').fill(`https://instagram.com/${firstName.toLowerCase()}_hunts`);
  await page.locator('#tag-input').fill('#BackcountryElk');
  await page.locator('#tag-input').press('Enter');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expectToast(page, 'Success', 'Pro staff profile updated successfully.');
}

test('a pro staffer creates and edits their profile, then sees it in public', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await createProStaffProfile(page, 'Wyatt');

  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Wyatt');
  await expect(page.getByRole('list', { name: 'Specialties' })).toContainText('Sheep Hunting');
  await expect(page.getByRole('list', { name: 'Specialties' })).toContainText('Elk Hunting');
  await expect(page.getByRole('list', { name: 'Specialties' })).not.toContainText('Bow Hunting');
  await expect(page.getByRole('list', { name: 'Hashtags' })).toContainText('#backcountryelk');

  await page.getByLabel('Years of Experience').fill('8');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Success', 'Pro staff profile updated successfully.');

  await page.getByRole('link', { name: 'View Public Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Wyatt Tester' })).toBeVisible();
  await expect(page.getByTestId('profile-rating')).toHaveText('New Member');
  await expect(page.getByText('8 years experience')).toBeVisible();
  await expect(page.getByText('Backcountry elk hunter and filmmaker.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/wyatt_hunts');
  await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', /\/messages\?to=\d+$/);
  await expect(page.getByRole('link', { name: 'Back to Search' })).toHaveAttribute('href', '/search');
});

test('profile validation shows field errors before saving', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await page.goto('/profile');
  await page.getByLabel('Instagram').fill('https://facebook.com/not-instagram');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Enter a link to your Instagram profile', { exact: false })).toBeVisible();
});

test('a pro staffer uploads a profile picture; wrong types and sizes are refused', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await createProStaffProfile(page, 'Piper');
  const input = page.getByTestId('avatar-input');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expectToast(page, 'Invalid file type', 'Please select an image file (JPG, PNG, GIF)');

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expectToast(page, 'File too large', 'Please select an image smaller than 5MB');

  // Named like an image but not one: the server judges the bytes.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg></svg>') });
  await expectToast(page, 'Invalid file type');

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Profile picture updated');
  const avatar = page.getByRole('img', { name: 'Piper Tester' });
  await expect(avatar).toHaveAttribute('src', /^\/api\/uploads\/avatars\/[a-f0-9]{32}\.png$/);

  await page.reload();
  await expect(page.getByRole('img', { name: 'Piper Tester' })).toBeVisible();
});

test('a business creates its profile', async ({ page }) => {
  await signUp(page, 'business');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByLabel('Company Name').fill('Cedar Creek Calls');
  await page.getByLabel('Company Website').fill('https://cedarcreek.example.com');
  await page.getByLabel('Industry').fill('Retail');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expectToast(page, 'Success', 'Business profile updated successfully.');
  await page.reload();
  await expect(page.getByLabel('Company Name')).toHaveValue('Cedar Creek Calls');
});

test('the profile page asks visitors to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile.')).toBeVisible();
});

test('a missing public profile says so', async ({ page }) => {
  await page.goto('/profile/999999');
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText('Profile not found', { exact: true })).toBeVisible();
});

test('a business finds pro staff by social tag from the dashboard', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard');
  await page.getByRole('tab', { name: 'Social' }).click();
  await page.getByLabel('Tag or handle').fill('@JakeMorrison_Outdoors');
  await page.getByLabel('Platform').selectOption('instagram');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Tag search results' });
  await expect(results).toContainText('Jake Morrison');
  await expect(results).toContainText('1 pro staff found');

  await page.getByLabel('Tag or handle').fill('nobody_has_this_tag');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No pro staff found for “nobody_has_this_tag”.')).toBeVisible();
});

test('the profile form has no serious accessibility violations', async ({ page }) => {
  await signUp(page, 'pro_staff');
  await page.goto('/profile');
  await expect(page.getByLabel('First Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
