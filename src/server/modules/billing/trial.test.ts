import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';
import { useFakeStripe } from '@server/test/use-fake-stripe';
import { runTrialJobs, TRIAL_TASK } from './trial-service';

const DAY = 86_400_000;
const fake = useFakeStripe();
let t: TestApp;

afterEach(async () => {
  await t.close();
});

const jobBody = (title: string) => ({
  title, description: 'Guide archery elk hunts in September.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$300 per day',
});
const tierOf = async (client: TestClient): Promise<string> => (await client.get('/api/auth/me')).body.subscriptionTier;

/** Moves the trial's end as if time had passed (the job and the effective plan read the database). */
async function setTrialEnd(user: SignedIn, endsAt: Date) {
  await t.database.query(`update plan_trials set ends_at = '${endsAt.toISOString()}' where user_id = ${user.user.id}`);
}

function ctx() {
  return t.app.ctx;
}

describe('free trial without payment keys', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('gives the plan\'s limits at once, shows the days left, and returns to Free when it ends', async () => {
    const business = await createBusiness(t);
    expect((await business.client.post('/api/job-postings', jobBody('First hunt'))).status).toBe(201);
    expect((await business.client.post('/api/job-postings', jobBody('Second hunt'))).status).toBe(402);

    const started = await business.client.post('/api/start-trial', { tier: 'startup' });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ tier: 'startup', startedAt: expect.any(Number), endsAt: expect.any(Number), daysLeft: 14, active: true });
    expect(started.body.endsAt - started.body.startedAt).toBe(14 * 86400);
    expect(await tierOf(business.client)).toBe('startup');
    expect((await business.client.post('/api/job-postings', jobBody('Second hunt'))).status).toBe(201);
    const status = await business.client.get('/api/subscription-status');
    expect(status.body).toMatchObject({ hasSubscription: false, tier: 'startup', trial: { tier: 'startup', daysLeft: 14, active: true }, trialAvailable: false });

    // The end applies even before the scheduled job has run.
    await setTrialEnd(business, new Date(Date.now() - 1000));
    expect(await tierOf(business.client)).toBe('free');
    expect((await business.client.get('/api/subscription-status')).body).toMatchObject({ tier: 'free', trial: { daysLeft: 0, active: false }, trialAvailable: false });
    // Free allows 1 post a month: the limit is back.
    const refused = await business.client.post('/api/job-postings', jobBody('Third hunt'));
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('PLAN_LIMIT');

    // The job records the end once and mails the account once.
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 1 });
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
    const ended = t.mailer.sent.filter((mail) => mail.to === business.user.email);
    expect(ended).toHaveLength(1);
    expect(ended[0].subject).toBe('Your HuntStaff Startup trial has ended');

    // One trial per account.
    const again = await business.client.post('/api/start-trial', { tier: 'professional' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already used your free trial/);
  });

  it('reminds by email 3 days before the end, once', async () => {
    const business = await createBusiness(t);
    await business.client.post('/api/start-trial', { tier: 'professional' });
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
    await setTrialEnd(business, new Date(Date.now() + 3 * DAY + 60_000));
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
    await setTrialEnd(business, new Date(Date.now() + 3 * DAY - 60_000));
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 1, ended: 0 });
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
    expect(t.mailer.sent).toEqual([
      { to: business.user.email, subject: 'Your HuntStaff Professional trial ends in 3 days', text: expect.stringContaining('/subscription') },
    ]);
    // A failed send is retried on the next run.
    const other = await createBusiness(t);
    await other.client.post('/api/start-trial', { tier: 'startup' });
    await setTrialEnd(other, new Date(Date.now() + DAY));
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => { throw new Error('smtp down'); };
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
    t.mailer.send = send;
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 1, ended: 0 });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: other.user.email, subject: 'Your HuntStaff Startup trial ends in 1 day' });
  });

  it('runs as a scheduled background task, once per 10-minute period however often it is asked', async () => {
    const business = await createBusiness(t);
    await business.client.post('/api/start-trial', { tier: 'startup' });
    await setTrialEnd(business, new Date(Date.now() - 1000));
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db);
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.map((mail) => mail.subject)).toEqual(['Your HuntStaff Startup trial has ended']);
    const tasks = await t.database.query<{ status: string; result: unknown }>(`select status, result from background_tasks where kind = '${TRIAL_TASK}'`);
    expect(tasks).toEqual([{ status: 'done', result: { ended: 1, reminded: 0 } }]);
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 0 });
  });

  it('validates the plan, needs a login, and keeps each account\'s trial its own', async () => {
    const business = await createBusiness(t);
    expect((await business.client.post('/api/start-trial', { tier: 'free' })).status).toBe(400);
    expect((await business.client.post('/api/start-trial', { tier: 'elite' })).status).toBe(400);
    expect((await business.client.post('/api/start-trial', { tier: 'gold' })).status).toBe(400);
    expect((await business.client.post('/api/start-trial', { tier: true })).status).toBe(400);
    expect((await business.client.post('/api/start-trial', {})).status).toBe(400);
    expect((await new TestClient(t.app).post('/api/start-trial', { tier: 'startup' })).status).toBe(401);
    expect((await business.client.get('/api/subscription-status')).body).toMatchObject({ trial: null, trialAvailable: true });

    const pro = await createProStaff(t);
    const proTrial = await pro.client.post('/api/start-trial', { tier: 'elite' });
    expect(proTrial.body).toMatchObject({ tier: 'elite', active: true });
    expect(await tierOf(pro.client)).toBe('elite');
    // Another account sees nothing of it.
    expect(await tierOf(business.client)).toBe('free');
    expect((await business.client.get('/api/subscription-status')).body).toMatchObject({ tier: 'free', trial: null, trialAvailable: true });
  });

  it('is not offered to an account that already pays', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const res = await business.client.post('/api/start-trial', { tier: 'enterprise' });
    expect(res.status).toBe(409);
    expect(await tierOf(business.client)).toBe('professional');
    expect((await business.client.get('/api/subscription-status')).body).toMatchObject({ trial: null, trialAvailable: false });
  });

  it('exists only in NODE_ENV=test: the end-my-trial test hook', async () => {
    const business = await createBusiness(t);
    await business.client.post('/api/start-trial', { tier: 'startup' });
    const res = await business.client.post('/api/test/end-my-trial');
    expect(res.body).toEqual({ reminded: 0, ended: 1 });
    expect(await tierOf(business.client)).toBe('free');
    await t.close();
    t = await createTestApp({ NODE_ENV: 'development' });
    const other = await createBusiness(t);
    await other.client.post('/api/start-trial', { tier: 'startup' });
    expect((await other.client.post('/api/test/end-my-trial')).status).toBe(404);
    expect(await tierOf(other.client)).toBe('startup');
  });
});

describe('free trial with Stripe', () => {
  beforeEach(async () => {
    t = await createTestApp(fake.env());
  });

  it('adding a card during the trial converts it with no gap: billing starts when the trial ends', async () => {
    const business = await createBusiness(t);
    const trial = (await business.client.post('/api/start-trial', { tier: 'startup' })).body;
    const res = await business.client.post('/api/create-subscription', { tier: 'startup' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intentType: 'setup', status: 'trialing', trialDays: 0, billingStartsAt: trial.endsAt });
    const call = fake.posts('/v1/subscriptions').find((r) => r.path === '/v1/subscriptions')!;
    expect(call.body.trial_end).toBe(String(trial.endsAt));
    expect(call.body.trial_period_days).toBeUndefined();

    const payload = JSON.stringify(fake.event('customer.subscription.created', fake.subscription(res.body.subscriptionId)));
    await t.app.inject({
      method: 'POST', url: '/api/stripe/webhook', payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_fake' }) },
    });
    // Subscribed: the trial no longer decides the plan, and its end changes nothing.
    expect((await business.client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: true, tier: 'startup', trial: { active: false } });
    await setTrialEnd(business, new Date(Date.now() - 1000));
    expect(await runTrialJobs(ctx())).toEqual({ reminded: 0, ended: 1 });
    expect(t.mailer.sent).toEqual([]);
    expect(await tierOf(business.client)).toBe('startup');
  });

  it('after the trial has ended, subscribing means paying now (no second trial from Stripe)', async () => {
    const business = await createBusiness(t);
    await business.client.post('/api/start-trial', { tier: 'startup' });
    await setTrialEnd(business, new Date(Date.now() - 1000));
    const res = await business.client.post('/api/create-subscription', { tier: 'startup' });
    expect(res.body).toMatchObject({ intentType: 'payment', status: 'incomplete', trialDays: 0, billingStartsAt: null });
    const call = fake.posts('/v1/subscriptions').at(-1)!;
    expect(call.body.trial_end).toBeUndefined();
    expect(call.body.trial_period_days).toBeUndefined();
  });

  it('an account whose first subscription had Stripe\'s trial cannot start another', async () => {
    const business = await createBusiness(t);
    await business.client.post('/api/create-subscription', { tier: 'startup' });
    const status = await business.client.get('/api/subscription-status');
    expect(status.body.trialAvailable).toBe(false);
    expect((await business.client.post('/api/start-trial', { tier: 'professional' })).status).toBe(409);
  });
});
