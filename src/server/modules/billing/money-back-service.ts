import Stripe from 'stripe';
import type { SessionUser } from '@shared/contracts/auth';
import { MONEY_BACK_DAYS, type MoneyBackResult, type MoneyBackStatus } from '@shared/contracts/billing';
import { formatMoney } from '@shared/currency';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { publishBestEffort } from '@server/lib/publish';
import { withDb } from '@server/lib/transaction';
import { queueMail } from '@server/modules/tasks/service';
import { paymentProviderError, stripeFor } from './stripe-client';
import * as repo from './repository';
import * as refunds from './repository-refunds';
import { recomputeTier } from './service';

/**
 * The 30-day money-back guarantee (decision record 042): within 30 days of the account's first subscription payment,
 * its owner cancels at once and every payment made in those 30 days is refunded through Stripe (each paid invoice's
 * PaymentIntent, found through the invoice's `payments`). Once per customer: the claim row's unique user and Stripe
 * customer decide between parallel requests before Stripe is called.
 */

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

type Window = { status: MoneyBackStatus; payments: refunds.PaymentRecord[] };

async function windowOf(ctx: AppContext, userId: number, now = new Date()): Promise<Window> {
  const payments = await refunds.paymentsOf(ctx.db, userId);
  const first = payments[0];
  const until = first ? new Date(first.paidAt.getTime() + MONEY_BACK_DAYS * DAY_MS) : null;
  const inWindow = until ? payments.filter((payment) => payment.paidAt <= until) : [];
  const currency = inWindow[0]?.currency ?? 'usd';
  const amount = inWindow.filter((payment) => payment.currency === currency).reduce((sum, payment) => sum + payment.amountCents, 0);
  const status = (reason: string | null): Window => ({
    status: { eligible: reason === null, reason, until: until ? toUnix(until) : null, amount, currency },
    payments: inWindow,
  });
  const claim = await refunds.findClaim(ctx.db, userId);
  if (claim) return status(`You used the 30-day money-back guarantee on ${dayText(claim.createdAt)}. It applies once per account.`);
  if (!first || !until) return status('The 30 days start with your first payment. Nothing has been charged yet, so there is nothing to refund.');
  if (now > until) return status(`The 30-day money-back guarantee ended on ${dayText(until)}, 30 days after your first payment.`);
  if (!(await repo.findLiveSubscription(ctx.db, userId))) return status('You have no active subscription to cancel.');
  return status(null);
}

export async function moneyBackStatus(ctx: AppContext, user: SessionUser): Promise<MoneyBackStatus> {
  return (await windowOf(ctx, user.id)).status;
}

type Made = refunds.RefundValues;

/** Refunds each payment of an invoice; the idempotency key makes a retry replay Stripe's refund instead of a second one. */
async function refundInvoice(stripe: Stripe, userId: number, stripeInvoiceId: string): Promise<Made[]> {
  const invoice = await stripe.invoices.retrieve(stripeInvoiceId, { expand: ['payments'] });
  const made: Made[] = [];
  for (const payment of invoice.payments?.data ?? []) {
    const intent = payment.payment.payment_intent;
    const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
    if (payment.status !== 'paid' || !paymentIntent) continue;
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { kind: 'money_back', userId: String(userId), invoice: stripeInvoiceId } },
      { idempotencyKey: `money-back:${stripeInvoiceId}:${paymentIntent}` },
    );
    made.push({
      userId, stripeRefundId: refund.id, stripeInvoiceId, stripePaymentIntentId: paymentIntent, amountCents: refund.amount,
      currency: refund.currency, status: refund.status ?? 'pending', source: 'app',
    });
  }
  return made;
}

export async function claimMoneyBack(ctx: AppContext, user: SessionUser): Promise<MoneyBackResult> {
  const { status, payments } = await windowOf(ctx, user.id);
  if (!status.eligible) throw new AppError('CONFLICT', status.reason ?? 'The money-back guarantee does not apply.');
  const stripe = stripeFor(ctx.config);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  const customerId = await repo.findCustomerId(ctx.db, user.id);
  if (!live || !customerId) throw new AppError('CONFLICT', 'You have no active subscription to cancel.');
  const claimed = await refunds.insertClaim(ctx.db, { userId: user.id, stripeCustomerId: customerId, stripeSubscriptionId: live.stripeSubscriptionId, source: 'app' });
  if (!claimed) throw new AppError('CONFLICT', 'The 30-day money-back guarantee has already been used for this account. It applies once.');

  const made: Made[] = [];
  try {
    for (const payment of payments) made.push(...(await refundInvoice(stripe, user.id, payment.stripeInvoiceId)));
    await cancelNow(stripe, live.stripeSubscriptionId);
  } catch (error) {
    // Refunds already made are money: recorded whatever happens next. The claim is given back so the owner can try
    // again; the idempotency keys make that retry replay the refunds Stripe already made.
    await ctx.db.transaction(async (tx) => {
      for (const refund of made) await refunds.appendRefund(tx, refund);
      await refunds.releaseClaim(tx, user.id);
    });
    ctx.log.error({ err: error, userId: user.id, refundsMade: made.length }, 'money-back refund failed part way');
    throw paymentProviderError(error);
  }

  const refunded = made.reduce((sum, refund) => sum + refund.amountCents, 0);
  const currency = made[0]?.currency ?? status.currency;
  const account = await repo.findUserBilling(ctx.db, user.id);
  await ctx.db.transaction(async (tx) => {
    for (const refund of made) await refunds.appendRefund(tx, refund);
    await refunds.markSubscriptionCanceled(tx, live.stripeSubscriptionId);
    await recomputeTier(withDb(ctx, tx), user.id);
    if (account) {
      await queueMail(ctx, {
        to: account.email,
        subject: 'Your HuntStaff refund is on its way',
        text:
          `We cancelled your subscription and refunded ${formatMoney(refunded, currency.toUpperCase())} under the 30-day money-back guarantee.\n\n` +
          'Your account is on the Free plan now, with its limits. Refunds reach your card within 5 to 10 business days, depending on your bank.\n\n' +
          'You can subscribe again at any time; the guarantee applies once per account.',
      }, tx);
    }
  });
  await publishBestEffort(ctx, { userId: user.id, event: { type: 'subscription.updated', data: {} } });
  ctx.log.info({ userId: user.id, refunds: made.length, refunded, subscriptionId: live.stripeSubscriptionId }, 'money-back guarantee used');
  return { refunded, currency, refunds: made.length, tier: 'free' };
}

/** Cancels the subscription at once; one Stripe already cancelled (in its dashboard, say) is fine. */
async function cancelNow(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `money-back-cancel:${subscriptionId}` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
    throw error;
  }
}

/** The admin page's refunds panel: each status Stripe reported for each refund, newest first. */
export async function listRefunds(ctx: AppContext) {
  return { refunds: (await refunds.recentRefunds(ctx.db)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
