import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { businessWithCard, commissionRows, payableCommission, readyProStaff } from '@server/test/payouts-setup';
import { payNow, payoutTuning } from './pay-service';

// Pay now (decision record 025): one charge to the business's saved card, one transfer per pro staffer.
const fake = useFakeStripe();
let t: TestApp;
beforeEach(async () => {
  fake.requests.length = 0;
  fake.connect.failingTransfers.clear();
  t = await createTestApp(fake.env());
});
afterEach(async () => {
  await t.close();
});

/** Sends and forgets the mails so far (the commissions' own notices), so a test reads only the payout's. */
async function clearMail() {
  await t.app.ctx.tasks.drain();
  t.mailer.sent.length = 0;
}

/** Runs the payout recovery task now instead of two minutes later. */
async function runRecoveryNow() {
  await t.database.query(`update background_tasks set run_at = now() where kind = 'payouts.process'`);
  await t.app.ctx.tasks.drain();
}

/** A business with a saved card owing one payable commission of `amount` to Jake, whose payout account is ready. */
async function oneOwed(amount: string) {
  const biz = await businessWithCard(t, fake);
  const jake = await readyProStaff(t, fake);
  return { biz, jake, id: await payableCommission(biz, jake.proStaffId, amount) };
}

const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

describe('POST /api/payouts', () => {
  it('charges the saved card once and transfers each pro staffer their share, with idempotency keys from the payout', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '40.00'), await payableCommission(biz, jake.proStaffId, '10.50'), await payableCommission(biz, anna.proStaffId, '25.00')];
    await clearMail();
    const heard: UserEvent[] = [];
    t.events.subscribe(jake.user.id, (event) => { if (event.type !== 'notifications.changed') heard.push(event); });

    const res = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: 'USD', amount: '75.50', amountCents: 7550, status: 'paid', failureReason: null, completedAt: expect.any(String) });
    expect(res.body.items).toEqual([
      { proStaffId: anna.proStaffId, name: 'Anna Morrison', amount: '25.00', amountCents: 2500, status: 'paid', failureReason: null, commissionIds: [ids[2]] },
      { proStaffId: jake.proStaffId, name: 'Jake Morrison', amount: '50.50', amountCents: 5050, status: 'paid', failureReason: null, commissionIds: [ids[0], ids[1]] },
    ]);
    const [key] = (await t.database.query<{ key: string }>(`select key from payouts where id = ${res.body.id}`)).map((r) => r.key);
    const [charge] = fake.posts('/v1/payment_intents');
    expect(charge.body).toMatchObject({ amount: '7550', currency: 'usd', customer: biz.customerId, payment_method: biz.paymentMethodId, confirm: 'true', off_session: 'true', transfer_group: `payout_${key}` });
    expect(charge.idempotencyKey).toBe(`payout:${key}:charge`);
    expect(charge.body.metadata).toEqual({ payoutId: String(res.body.id), businessId: String(biz.businessId) });
    const transfers = fake.posts('/v1/transfers');
    expect(transfers.map((r) => [r.body.currency, r.body.metadata])).toEqual(expect.arrayContaining([
      ['usd', { payoutId: String(res.body.id), proStaffId: String(jake.proStaffId) }], ['usd', { payoutId: String(res.body.id), proStaffId: String(anna.proStaffId) }],
    ]));
    expect(transfers.map((r) => [r.body.destination, r.body.amount, r.idempotencyKey])).toEqual(
      expect.arrayContaining([[jake.accountId, '5050', `payout:${key}:transfer:${jake.proStaffId}`], [anna.accountId, '2500', `payout:${key}:transfer:${anna.proStaffId}`]]),
    );
    const chargeId = [...fake.connect.charges.keys()].at(-1);
    expect(transfers.every((r) => r.body.transfer_group === `payout_${key}` && r.body.source_transaction === chargeId)).toBe(true);
    expect((await commissionRows(t, ids)).map((c) => [c.status, c.payout_id])).toEqual(ids.map(() => ['paid', res.body.id]));

    // The pro staffer hears it in the app and by email; both sides see the payout.
    expect(heard).toEqual([{ type: 'payout.updated', data: { payoutId: res.body.id, status: 'paid' } }]);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((m) => m.to === jake.user.email)).toEqual([expect.objectContaining({ subject: 'Test Outfitters paid you USD 50.50' })]);
    const received = (await jake.client.get('/api/payouts/pro-staff')).body;
    expect(received.payouts).toEqual([expect.objectContaining({ payoutId: res.body.id, companyName: 'Test Outfitters', amount: '50.50', status: 'paid', commissionIds: [ids[0], ids[1]] })]);
    expect(received.balances).toEqual([]);
    expect((await biz.client.get('/api/payouts/business')).body.payouts).toEqual([res.body]);
    expect((await biz.client.get(`/api/payouts/${res.body.id}`)).body).toEqual(res.body);
    const list = (await jake.client.get('/api/commissions/pro-staff')).body;
    expect(list.map((c: { payoutId: number; status: string }) => [c.status, c.payoutId])).toEqual([['paid', res.body.id], ['paid', res.body.id]]);
    // Paid through a finished payout: settled, not "being processed".
    expect((await biz.client.post('/api/payouts', { commissionIds: [ids[0]] })).body.error.message).toBe(`Only pending commissions can be paid; already paid or cancelled: #${ids[0]}`);
  });

  it('fails as a whole when the card is declined: no transfer, the commissions stay payable and the reason is given', async () => {
    const biz = await businessWithCard(t, fake, 'pm_card_chargeDeclined');
    const jake = await readyProStaff(t, fake);
    const id = await payableCommission(biz, jake.proStaffId, '40.00');
    await clearMail();
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'failed', failureReason: 'The card was declined: Your card was declined.', items: [{ status: 'failed', failureReason: 'The card was declined: Your card was declined.', commissionIds: [] }] });
    expect(fake.posts('/v1/transfers')).toHaveLength(0);
    expect(await commissionRows(t, [id])).toEqual([expect.objectContaining({ status: 'pending', payout_id: null })]);
    expect((await biz.client.get('/api/commissions/business')).body[0]).toMatchObject({ payable: true, payoutId: null });
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((m) => m.to === jake.user.email).map((m) => m.subject)).toEqual(['A USD 40.00 payout from Test Outfitters did not go through']);
    // Paid again with a working card, it goes through.
    fake.saveCard(biz.customerId, 'pm_card_visa');
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).body.status).toBe('paid');
  });

  it('refunds a failed transfer’s share and leaves that pro staffer’s commissions payable; the others are paid (partial)', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const jakes = await payableCommission(biz, jake.proStaffId, '30.00');
    const annas = await payableCommission(biz, anna.proStaffId, '20.00');
    fake.connect.failingTransfers.set(anna.accountId, 'balance_insufficient');
    const res = await biz.client.post('/api/payouts', { commissionIds: [jakes, annas] });
    expect(res.body).toMatchObject({ status: 'partial', amountCents: 5000 });
    const byName = Object.fromEntries(res.body.items.map((item: { name: string }) => [item.name, item]));
    expect(byName['Jake Morrison']).toMatchObject({ status: 'paid' });
    expect(byName['Anna Morrison']).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('refunded to your card'), commissionIds: [] });
    const [refund] = fake.posts('/v1/refunds');
    expect(refund.body).toMatchObject({ amount: '2000', metadata: { payoutId: String(res.body.id), proStaffId: String(anna.proStaffId) } });
    expect(refund.idempotencyKey).toMatch(new RegExp(`:refund:${anna.proStaffId}$`));
    expect((await commissionRows(t, [jakes, annas])).map((c) => c.status)).toEqual(['paid', 'pending']);
    const annaView = (await anna.client.get('/api/payouts/pro-staff')).body;
    expect(annaView.payouts[0]).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('insufficient') });
    expect(annaView.balances).toEqual([expect.objectContaining({ netCents: 2000, accountState: 'ready' })]);
  });

  it('fails as a whole when every transfer fails, refunding each share, and names what Stripe refused', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '30.00'), await payableCommission(biz, anna.proStaffId, '20.00')];
    fake.connect.failingTransfers.set(jake.accountId, 'balance_insufficient');
    // Anna's account lost its transfers capability at Stripe after the app last heard it was ready.
    fake.connect.restrict(anna.accountId);
    const res = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(res.body).toMatchObject({ status: 'failed', failureReason: 'Every transfer failed; the charge was refunded to your card.', amountCents: 5000 });
    const reasons = Object.fromEntries(res.body.items.map((item: { name: string; failureReason: string }) => [item.name, item.failureReason]));
    expect(reasons).toEqual({
      'Jake Morrison': 'The transfer failed: the platform balance was insufficient. The amount was refunded to your card.',
      'Anna Morrison': 'The transfer failed: the pro staffer’s payout account cannot receive transfers right now. The amount was refunded to your card.',
    });
    expect(fake.posts('/v1/refunds').map((r) => r.body.amount).sort()).toEqual(['2000', '3000']);
    expect((await commissionRows(t, ids)).map((c) => [c.status, c.payout_id])).toEqual([['pending', null], ['pending', null]]);
  });

  it('a transfer refused for another reason is refunded with a general reason; a payout where one share fails is partial', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '30.00'), await payableCommission(biz, anna.proStaffId, '20.00')];
    fake.connect.failingTransfers.set(anna.accountId, 'transfers_not_allowed');
    const res = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(res.body).toMatchObject({ status: 'partial', failureReason: 'Some transfers failed and were refunded to your card; see each pro staffer.' });
    const annaItem = res.body.items.find((item: { name: string }) => item.name === 'Anna Morrison');
    expect(annaItem).toMatchObject({ status: 'failed', failureReason: 'The transfer failed at the payment provider. The amount was refunded to your card.' });
  });

  it('refuses commissions of pro staff without a ready payout account, naming them, and writes nothing', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const newcomer = await createProStaff(t, { firstName: 'Nora', lastName: 'Newcomer' });
    const ids = [await payableCommission(biz, jake.proStaffId, '5.00'), await payableCommission(biz, newcomer.proStaffId, '5.00')];
    const res = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^Nora Newcomer has no payout account ready/);
    expect(res.body.error.details).toEqual([{ proStaffId: newcomer.proStaffId, name: 'Nora Newcomer', accountState: 'not_connected' }]);
    expect(await count('payouts')).toBe(0);
    expect(fake.posts('/v1/payment_intents')).toHaveLength(0);
    const balances = (await biz.client.get('/api/payouts/business')).body.balances;
    expect(balances.map((b: { name: string; accountState: string }) => [b.name, b.accountState])).toEqual([['Jake Morrison', 'ready'], ['Nora Newcomer', 'not_connected']]);
    // Marking paid outside HuntStaff stays possible.
    expect((await biz.client.patch(`/api/commissions/${ids[1]}/status`, { status: 'paid' })).status).toBe(200);
  });

  it('refuses commissions of a pro staffer whose email is not confirmed (changed since connecting), naming them, and writes nothing', async () => {
    const { biz, jake, id } = await oneOwed('5.00');
    await t.database.query(`update users set email_verified_at = null where id = (select user_id from pro_staff_profiles where id = ${jake.proStaffId})`);
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^Jake Morrison has not confirmed their email address yet/);
    expect(res.body.error.details).toEqual([{ proStaffId: jake.proStaffId, name: 'Jake Morrison', emailVerified: false }]);
    expect(await count('payouts')).toBe(0);
    expect(fake.posts('/v1/payment_intents')).toHaveLength(0);
  });

  it('names every pro staffer who cannot be paid, in one answer', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '5.00'), await payableCommission(biz, anna.proStaffId, '5.00')];
    await t.database.query(`update users set email_verified_at = null where id in (select user_id from pro_staff_profiles where id in (${jake.proStaffId}, ${anna.proStaffId}))`);
    const unconfirmed = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error.message).toMatch(/^(Jake Morrison, Anna Morrison|Anna Morrison, Jake Morrison) have not confirmed their email addresses yet, so payouts cannot be sent\./);
    expect(unconfirmed.body.error.details).toHaveLength(2);
    await t.database.query(`update users set email_verified_at = now() where id in (select user_id from pro_staff_profiles where id in (${jake.proStaffId}, ${anna.proStaffId}))`);
    await t.database.query(`update payout_accounts set payouts_enabled = false where pro_staff_id in (${jake.proStaffId}, ${anna.proStaffId})`);
    const notReady = await biz.client.post('/api/payouts', { commissionIds: ids });
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.message).toMatch(/^(Jake Morrison, Anna Morrison|Anna Morrison, Jake Morrison) have no payout account ready to receive payments yet\./);
    expect(notReady.body.error.details.map((d: { accountState: string }) => d.accountState)).toEqual(['restricted', 'restricted']);
    expect(await count('payouts')).toBe(0);
  });

  it('pays once on a double click: the second request waits for the first and finds the commissions taken', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const ids = [await payableCommission(biz, jake.proStaffId, '12.00'), await payableCommission(biz, jake.proStaffId, '8.00')];
    const [a, b] = await Promise.all([biz.client.post('/api/payouts', { commissionIds: ids }), biz.client.post('/api/payouts', { commissionIds: ids })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.error.message).toMatch(/^(Already in a payout|Only pending commissions can be paid)/);
    expect(await count('payouts')).toBe(1);
    expect(fake.posts('/v1/payment_intents')).toHaveLength(1);
    expect(fake.posts('/v1/transfers')).toHaveLength(1);
  });

  it('stays processing while Stripe is unreachable and is finished by the background task without paying twice', async () => {
    const { biz, jake, id } = await oneOwed('15.00');
    fake.failures = { status: 500, count: 3, path: '/v1/payment_intents' }; // the SDK's first try and its two retries
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.body).toMatchObject({ status: 'processing', items: [{ status: 'pending', commissionIds: [id] }] });
    // While processing, the commission can be neither paid again nor marked paid by hand.
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).status).toBe(409);
    expect((await biz.client.patch(`/api/commissions/${id}/status`, { status: 'paid' })).body.error.message).toMatch(/is in payout #\d+, which is being processed/);
    expect((await jake.client.get('/api/payouts/pro-staff')).body.payouts[0].status).toBe('processing');
    // The recovery task is due two minutes later.
    const [due] = await t.database.query<{ seconds: number }>(`select extract(epoch from run_at - now())::int as seconds from background_tasks where kind = 'payouts.process'`);
    expect(due.seconds).toBeGreaterThan(90);
    expect(due.seconds).toBeLessThanOrEqual(120);
    // Its statement line says processing, whatever the item's own state.
    expect((await biz.client.get('/api/payouts/business/statement')).raw.body.trim().split('\r\n')[1].split(',')[3]).toBe('processing');
    await runRecoveryNow();
    expect((await biz.client.get(`/api/payouts/${res.body.id}`)).body.status).toBe('paid');
    // Payout ids start again with each test's database; the payout's random key names it in Stripe.
    const [{ key }] = await t.database.query<{ key: string }>(`select key from payouts where id = ${res.body.id}`);
    const ofThisPayout = (r: { body: Record<string, unknown> }) => r.body.transfer_group === `payout_${key}`;
    expect([...fake.connect.paymentIntents.values()].filter((pi) => pi.transfer_group === `payout_${key}`)).toHaveLength(1);
    expect(fake.posts('/v1/transfers').filter(ofThisPayout)).toHaveLength(1);
    // Running it again does nothing.
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'payouts.process', { payload: { payoutId: res.body.id } });
    await t.app.ctx.tasks.drain();
    expect(fake.posts('/v1/transfers').filter(ofThisPayout)).toHaveLength(1);
  });

  it('answers processing for a payout to many pro staff and the worker pays it at once', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '10.00'), await payableCommission(biz, anna.proStaffId, '11.00')];
    payoutTuning.inlineItems = 1;
    try {
      const res = await biz.client.post('/api/payouts', { commissionIds: ids });
      expect(res.body).toMatchObject({ status: 'processing', amountCents: 2100 });
      expect(fake.posts('/v1/payment_intents')).toHaveLength(0);
      await t.app.ctx.tasks.drain(); // due now, not in two minutes
      expect((await biz.client.get(`/api/payouts/${res.body.id}`)).body).toMatchObject({ status: 'paid', items: [{ status: 'paid' }, { status: 'paid' }] });
    } finally {
      payoutTuning.inlineItems = 25;
    }
  });

  it('pays a payout to exactly as many pro staff as are paid inline within the request', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '10.00'), await payableCommission(biz, anna.proStaffId, '11.00')];
    payoutTuning.inlineItems = 2;
    try {
      expect((await biz.client.post('/api/payouts', { commissionIds: ids })).body).toMatchObject({ status: 'paid' });
    } finally {
      payoutTuning.inlineItems = 25;
    }
  });

  it('keeps the payout processing when a transfer cannot reach Stripe: nothing refunded, the recovery task pays it', async () => {
    const { biz, id } = await oneOwed('15.00');
    fake.failures = { status: 500, count: 3, path: '/v1/transfers' }; // the SDK's first try and its two retries
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.body).toMatchObject({ status: 'processing', items: [{ status: 'pending', commissionIds: [id] }] });
    expect(fake.posts('/v1/refunds')).toHaveLength(0);
    await runRecoveryNow();
    expect((await biz.client.get(`/api/payouts/${res.body.id}`)).body).toMatchObject({ status: 'paid', items: [{ status: 'paid', commissionIds: [id] }] });
    expect(fake.posts('/v1/payment_intents')).toHaveLength(1);
  });

  it('names the commissions it refuses in the error details', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const detail = (id: number) => ({ commissionId: id, proStaffId: jake.proStaffId });
    const held = await payableCommission(biz, jake.proStaffId, '5.00');
    await t.database.query(`update commissions set payable_at = now() + interval '3 days' where id = ${held}`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [held] })).body.error.details).toEqual([detail(held)]);
    const cancelled = await payableCommission(biz, jake.proStaffId, '5.00');
    await biz.client.patch(`/api/commissions/${cancelled}/status`, { status: 'cancelled' });
    const settled = (await biz.client.post('/api/payouts', { commissionIds: [cancelled] })).body.error;
    expect(settled).toMatchObject({ message: `Only pending commissions can be paid; already paid or cancelled: #${cancelled}`, details: [detail(cancelled)] });
    const [negative] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source) values (${biz.businessId}, ${jake.proStaffId}, -100, 'adjustment') returning id`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [negative.id] })).body.error.details).toEqual([{ path: 'commissionIds', message: `#${negative.id}` }]);
    const usd = await payableCommission(biz, jake.proStaffId, '5.00');
    const [cad] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, currency) values (${biz.businessId}, ${jake.proStaffId}, 500, 'CAD') returning id`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [usd, cad.id] })).body.error.details).toEqual([{ path: 'commissionIds', message: 'Mixed currencies' }]);
    expect((await biz.client.post('/api/payouts', { commissionIds: [usd, 2_000_000] })).body.error.details).toEqual({ commissionIds: [2_000_000] });
    // One in a payout still being processed.
    fake.failures = { status: 500, count: 3, path: '/v1/payment_intents' };
    const processing = await biz.client.post('/api/payouts', { commissionIds: [usd] });
    expect(processing.body.status).toBe('processing');
    const taken = (await biz.client.post('/api/payouts', { commissionIds: [usd] })).body.error;
    expect(taken).toMatchObject({ message: `Already in a payout that is being processed: commission #${usd}`, details: [detail(usd)] });
  });

  it('refuses a zero entry as it refuses a negative one, and a pro staffer whose refunds leave nothing to transfer', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const [zero] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source) values (${biz.businessId}, ${jake.proStaffId}, 0, 'adjustment') returning id`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [zero.id] })).status).toBe(400);
    const owed = await payableCommission(biz, jake.proStaffId, '5.00');
    const [refund] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source) values (${biz.businessId}, ${jake.proStaffId}, -500, 'adjustment') returning id`);
    const res = await biz.client.post('/api/payouts', { commissionIds: [owed] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ message: 'Jake Morrison\'s balance after refunds is USD 0.00: nothing to transfer until new commissions cover it.', details: [{ proStaffId: jake.proStaffId, netCents: 0 }] });
    expect((await commissionRows(t, [owed, refund.id])).map((c) => c.status)).toEqual(['pending', 'pending']);
    expect(await count('payouts')).toBe(0);
  });

  it('refuses what cannot be paid: held, settled, negative, mixed currencies, no saved card', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const held = await payableCommission(biz, jake.proStaffId, '5.00');
    await t.database.query(`update commissions set payable_at = now() + interval '3 days' where id = ${held}`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [held] })).body.error.message).toMatch(/^Still in their hold period/);
    const cancelled = await payableCommission(biz, jake.proStaffId, '5.00');
    await biz.client.patch(`/api/commissions/${cancelled}/status`, { status: 'cancelled' });
    expect((await biz.client.post('/api/payouts', { commissionIds: [cancelled] })).status).toBe(409);
    const usd = await payableCommission(biz, jake.proStaffId, '5.00');
    const [cad] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, currency) values (${biz.businessId}, ${jake.proStaffId}, 500, 'CAD') returning id`);
    const mixed = await biz.client.post('/api/payouts', { commissionIds: [usd, cad.id] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toMatch(/one currency/);
    const [negative] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source) values (${biz.businessId}, ${jake.proStaffId}, -100, 'adjustment') returning id`);
    expect((await biz.client.post('/api/payouts', { commissionIds: [negative.id] })).status).toBe(400);

    const noCard = await createBusiness(t);
    const own = await payableCommission(noCard, jake.proStaffId, '5.00');
    const res = await noCard.client.post('/api/payouts', { commissionIds: [own] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^No saved card/);
    expect(await count('payouts')).toBe(0);
  });

  it('validates the body, and is for the business that owns every commission', async () => {
    const biz = await businessWithCard(t, fake);
    const other = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const theirs = await payableCommission(other, jake.proStaffId, '9.00');
    const mine = await payableCommission(biz, jake.proStaffId, '9.00');
    for (const body of [{}, { commissionIds: [] }, { commissionIds: [mine, mine] }, { commissionIds: ['1'] }, { commissionIds: [0] }, { commissionIds: mine }]) {
      const res = await biz.client.post('/api/payouts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    const stolen = await biz.client.post('/api/payouts', { commissionIds: [mine, theirs] });
    expect(stolen.status).toBe(403);
    expect((await biz.client.post('/api/payouts', { commissionIds: [mine, 2_000_000] })).status).toBe(404);
    expect((await new TestClient(t.app).post('/api/payouts', { commissionIds: [mine] })).status).toBe(401);
    expect((await jake.client.post('/api/payouts', { commissionIds: [mine] })).status).toBe(403);
    expect(await count('payouts')).toBe(0);

    const paid = (await other.client.post('/api/payouts', { commissionIds: [theirs] })).body;
    expect((await biz.client.get(`/api/payouts/${paid.id}`)).status).toBe(403);
    expect((await biz.client.get('/api/payouts/999999')).status).toBe(404);
    expect((await biz.client.get('/api/payouts/business')).body.payouts).toEqual([]);
    for (const url of ['/api/payouts/business', `/api/payouts/${paid.id}`, '/api/payouts/business/statement']) {
      expect((await new TestClient(t.app).get(url)).status).toBe(401);
      expect((await jake.client.get(url)).status).toBe(403);
    }
    for (const url of ['/api/payouts/pro-staff', '/api/payouts/pro-staff/statement']) {
      expect((await new TestClient(t.app).get(url)).status).toBe(401);
      expect((await biz.client.get(url)).status).toBe(403);
    }
  });

  it('is payable from the very millisecond its hold ends, and names every commission still held', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake);
    const user = { ...biz.user, businessId: biz.businessId };
    const first = await payableCommission(biz, jake.proStaffId, '5.00');
    const second = await payableCommission(biz, jake.proStaffId, '6.00');
    const holdEnds = new Date('2026-11-20T10:00:00.000Z');
    await t.database.query(`update commissions set payable_at = '${holdEnds.toISOString()}' where id in (${first}, ${second})`);
    await expect(payNow(t.app.ctx, user, [first, second], new Date(holdEnds.getTime() - 1))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Still in their hold period (not payable yet): #${first}, #${second}`,
    });
    expect((await payNow(t.app.ctx, user, [first, second], holdEnds)).status).toBe('paid');
  });

  it('pays with the live subscription’s card when the customer has no default card, and says there is none when neither has one', async () => {
    const { biz, jake, id } = await oneOwed('12.00');
    const customer = fake.customers.get(biz.customerId)!;
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: null };
    const [{ stripe_subscription_id: subscriptionId }] = await t.database.query<{ stripe_subscription_id: string }>(
      `select stripe_subscription_id from subscriptions where user_id = ${biz.user.id}`,
    );
    // Neither the customer nor its live subscription has a card.
    await t.database.query(`update subscriptions set status = 'active' where user_id = ${biz.user.id}`);
    fake.subscriptions.get(subscriptionId)!.default_payment_method = null;
    const none = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/^No saved card/);
    // The subscription saved one (save_default_payment_method: on_subscription): the charge uses it.
    const saved = fake.connect.paymentMethods.attach(biz.customerId, 'pm_card_visa');
    fake.subscriptions.get(subscriptionId)!.default_payment_method = saved;
    const paid = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(paid.body.status).toBe('paid');
    expect(fake.posts('/v1/payment_intents').at(-1)!.body).toMatchObject({ customer: biz.customerId, payment_method: saved });
    // A subscription that has ended is not asked.
    const later = await payableCommission(biz, jake.proStaffId, '3.00');
    await t.database.query(`update subscriptions set status = 'canceled' where user_id = ${biz.user.id}`);
    const asked = fake.requests.length;
    const ended = await biz.client.post('/api/payouts', { commissionIds: [later] });
    expect(ended.status).toBe(400);
    expect(ended.body.error.message).toMatch(/^No saved card/);
    expect(fake.requests.slice(asked).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/customers/${biz.customerId}`]);
  });

  it('answers 503 and records nothing while Stripe cannot be asked for the saved card', async () => {
    const { biz, id } = await oneOwed('8.00');
    fake.failures = { status: 500, count: 3, path: '/v1/customers' }; // the SDK's first try and its two retries
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await count('payouts')).toBe(0);
    expect(await commissionRows(t, [id])).toEqual([expect.objectContaining({ status: 'pending', payout_id: null })]);
  });

  it('fails as a whole with a general reason when Stripe refuses the charge for another reason than the card', async () => {
    const { biz, id } = await oneOwed('9.00');
    // The default names a PaymentMethod Stripe no longer has (detached between the look-up and the charge): the charge
    // is refused as a missing resource, an invalid request rather than a card error.
    const customer = fake.customers.get(biz.customerId)!;
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: 'pm_removed_in_dashboard' };
    const res = await biz.client.post('/api/payouts', { commissionIds: [id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'failed', failureReason: 'The payment provider refused the charge.' });
    expect(fake.posts('/v1/transfers')).toHaveLength(0);
    expect(await commissionRows(t, [id])).toEqual([expect.objectContaining({ status: 'pending', payout_id: null })]);
  });

  it('answers 503 when payments are not configured', async () => {
    await t.close();
    t = await createTestApp();
    const biz = await createBusiness(t);
    const pro = await createProStaff(t);
    const id = await payableCommission(biz, pro.proStaffId, '5.00');
    expect((await biz.client.post('/api/payouts', { commissionIds: [id] })).status).toBe(503);
  });
});

describe('payout lists', () => {
  it('lists each payout with its own items, newest first, to the business and to each pro staffer', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const first = (await biz.client.post('/api/payouts', { commissionIds: [await payableCommission(biz, jake.proStaffId, '12.00')] })).body;
    const second = (await biz.client.post('/api/payouts', { commissionIds: [await payableCommission(biz, anna.proStaffId, '3.50')] })).body;
    const listed = (await biz.client.get('/api/payouts/business')).body.payouts as { id: number; items: { name: string; amountCents: number }[] }[];
    expect(listed.map((p) => [p.id, p.items.map((item) => [item.name, item.amountCents])])).toEqual([
      [second.id, [['Anna Morrison', 350]]],
      [first.id, [['Jake Morrison', 1200]]],
    ]);
    expect((await jake.client.get('/api/payouts/pro-staff')).body.payouts.map((p: { payoutId: number }) => p.payoutId)).toEqual([first.id]);
  });
});

describe('payout statements (CSV)', () => {
  it('lists one row per transfer for the business and for the pro staffer, filtered by day and status', async () => {
    const biz = await businessWithCard(t, fake);
    const jake = await readyProStaff(t, fake, 'Jake');
    const anna = await readyProStaff(t, fake, 'Anna');
    const ids = [await payableCommission(biz, jake.proStaffId, '12.00'), await payableCommission(biz, anna.proStaffId, '3.50')];
    fake.connect.failingTransfers.set(anna.accountId, 'balance_insufficient');
    const payout = (await biz.client.post('/api/payouts', { commissionIds: ids })).body;
    const header = 'Payout,Created,Completed,Status,Business,Pro staff,Currency,Amount,Commissions,Failure reason';
    const res = await biz.client.get('/api/payouts/business/statement');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="huntstaff-payouts-business-start-to-today.csv"');
    const lines = res.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines.slice(1).map((line: string) => line.split(',').filter((_c: string, i: number) => [0, 3, 4, 5, 6, 7, 8].includes(i)))).toEqual([
      [String(payout.id), 'failed', 'Test Outfitters', 'Anna Morrison', 'USD', '3.50', ''],
      [String(payout.id), 'paid', 'Test Outfitters', 'Jake Morrison', 'USD', '12.00', `#${ids[0]}`],
    ]);
    const statusOf = async (query: string) => (await biz.client.get(`/api/payouts/business/statement?${query}`)).raw.body.trim().split('\r\n').slice(1).map((line: string) => line.split(',')[3]);
    expect(await statusOf('status=paid')).toEqual(['paid']);
    expect(await statusOf('status=failed')).toEqual(['failed']);
    const named = await biz.client.get('/api/payouts/business/statement?status=paid&from=2026-01-01&to=2099-12-31');
    expect(named.headers['content-disposition']).toBe('attachment; filename="huntstaff-payouts-business-2026-01-01-to-2099-12-31-paid.csv"');
    expect((await biz.client.get('/api/payouts/business/statement?from=2000-01-01&to=2000-01-02')).raw.body.trim()).toBe(header);
    const mine = (await jake.client.get('/api/payouts/pro-staff/statement')).raw.body.trim().split('\r\n');
    expect(mine).toHaveLength(2);
    expect(mine[1]).toContain(',paid,Test Outfitters,Jake Morrison,USD,12.00,');
    for (const query of ['status=cancelled', 'from=2026-02-30', 'from=2026-03-02&to=2026-03-01']) {
      expect((await biz.client.get(`/api/payouts/business/statement?${query}`)).status, query).toBe(400);
    }
  });
});
