import type Stripe from 'stripe';
import { MONEY_BACK_DAYS } from '@shared/contracts/billing';
import type { AppContext } from '@server/lib/context';
import { publishBestEffort } from '@server/lib/publish';
import { paymentProviderError, stripeFor } from './stripe-client';
import * as repo from './repository';
import * as refunds from './repository-refunds';

/**
 * `charge.refunded` and `refund.updated` (decision record 042): a refund made in Stripe's dashboard, or a later status
 * of one the app made (a refund can still fail), is recorded as Stripe has it now. As for subscriptions (record 014),
 * the event only names the payment: the refunds are listed from Stripe, and the invoice the payment paid is found
 * through `invoice_payments`, so a refund of anything but one of our subscription payments (a Pay now charge, say)
 * is ignored. A refund of a payment made in the guarantee's 30 days uses the guarantee, so the page offers no second one.
 * The plan is not changed by a refund: a subscription cancelled in the dashboard sends its own event.
 */
export const refundEventTypes = new Set(['charge.refunded', 'refund.updated']);

type Result = { received: true; duplicate?: true; ignored?: true };
const DAY_MS = 86_400_000;
const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function paymentIntentOf(event: Stripe.Event): string | null {
  if (event.type === 'charge.refunded') return idOf(event.data.object.payment_intent);
  if (event.type === 'refund.updated') return idOf(event.data.object.payment_intent);
  return null;
}

export async function handleRefundEvent(ctx: AppContext, event: Stripe.Event): Promise<Result> {
  if (await repo.isEventProcessed(ctx.db, event.id)) return { received: true, duplicate: true };
  const paymentIntent = paymentIntentOf(event);
  const stripe = stripeFor(ctx.config);
  let invoiceId: string | null = null;
  let listed: Stripe.Refund[] = [];
  if (paymentIntent) {
    try {
      const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
      invoiceId = idOf(payments.data[0]?.invoice);
      if (invoiceId) listed = (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;
    } catch (error) {
      ctx.log.error({ err: error, eventId: event.id }, 'stripe refund lookup failed; Stripe will retry the event');
      throw paymentProviderError(error);
    }
  }
  const payment = invoiceId ? await refunds.findPaymentByInvoice(ctx.db, invoiceId) : null;

  let userToTell: number | null = null;
  const result = await ctx.db.transaction(async (tx): Promise<Result> => {
    if (!(await repo.markEventProcessed(tx, event.id, event.type))) return { received: true, duplicate: true };
    if (!payment || !invoiceId) return { received: true, ignored: true };
    for (const refund of listed) {
      const source = (await refunds.sourceOfRefund(tx, refund.id)) ?? (refund.metadata?.kind === 'money_back' ? 'app' : 'stripe');
      await refunds.appendRefund(tx, {
        userId: payment.userId, stripeRefundId: refund.id, stripeInvoiceId: invoiceId, stripePaymentIntentId: paymentIntent,
        amountCents: refund.amount, currency: refund.currency, status: refund.status ?? 'pending', source,
      });
    }
    const userId = payment.userId;
    const customerId = userId ? await repo.findCustomerId(tx, userId) : null;
    if (userId && customerId && listed.some((refund) => refund.status === 'succeeded' || refund.status === 'pending')) {
      const [first] = await refunds.paymentsOf(tx, userId);
      const inWindow = first && payment.paidAt.getTime() <= first.paidAt.getTime() + MONEY_BACK_DAYS * DAY_MS;
      if (inWindow && (await refunds.insertClaim(tx, { userId, stripeCustomerId: customerId, stripeSubscriptionId: payment.stripeSubscriptionId, source: 'stripe' }))) {
        userToTell = userId;
      }
    }
    return { received: true };
  });
  if (userToTell) await publishBestEffort(ctx, { userId: userToTell, event: { type: 'subscription.updated', data: {} } });
  return result;
}

export const isRefundEvent = (event: Stripe.Event) => refundEventTypes.has(event.type);
