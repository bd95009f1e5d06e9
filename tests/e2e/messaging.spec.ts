import { expect, test, type Browser, type Page } from './fixtures';
import { DEMO_BUSINESS, expectTextAt, expectToast, pageInNewContext, seriousViolations, signIn, signUp } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

async function me(page: Page): Promise<{ id: number; email: string }> {
  const res = await page.request.get('/api/auth/me');
  return res.json();
}

/** A new business and a new pro staffer, each in its own browser context, and the pro staffer's account. */
async function newBusinessAndProStaff(browser: Browser) {
  const business = await pageInNewContext(browser);
  const proStaff = await pageInNewContext(browser);
  await signUp(business, 'business');
  await signUp(proStaff, 'pro_staff');
  return { business, proStaff, pro: await me(proStaff) };
}

// Two browsers on a shared 2-core machine: give the multi-user flows room.
test.describe.configure({ timeout: 90_000 });

test('a business messages a pro staffer who sees it live and replies with an attachment', async ({ browser }) => {
  const business = await pageInNewContext(browser);
  const proStaff = await pageInNewContext(browser);
  const businessEmail = await signUp(business, 'business');
  const proEmail = await signUp(proStaff, 'pro_staff');
  const pro = await me(proStaff);

  await proStaff.goto('/messages');
  await expect(proStaff.getByText('No conversations yet. Start by messaging someone!')).toBeVisible();
  await expect(proStaff.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();

  // The directory and public profile link here with ?to=<userId>.
  await business.goto(`/messages?to=${pro.id}`);
  // Before a first message the email stays hidden (issue 17): the heading names the account (no profile: its type).
  await expect(business.getByRole('heading', { name: 'Chat with Pro Staff' })).toBeVisible();
  await expect(business.getByText('No messages yet. Start the conversation!')).toBeVisible();
  const box = business.getByPlaceholder('Type your message...');
  const send = business.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.fill('Howdy from the lodge');
  await box.press('Shift+Enter');
  await box.pressSequentially('Are you free in October?');
  await expect(box).toHaveValue('Howdy from the lodge\nAre you free in October?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const sent = business.getByTestId('message').filter({ hasText: 'Howdy from the lodge' });
  await expect(sent).toBeVisible();
  await expect(sent.getByTestId('unread-dot')).toBeVisible();
  await expect(business.getByRole('list', { name: 'Conversations' }).getByText(proEmail)).toBeVisible();

  // The pro staffer's open tab updates without a reload (Server-Sent Events).
  const conversation = proStaff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(businessEmail) });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByLabel('1 unread')).toBeVisible();
  await conversation.click();
  await expect(proStaff.getByRole('heading', { name: `Chat with ${businessEmail}` })).toBeVisible();
  const received = proStaff.getByTestId('message').filter({ hasText: 'Are you free in October?' });
  await expect(received).toBeVisible();

  // Viewing the thread marks what it received read (no click needed); the sender sees the tick live.
  await expect(conversation.getByLabel('1 unread')).toHaveCount(0);
  await expect(sent.getByTestId('read-tick')).toBeVisible();

  // Reply with an attachment.
  await proStaff.getByLabel('Attachment file').setInputFiles({ name: 'schedule.pdf', mimeType: 'application/pdf', buffer: PDF });
  const chip = proStaff.getByTestId('attachment-chip');
  await expect(chip).toContainText('schedule.pdf');
  await expect(chip).toContainText(`(${PDF.length} Bytes)`);
  await proStaff.getByPlaceholder('Type your message...').fill('Yes! Here is my schedule.');
  await proStaff.getByPlaceholder('Type your message...').press('Enter');
  await expect(chip).toHaveCount(0);
  await expect(proStaff.getByTestId('message').filter({ hasText: 'Yes! Here is my schedule.' }).getByRole('link', { name: /schedule\.pdf/ })).toBeVisible();

  const reply = business.getByTestId('message').filter({ hasText: 'Yes! Here is my schedule.' });
  await expect(reply).toBeVisible();
  const downloadPromise = business.waitForEvent('download');
  await reply.getByRole('link', { name: /schedule\.pdf/ }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('schedule.pdf');

  await business.context().close();
  await proStaff.context().close();
});

test('the composer shows a removable file chip and refuses other file types', async ({ browser }) => {
  const business = await pageInNewContext(browser);
  await signUp(business, 'business');
  const biz = await me(business);
  const page = await pageInNewContext(browser);
  await signUp(page, 'pro_staff');
  await page.goto(`/messages?to=${biz.id}`);
  await expect(page.getByRole('heading', { name: 'Chat with Business' })).toBeVisible();
  await page.getByLabel('Attachment file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.alloc(1536, 1) });
  await expect(page.getByTestId('attachment-chip')).toContainText('photo.png');
  await expect(page.getByTestId('attachment-chip')).toContainText('(1.5 KB)');
  await page.getByRole('button', { name: 'Remove attachment' }).click();
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
  await page.getByLabel('Attachment file').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expectToast(page, 'Invalid file type');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
  await business.context().close();
  await page.context().close();
});

test('the messaging page lists conversations by name and opens a working thread', async ({ browser }) => {
  const { business, proStaff, pro } = await newBusinessAndProStaff(browser);

  await proStaff.goto('/messaging');
  await expect(proStaff.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(proStaff.getByText('Connect with businesses and pro staff through our secure messaging system.')).toBeVisible();
  await expect(proStaff.getByText('No conversations yet', { exact: true })).toBeVisible();
  await expect(proStaff.getByText('Start a conversation by applying to jobs or contacting pro staff')).toBeVisible();
  await expect(proStaff.getByText('Messages will appear here')).toBeVisible();
  for (const tip of ['Be Professional', 'Respond Quickly', 'Share Files']) await expect(proStaff.getByText(tip)).toBeVisible();

  const res = await business.request.post('/api/messages', { data: { toUserId: pro.id, content: 'Season pass offer' } });
  expect(res.status()).toBe(201);

  // No business profile yet, so the list falls back to 'User'.
  const entry = proStaff.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /User/ });
  await expect(entry).toContainText('Season pass offer');
  await expect(entry.getByLabel('1 unread')).toBeVisible();
  await entry.click();
  await expect(proStaff.getByText('Messages will appear here')).toHaveCount(0);
  await expect(proStaff.getByTestId('message').filter({ hasText: 'Season pass offer' })).toBeVisible();
  await proStaff.getByPlaceholder('Type your message...').fill('Sounds great');
  await proStaff.getByRole('button', { name: 'Send message' }).click();
  await expect(proStaff.getByTestId('message').filter({ hasText: 'Sounds great' })).toBeVisible();

  await business.context().close();
  await proStaff.context().close();
});

test('signed-out visitors see the log-in texts', async ({ page }) => {
  await expectTextAt(page, '/messages', 'Please log in to view messages');
  await expectTextAt(page, '/messaging', 'Please log in to access messaging.');
});

test('a business sends a mass message from the dashboard to matching pro staff', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard?tab=messaging');
  const form = page.locator('form').filter({ has: page.getByLabel('Message', { exact: true }) });
  const send = form.getByRole('button', { name: 'Send Mass Message' });
  await expect(send).toBeDisabled();
  await expect(form.getByRole('checkbox')).toHaveCount(15);

  await form.getByLabel('Message', { exact: true }).fill('   ');
  await send.click();
  await expectToast(page, 'Message Required', 'Please enter a message to send.');

  await form.getByLabel('Message', { exact: true }).fill('Muzzleloader season openings in Wisconsin');
  await form.getByLabel('Muzzleloader').check();
  await form.getByLabel('Location (optional)').fill('Madison, WI');
  await send.click();
  await expectToast(page, 'Messages Sent Successfully', 'Your message was sent to 1 pro staff member.');
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Muzzleloader')).not.toBeChecked();
});

test('a free business is told mass messaging needs an upgrade', async ({ page }) => {
  await signUp(page, 'business');
  await page.goto('/business-dashboard?tab=messaging');
  const form = page.locator('form').filter({ has: page.getByLabel('Message', { exact: true }) });
  await form.getByLabel('Message', { exact: true }).fill('Anyone out there?');
  await form.getByRole('button', { name: 'Send Mass Message' }).click();
  await expectToast(page, 'Failed to Send Messages', 'Your Free plan does not include mass messaging.');
});

test('the messaging screens have no serious accessibility violations', async ({ browser }) => {
  const { business, proStaff, pro } = await newBusinessAndProStaff(browser);
  await business.request.post('/api/messages', { data: { toUserId: pro.id, content: 'Accessible hello' } });

  const scan = async (page: Page) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return seriousViolations(page);
  };

  await proStaff.goto('/messages');
  await proStaff.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  await expect(proStaff.getByTestId('message').first()).toBeVisible();
  expect(await scan(proStaff)).toEqual([]);

  await proStaff.goto('/messaging');
  await proStaff.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  await expect(proStaff.getByTestId('message').first()).toBeVisible();
  expect(await scan(proStaff)).toEqual([]);

  await business.context().close();
  await proStaff.context().close();
});
