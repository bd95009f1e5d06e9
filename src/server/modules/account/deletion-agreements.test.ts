import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';
import { runRetention } from '@server/modules/retention/service';
import { eraseDueAccounts } from './deletion-service';

// Erasure ends what the account was part of (issue 42 item 2, decision record 027): its agreements end with
// "Account closed", the other party is told, plan slots and exclusivity follow, both sides keep the history under
// "Deleted user", and the acceptance address goes.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REPEATS = Number(process.env.RACE_REPEATS ?? (onPostgres ? 5 : 2));

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const password = { currentPassword: 'trail-cam-2026' };

type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

const terms = (overrides: Record<string, unknown> = {}) => ({
  startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 1000, gearAllowanceMinor: 0, currency: 'usd',
  proDealDiscountPercent: 30, duties: 'Post from the field.', postsPerTerm: 6, eventsPerTerm: 1, fieldTestReportsPerTerm: 0, ...overrides,
});

async function offer(business: Business, pro: ProStaff, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms(overrides) });
  if (res.status !== 201) throw new Error(`offer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function accepted(business: Business, pro: ProStaff, overrides: Record<string, unknown> = {}): Promise<number> {
  const id = await offer(business, pro, overrides);
  const res = await pro.client.post(`/api/agreements/${id}/accept`, { confirmConflictEnded: true });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** The mails queued so far, delivered, as [to, subject]. */
async function mails(): Promise<string[][]> {
  await t.app.ctx.tasks.drain();
  return t.mailer.sent.splice(0).map((mail) => [mail.to, mail.subject]);
}

async function eraseAfterGrace(account: SignedIn): Promise<void> {
  expect((await account.client.post('/api/account/deletion', password)).status).toBe(202);
  await mails(); // the deletion notice to the account itself
  expect((await eraseDueAccounts(t.app.ctx, later(15))).erased).toBe(1);
}

const history = async (client: SignedIn['client'], id: number) =>
  (await client.get(`/api/agreements/${id}/history`)).body.map((e: { action: string; actorName: string | null; reason: string | null }) => [e.action, e.actorName, e.reason]);

const acceptedIps = async (id: number) => (await t.database.query<{ accepted_ip: string | null }>(`select accepted_ip from agreements where id = ${id}`))[0]!.accepted_ip;

describe('erasing a brand', () => {
  it('ends its agreements and offers, tells each staffer, lifts their exclusivity and keeps their history anonymised', async () => {
    const brand = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Optics' });
    const pro = await createProStaff(t, { firstName: 'Anna', lastName: 'Archer' });
    const offeredTo = await createProStaff(t, { firstName: 'Ben', lastName: 'Bow' });
    const other = await createBusiness(t, { tier: 'professional', companyName: 'Second Glass' });
    const live = await accepted(brand, pro, { exclusivityCategory: 'optics' });
    const change = (await brand.client.post(`/api/agreements/${live}/revisions`, terms({ exclusivityCategory: 'optics', commissionRateBps: 1500 }))).body.id as number;
    const open = await offer(brand, offeredTo);
    const waiting = await offer(other, pro, { exclusivityCategory: 'optics', acknowledgeConflict: true });
    expect(await acceptedIps(live)).toBe('127.0.0.1');
    const events: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => { if (event.type === 'agreement.updated') events.push(event); });
    await mails();

    await eraseAfterGrace(brand);

    // The staffer's agreement ended because the account closed, under "Deleted user", without the acceptance address.
    const seen = (await pro.client.get(`/api/agreements/${live}`)).body;
    expect(seen).toMatchObject({ status: 'ended', endReason: 'Account closed', businessName: 'Deleted user', acceptedIp: null });
    expect(await acceptedIps(live)).toBeNull();
    expect(await history(pro.client, live)).toEqual([
      ['offered', 'Deleted user', null], ['accepted', 'Anna Archer', null], ['revised', 'Deleted user', null],
      ['ended', 'Deleted user', 'Account closed'], ['withdrawn', 'Deleted user', 'Account closed'],
    ]);
    expect((await pro.client.get(`/api/agreements/${change}`)).body.status).toBe('withdrawn');
    // The open offer to another staffer is withdrawn, and can no longer be accepted.
    expect((await offeredTo.client.get(`/api/agreements/${open}`)).body).toMatchObject({ status: 'withdrawn', endReason: 'Account closed' });
    expect((await offeredTo.client.post(`/api/agreements/${open}/accept`, {})).status).toBe(409);

    // Each staffer is told once, by mail, in the notification centre and live (no separate notice for the change).
    expect((await mails()).sort()).toEqual([
      [offeredTo.user.email, 'Ridge Optics withdrew a pro staff agreement offer'],
      [pro.user.email, 'Your pro staff agreement with Ridge Optics ended'],
    ].sort());
    const centre = (await pro.client.get('/api/notifications')).body.notifications;
    expect(centre[0]).toMatchObject({ title: 'Your pro staff agreement with Ridge Optics ended', link: `/agreements/${live}` });
    expect(events).toEqual([{ type: 'agreement.updated', data: { agreementId: live, status: 'ended' } }]);

    // Exclusivity is lifted: the staffer may now accept another optics brand.
    expect((await pro.client.post(`/api/agreements/${waiting}/accept`, { confirmConflictEnded: true })).body.status).toBe('active');
  });

  it('an acceptance racing the erasure never leaves an active agreement with the erased brand', async () => {
    for (let round = 0; round < REPEATS; round++) {
      const brand = await createBusiness(t, { tier: 'professional' });
      const pro = await createProStaff(t);
      const id = await offer(brand, pro);
      expect((await brand.client.post('/api/account/deletion', password)).status).toBe(202);
      const [accept] = await Promise.all([pro.client.post(`/api/agreements/${id}/accept`, {}), eraseDueAccounts(t.app.ctx, later(15))]);
      const status = (await pro.client.get(`/api/agreements/${id}`)).body.status;
      expect([accept.status, status], `round ${round}`).toEqual(accept.status === 200 ? [200, 'ended'] : [409, 'withdrawn']);
    }
  });
});

describe('erasing a pro staffer', () => {
  it("frees a Free business's only slot, tells the businesses, and keeps their history anonymised", async () => {
    const free = await createBusiness(t, { companyName: 'Small Calls' });
    const paid = await createBusiness(t, { tier: 'professional', companyName: 'Big Decoys' });
    const pro = await createProStaff(t, { firstName: 'Anna', lastName: 'Archer' });
    const next = await createProStaff(t);
    const live = await accepted(free, pro);
    const open = await offer(paid, pro);
    expect((await free.client.post('/api/agreements', { proStaffId: next.proStaffId, ...terms() })).status).toBe(402);
    await mails();

    await eraseAfterGrace(pro);

    expect((await free.client.get(`/api/agreements/${live}`)).body).toMatchObject({ status: 'ended', endReason: 'Account closed', proStaffName: 'Deleted user', acceptedIp: null });
    expect(await history(free.client, live)).toEqual([
      ['offered', 'Small Calls', null], ['accepted', 'Deleted user', null], ['ended', 'Deleted user', 'Account closed'],
    ]);
    expect((await paid.client.get(`/api/agreements/${open}`)).body).toMatchObject({ status: 'declined', endReason: 'Account closed' });
    expect((await mails()).sort()).toEqual([
      [paid.user.email, 'Your pro staff agreement offer to Anna Archer was declined'],
      [free.user.email, 'Your pro staff agreement with Anna Archer ended'],
    ].sort());

    // The roster no longer counts them, so the Free plan's one slot is free again; the erased staffer takes no offers.
    expect((await free.client.get('/api/agreements?status=active')).body).toEqual([]);
    expect((await free.client.get('/api/plan-usage')).body.limits.activeAgreements).toMatchObject({ used: 0, reached: false });
    expect((await paid.client.post('/api/agreements', { proStaffId: pro.proStaffId, ...terms() })).status).toBe(404);
    expect((await free.client.post('/api/agreements', { proStaffId: next.proStaffId, ...terms() })).status).toBe(201);
  });

  it('retention erasure of an unused account ends its agreements the same way and never deletes the other side’s history', async () => {
    const business = await createBusiness(t, { tier: 'professional', companyName: 'Timber Co' });
    const pro = await createProStaff(t, { firstName: 'Lone', lastName: 'Wolf' });
    const live = await accepted(business, pro);
    const threeYearsAgo = new Date();
    threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3);
    await t.database.query(`update users set last_active_at = '${new Date(threeYearsAgo.getTime() - 2 * DAY).toISOString()}' where id = ${pro.user.id}`);
    expect((await runRetention(t.app.ctx, new Date(Date.now() - 31 * DAY))).warned).toBe(1);
    await mails();

    expect(await runRetention(t.app.ctx)).toMatchObject({ deleted: 0, anonymised: 1 });

    expect((await business.client.get(`/api/agreements/${live}`)).body).toMatchObject({ status: 'ended', endReason: 'Account closed', proStaffName: 'Deleted user', acceptedIp: null });
    expect((await history(business.client, live)).map(([action]: string[]) => action)).toEqual(['offered', 'accepted', 'ended']);
    expect(await mails()).toEqual([[business.user.email, 'Your pro staff agreement with Lone Wolf ended']]);
    expect(await t.database.query(`select user_id from retention_warnings where user_id = ${pro.user.id}`)).toEqual([]);
  });
});
