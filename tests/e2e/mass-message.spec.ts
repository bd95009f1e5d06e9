import { expect, test, type Page } from './fixtures';
import { DEMO_BUSINESS, expectToast, signIn } from './helpers';

// Decision record 017: a retried mass message is sent once; a big one shows its delivery progress.
test.describe.configure({ timeout: 90_000 });

async function openForm(page: Page) {
  await signIn(page, DEMO_BUSINESS);
  await page.goto('/business-dashboard?tab=messaging');
  const form = page.locator('form').filter({ has: page.getByLabel('Message', { exact: true }) });
  await expect(form.getByRole('checkbox')).toHaveCount(15);
  return form;
}

/** How many messages with this text the business has sent to the one Madison muzzleloader pro. */
async function sentCount(page: Page, content: string): Promise<number> {
  const conversations: { id: number }[] = await (await page.request.get('/api/conversations')).json();
  let count = 0;
  for (const { id } of conversations) {
    const messages: { content: string }[] = await (await page.request.get(`/api/messages?conversationId=${id}&limit=200`)).json();
    count += messages.filter((message) => message.content === content).length;
  }
  return count;
}

test('a mass message whose answer was lost is sent once when the business tries again', async ({ page }) => {
  const form = await openForm(page);
  const content = `Retry-safe opening ${Date.now()}`;
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/mass-message', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const response = await route.fetch();
    if (!dropped) {
      // The server sent the message, but the answer never reaches the browser.
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response });
  });

  await form.getByLabel('Message', { exact: true }).fill(content);
  await form.getByLabel('Muzzleloader').check();
  await form.getByLabel('Location (optional)').fill('Madison, WI');
  await form.getByRole('button', { name: 'Send Mass Message' }).click();
  await expectToast(page, 'Failed to Send Messages');
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(content);

  await form.getByRole('button', { name: 'Send Mass Message' }).click();
  await expectToast(page, 'Messages Sent Successfully', 'Your message was sent to 1 pro staff member.');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await sentCount(page, content)).toBe(1);
});

test('a mass message delivered in the background shows its progress until every inbox has it', async ({ page }) => {
  const form = await openForm(page);
  const content = `Background opening ${Date.now()}`;
  // Demo data is small: answer as the server does for a big send (202, status "sending"), and report it
  // half delivered once; the real progress endpoint then says "sent".
  await page.route('**/api/mass-message', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ status: 202, json: { ...body, status: 'sending', deliveredCount: 0, recipientCount: 2, messageCount: 2 } });
  });
  let polled = 0;
  await page.route('**/api/mass-message/*', async (route) => {
    polled++;
    if (polled <= 3) {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ json: { ...body, status: 'sending', deliveredCount: 1, recipientCount: 2, messageCount: 2 } });
      return;
    }
    await route.fallback();
  });

  await form.getByLabel('Message', { exact: true }).fill(content);
  await form.getByLabel('Muzzleloader').check();
  await form.getByLabel('Location (optional)').fill('Madison, WI');
  await form.getByRole('button', { name: 'Send Mass Message' }).click();

  const progress = form.getByRole('progressbar', { name: 'Mass message delivery' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(form.getByText('Delivering your message: 1 of 2 inboxes (50%)')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('mass-message-progress.png') });

  await expectToast(page, 'Messages Sent Successfully', 'Your message was sent to 1 pro staff member.');
  await expect(progress).toBeHidden();
  await expect(form.getByRole('button', { name: 'Send Mass Message' })).toBeVisible();
  expect(await sentCount(page, content)).toBe(1);
});
