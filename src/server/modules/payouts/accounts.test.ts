import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '@server/lib/events';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { sendConnectEvent, stripeAccountOf } from '@server/test/payouts-setup';

// Pro staff payout accounts (decision record 025): Stripe Connect Express, onboarding links, state from account.updated.
const fake = useFakeStripe();
let t: TestApp;
beforeEach(async () => {
  fake.requests.length = 0;
  t = await createTestApp(fake.env());
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/payout-account and POST /api/payout-account/link', () => {
  it('creates one Express account per pro staffer and links to Stripe’s onboarding, returning to the dashboard', async () => {
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/payout-account')).body).toEqual({
      configured: true, state: 'not_connected', detailsSubmitted: false, payoutsEnabled: false, requirementsDue: 0, disabledReason: null, updatedAt: null,
    });
    const first = await pro.client.post('/api/payout-account/link');
    expect(first.status).toBe(200);
    const accountId = await stripeAccountOf(t, pro.proStaffId);
    expect(first.body.url).toContain(accountId);
    const created = fake.posts('/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ type: 'express', email: pro.user.email, capabilities: { transfers: { requested: 'true' } }, metadata: { proStaffId: String(pro.proStaffId) } });
    expect(created[0].idempotencyKey).toMatch(new RegExp(`^payout-account:${pro.user.id}-\\d+$`));
    const link = fake.posts('/v1/account_links')[0].body;
    expect(link).toMatchObject({ account: accountId, type: 'account_onboarding', return_url: expect.stringMatching(/^http:\/\/.+\/pro-staff-dashboard\?payout-account=return$/), refresh_url: expect.stringMatching(/\/pro-staff-dashboard\?payout-account=refresh$/) });

    // Again (details still needed): the same account, a fresh link.
    expect((await pro.client.post('/api/payout-account/link')).status).toBe(200);
    expect(fake.posts('/v1/accounts')).toHaveLength(1);
    expect(fake.posts('/v1/account_links')).toHaveLength(2);
    expect((await pro.client.get('/api/payout-account')).body).toMatchObject({ state: 'details_needed' });
  });

  it('is for a pro staffer with a profile', async () => {
    const biz = await createBusiness(t);
    for (const [method, url] of [['GET', '/api/payout-account'], ['POST', '/api/payout-account/link']] as const) {
      expect((await new TestClient(t.app).request(method, url)).status).toBe(401);
      expect((await biz.client.request(method, url)).status).toBe(403);
    }
    expect(fake.posts('/v1/accounts')).toHaveLength(0);
  });

  it('is refused until the pro staffer has confirmed their email (payouts go only to confirmed accounts)', async () => {
    const pro = await createProStaff(t, { verified: false });
    const res = await pro.client.post('/api/payout-account/link');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(fake.posts('/v1/accounts')).toHaveLength(0);
  });
});

describe('POST /api/stripe/connect-webhook', () => {
  async function connected() {
    const pro = await createProStaff(t);
    await pro.client.post('/api/payout-account/link');
    return { pro, accountId: await stripeAccountOf(t, pro.proStaffId) };
  }

  it('applies the account as Stripe shows it now: onboarding completed makes it ready, a restriction says so', async () => {
    const { pro, accountId } = await connected();
    const events: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => events.push(event));
    const completed = fake.completeOnboarding(accountId);
    expect(await sendConnectEvent(t, fake, completed)).toEqual({ status: 200, body: { received: true } });
    expect((await pro.client.get('/api/payout-account')).body).toMatchObject({ state: 'ready', detailsSubmitted: true, payoutsEnabled: true, requirementsDue: 0, disabledReason: null });
    expect(events).toEqual([{ type: 'payout-account.updated', data: {} }]);
    // The same event again changes nothing.
    expect((await sendConnectEvent(t, fake, completed)).body).toEqual({ received: true, duplicate: true });

    const restricted = fake.restrictAccount(accountId);
    expect((await sendConnectEvent(t, fake, restricted)).body).toEqual({ received: true });
    expect((await pro.client.get('/api/payout-account')).body).toMatchObject({ state: 'restricted', payoutsEnabled: false, requirementsDue: 1, disabledReason: 'requirements.past_due' });
    // An older snapshot delivered late is not applied: the account is retrieved from Stripe.
    expect((await sendConnectEvent(t, fake, { ...completed, id: 'evt_late_copy' })).body).toEqual({ received: true });
    expect((await pro.client.get('/api/payout-account')).body.state).toBe('restricted');
  });

  it('is ready only with payouts enabled and the transfers capability active', async () => {
    const { pro, accountId } = await connected();
    const completed = fake.completeOnboarding(accountId);
    fake.connect.accounts.get(accountId)!.capabilities.transfers = 'inactive';
    expect((await sendConnectEvent(t, fake, completed)).body).toEqual({ received: true });
    expect((await pro.client.get('/api/payout-account')).body).toMatchObject({ state: 'restricted', detailsSubmitted: true, payoutsEnabled: true });
  });

  it('answers 503 while Stripe cannot be reached, records nothing, and applies the event when Stripe sends it again', async () => {
    const { pro, accountId } = await connected();
    const completed = fake.completeOnboarding(accountId);
    fake.failures = { status: 500, count: 3, path: `/v1/accounts/${accountId}` }; // the SDK's first try and its two retries
    const res = await sendConnectEvent(t, fake, completed);
    expect(res.status).toBe(503);
    expect(await t.database.query(`select count(*)::int as n from processed_stripe_events`)).toEqual([{ n: 0 }]);
    expect((await sendConnectEvent(t, fake, completed)).body).toEqual({ received: true });
    expect((await pro.client.get('/api/payout-account')).body.state).toBe('ready');
  });

  it('answers 200 and records events it cannot use: other types, accounts that are not ours', async () => {
    const { accountId } = await connected();
    expect((await sendConnectEvent(t, fake, fake.connectEvent('payout.paid', { id: 'po_1', object: 'payout' }))).body).toEqual({ received: true, ignored: true });
    // Only an account event makes the app look the account up.
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/accounts/po_1'))).toEqual([]);
    expect((await sendConnectEvent(t, fake, fake.connectEvent('account.updated', { ...fake.connect.accounts.get(accountId), id: 'acct_not_ours' }))).body).toEqual({ received: true, ignored: true });
    // One Stripe no longer has (answered 404 rather than a permission error) is not ours to apply either.
    fake.failures = { status: 404, count: 1, path: '/v1/accounts/acct_gone' };
    expect((await sendConnectEvent(t, fake, fake.connectEvent('account.updated', { ...fake.connect.accounts.get(accountId), id: 'acct_gone' }))).body).toEqual({ received: true, ignored: true });
    const [recorded] = await t.database.query<{ n: number }>(`select count(*)::int as n from processed_stripe_events`);
    expect(recorded.n).toBe(3);
  });

  it('refuses a missing or wrong signature, including one made with the account endpoint’s secret', async () => {
    const { pro, accountId } = await connected();
    const event = fake.completeOnboarding(accountId);
    expect((await sendConnectEvent(t, fake, event, fake.webhookSecret)).status).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/connect-webhook', payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await pro.client.get('/api/payout-account')).body.state).toBe('details_needed');
  });
});

describe('without Stripe keys', () => {
  it('says payouts are being set up and refuses a link with 503', async () => {
    await t.close();
    t = await createTestApp();
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/payout-account')).body).toMatchObject({ configured: false, state: 'not_connected' });
    const res = await pro.client.post('/api/payout-account/link');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/Payment processing is not configured/);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/stripe/connect-webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(webhook.statusCode).toBe(503);
  });
});
