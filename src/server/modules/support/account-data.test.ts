import { describe, expect, it } from 'vitest';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { useTestApp } from '@server/test/use-test-app';
import { exportData } from '@server/test/zip-archive';
import { eraseDueAccounts } from '@server/modules/account/deletion-service';

// Decision records 027 and 046: coaching sessions, support tickets with their answers and the account manager naming
// are in the account's export, and go with its erasure.

const t = useTestApp();
const later = (days: number) => new Date(Date.now() + days * 86_400_000);
const booking = { topic: 'Calling elk', timeZone: 'UTC', preferredTimes: [{ date: `${new Date().getUTCFullYear() + 1}-01-14`, from: '09:00', to: '11:00' }] };
const ticket = (email: string) => ({ name: 'Pat', email, subject: 'A question', message: 'How do payouts reach my bank?' });

async function exported(client: { cookie?: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: client.cookie! } });
  expect(res.statusCode).toBe(200);
  return exportData<Record<string, { [key: string]: unknown }[]>>(res.rawPayload);
}

describe('coaching and support in the account’s data', () => {
  it('exports the staffer’s sessions and tickets (signed in, and sent signed out with their address) with the answers', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const pro = await createProStaff(t, { tier: 'elite' });
    expect((await pro.client.post('/api/coaching/sessions', booking)).status).toBe(201);
    expect((await pro.client.post('/api/support/contact', ticket(pro.user.email))).status).toBe(202);
    expect((await t.anonymous().post('/api/support/contact', ticket(pro.user.email.toUpperCase()))).status).toBe(202);
    expect((await t.anonymous().post('/api/support/contact', ticket('someone.else@example.com'))).status).toBe(202);
    const [first] = (await admin.client.get('/api/admin/support/tickets')).body.filter((row: { email: string }) => row.email === pro.user.email);
    expect((await admin.client.post(`/api/admin/support/tickets/${first.id}/replies`, { message: 'Within two days.' })).status).toBe(201);

    const doc = await exported(pro.client);
    expect(doc.coachingSessions).toEqual([expect.objectContaining({ topic: 'Calling elk', status: 'requested' })]);
    expect(doc.supportTickets!.map((row) => row.email)).toEqual([pro.user.email, pro.user.email]);
    expect(doc.supportTicketReplies).toEqual([expect.objectContaining({ ticketId: first.id, message: 'Within two days.' })]);
    expect(doc.supportTicketReplies![0]).not.toHaveProperty('userId');
    expect(doc.accountManager).toEqual([]);
  });

  it('exports and erases an Enterprise account’s manager naming; erases the staffer’s sessions and tickets, keeping others’', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const enterprise = await createBusiness(t, { tier: 'enterprise' });
    expect((await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: admin.user.id, managerName: 'Morgan Lake' })).status).toBe(200);
    expect((await exported(enterprise.client)).accountManager).toEqual([expect.objectContaining({ managerName: 'Morgan Lake' })]);

    const pro = await createProStaff(t, { tier: 'elite' });
    expect((await pro.client.post('/api/coaching/sessions', booking)).status).toBe(201);
    expect((await t.anonymous().post('/api/support/contact', ticket(pro.user.email))).status).toBe(202);
    expect((await t.anonymous().post('/api/support/contact', ticket('someone.else@example.com'))).status).toBe(202);

    for (const account of [enterprise, pro]) expect((await account.client.post('/api/account/deletion', { currentPassword: 'trail-cam-2026' })).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(2);
    expect(await t.database.query(`select id from coaching_sessions`)).toEqual([]);
    expect(await t.database.query(`select email from support_tickets`)).toEqual([{ email: 'someone.else@example.com' }]);
    expect(await t.database.query(`select business_user_id from account_managers`)).toEqual([]);
  });

  it('unlinks an erased admin from the answers they gave and the accounts they managed', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const enterprise = await createBusiness(t, { tier: 'enterprise' });
    await admin.client.put(`/api/admin/account-managers/${enterprise.user.id}`, { managerUserId: admin.user.id, managerName: 'Morgan Lake' });
    await t.anonymous().post('/api/support/contact', ticket('someone.else@example.com'));
    const [open] = (await admin.client.get('/api/admin/support/tickets')).body;
    await admin.client.post(`/api/admin/support/tickets/${open.id}/replies`, { message: 'Answered.' });
    expect((await admin.client.post('/api/account/deletion', { currentPassword: 'trail-cam-2026' })).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
    expect(await t.database.query(`select user_id, message from support_ticket_replies`)).toEqual([{ user_id: null, message: 'Answered.' }]);
    expect((await enterprise.client.get('/api/account-manager')).body).toEqual({ included: true, manager: null });
  });
});
