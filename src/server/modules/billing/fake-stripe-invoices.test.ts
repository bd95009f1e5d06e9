import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useFakeStripeSdk } from '@server/test/use-fake-stripe';

// The fake Stripe's plan-change previews and updates, invoices' payments and refunds are as strict as Stripe's
// (decision records 014, 042), exercised with the real SDK.
const { fake, stripe } = useFakeStripeSdk();

/** A customer paying monthly for `amount` cents, its first invoice paid with a Visa card. */
async function paying(amount = 4900) {
  const customer = await stripe.customers.create({ email: 'payer@example.com' });
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: amount, recurring: { interval: 'month' }, product_data: { name: 'Old' } });
  const bigger = await stripe.prices.create({ currency: 'usd', unit_amount: 14900, recurring: { interval: 'month' }, product_data: { name: 'New' } });
  const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete' });
  const invoice = fake.paySubscription(subscription.id);
  const item = fake.subscriptions.get(subscription.id)!.items.data[0];
  return { customer, subscription, item, bigger, invoice };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
};

describe('fake Stripe: invoice previews of a plan change', () => {
  it('answers an Invoice in Stripe’s shape: proration lines, amount_due, total, currency and period', async () => {
    const { subscription, item, bigger } = await paying();
    const prorationDate = item.current_period_start + 15 * 86_400;
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: bigger.id }], proration_behavior: 'always_invoice', proration_date: prorationDate },
    });
    expect(preview).toMatchObject({ object: 'invoice', currency: 'usd', total: 5000, amount_due: 5000, starting_balance: 0, billing_reason: 'subscription_update' });
    expect(preview.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration, line.period])).toEqual([
      [-2450, true, { start: prorationDate, end: item.current_period_end }],
      [7450, true, { start: prorationDate, end: item.current_period_end }],
    ]);
    // A preview changes nothing.
    expect(fake.subscriptions.get(subscription.id)!.items.data[0].price.unit_amount).toBe(4900);
  });

  it('refuses a proration_date outside the current period as Stripe does, and unknown keys inside subscription_details', async () => {
    const { subscription, item, bigger } = await paying();
    const outside = await refusal(stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: bigger.id }], proration_date: item.current_period_start - 1 },
    }));
    expect(outside).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'subscription_details[proration_date]' });
    const unknown = await refusal(stripe.invoices.createPreview({ subscription: subscription.id, subscription_details: { prorate: true } as never }));
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'subscription_details[prorate]' });
    const missing = await refusal(stripe.invoices.createPreview({ subscription: 'sub_missing' }));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'subscription' });
  });
});

describe('fake Stripe: applying the change', () => {
  it('refuses an update whose proration_date is outside the period (param proration_date) and changes nothing', async () => {
    const { subscription, item, bigger } = await paying();
    const error = await refusal(stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: bigger.id }], proration_date: item.current_period_end + 1 }));
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', param: 'proration_date' });
    expect(fake.subscriptions.get(subscription.id)!.items.data[0].price.unit_amount).toBe(4900);
  });

  it('charges an always_invoice upgrade on the saved card at once, with a paid invoice whose payments name the PaymentIntent', async () => {
    const { subscription, item, bigger } = await paying();
    const prorationDate = item.current_period_start + 15 * 86_400;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: bigger.id }], proration_behavior: 'always_invoice', proration_date: prorationDate, payment_behavior: 'error_if_incomplete',
    });
    expect(updated.items.data[0].price.id).toBe(bigger.id);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string, { expand: ['payments'] });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 5000 });
    expect(invoice.payments?.data[0]).toMatchObject({ object: 'invoice_payment', status: 'paid', amount_paid: 5000, payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) } });
    // Without expand, Stripe leaves `payments` out.
    expect((await stripe.invoices.retrieve(invoice.id)).payments).toBeUndefined();
  });
});

describe('fake Stripe: refunds of an invoice payment', () => {
  it('refunds the paid invoice’s PaymentIntent once; refunding it again is Stripe’s charge_already_refunded', async () => {
    const { invoice } = await paying();
    const paid = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    const paymentIntent = paid.payments!.data[0].payment.payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({ object: 'refund', amount: 4900, currency: 'usd', status: 'succeeded', payment_intent: paymentIntent });
    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent }))).toMatchObject({ code: 'charge_already_refunded' });
    const listed = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(listed.data.map((r) => r.id)).toEqual([refund.id]);
    const found = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent } });
    expect(found.data.map((p) => p.invoice)).toEqual([invoice.id]);
  });
});
