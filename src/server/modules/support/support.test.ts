import { describe, expect, it } from 'vitest';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { useTestApp } from '@server/test/use-test-app';
import { SUPPORT_TICKETS_PER_HOUR } from '@server/lib/rate-limits/registry';

const t = useTestApp();

const message = { name: 'Dana Reyes', email: 'Dana@Ridgeline.example.com', subject: 'Webhook not arriving', message: 'Our Shopify orders do not show up as commissions.' };

async function drainedMail() {
  await t.app.ctx.tasks.drain();
  return t.mailer.sent;
}

describe('Contact Us', () => {
  it('files a visitor’s message as a ticket the admins are mailed about and see on the admin page', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const res = await t.anonymous().post('/api/support/contact', message);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true });
    expect(await drainedMail()).toEqual([expect.objectContaining({ to: admin.user.email, subject: 'Support: Webhook not arriving' })]);
    const list = await admin.client.get('/api/admin/support/tickets');
    expect(list.body).toEqual([expect.objectContaining({ userId: null, name: 'Dana Reyes', email: 'dana@ridgeline.example.com', status: 'open', replies: [] })]);
  });

  it('remembers the signed-in account that wrote', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const pro = await createProStaff(t);
    expect((await pro.client.post('/api/support/contact', { ...message, email: pro.user.email })).status).toBe(202);
    expect((await admin.client.get('/api/admin/support/tickets')).body[0]).toMatchObject({ userId: pro.user.id, email: pro.user.email });
  });

  it('drops a message whose honeypot is filled, answering the same', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const res = await t.anonymous().post('/api/support/contact', { ...message, website: 'http://spam.example' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true });
    expect((await admin.client.get('/api/admin/support/tickets')).body).toEqual([]);
    expect(await drainedMail()).toEqual([]);
  });

  it('refuses bad input with 400 and files nothing', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    for (const bad of [{ ...message, name: '' }, { ...message, email: 'nope' }, { ...message, message: 'short' }, { ...message, subject: 'x'.repeat(201) }, { ...message, message: 42 }]) {
      const res = await t.anonymous().post('/api/support/contact', bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await admin.client.get('/api/admin/support/tickets')).body).toEqual([]);
  });

  it(`takes ${SUPPORT_TICKETS_PER_HOUR} messages per address per hour, sent in parallel too, the form post included`, async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const results = await Promise.all(Array.from({ length: SUPPORT_TICKETS_PER_HOUR + 4 }, () => t.anonymous().post('/api/support/contact', message)));
    expect(results.filter((res) => res.status === 202)).toHaveLength(SUPPORT_TICKETS_PER_HOUR);
    const refused = results.filter((res) => res.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.error.code).toBe('RATE_LIMITED');
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    const form = await t.app.inject({ method: 'POST', url: '/api/support/contact/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(message).toString() });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/contact?error=rate-limited');
    expect((await admin.client.get('/api/admin/support/tickets')).body).toHaveLength(SUPPORT_TICKETS_PER_HOUR);
  });
});

describe('the Contact Us form without the app (native post)', () => {
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/support/contact/form', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });

  it('files the ticket and goes to the confirmation, with nothing typed in the address', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const res = await post({ ...message, website: '' }, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=1');
    expect((await admin.client.get('/api/admin/support/tickets')).body).toHaveLength(1);
  });

  it('goes back to the form with a code for bad input, and refuses posts from other sites', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const bad = await post({ ...message, email: 'nope' });
    expect(bad.headers.location).toBe('/contact?error=invalid-input');
    const crossSite = await post(message, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.headers.location).toBe('/contact?error=cross-site');
    expect((await admin.client.get('/api/admin/support/tickets')).body).toEqual([]);
  });

  it('drops a filled honeypot but shows the same confirmation', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const res = await post({ ...message, website: 'spam' });
    expect(res.headers.location).toBe('/contact?sent=1');
    expect((await admin.client.get('/api/admin/support/tickets')).body).toEqual([]);
  });
});

describe('answering tickets', () => {
  it('mails the admin’s answer to the requester and marks the ticket answered; closing and reopening work', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    await t.anonymous().post('/api/support/contact', message);
    const [ticket] = (await admin.client.get('/api/admin/support/tickets')).body;
    await drainedMail();
    t.mailer.sent.length = 0;
    const res = await admin.client.post(`/api/admin/support/tickets/${ticket.id}/replies`, { message: 'Check the signing secret on the platform.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'answered', replies: [{ message: 'Check the signing secret on the platform.' }] });
    const [mail] = await drainedMail();
    expect(mail).toMatchObject({ to: 'dana@ridgeline.example.com', subject: 'Re: Webhook not arriving' });
    expect(mail!.text).toContain('Check the signing secret on the platform.');
    expect(mail!.text).toContain('> Our Shopify orders do not show up as commissions.');
    expect((await admin.client.put(`/api/admin/support/tickets/${ticket.id}/status`, { status: 'closed' })).body.status).toBe('closed');
    expect((await admin.client.put(`/api/admin/support/tickets/${ticket.id}/status`, { status: 'open' })).body).toMatchObject({ status: 'open', replies: [{ message: 'Check the signing secret on the platform.' }] });
    expect((await admin.client.put(`/api/admin/support/tickets/${ticket.id}/status`, { status: 'shelved' })).status).toBe(400);
    expect((await admin.client.post(`/api/admin/support/tickets/${ticket.id}/replies`, { message: '' })).status).toBe(400);
    expect((await admin.client.post('/api/admin/support/tickets/999999/replies', { message: 'hi' })).status).toBe(404);
  });

  it('is for admins only', async () => {
    await t.anonymous().post('/api/support/contact', message);
    const business = await createBusiness(t);
    expect((await t.anonymous().get('/api/admin/support/tickets')).status).toBe(401);
    expect((await business.client.get('/api/admin/support/tickets')).status).toBe(403);
    expect((await business.client.post('/api/admin/support/tickets/1/replies', { message: 'hi' })).status).toBe(403);
    expect((await business.client.put('/api/admin/support/tickets/1/status', { status: 'closed' })).status).toBe(403);
  });
});

describe('account managers', () => {
  it('lets an admin name an admin as an Enterprise account’s manager, shown on that account only', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const enterprise = await createBusiness(t, { tier: 'enterprise', companyName: 'Big Timber Co' });
    const other = await createBusiness(t, { tier: 'enterprise' });
    const professional = await createBusiness(t, { tier: 'professional' });
    const overview = await admin.client.get('/api/admin/account-managers');
    expect(overview.body.accounts.map((a: { userId: number }) => a.userId).sort()).toEqual([enterprise.user.id, other.user.id].sort());
    expect(overview.body.admins).toEqual([{ id: admin.user.id, email: admin.user.email }]);

    expect((await enterprise.client.get('/api/account-manager')).body).toEqual({ included: true, manager: null });
    const assigned = await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: admin.user.id, managerName: 'Morgan Lake' });
    expect(assigned.status).toBe(200);
    expect(assigned.body.accounts.find((a: { userId: number }) => a.userId === enterprise.user.id)).toMatchObject({ companyName: 'Big Timber Co', managerUserId: admin.user.id, managerName: 'Morgan Lake' });
    expect((await enterprise.client.get('/api/account-manager')).body).toEqual({ included: true, manager: { name: 'Morgan Lake', email: admin.user.email } });
    expect((await other.client.get('/api/account-manager')).body).toEqual({ included: true, manager: null });
    expect((await professional.client.get('/api/account-manager')).body).toEqual({ included: false, manager: null });

    expect((await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: null })).status).toBe(200);
    expect((await enterprise.client.get('/api/account-manager')).body.manager).toBeNull();
  });

  it('refuses a manager who is not an admin, an account not on Enterprise, and non-admins', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const enterprise = await createBusiness(t, { tier: 'enterprise' });
    const professional = await createBusiness(t, { tier: 'professional' });
    const notAdmin = await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: professional.user.id, managerName: 'X' });
    expect(notAdmin.status).toBe(400);
    expect((await admin.client.put(`/api/admin/account-managers/${professional.user.id}`, { managerUserId: admin.user.id })).status).toBe(404);
    expect((await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: 'me' })).status).toBe(400);
    expect((await enterprise.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: admin.user.id })).status).toBe(403);
    expect((await enterprise.client.get('/api/admin/account-managers')).status).toBe(403);
    expect((await t.anonymous().get('/api/account-manager')).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/account-manager')).status).toBe(403);
  });
});
