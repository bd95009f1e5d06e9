import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';
import { runTrialJobs } from './trial-service';

// The edges of the free trial (trial-service.ts) that trial.test.ts left open, found by mutation testing
// (record 018): the refusal's wording per account type, who has "subscribed before", the days left after the end,
// and what the reminder says and to whom.
const DAY = 86_400_000;
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://huntstaff.example.com' });
});
afterEach(async () => {
  await t.close();
});

async function setTrialEnd(user: SignedIn, endsAt: Date) {
  await t.database.query(`update plan_trials set ends_at = '${endsAt.toISOString()}' where user_id = ${user.user.id}`);
}

/** A subscription row as the Stripe webhooks would have left it. */
async function addSubscription(user: SignedIn, status: string) {
  await t.database.query(
    `insert into subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, status)
     values (${user.user.id}, 'cus_rules${user.user.id}', 'sub_rules${user.user.id}_${status}', 'startup', '${status}')`,
  );
}

it('refuses a plan the account type cannot have, or a free one, naming the account type and the field', async () => {
  const business = await createBusiness(t);
  expect((await business.client.post('/api/start-trial', { tier: 'elite' })).body).toEqual({
    error: { code: 'VALIDATION', message: "'elite' is not a paid plan for business accounts", details: [{ path: 'tier', message: 'Choose a paid plan for this account type' }] },
  });
  const pro = await createProStaff(t);
  const free = await pro.client.post('/api/start-trial', { tier: 'free' });
  expect(free.status).toBe(400);
  expect(free.body.error).toMatchObject({ message: "'free' is not a paid plan for pro staff accounts", details: [{ path: 'tier' }] });
});

it('a subscription that was never paid or trialled does not use up the trial; one that was does', async () => {
  const abandoned = await createBusiness(t);
  // Opened the card form and left it: Stripe expired the subscription without it ever starting.
  await addSubscription(abandoned, 'incomplete_expired');
  expect((await abandoned.client.get('/api/subscription-status')).body).toMatchObject({ trialAvailable: true });
  expect((await abandoned.client.post('/api/start-trial', { tier: 'startup' })).status).toBe(200);

  const former = await createBusiness(t);
  // Paid once, cancelled, back on Free.
  await addSubscription(former, 'canceled');
  expect((await former.client.get('/api/subscription-status')).body).toMatchObject({ tier: 'free', trialAvailable: false });
  const refused = await former.client.post('/api/start-trial', { tier: 'startup' });
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe('The free trial is for accounts that have not subscribed before.');
});

it('a trial that ended days ago shows 0 days left, not a negative count', async () => {
  const business = await createBusiness(t);
  await business.client.post('/api/start-trial', { tier: 'startup' });
  await setTrialEnd(business, new Date(Date.now() - 2.5 * DAY));
  expect((await business.client.get('/api/subscription-status')).body.trial).toMatchObject({ daysLeft: 0, active: false });
});

it('the reminder gives the end date in words and a full link, and is not sent to an account that has subscribed since', async () => {
  const business = await createBusiness(t);
  await business.client.post('/api/start-trial', { tier: 'professional' });
  await setTrialEnd(business, new Date('2030-03-04T12:00:00Z'));
  const subscribed = await createBusiness(t);
  await subscribed.client.post('/api/start-trial', { tier: 'startup' });
  await setTrialEnd(subscribed, new Date('2030-03-04T12:00:00Z'));
  await t.database.query(`update users set subscription_tier = 'startup' where id = ${subscribed.user.id}`);

  expect(await runTrialJobs(t.app.ctx, new Date('2030-03-02T12:00:00Z'))).toEqual({ reminded: 1, ended: 0 });
  expect(t.mailer.sent).toEqual([
    {
      to: business.user.email,
      subject: 'Your HuntStaff Professional trial ends in 2 days',
      text:
        'Your free Professional trial ends on March 4, 2030. After that your account returns to the Free plan and its limits.\n\n' +
        'To keep Professional, choose it on your subscription page: https://huntstaff.example.com/subscription\n',
    },
  ]);
});
