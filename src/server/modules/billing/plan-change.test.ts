import { describe, expect, it } from 'vitest';
import { createBusiness } from '@server/test/factories';
import { payingAccount, sendStripeEvent, tierOf } from '@server/test/billing-setup';
import { useFakeStripeApp } from '@server/test/use-fake-stripe';

// Plan changes with proration (decision record 042), against the fake Stripe.
const { fake, t } = useFakeStripeApp();

const DAY = 86_400;

/** Moves the subscription's current period so `daysUsed` of 30 days have passed. */
function usedDays(subscriptionId: string, daysUsed: number) {
  const item = fake.subscriptions.get(subscriptionId)!.items.data[0];
  const now = Math.floor(Date.now() / 1000);
  item.current_period_start = now - daysUsed * DAY;
  item.current_period_end = item.current_period_start + 30 * DAY;
}

describe('plan change preview', () => {
  it('shows what Stripe charges now for an upgrade: the prorated difference, lines flagged as prorations', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    usedDays(biz.subscriptionId, 10);
    const res = await biz.client.post('/api/subscription/change-preview', { tier: 'professional' });
    expect(res.status).toBe(200);
    // 20 of 30 days left: -4900×2/3 + 14900×2/3 = -3267 + 9933.
    expect(res.body).toMatchObject({ tier: 'professional', direction: 'upgrade', amountDue: 6666, total: 6666, credit: 0, currency: 'usd', newMonthlyAmount: 14900 });
    expect(res.body.lines.map((line: { amount: number; proration: boolean }) => [line.amount, line.proration])).toEqual([[-3267, true], [9933, true]]);
    const [request] = fake.posts('/v1/invoices/create_preview');
    expect(request.body).toMatchObject({
      subscription: biz.subscriptionId,
      subscription_details: { proration_behavior: 'always_invoice', proration_date: String(res.body.prorationDate), items: { 0: { price: expect.any(String), id: expect.any(String) } } },
    });
    expect(Math.abs(res.body.prorationDate - Date.now() / 1000)).toBeLessThan(5);
  });

  it('shows a downgrade as credit for the next invoices, nothing charged now', async () => {
    const biz = await payingAccount(t, fake, 'professional');
    usedDays(biz.subscriptionId, 15);
    const res = await biz.client.post('/api/subscription/change-preview', { tier: 'startup' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ direction: 'downgrade', amountDue: 0, total: 2450 - 7450, credit: 5000 });
  });

  it('refuses bad input, a plan of the other account type, Free, no subscription, the same plan, and signed-out callers', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    expect((await biz.client.post('/api/subscription/change-preview', {})).body.error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'tier' }] });
    expect((await biz.client.post('/api/subscription/change-preview', { tier: 'gold' })).status).toBe(400);
    // A pro staff plan is the wrong kind of plan for a business (the "wrong role" of these routes).
    expect((await biz.client.post('/api/subscription/change-preview', { tier: 'elite' })).body.error).toMatchObject({ code: 'VALIDATION', details: [{ path: 'tier' }] });
    expect((await biz.client.post('/api/subscription/change-preview', { tier: 'free' })).status).toBe(400);
    expect((await biz.client.post('/api/subscription/change-preview', { tier: 'startup' })).status).toBe(409);
    const other = await createBusiness(t);
    expect((await other.client.post('/api/subscription/change-preview', { tier: 'startup' })).status).toBe(404);
    expect((await t.anonymous().post('/api/subscription/change-preview', { tier: 'startup' })).status).toBe(401);
    expect((await t.anonymous().post('/api/subscription/change', { tier: 'startup', prorationDate: 1, expectedAmountDue: 0 })).status).toBe(401);
    const unverified = await createBusiness(t, { verified: false });
    expect((await unverified.client.post('/api/subscription/change', { tier: 'startup', prorationDate: 1, expectedAmountDue: 0 })).body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('plan change', () => {
  it('upgrades at once with the previewed proration date: charges the amount shown and the new limits apply now', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    usedDays(biz.subscriptionId, 10);
    const preview = (await biz.client.post('/api/subscription/change-preview', { tier: 'professional' })).body;
    const res = await biz.client.post('/api/subscription/change', { tier: 'professional', prorationDate: preview.prorationDate, expectedAmountDue: preview.amountDue });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tier: 'professional', amountCharged: 6666, credit: 0, currency: 'usd', effectiveAt: preview.prorationDate });
    expect(await tierOf(biz)).toBe('professional');
    const [update] = fake.posts(`/v1/subscriptions/${biz.subscriptionId}`);
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', proration_date: String(preview.prorationDate), payment_behavior: 'error_if_incomplete', metadata: { tier: 'professional' } });
    // Stripe invoiced and charged the proration at once.
    const stripeSub = fake.subscriptions.get(biz.subscriptionId)!;
    expect(fake.invoices.get(stripeSub.latest_invoice)).toMatchObject({ status: 'paid', amount_paid: 6666, billing_reason: 'subscription_update' });
    // The webhook that follows keeps the new plan (the subscription's metadata says so).
    await sendStripeEvent(t, fake, fake.event('customer.subscription.updated', fake.subscription(biz.subscriptionId)));
    expect((await biz.client.get('/api/subscription-status')).body).toMatchObject({ tier: 'professional', hasSubscription: true });
  });

  it('downgrades at once, leaving the credit on the Stripe balance', async () => {
    const biz = await payingAccount(t, fake, 'professional');
    usedDays(biz.subscriptionId, 15);
    const preview = (await biz.client.post('/api/subscription/change-preview', { tier: 'startup' })).body;
    const res = await biz.client.post('/api/subscription/change', { tier: 'startup', prorationDate: preview.prorationDate, expectedAmountDue: 0 });
    expect(res.body).toMatchObject({ tier: 'startup', amountCharged: 0, credit: 5000 });
    expect(await tierOf(biz)).toBe('startup');
    expect(fake.customers.get(fake.subscriptions.get(biz.subscriptionId)!.customer)!.balance).toBe(-5000);
  });

  it('refuses a stale preview: outside the period, too old, from the future, or another amount now (409, nothing changed)', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    usedDays(biz.subscriptionId, 10);
    const preview = (await biz.client.post('/api/subscription/change-preview', { tier: 'professional' })).body;
    const item = fake.subscriptions.get(biz.subscriptionId)!.items.data[0];
    const change = (prorationDate: number, expectedAmountDue = preview.amountDue) =>
      biz.client.post('/api/subscription/change', { tier: 'professional', prorationDate, expectedAmountDue });
    expect((await change(item.current_period_start - 1)).body.error).toMatchObject({ code: 'CONFLICT', details: [{ path: 'prorationDate' }] });
    expect((await change(preview.prorationDate - 31 * 60)).status).toBe(409);
    expect((await change(preview.prorationDate + 3600)).status).toBe(409);
    expect((await change(preview.prorationDate, preview.amountDue - 1)).body.error).toMatchObject({ code: 'CONFLICT', details: [{ path: 'expectedAmountDue' }] });
    expect(fake.posts(`/v1/subscriptions/${biz.subscriptionId}`)).toHaveLength(0);
    expect(await tierOf(biz)).toBe('startup');
  });

  it('refuses an upgrade the card declines (402 from Stripe), leaving the plan as it was', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    const customer = fake.subscriptions.get(biz.subscriptionId)!.customer;
    fake.saveCard(customer, 'pm_card_chargeDeclined');
    usedDays(biz.subscriptionId, 10);
    const preview = (await biz.client.post('/api/subscription/change-preview', { tier: 'professional' })).body;
    const res = await biz.client.post('/api/subscription/change', { tier: 'professional', prorationDate: preview.prorationDate, expectedAmountDue: preview.amountDue });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Your card was declined.');
    expect(await tierOf(biz)).toBe('startup');
    expect(fake.subscriptions.get(biz.subscriptionId)!.items.data[0].price.unit_amount).toBe(4900);
  });

  it('a double-clicked confirmation changes and charges once (parallel requests, one Stripe change)', async () => {
    const biz = await payingAccount(t, fake, 'startup');
    usedDays(biz.subscriptionId, 10);
    const preview = (await biz.client.post('/api/subscription/change-preview', { tier: 'professional' })).body;
    const body = { tier: 'professional', prorationDate: preview.prorationDate, expectedAmountDue: preview.amountDue };
    const answers = await Promise.all([0, 1, 2].map(() => biz.client.post('/api/subscription/change', body)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const paid = [...fake.invoices.values()].filter((invoice) => invoice.parent?.subscription_details?.subscription === biz.subscriptionId && invoice.billing_reason === 'subscription_update' && invoice.status === 'paid');
    // Stripe was asked once and replayed its answer to the second request that got that far (same idempotency key).
    expect(new Set(fake.posts(`/v1/subscriptions/${biz.subscriptionId}`).map((request) => request.idempotencyKey)).size).toBe(1);
    expect(paid).toHaveLength(1);
    expect(await tierOf(biz)).toBe('professional');
  });
});
