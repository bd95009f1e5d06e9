import { expect, test } from './fixtures';
import { pageCall, pageInNewContext, signUp } from './helpers';

// A message is never sent without the file the user picked (issue 18 item 4): the message and its file go in one
// request, and a refused file keeps both in the composer.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
// A Windows program renamed to look like a PDF: the name passes the browser's check, the content does not.
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(64)]);

test.describe.configure({ timeout: 90_000 });

const call = pageCall;

test('a refused file keeps the message unsent in the composer; a valid file goes out with its message', async ({ browser }) => {
  const business = await pageInNewContext(browser);
  const proStaff = await pageInNewContext(browser);
  await signUp(business, 'business');
  await signUp(proStaff, 'pro_staff');
  // A plan with file sharing: the Startup trial (no card needed).
  expect((await call(business, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);
  const pro = (await call(proStaff, 'GET', '/api/auth/me')).body as { id: number };

  await business.goto(`/messages?to=${pro.id}`);
  await expect(business.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(business.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  await business.getByLabel('Attachment file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE });
  const chip = business.getByTestId('attachment-chip');
  await expect(chip).toContainText('invoice.pdf');
  const box = business.getByPlaceholder('Type your message...');
  await box.fill('Invoice for the October hunt');
  await box.press('Enter');

  // The server's reason is shown; the text and the file stay for another try.
  const refusal = business.getByTestId('composer-refusal');
  await expect(refusal).toContainText('"invoice.pdf" is not a file type you can attach');
  await expect(box).toHaveValue('Invoice for the October hunt');
  await expect(chip).toContainText('invoice.pdf');
  await expect(business.getByText('No messages yet. Start the conversation!')).toBeVisible();

  // The other party received nothing.
  await proStaff.goto('/messages');
  await expect(proStaff.getByText('No conversations yet. Start by messaging someone!')).toBeVisible();
  expect((await call(proStaff, 'GET', '/api/conversations')).body).toEqual([]);

  // The right file goes through with its message.
  await business.getByRole('button', { name: 'Remove attachment' }).click();
  await expect(refusal).toHaveCount(0);
  await business.getByLabel('Attachment file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(chip).toHaveCount(0);
  await expect(business.getByTestId('message').filter({ hasText: 'Invoice for the October hunt' }).getByRole('link', { name: /invoice\.pdf/ })).toBeVisible();

  const conversation = proStaff.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
  await expect(conversation).toBeVisible();
  await conversation.click();
  const received = proStaff.getByTestId('message').filter({ hasText: 'Invoice for the October hunt' });
  await expect(received.getByRole('link', { name: /invoice\.pdf/ })).toBeVisible();
  const conversations = (await call(proStaff, 'GET', '/api/conversations')).body as unknown[];
  expect(conversations).toHaveLength(1);

  await business.context().close();
  await proStaff.context().close();
});
