import { describe, expect, it } from 'vitest';
import { createBusiness, makeAdmin, signUp } from '@server/test/factories';
import { payingAccount, sendStripeEvent, tierOf } from '@server/test/billing-setup';
import { useFakeStripeApp } from '@server/test/use-fake-stripe';

// The 30-day money-back guarantee and refunds seen through Stripe's webhooks (decision record 042).
const { fake, t } = useFakeStripeApp();

const refundRows = (userId: number) =>
  t.database.query<{ stripe_refund_id: string; amount_cents: number; currency: string; status: string; source: string }>(
    `select stripe_refund_id, amount_cents, currency, status, source from subscription_refunds where user_id = ${userId} order by id`,
  );

const paymentIntentOf = (invoice: Record<string, any>) => fake.invoices.get(invoice.id)!.payments.data[0].payment.payment_intent as string;

describe('money-back guarantee', () => {
  it('within 30 days: refunds the payment, cancels at once, moves to Free and emails the owner', async () => {
    const biz = await payingAccount(t, fake, 'professional');
    expect((await biz.client.get('/api/subscription/money-back')).body).toMatchObject({ eligible: true, reason: null, amount: 14900, currency: 'usd' });
    t.mailer.sent.length = 0;
    const res = await biz.client.post('/api/subscription/money-back');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ refunded: 14900, currency: 'usd', refunds: 1, tier: 'free' });
    const [refund] = fake.posts('/v1/refunds');
    expect(refund.body).toMatchObject({ payment_intent: paymentIntentOf(biz.invoice), reason: 'requested_by_customer', metadata: { kind: 'money_back' } });
    expect(fake.subscriptions.get(biz.subscriptionId)!.status).toBe('canceled');
    expect(await tierOf(biz)).toBe('free');
    expect((await biz.client.get('/api/subscription-status')).body).toMatchObject({ hasSubscription: false, tier: 'free', status: 'canceled' });
    expect(await refundRows(biz.user.id)).toEqual([{ stripe_refund_id: expect.stringMatching(/^re_/), amount_cents: 14900, currency: 'usd', status: 'succeeded', source: 'app' }]);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent).toEqual([expect.objectContaining({ to: biz.user.email, subject: 'Your HuntStaff refund is on its way', text: expect.stringContaining('USD 149.00') })]);
    // Free's limits apply again: the Enterprise-only and Professional features are gone with the plan.
    expect((await biz.client.get('/api/auth/me')).body.subscriptionTier).toBe('free');
  });

  it('once per customer: a second claim is refused, and the page says why', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    expect((await biz.client.post('/api/subscription/money-back')).status).toBe(200);
    const again = await biz.client.post('/api/subscription/money-back');
    expect(again.status).toBe(409);
    expect((await biz.client.get('/api/subscription/money-back')).body).toMatchObject({ eligible: false, reason: expect.stringMatching(/^You used the 30-day money-back guarantee on .+ It applies once per account\.$/) });
    expect(fake.posts('/v1/refunds').filter((r) => (r.body.metadata as { userId?: string } | undefined)?.userId === String(biz.user.id))).toHaveLength(1);
  });

  it('parallel claims: exactly one refund', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => biz.client.post('/api/subscription/money-back')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(fake.posts('/v1/refunds').filter((r) => (r.body.metadata as { userId?: string } | undefined)?.userId === String(biz.user.id))).toHaveLength(1);
    expect(await refundRows(biz.user.id)).toHaveLength(1);
    expect((await t.database.query(`select count(*)::int as n from money_back_claims where user_id = ${biz.user.id}`))[0]).toEqual({ n: 1 });
  });

  it('outside the 30 days: refused, and the disabled button explains the date', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    await t.database.query(`update subscription_payments set paid_at = now() - interval '31 days' where user_id = ${biz.user.id}`);
    const status = (await biz.client.get('/api/subscription/money-back')).body;
    expect(status).toMatchObject({ eligible: false, reason: expect.stringMatching(/^The 30-day money-back guarantee ended on .+, 30 days after your first payment\.$/) });
    expect((await biz.client.post('/api/subscription/money-back')).body.error).toMatchObject({ code: 'CONFLICT', message: status.reason });
    expect(fake.posts('/v1/refunds')).toHaveLength(0);
    expect(await tierOf(biz)).toBe('startup');
  });

  it('before any payment (a trial), signed out, and another account: nothing to refund', async () => {
    const trialing = await createBusiness(t);
    expect((await trialing.client.post('/api/create-subscription', { tier: 'startup' })).body.trialDays).toBe(14);
    expect((await trialing.client.get('/api/subscription/money-back')).body).toMatchObject({ eligible: false, until: null, amount: 0 });
    expect((await trialing.client.post('/api/subscription/money-back')).status).toBe(409);
    expect((await t.anonymous().post('/api/subscription/money-back')).status).toBe(401);
    expect((await t.anonymous().get('/api/subscription/money-back')).status).toBe(401);
    // Another account's claim never touches this one's payments.
    const payer = await payingAccount(t, fake, 'startup');
    const other = await createBusiness(t);
    expect((await other.client.post('/api/subscription/money-back')).status).toBe(409);
    expect(await tierOf(payer)).toBe('startup');
    expect(fake.posts('/v1/refunds')).toHaveLength(0);
  });

  it('when Stripe refuses the refund: nothing half-done, the claim is given back', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    fake.failures = { status: 400, count: 1, path: '/v1/refunds', shouldRetry: false };
    expect((await biz.client.post('/api/subscription/money-back')).status).toBe(503);
    expect(await tierOf(biz)).toBe('startup');
    expect(fake.subscriptions.get(biz.subscriptionId)!.status).toBe('active');
    expect((await biz.client.get('/api/subscription/money-back')).body.eligible).toBe(true);
    expect((await biz.client.post('/api/subscription/money-back')).status).toBe(200);
  });
});

describe('refunds made in Stripe’s dashboard (webhooks)', () => {
  it('charge.refunded records the refund and uses the guarantee; a duplicate event changes nothing', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    const paymentIntent = paymentIntentOf(biz.invoice);
    const refund = fake.refundInDashboard(paymentIntent);
    const charge = { id: refund.charge, object: 'charge', payment_intent: paymentIntent, customer: fake.subscriptions.get(biz.subscriptionId)!.customer, amount: 4900, amount_refunded: 4900, refunded: true, currency: 'usd' };
    const event = fake.event('charge.refunded', charge);
    expect((await sendStripeEvent(t, fake, event)).body).toEqual({ received: true });
    expect(await refundRows(biz.user.id)).toEqual([{ stripe_refund_id: refund.id, amount_cents: 4900, currency: 'usd', status: 'succeeded', source: 'stripe' }]);
    expect((await biz.client.get('/api/subscription/money-back')).body.eligible).toBe(false);
    expect((await sendStripeEvent(t, fake, event)).body).toEqual({ received: true, duplicate: true });
    expect(await refundRows(biz.user.id)).toHaveLength(1);
  });

  it('refund.updated appends the refund’s new status (append-only: the first row stays)', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    expect((await biz.client.post('/api/subscription/money-back')).status).toBe(200);
    const [{ stripe_refund_id: refundId }] = await refundRows(biz.user.id);
    const stripeRefund = fake.connect.refunds.get(refundId)!;
    Object.assign(stripeRefund, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect((await sendStripeEvent(t, fake, fake.event('refund.updated', stripeRefund))).body).toEqual({ received: true });
    expect((await refundRows(biz.user.id)).map((row) => [row.status, row.source])).toEqual([['succeeded', 'app'], ['failed', 'app']]);
    await expect(t.database.query(`update subscription_refunds set amount_cents = 1 where user_id = ${biz.user.id}`)).rejects.toThrow(/append-only/);
  });

  it('ignores a refund of a payment that is not a subscription payment of ours', async () => {
    const event = fake.event('charge.refunded', { id: 'ch_elsewhere', object: 'charge', payment_intent: 'pi_not_ours', amount_refunded: 100, refunded: true });
    expect((await sendStripeEvent(t, fake, event)).body).toEqual({ received: true, ignored: true });
  });
});

describe('admin refunds panel', () => {
  it('lists refunds for admins only', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    await biz.client.post('/api/subscription/money-back');
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const res = await admin.client.get('/api/admin/refunds');
    expect(res.status).toBe(200);
    expect(res.body.refunds).toEqual([expect.objectContaining({ userId: biz.user.id, email: biz.user.email, amountCents: 4900, currency: 'usd', status: 'succeeded', source: 'app' })]);
    expect((await biz.client.get('/api/admin/refunds')).status).toBe(403);
    expect((await t.anonymous().get('/api/admin/refunds')).status).toBe(401);
  });
});
