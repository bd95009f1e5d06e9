import { describe, expect, it } from 'vitest';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { useTestApp } from '@server/test/use-test-app';
import type { TestApp } from '@server/test/test-app';
import { MAX_WAITING_REQUESTS } from './service';

const t = useTestApp();

const nextYear = new Date().getUTCFullYear() + 1;
const booking = {
  topic: 'Filming hunts for the brand, and calling elk',
  timeZone: 'America/Denver',
  preferredTimes: [{ date: `${nextYear}-01-14`, from: '09:00', to: '11:00' }, { date: `${nextYear}-01-15`, from: '13:00', to: '15:30' }],
};
const confirmAt = { date: `${nextYear}-01-14`, time: '09:30', durationMinutes: 45 };

async function sentMail(app: TestApp) {
  await app.app.ctx.tasks.drain();
  return app.mailer.sent;
}
const line = (ics: string, name: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').find((l) => l.startsWith(`${name}:`));

async function setup() {
  const admin = await makeAdmin(t, await signUp(t, 'business'));
  const elite = await createProStaff(t, { tier: 'elite', firstName: 'Erin', lastName: 'Elk' });
  return { admin, elite };
}

describe('booking a coaching session', () => {
  it('lets an Elite staffer ask, tells the admins, and shows it in their list and the admin queue', async () => {
    const { admin, elite } = await setup();
    const res = await elite.client.post('/api/coaching/sessions', booking);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ topic: booking.topic, timeZone: 'America/Denver', status: 'requested', startsAt: null, sequence: 0, preferredTimes: booking.preferredTimes });
    expect(await sentMail(t)).toEqual([expect.objectContaining({ to: admin.user.email, subject: 'New coaching request' })]);
    expect(t.mailer.sent[0]!.text).toContain(`${nextYear}-01-14 09:00–11:00 (America/Denver)`);
    const mine = await elite.client.get('/api/coaching/sessions');
    expect(mine.body).toMatchObject({ included: true, sessions: [{ id: res.body.id }] });
    const queue = await admin.client.get('/api/admin/coaching/sessions');
    expect(queue.body).toEqual([expect.objectContaining({ id: res.body.id, email: elite.user.email, name: 'Erin Elk', status: 'requested' })]);
  });

  it('refuses other plans with 403, an explanation and the upgrade link, and stores nothing', async () => {
    const { admin } = await setup();
    for (const tier of [undefined, 'pro']) {
      const pro = await createProStaff(t, tier ? { tier } : {});
      const res = await pro.client.post('/api/coaching/sessions', booking);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'plan_feature', feature: 'coaching', upgradeUrl: '/subscription' } });
      expect(res.body.error.message).toContain('Elite');
      expect((await pro.client.get('/api/coaching/sessions')).body).toEqual({ included: false, upgradeUrl: '/subscription', sessions: [] });
    }
    expect((await admin.client.get('/api/admin/coaching/sessions')).body).toEqual([]);
  });

  it('counts a running Elite trial', async () => {
    const trying = await createProStaff(t);
    await t.database.query(`insert into plan_trials (user_id, tier, ends_at) values (${trying.user.id}, 'elite', now() + interval '3 days')`);
    expect((await trying.client.post('/api/coaching/sessions', booking)).status).toBe(201);
  });

  it('refuses signed-out callers, businesses, and unconfirmed emails', async () => {
    expect((await t.anonymous().post('/api/coaching/sessions', booking)).status).toBe(401);
    expect((await t.anonymous().get('/api/coaching/sessions')).status).toBe(401);
    const business = await createBusiness(t, { tier: 'enterprise' });
    expect((await business.client.post('/api/coaching/sessions', booking)).status).toBe(403);
    const fresh = await createProStaff(t, { tier: 'elite', verified: false });
    const res = await fresh.client.post('/api/coaching/sessions', booking);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { elite } = await setup();
    for (const [bad, path] of [
      [{ ...booking, topic: '' }, 'topic'],
      [{ ...booking, timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ ...booking, preferredTimes: [] }, 'preferredTimes'],
      [{ ...booking, preferredTimes: Array(4).fill(booking.preferredTimes[0]) }, 'preferredTimes'],
      [{ ...booking, preferredTimes: [{ date: `${nextYear}-02-30`, from: '09:00', to: '10:00' }] }, 'preferredTimes.0.date'],
      [{ ...booking, preferredTimes: [{ date: `${nextYear}-02-03`, from: '11:00', to: '10:00' }] }, 'preferredTimes.0.to'],
      [{ ...booking, preferredTimes: [{ date: `${nextYear}-02-03`, from: '25:00', to: '26:00' }] }, 'preferredTimes.0.from'],
    ] as const) {
      const res = await elite.client.post('/api/coaching/sessions', bad);
      expect(res.status, path).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await elite.client.get('/api/coaching/sessions')).body.sessions).toEqual([]);
  });

  it(`keeps at most ${MAX_WAITING_REQUESTS} requests waiting, even sent in parallel`, async () => {
    const { elite } = await setup();
    const results = await Promise.all(Array.from({ length: MAX_WAITING_REQUESTS + 3 }, () => elite.client.post('/api/coaching/sessions', booking)));
    expect(results.filter((res) => res.status === 201)).toHaveLength(MAX_WAITING_REQUESTS);
    expect(results.filter((res) => res.status === 409)).toHaveLength(3);
    expect((await elite.client.get('/api/coaching/sessions')).body.sessions).toHaveLength(MAX_WAITING_REQUESTS);
  });
});

describe('confirming, rescheduling and cancelling', () => {
  it('confirms a time in the staffer’s zone and mails both an invite; a reschedule keeps the UID and raises SEQUENCE; a cancel is METHOD:CANCEL', async () => {
    const { admin, elite } = await setup();
    const { body: session } = await elite.client.post('/api/coaching/sessions', booking);
    await sentMail(t);
    t.mailer.sent.length = 0;

    const confirmed = await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, confirmAt);
    expect(confirmed.status).toBe(200);
    // 09:30 in Denver in January is MST (UTC-7).
    expect(confirmed.body).toMatchObject({ status: 'confirmed', startsAt: `${nextYear}-01-14T16:30:00.000Z`, durationMinutes: 45, sequence: 0 });
    const first = await sentMail(t);
    expect(first.map((mail) => [mail.to, mail.subject]).sort()).toEqual([[admin.user.email, 'Coaching session confirmed'], [elite.user.email, 'Coaching session confirmed']].sort());
    const invite = first[0]!.attachments![0]!;
    expect(invite.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(line(invite.content, 'METHOD')).toBe('METHOD:REQUEST');
    expect(line(invite.content, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(line(invite.content, 'DTSTART')).toBe(`DTSTART:${nextYear}0114T163000Z`);
    const uid = line(invite.content, 'UID');
    expect(first[0]!.text).toContain('MST');
    t.mailer.sent.length = 0;

    const moved = await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, { date: `${nextYear}-01-15`, time: '14:00', durationMinutes: 60 });
    expect(moved.body).toMatchObject({ status: 'confirmed', startsAt: `${nextYear}-01-15T21:00:00.000Z`, sequence: 1 });
    const second = await sentMail(t);
    expect(second.map((mail) => mail.subject)).toEqual(['Coaching session moved', 'Coaching session moved']);
    expect(line(second[0]!.attachments![0]!.content, 'UID')).toBe(uid);
    expect(line(second[0]!.attachments![0]!.content, 'SEQUENCE')).toBe('SEQUENCE:1');
    t.mailer.sent.length = 0;

    const cancelled = await elite.client.post(`/api/coaching/sessions/${session.id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ status: 'cancelled', sequence: 2 });
    const third = await sentMail(t);
    expect(third.map((mail) => mail.to).sort()).toEqual([admin.user.email, elite.user.email].sort());
    const cancel = third[0]!.attachments![0]!;
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(line(cancel.content, 'METHOD')).toBe('METHOD:CANCEL');
    expect(line(cancel.content, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(line(cancel.content, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(line(cancel.content, 'UID')).toBe(uid);

    expect((await elite.client.post(`/api/coaching/sessions/${session.id}/cancel`, {})).status).toBe(409);
    expect((await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, confirmAt)).status).toBe(409);
  });

  it('lets the staffer ask for other times: back in the queue, and the next confirmation is a new SEQUENCE of the same event', async () => {
    const { admin, elite } = await setup();
    const { body: session } = await elite.client.post('/api/coaching/sessions', booking);
    await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, confirmAt);
    const asked = await elite.client.post(`/api/coaching/sessions/${session.id}/reschedule`, { timeZone: 'Europe/Berlin', preferredTimes: [{ date: `${nextYear}-01-20`, from: '18:00', to: '20:00' }] });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'requested', timeZone: 'Europe/Berlin', startsAt: `${nextYear}-01-14T16:30:00.000Z`, sequence: 0 });
    const again = await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, { date: `${nextYear}-01-20`, time: '18:30', durationMinutes: 30 });
    expect(again.body).toMatchObject({ status: 'confirmed', startsAt: `${nextYear}-01-20T17:30:00.000Z`, sequence: 1 });
  });

  it('cancels a request that has no time yet with a plain mail, no invite', async () => {
    const { admin, elite } = await setup();
    const { body: session } = await elite.client.post('/api/coaching/sessions', booking);
    await sentMail(t);
    t.mailer.sent.length = 0;
    const res = await admin.client.post(`/api/admin/coaching/sessions/${session.id}/cancel`, {});
    expect(res.body).toMatchObject({ status: 'cancelled', sequence: 0 });
    const mails = await sentMail(t);
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.user.email, elite.user.email].sort());
    expect(mails.every((mail) => mail.attachments === undefined)).toBe(true);
  });

  it('refuses a time in the past and bad durations with 400', async () => {
    const { admin, elite } = await setup();
    const { body: session } = await elite.client.post('/api/coaching/sessions', booking);
    for (const bad of [{ ...confirmAt, date: '2020-01-01' }, { ...confirmAt, durationMinutes: 50 }, { ...confirmAt, time: '9am' }]) {
      const res = await admin.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await admin.client.post('/api/admin/coaching/sessions/999999/confirm', confirmAt)).status).toBe(404);
  });

  it('keeps another staffer’s session out of reach (404), and the queue and confirmations for admins only', async () => {
    const { elite } = await setup();
    const other = await createProStaff(t, { tier: 'elite' });
    const { body: session } = await elite.client.post('/api/coaching/sessions', booking);
    expect((await other.client.post(`/api/coaching/sessions/${session.id}/cancel`, {})).status).toBe(404);
    expect((await other.client.post(`/api/coaching/sessions/${session.id}/reschedule`, { timeZone: 'UTC', preferredTimes: booking.preferredTimes })).status).toBe(404);
    expect((await other.client.get('/api/coaching/sessions')).body.sessions).toEqual([]);
    expect((await elite.client.get('/api/admin/coaching/sessions')).status).toBe(403);
    expect((await elite.client.post(`/api/admin/coaching/sessions/${session.id}/confirm`, confirmAt)).status).toBe(403);
    expect((await t.anonymous().post(`/api/admin/coaching/sessions/${session.id}/cancel`, {})).status).toBe(401);
    expect((await elite.client.get('/api/coaching/sessions')).body.sessions[0]).toMatchObject({ status: 'requested' });
  });
});
