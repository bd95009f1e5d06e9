import { expect, test } from './fixtures';
import { DEMO_BUSINESS, pageInNewContext, signIn, signUp } from './helpers';

test.describe.configure({ timeout: 90_000 });

test('opening a thread marks its received messages read and the unread counts drop', async ({ browser }) => {
  const sender = await pageInNewContext(browser);
  const reader = await pageInNewContext(browser);
  await signUp(sender, 'business');
  await signUp(reader, 'pro_staff');
  const readerId = (await (await reader.request.get('/api/auth/me')).json()).id as number;
  for (const content of ['First note', 'Second note']) {
    expect((await sender.request.post('/api/messages', { data: { toUserId: readerId, content } })).status()).toBe(201);
  }
  expect((await (await reader.request.get(`/api/messages/unread/${readerId}`)).json()).count).toBe(2);

  await reader.goto('/messages');
  const entry = reader.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'Second note' });
  await expect(entry.getByLabel('2 unread')).toBeVisible();
  await entry.click();
  await expect(reader.getByTestId('message').filter({ hasText: 'Second note' })).toBeVisible();
  await expect(entry.getByLabel('2 unread')).toHaveCount(0);
  await expect.poll(async () => (await (await reader.request.get(`/api/messages/unread/${readerId}`)).json()).count).toBe(0);

  // The sender's own view shows both messages as read.
  await sender.goto(`/messages?to=${readerId}`);
  await expect(sender.getByTestId('message').filter({ hasText: 'Second note' }).getByTestId('read-tick')).toBeVisible();
  await sender.context().close();
  await reader.context().close();
});

test('threads are titled by the company or the person’s name, not the email', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  // Jake Morrison's public profile (id 1) in the seeded demo data.
  const profile = await (await page.request.get('/api/pro-staff-profiles/1')).json();
  await page.goto(`/messages?to=${profile.userId}`);
  await expect(page.getByRole('heading', { name: 'Chat with Jake Morrison' })).toBeVisible();
});

test('on a plan without file sharing the paperclip is disabled with the reason and an upgrade link', async ({ browser }) => {
  const business = await pageInNewContext(browser);
  await signUp(business, 'business');
  const pro = await pageInNewContext(browser);
  await signUp(pro, 'pro_staff');
  const proId = (await (await pro.request.get('/api/auth/me')).json()).id as number;
  await business.goto(`/messages?to=${proId}`);
  await expect(business.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  const reason = business.getByTestId('attach-unavailable');
  await expect(reason).toContainText('Your Free plan does not include file sharing.');
  await expect(reason.getByRole('link', { name: 'Upgrade to share files' })).toHaveAttribute('href', '/subscription');
  await expect(business.getByLabel('Attachment file')).toBeDisabled();
  // A free pro staffer has 25 MB of file sharing, so the paperclip works for them.
  const businessId = (await (await business.request.get('/api/auth/me')).json()).id as number;
  await pro.goto(`/messages?to=${businessId}`);
  await expect(pro.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  await expect(pro.getByTestId('attach-unavailable')).toHaveCount(0);
  await business.context().close();
  await pro.context().close();
});
