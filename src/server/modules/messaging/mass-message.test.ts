import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { restoreAfterEach, useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import type { UserEvent } from '@server/lib/events';
import { massSendTuning, resumeMassSends, settledMassSends } from './service-mass';
import { addMassSendLanes, deliverMassBatch } from './repository-mass';

// Decision record 017: idempotent retries and background delivery of big mass messages.
const t = useTestApp();
restoreAfterEach(massSendTuning);

/** `count` pro staff with profiles, inserted set-based (user ids ascending). */
async function bulkStaff(count: number, location = 'Casper, WY') {
  await t.database.db.execute(sql`
    with staff as (
      insert into users (email, password_hash, user_type)
      select 'bulk.' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, ${count}::int) g
      returning id
    )
    insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location)
    select id, 'Bulk', id::text, array['Deer Hunting'], ${location} from staff
  `);
}

/** A send recorded to every bulk pro staffer, as a process that then died would have left it. */
async function recordSend(senderId: number, content: string, lanes: number): Promise<number> {
  const [{ id }] = await t.database.query<{ id: number }>(
    `insert into mass_sends (sender_id, content, recipient_ids, recipient_count)
     select ${senderId}, '${content}', array_agg(id order by id), count(*) from users where email like 'bulk.%' returning id`,
  );
  await addMassSendLanes(t.database.db, id, lanes);
  return id;
}

async function messageCounts() {
  return t.database.query<{ to_user_id: number; n: number }>('select to_user_id, count(*)::int as n from messages group by to_user_id');
}

describe('mass message retries (Idempotency-Key)', () => {
  it('answers a retry with the same send and sends nothing twice', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(5);
    const headers = { 'idempotency-key': 'form-7f3c2a' };
    const first = await biz.client.request('POST', '/api/mass-message', { content: 'Fall season', filters: {} }, headers);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'sent', messageCount: 5, recipientCount: 5, deliveredCount: 5 });

    // The answer was lost and the browser retries: same send back, no new messages.
    const retry = await biz.client.request('POST', '/api/mass-message', { content: 'Fall season', filters: {} }, headers);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const counts = await messageCounts();
    expect(counts).toHaveLength(5);
    expect(counts.every((row) => row.n === 1)).toBe(true);

    // Without a key (or with a new one) it is a new message.
    const other = await biz.client.request('POST', '/api/mass-message', { content: 'Fall season', filters: {} }, { 'idempotency-key': 'form-other' });
    expect(other.body.id).not.toBe(first.body.id);
    expect((await messageCounts()).every((row) => row.n === 2)).toBe(true);
  });

  it('treats concurrent retries as one send', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(3);
    const send = () => biz.client.request('POST', '/api/mass-message', { content: 'Double click', filters: { location: 'casper' } }, { 'idempotency-key': 'double-click' });
    const answers = await Promise.all([send(), send(), send()]);
    // A retry that arrives while the first request is still delivering hears "sending" (202) for the same send.
    for (const answer of answers) expect([200, 202]).toContain(answer.status);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    await settledMassSends(t.app.ctx);
    expect((await messageCounts()).map((row) => row.n)).toEqual([1, 1, 1]);
  });

  it('refuses a key reused for a different message, and a malformed key', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(2);
    const key = { 'idempotency-key': 'reused' };
    expect((await biz.client.request('POST', '/api/mass-message', { content: 'One', filters: {} }, key)).status).toBe(200);
    const different = await biz.client.request('POST', '/api/mass-message', { content: 'Two', filters: {} }, key);
    expect(different.status).toBe(409);
    expect(different.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('different mass message') });
    const otherFilters = await biz.client.request('POST', '/api/mass-message', { content: 'One', filters: { location: 'Casper' } }, key);
    expect(otherFilters.status).toBe(409);
    // The same filters in another order are the same request.
    expect((await biz.client.request('POST', '/api/mass-message', { content: 'Two', filters: { specialties: ['Elk Hunting', 'Bow Hunting'] } }, { 'idempotency-key': 'order' })).status).toBe(200);
    expect((await biz.client.request('POST', '/api/mass-message', { content: 'Two', filters: { specialties: ['Bow Hunting', 'Elk Hunting'] } }, { 'idempotency-key': 'order' })).status).toBe(200);

    for (const bad of ['', 'has space', 'x'.repeat(256), 'tab\there', 'nul\u0000', 'ünïcode']) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/mass-message', payload: { content: 'x', filters: {} },
        headers: { cookie: biz.client.cookie!, 'idempotency-key': bad },
      }).catch(() => null);
      // Node refuses some header values before they are sent; those that arrive are refused as 400.
      if (res) expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await messageCounts()).map((row) => row.n)).toEqual([1, 1]);
  });

  it('keeps keys per sender: another business may use the same key', async () => {
    const a = await createBusiness(t, { tier: 'professional' });
    const b = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(1);
    const key = { 'idempotency-key': 'shared-key' };
    const first = await a.client.request('POST', '/api/mass-message', { content: 'A', filters: {} }, key);
    const second = await b.client.request('POST', '/api/mass-message', { content: 'B', filters: {} }, key);
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    // Neither sees the other's send.
    expect((await b.client.get(`/api/mass-message/${first.body.id}`)).status).toBe(404);
  });

  it('does not record a send the plan refuses, so a retry after upgrading sends it', async () => {
    const free = await createBusiness(t);
    await bulkStaff(2);
    const key = { 'idempotency-key': 'after-upgrade' };
    expect((await free.client.request('POST', '/api/mass-message', { content: 'Hi', filters: {} }, key)).status).toBe(402);
    expect(await t.database.query('select id from mass_sends')).toHaveLength(0);
  });
});

describe('mass message plan limits and the flood guard', () => {
  it('sends to exactly the plan’s recipient limit, refuses one more with the numbers, and refuses a plan without mass messaging even when nobody matches', async () => {
    const startup = await createBusiness(t, { tier: 'startup' });
    await bulkStaff(50);
    const atLimit = await startup.client.post('/api/mass-message', { content: 'Fifty', filters: {} });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body).toMatchObject({ status: 'sent', recipientCount: 50, deliveredCount: 50 });
    await createProStaff(t);
    const over = await startup.client.post('/api/mass-message', { content: 'Fifty-one', filters: {} });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { plan: 'startup', limit: 50, used: 51, upgradeUrl: expect.any(String) } });

    const free = await createBusiness(t);
    const nobody = await free.client.post('/api/mass-message', { content: 'Anyone?', filters: { location: 'Nowhere at all' } });
    expect(nobody.status).toBe(402);
    expect(nobody.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { plan: 'free', limit: 0, used: 0 } });
    expect(await t.database.query(`select id from mass_sends where sender_id = ${free.user.id}`)).toHaveLength(0);
  });

  it('does not count a retry with the same key against the flood guard (20 sends an hour)', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(1);
    const send = (key: string) => biz.client.request('POST', '/api/mass-message', { content: 'Hello', filters: {} }, { 'idempotency-key': key });
    for (let i = 1; i <= 20; i++) expect((await send(`send-${i}`)).status, `send ${i}`).toBe(200);
    // The answer to the 20th was lost: its retry is the same send, not a 21st.
    const retry = await send('send-20');
    expect(retry.status).toBe(200);
    expect((await messageCounts()).map((row) => row.n)).toEqual([20]);
    expect((await send('send-21')).status).toBe(429);
  });
});

describe('mass message delivered in the background', () => {
  it('answers 202 at once and reports progress until every inbox has it', async () => {
    massSendTuning.inlineMaxRecipients = 10;
    massSendTuning.batchSize = 7;
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(30);
    const events: UserEvent[] = [];
    const first = await t.database.query<{ id: number }>(`select min(id)::int as id from users where email like 'bulk.%'`);
    t.events.subscribe(first[0].id, (event) => events.push(event));

    const accepted = await biz.client.request('POST', '/api/mass-message', { content: 'Big news', filters: {} }, { 'idempotency-key': 'big-1' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'sending', messageCount: 30, recipientCount: 30 });
    expect(accepted.body.deliveredCount).toBeLessThan(30);

    await settledMassSends(t.app.ctx);
    const progress = await biz.client.get(`/api/mass-message/${accepted.body.id}`);
    expect(progress.status).toBe(200);
    expect(progress.body).toEqual({ id: accepted.body.id, status: 'sent', messageCount: 30, recipientCount: 30, deliveredCount: 30 });
    const counts = await messageCounts();
    expect(counts).toHaveLength(30);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    expect(events).toEqual([{ type: 'message.created', data: expect.objectContaining({ fromUserId: biz.user.id }) }]);
    // Two workers, each on its own lane of 15 recipients, both run to the end.
    expect(await t.database.query(`select lane, first_position, last_position, delivered_through from mass_send_lanes where mass_send_id = ${accepted.body.id} order by lane`)).toEqual([
      { lane: 0, first_position: 1, last_position: 15, delivered_through: 15 },
      { lane: 1, first_position: 16, last_position: 30, delivered_through: 30 },
    ]);

    // Retrying a finished send changes nothing.
    const retry = await biz.client.request('POST', '/api/mass-message', { content: 'Big news', filters: {} }, { 'idempotency-key': 'big-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.deliveredCount).toBe(30);
    expect(await messageCounts()).toHaveLength(30);
  });

  it('resumes a half-delivered send after a restart without duplicates or gaps', async () => {
    massSendTuning.batchSize = 4;
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(10);
    // A send recorded by a process that delivered one batch and then died.
    const id = await recordSend(biz.user.id, 'Resume me', 2);
    const firstBatch = await deliverMassBatch(t.database.db, id, 4);
    expect(firstBatch).toMatchObject({ kind: 'delivered', done: false });
    expect(await messageCounts()).toHaveLength(4);

    await resumeMassSends(t.app.ctx);
    await settledMassSends(t.app.ctx);
    const counts = await messageCounts();
    expect(counts).toHaveLength(10);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sent', deliveredCount: 10 });
    // A finished send has nothing left to deliver.
    expect(await deliverMassBatch(t.database.db, id, 4)).toEqual({ kind: 'idle' });
  });

  it('skips a recipient deleted before their batch', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(3);
    const id = await recordSend(biz.user.id, 'Gone', 1);
    await t.database.query(`delete from users where email = 'bulk.2@example.com'`);
    await resumeMassSends(t.app.ctx);
    await settledMassSends(t.app.ctx);
    expect(await messageCounts()).toHaveLength(2);
    expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sent' });
  });

  it('shows progress only to the sender, signed in as a business', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await bulkStaff(1);
    const sent = await biz.client.post('/api/mass-message', { content: 'Mine', filters: {} });
    const other = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    expect((await other.client.get(`/api/mass-message/${sent.body.id}`)).status).toBe(404);
    expect((await pro.client.get(`/api/mass-message/${sent.body.id}`)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/mass-message/${sent.body.id}` })).statusCode).toBe(401);
    expect((await biz.client.get('/api/mass-message/999999')).status).toBe(404);
    expect((await biz.client.get('/api/mass-message/true')).status).toBe(400);
  });
});

describe('mass message delivery: the inline limit, resuming and retries', () => {
  const lanesOf = async (id: number) =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from mass_send_lanes where mass_send_id = ${id}`))[0].n;

  it('delivers up to the inline limit before answering, on one lane, and more than that in the background on two', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(4);
    massSendTuning.inlineMaxRecipients = 4;
    const inline = await biz.client.request('POST', '/api/mass-message', { content: 'Four', filters: {} }, { 'idempotency-key': 'at-limit' });
    expect(inline.status).toBe(200);
    expect(inline.body).toMatchObject({ status: 'sent', deliveredCount: 4 });
    expect(await lanesOf(inline.body.id)).toBe(1);

    massSendTuning.inlineMaxRecipients = 3;
    const background = await biz.client.request('POST', '/api/mass-message', { content: 'Four again', filters: {} }, { 'idempotency-key': 'over-limit' });
    expect(background.status).toBe(202);
    expect(await lanesOf(background.body.id)).toBe(2);
    await settledMassSends(t.app.ctx);
    expect((await messageCounts()).map((row) => row.n)).toEqual([2, 2, 2, 2]);
  });

  it('picks up a send left unfinished when its sender retries with the same key', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(3);
    const id = await recordSend(biz.user.id, 'Left behind', 1);
    await t.database.query(`update mass_sends set idempotency_key = 'crashed' where id = ${id}`);

    const retry = await biz.client.request('POST', '/api/mass-message', { content: 'Left behind', filters: {} }, { 'idempotency-key': 'crashed' });
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ id, status: 'sending', deliveredCount: 0 });
    await settledMassSends(t.app.ctx);
    expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sent', deliveredCount: 3 });
    expect((await messageCounts()).map((row) => row.n)).toEqual([1, 1, 1]);
  });

  /** Makes the first `failures` message inserts fail, as a lost connection would; the counter survives rollbacks. */
  async function failFirstInserts(failures: number) {
    await t.database.query(`
      create schema test_faults;
      create sequence test_faults.attempts;
      create function test_faults.fail_early() returns trigger language plpgsql as $$
        begin
          if nextval('test_faults.attempts') <= ${failures} then raise exception 'injected failure'; end if;
          return null;
        end $$;
      create trigger test_faults_messages before insert on messages for each statement execute function test_faults.fail_early();
    `);
    return () => t.database.query('drop schema test_faults cascade');
  }

  it('retries a failed batch and delivers it', async () => {
    massSendTuning.workers = 1;
    massSendTuning.retryDelayMs = 1;
    massSendTuning.retries = 1;
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(3);
    const id = await recordSend(biz.user.id, 'Flaky', 1);
    const heal = await failFirstInserts(1);
    try {
      await resumeMassSends(t.app.ctx);
      await settledMassSends(t.app.ctx);
    } finally {
      await heal();
    }
    expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sent', deliveredCount: 3 });
  });

  it('stops after its retries are used up and resumes on the next start', async () => {
    massSendTuning.workers = 1;
    massSendTuning.retryDelayMs = 1;
    massSendTuning.retries = 1;
    const biz = await createBusiness(t, { tier: 'enterprise' });
    await bulkStaff(3);
    const id = await recordSend(biz.user.id, 'Down', 1);
    const heal = await failFirstInserts(2);
    try {
      await resumeMassSends(t.app.ctx);
      await settledMassSends(t.app.ctx);
      // The first try and its one retry failed: nothing went out, the send waits.
      expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sending', deliveredCount: 0 });
    } finally {
      await heal();
    }
    await resumeMassSends(t.app.ctx);
    await settledMassSends(t.app.ctx);
    expect((await biz.client.get(`/api/mass-message/${id}`)).body).toMatchObject({ status: 'sent', deliveredCount: 3 });
  });
});
