import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBusiness, createProStaff, createRosteredProStaff, type SignedIn } from '@server/test/factories';
import { useTestApp } from '@server/test/use-test-app';
import { startReceiver, verifySignature, type Receiver } from '@server/test/webhook-receiver';
import { exportData } from '@server/test/zip-archive';
import { eraseDueAccounts } from '@server/modules/account/deletion-service';
import { DISABLE_AFTER_FAILURES, RETRY_DELAYS_SECONDS } from './delivery';

type Business = SignedIn & { businessId: number };

const t = useTestApp();
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const drain = () => t.app.ctx.tasks.drain();
const enterprise = () => createBusiness(t, { tier: 'enterprise' });

async function endpointFor(business: Business, eventTypes: string[] = ['commission.created', 'commission.paid'], url = receiver.url) {
  const res = await business.client.post('/api/webhook-endpoints', { url, description: 'ERP', eventTypes });
  expect(res.status).toBe(201);
  return res.body as { id: number; secret: string };
}

async function commissionFor(business: Business, amount = '25.00') {
  const pro = await createProStaff(t);
  const res = await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount, description: 'Elk call demo', dueDate: null });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

/** Makes every queued task due now (the retry schedule is minutes to hours). */
const makeDue = () => t.database.query(`update background_tasks set run_at = now() where status = 'queued'`);

describe('endpoints: managing them', () => {
  it('creates (secret shown once), lists, changes and deletes an endpoint', async () => {
    const business = await enterprise();
    const created = await endpointFor(business);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await business.client.get('/api/webhook-endpoints');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.id, url: receiver.url, description: 'ERP', enabled: true, eventTypes: ['commission.created', 'commission.paid'] });
    expect(list.body[0].secret).toBeUndefined();
    const changed = await business.client.patch(`/api/webhook-endpoints/${created.id}`, { enabled: false, eventTypes: ['payout.paid'] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ enabled: false, eventTypes: ['payout.paid'], description: 'ERP' });
    expect((await business.client.delete(`/api/webhook-endpoints/${created.id}`)).status).toBe(204);
    expect((await business.client.get('/api/webhook-endpoints')).body).toEqual([]);
    expect((await business.client.delete(`/api/webhook-endpoints/${created.id}`)).status).toBe(404);
  });

  it('refuses invalid input with the field named', async () => {
    const business = await enterprise();
    for (const body of [
      { url: 'ftp://example.com/x', eventTypes: ['commission.created'] },
      { url: 'not a url', eventTypes: ['commission.created'] },
      { url: 'https://user:pass@example.com/x', eventTypes: ['commission.created'] },
      { url: receiver.url, eventTypes: [] },
      { url: receiver.url, eventTypes: ['commission.deleted'] },
      { url: receiver.url, eventTypes: ['commission.created', 'commission.created'] },
    ]) {
      const res = await business.client.post('/api/webhook-endpoints', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await business.client.patch('/api/webhook-endpoints/1', {})).status).toBe(400);
  });

  it('answers 401 signed out, 403 to pro staff and to a business below Enterprise, 404 for another business’s endpoint', async () => {
    expect((await t.anonymous().get('/api/webhook-endpoints')).status).toBe(401);
    expect((await t.anonymous().post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['commission.created'] })).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['commission.created'] })).status).toBe(403);
    const professional = await createBusiness(t, { tier: 'professional' });
    const refused = await professional.client.post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['commission.created'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toMatchObject({ reason: 'plan_feature', feature: 'apiAccess', plan: 'professional' });

    const owner = await enterprise();
    const other = await enterprise();
    const { id } = await endpointFor(owner);
    expect((await other.client.get('/api/webhook-endpoints')).body).toEqual([]);
    expect((await other.client.patch(`/api/webhook-endpoints/${id}`, { enabled: false })).status).toBe(404);
    expect((await other.client.post(`/api/webhook-endpoints/${id}/rotate-secret`)).status).toBe(404);
    expect((await other.client.delete(`/api/webhook-endpoints/${id}`)).status).toBe(404);
    await commissionFor(owner);
    await drain();
    const [delivery] = (await owner.client.get('/api/webhook-deliveries')).body;
    expect((await other.client.post(`/api/webhook-deliveries/${delivery.id}/resend`)).status).toBe(404);
    expect((await other.client.get('/api/webhook-deliveries')).body).toEqual([]);
    expect((await owner.client.get('/api/webhook-endpoints')).body[0].enabled).toBe(true);
  });

  it('keeps to ten endpoints per business, also when created in parallel', async () => {
    const business = await enterprise();
    const results = await Promise.all(Array.from({ length: 12 }, () => business.client.post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['commission.created'] })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(10);
    expect(results.filter((res) => res.status === 409)).toHaveLength(2);
  });
});

describe('deliveries', () => {
  it('delivers a signed event the documented check accepts, with a stable id, and logs the attempt', async () => {
    const business = await enterprise();
    const { secret } = await endpointFor(business);
    const commission = await commissionFor(business, '12.34');
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(verifySignature(request.headers['huntstaff-signature'] as string, request.body, secret)).toBe(true);
    expect(verifySignature(request.headers['huntstaff-signature'] as string, request.body, 'whsec_wrong')).toBe(false);
    expect(verifySignature(request.headers['huntstaff-signature'] as string, `${request.body} `, secret)).toBe(false);
    // Outside the tolerance window, the same signature is refused (a replay).
    expect(verifySignature(request.headers['huntstaff-signature'] as string, request.body, secret, 300, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({ type: 'commission.created', data: { commissionId: commission.id, amountMinor: 1234, currency: 'USD', source: 'manual' } });
    expect(payload.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(request.headers['huntstaff-event-id']).toBe(payload.id);
    expect(Math.abs(payload.created - Date.now() / 1000)).toBeLessThan(60);
    const log = (await business.client.get('/api/webhook-deliveries')).body;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ eventId: payload.id, eventType: 'commission.created', status: 'succeeded', nextAttemptAt: null });
    expect(log[0].attempts).toEqual([expect.objectContaining({ attempt: 1, manual: false, responseStatus: 200, error: null })]);
  });

  it('sends nothing for events the endpoint did not choose, to a turned-off endpoint, or below Enterprise', async () => {
    const business = await enterprise();
    const { id } = await endpointFor(business, ['payout.paid']);
    await commissionFor(business);
    await business.client.patch(`/api/webhook-endpoints/${id}`, { eventTypes: ['commission.created'], enabled: false });
    await commissionFor(business);
    await business.client.patch(`/api/webhook-endpoints/${id}`, { enabled: true });
    await t.database.query(`update users set subscription_tier = 'professional' where id = ${business.user.id}`);
    await commissionFor(business);
    await drain();
    expect(receiver.received).toHaveLength(0);
    expect(await t.database.query(`select count(*)::int as n from outgoing_webhook_events`)).toEqual([{ n: 0 }]);
  });

  it('retries a 500 on the schedule, then succeeds; a redirect is a failure and is not followed', async () => {
    const business = await enterprise();
    await endpointFor(business);
    receiver.answers.push(500, 302);
    const before = Date.now();
    await commissionFor(business);
    await drain();
    expect(receiver.received).toHaveLength(1);
    let [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(delivery.status).toBe('retrying');
    const wait = Date.parse(delivery.nextAttemptAt) - before;
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 - 1000);
    expect(wait).toBeLessThan(RETRY_DELAYS_SECONDS[0] * 1000 + 30_000);
    await makeDue();
    await drain();
    [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(delivery.attempts[1]).toMatchObject({ attempt: 2, responseStatus: 302, error: expect.stringContaining('redirects are not followed') });
    expect(Date.parse(delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(RETRY_DELAYS_SECONDS[1] * 1000 - 30_000);
    await makeDue();
    await drain();
    [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 302, 200]);
    // The same event each time: the receiver dedupes on its id.
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    expect((await business.client.get('/api/webhook-endpoints')).body[0]).toMatchObject({ consecutiveFailures: 0, failingSince: null });
  });

  it('turns an endpoint off after failing continuously for three days and tells the owner by email', async () => {
    const business = await enterprise();
    const { id } = await endpointFor(business);
    await t.database.query(`update outgoing_webhook_endpoints set consecutive_failures = ${DISABLE_AFTER_FAILURES - 2}, failing_since = now() - interval '4 days' where id = ${id}`);
    receiver.answers.push(500, 500);
    await commissionFor(business);
    await drain();
    expect((await business.client.get('/api/webhook-endpoints')).body[0]).toMatchObject({ enabled: true, consecutiveFailures: DISABLE_AFTER_FAILURES - 1 });
    await makeDue();
    await drain();
    const [endpoint] = (await business.client.get('/api/webhook-endpoints')).body;
    expect(endpoint).toMatchObject({ enabled: false, consecutiveFailures: DISABLE_AFTER_FAILURES });
    expect(endpoint.disabledReason).toContain(`${DISABLE_AFTER_FAILURES} failed attempts`);
    const [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(delivery.status).toBe('failed');
    const mail = t.mailer.sent.filter((m) => m.to === business.user.email && m.subject === 'A webhook endpoint was turned off');
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(receiver.url);
    // Off: no new event is recorded for it, and resending is refused until the business turns it on again.
    await commissionFor(business);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect((await business.client.post(`/api/webhook-deliveries/${delivery.id}/resend`)).status).toBe(409);
    const on = await business.client.patch(`/api/webhook-endpoints/${id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0, failingSince: null });
  });

  it('resends a delivery with the same event id, logged as a manual attempt', async () => {
    const business = await enterprise();
    await endpointFor(business);
    await commissionFor(business);
    await drain();
    const [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    const resent = await business.client.post(`/api/webhook-deliveries/${delivery.id}/resend`);
    expect(resent.status).toBe(202);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1].body).id).toBe(delivery.eventId);
    const [after] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(after.attempts).toEqual([
      expect.objectContaining({ attempt: 1, manual: false, responseStatus: 200 }),
      expect.objectContaining({ attempt: 2, manual: true, responseStatus: 200 }),
    ]);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const business = await enterprise();
    const { id, secret: old } = await endpointFor(business);
    const rotated = await business.client.post(`/api/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await commissionFor(business);
    await drain();
    const header = receiver.received[0].headers['huntstaff-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, receiver.received[0].body, old)).toBe(true);
    expect(verifySignature(header, receiver.received[0].body, fresh)).toBe(true);
    await t.database.query(`update outgoing_webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${id}`);
    await commissionFor(business);
    await drain();
    const later = receiver.received[1].headers['huntstaff-signature'] as string;
    expect(later.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(later, receiver.received[1].body, old)).toBe(false);
    expect(verifySignature(later, receiver.received[1].body, fresh)).toBe(true);
  });

  it('announces a state change exactly once, also when the same change is requested in parallel', async () => {
    const business = await enterprise();
    await endpointFor(business, ['commission.paid']);
    const commission = await commissionFor(business);
    const results = await Promise.all(Array.from({ length: 5 }, () => business.client.patch(`/api/commissions/${commission.id}/status`, { status: 'paid' })));
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.filter((res) => res.status === 409)).toHaveLength(4);
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'commission.paid', data: { commissionId: commission.id, amountMinor: 2500, paidOutside: true } });
  });

  it('writes no event when the change is refused (the outbox shares its transaction)', async () => {
    const business = await enterprise();
    await endpointFor(business, ['commission.paid', 'commission.adjusted']);
    const commission = await commissionFor(business);
    expect((await business.client.patch(`/api/commissions/${commission.id}/status`, { status: 'cancelled' })).status).toBe(200);
    expect((await business.client.patch(`/api/commissions/${commission.id}/status`, { status: 'paid' })).status).toBe(409);
    await drain();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['commission.adjusted']);
    expect(JSON.parse(receiver.received[0].body).data).toMatchObject({ reason: 'cancelled_by_business', changeMinor: -2500 });
  });
});

describe('agreement events', () => {
  it('announces an acceptance and an ending once each, with the other business told nothing', async () => {
    const business = await enterprise();
    const other = await enterprise();
    await endpointFor(business, ['agreement.accepted', 'agreement.ended']);
    const otherReceiver = await startReceiver();
    try {
      await endpointFor(other, ['agreement.accepted', 'agreement.ended'], otherReceiver.url);
      const pro = await createRosteredProStaff(t, business);
      const [agreement] = (await business.client.get('/api/agreements')).body;
      const ended = await pro.client.post(`/api/agreements/${agreement.id}/end`, { reason: 'Moving on' });
      expect(ended.status).toBe(200);
      await drain();
      const events = receiver.received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => e.type)).toEqual(['agreement.accepted', 'agreement.ended']);
      expect(events[0].data).toMatchObject({ agreementId: agreement.id, proStaffId: pro.proStaffId });
      expect(events[1].data).toMatchObject({ agreementId: agreement.id, endedBy: 'pro_staff', reason: 'Moving on' });
      expect(otherReceiver.received).toHaveLength(0);
    } finally {
      await otherReceiver.close();
    }
  });
});

describe('task proof events', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  async function submitProof(client: SignedIn['client'], campaignId: number, taskId: number) {
    const boundary = '----hsWebhookProof';
    const fields = { product: 'Strutter decoy', conditions: 'Rain', daysUsed: '4', worked: 'Birds came in', failed: 'Stake bent' };
    const payload = Buffer.from([...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`), `--${boundary}--\r\n`].join(''));
    const res = await t.app.inject({
      method: 'POST', url: `/api/campaigns/${campaignId}/tasks/${taskId}/submissions`, payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: client.cookie! },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  }

  it('announces a submitted proof, and its approval with the reward commission once, however many approve at once', async () => {
    const business = await enterprise();
    await endpointFor(business, ['proof.submitted', 'proof.decided', 'commission.created']);
    const pro = await createRosteredProStaff(t, business);
    const campaign = await business.client.post('/api/campaigns', { title: 'Spring turkey push', brief: 'Field-test the decoys.', opensOn: day(0), closesOn: day(30), audience: 'roster', memberIds: [] });
    expect(campaign.status).toBe(201);
    const task = await business.client.post(`/api/campaigns/${campaign.body.id}/tasks`, { kind: 'field_test', title: 'Test the decoys', instructions: 'Three sits.', rewardAmount: '25.00', rewardCurrency: 'USD' });
    expect(task.status).toBe(201);
    const taskId = task.body.tasks.at(-1).id as number;
    const proof = await submitProof(pro.client, campaign.body.id, taskId);
    const approvals = await Promise.all(Array.from({ length: 3 }, () => business.client.post(`/api/campaigns/${campaign.body.id}/submissions/${proof.id}/approve`)));
    expect(approvals.filter((res) => res.status === 200)).toHaveLength(1);
    await drain();
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type)).toEqual(['proof.submitted', 'commission.created', 'proof.decided']);
    expect(events[0].data).toMatchObject({ submissionId: proof.id, taskId, proStaffId: pro.proStaffId });
    expect(events[1].data).toMatchObject({ source: 'task', amountMinor: 2500, currency: 'USD' });
    expect(events[2].data).toMatchObject({ submissionId: proof.id, decision: 'approved', commissionId: events[1].data.commissionId });
  });
});

describe('account rights (record 027’s data map)', () => {
  it('exports the endpoints without their secrets and the events, and erasure deletes them', async () => {
    const business = await enterprise();
    const { secret } = await endpointFor(business);
    await commissionFor(business);
    await drain();
    const archive = await business.client.request('GET', '/api/account/export');
    expect(archive.status).toBe(200);
    const doc = await exportData<{ webhookEndpoints: unknown[]; webhookEvents: { type: string }[] }>(archive.raw.rawPayload);
    expect(doc.webhookEndpoints).toEqual([expect.objectContaining({ url: receiver.url, description: 'ERP' })]);
    expect(JSON.stringify(doc)).not.toContain(secret);
    expect(doc.webhookEvents.map((event) => event.type)).toEqual(['commission.created']);

    expect((await business.client.post('/api/account/deletion', { currentPassword: 'trail-cam-2026' })).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, new Date(Date.now() + 15 * 86_400_000))).erased).toBe(1);
    for (const table of ['outgoing_webhook_endpoints', 'outgoing_webhook_events', 'outgoing_webhook_deliveries', 'outgoing_webhook_attempts']) {
      expect(await t.database.query(`select count(*)::int as n from ${table}`), table).toEqual([{ n: 0 }]);
    }
  });
});

describe('the SSRF guard through the API (loopback refused, as in production)', () => {
  const strict = useTestApp({ OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: 'false' });

  it('refuses an endpoint on a private or loopback address with 400 naming the url', async () => {
    const business = await createBusiness(strict, { tier: 'enterprise' });
    for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.5/x', 'http://169.254.169.254/latest/meta-data', 'http://100.64.1.1/x', 'http://[::1]/x', 'http://[fc00::1]/x', 'http://[::ffff:127.0.0.1]/x', 'http://localhost/x']) {
      const res = await business.client.post('/api/webhook-endpoints', { url, eventTypes: ['commission.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].path).toEqual(['url']);
    }
  });

  it('refuses at delivery time too: a stored endpoint that now points at loopback gets no request', async () => {
    const business = await createBusiness(strict, { tier: 'enterprise' });
    const created = await business.client.post('/api/webhook-endpoints', { url: 'https://93.184.216.34/x', eventTypes: ['commission.created'] });
    expect(created.status).toBe(201);
    await strict.database.query(`update outgoing_webhook_endpoints set url = '${receiver.url}' where id = ${created.body.id}`);
    const pro = await createProStaff(strict);
    await business.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount: '5.00', description: 'x', dueDate: null });
    await strict.app.ctx.tasks.drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await business.client.get('/api/webhook-deliveries')).body;
    expect(delivery.attempts[0]).toMatchObject({ responseStatus: null, error: expect.stringContaining('may not call') });
  });
});
