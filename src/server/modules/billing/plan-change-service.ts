import type Stripe from 'stripe';
import type { SessionUser } from '@shared/contracts/auth';
import type { PlanChangeBody, PlanChangePreview, PlanChangeResult } from '@shared/contracts/billing';
import { isTierValidFor, planFor } from '@shared/plans';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { publishBestEffort } from '@server/lib/publish';
import { withDb } from '@server/lib/transaction';
import { paymentProviderError, stripeFor } from './stripe-client';
import * as repo from './repository';
import * as refunds from './repository-refunds';
import { priceIdFor, recomputeTier } from './service';

/**
 * Plan changes with proration (decision record 042). Both directions apply at once and are prorated to the second
 * by Stripe with `always_invoice`: an upgrade charges the difference for the rest of the period on the saved card
 * now, a downgrade leaves the unused difference as credit on the account's Stripe balance, which the next invoices
 * use first. The page shows Stripe's own preview of that invoice (`invoices.createPreview` with the same item change
 * and a `proration_date`), and the change is made with that same `proration_date`, so the amount charged is the
 * amount shown; the confirmation carries the date and the amount it was shown and is refused if either went stale.
 */

const PRORATION = 'always_invoice' as const;
/** A preview older than this is not confirmed: prices and periods may have moved since it was shown. */
export const PREVIEW_MAX_AGE_SECONDS = 30 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type ChangeContext = { stripe: Stripe; live: repo.SubscriptionRecord; subscription: Stripe.Subscription; item: Stripe.SubscriptionItem; priceId: string; plan: ReturnType<typeof planFor> };

async function changeContext(ctx: AppContext, user: SessionUser, tier: string): Promise<ChangeContext> {
  if (!isTierValidFor(user.userType, tier)) {
    throw new AppError('VALIDATION', `'${tier}' is not a plan for ${user.userType === 'business' ? 'business' : 'pro staff'} accounts`, [
      { path: 'tier', message: 'Unknown plan for this account type' },
    ]);
  }
  const plan = planFor(user.userType, tier);
  if (plan.priceCents === 0) {
    throw new AppError('VALIDATION', 'To go back to Free, cancel your subscription: it stays active until the end of the paid period.', [{ path: 'tier', message: 'Free needs no subscription' }]);
  }
  const stripe = stripeFor(ctx.config);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (!live) throw new AppError('NOT_FOUND', 'You have no active subscription to change. Choose a plan to subscribe.');
  if (live.cancelAtPeriodEnd) throw new AppError('CONFLICT', 'Your subscription is set to end. Choose a plan to subscribe again instead.');
  if (live.status === 'past_due') throw new AppError('CONFLICT', 'Your last payment failed. The plan can change once it is paid.');
  if (live.tier === plan.id) throw new AppError('CONFLICT', `You are already on the ${plan.name} plan.`);
  try {
    const subscription = await stripe.subscriptions.retrieve(live.stripeSubscriptionId);
    const priceId = await priceIdFor(stripe, user.userType, plan.id);
    return { stripe, live, subscription, item: subscription.items.data[0], priceId, plan };
  } catch (error) {
    throw paymentProviderError(error);
  }
}

async function preview(change: ChangeContext, prorationDate: number): Promise<Stripe.Invoice> {
  return change.stripe.invoices.createPreview({
    subscription: change.live.stripeSubscriptionId,
    subscription_details: { items: [{ id: change.item.id, price: change.priceId }], proration_behavior: PRORATION, proration_date: prorationDate },
  });
}

function previewOf(change: ChangeContext, invoice: Stripe.Invoice, prorationDate: number, currentAmount: number): PlanChangePreview {
  const lines = invoice.lines.data.map((line) => {
    const details = line.parent?.subscription_item_details ?? line.parent?.invoice_item_details;
    return { description: line.description ?? '', amount: line.amount, proration: details?.proration ?? false, periodStart: line.period.start, periodEnd: line.period.end };
  });
  return {
    tier: change.plan.id,
    direction: change.plan.priceCents > currentAmount ? 'upgrade' : 'downgrade',
    amountDue: invoice.amount_due,
    total: invoice.total,
    credit: Math.max(0, -(invoice.total + invoice.starting_balance)),
    currency: invoice.currency,
    prorationDate,
    effectiveAt: prorationDate,
    periodEnd: change.item.current_period_end,
    newMonthlyAmount: change.plan.priceCents,
    lines,
  };
}

export async function previewPlanChange(ctx: AppContext, user: SessionUser, tier: string): Promise<PlanChangePreview> {
  const change = await changeContext(ctx, user, tier);
  const prorationDate = nowSeconds();
  try {
    return previewOf(change, await preview(change, prorationDate), prorationDate, planFor(user.userType, change.live.tier).priceCents);
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.error({ err: error, userId: user.id }, 'stripe invoice preview failed');
    throw paymentProviderError(error);
  }
}

/** Refuses a `proration_date` outside the current period, from the future, or from a preview shown too long ago. */
function checkProrationDate(change: ChangeContext, prorationDate: number): void {
  const now = nowSeconds();
  const { current_period_start: start, current_period_end: end } = change.item;
  const stale = prorationDate < start || prorationDate > end || prorationDate > now + 60 || prorationDate < now - PREVIEW_MAX_AGE_SECONDS;
  if (stale) {
    throw new AppError('CONFLICT', 'This price was worked out too long ago or for another billing period. Look at the change again.', [
      { path: 'prorationDate', message: 'Preview the change again' },
    ]);
  }
}

export async function applyPlanChange(ctx: AppContext, user: SessionUser, body: PlanChangeBody): Promise<PlanChangeResult> {
  const change = await changeContext(ctx, user, body.tier);
  checkProrationDate(change, body.prorationDate);
  const currentAmount = planFor(user.userType, change.live.tier).priceCents;
  let shown: PlanChangePreview;
  try {
    // The same preview again: what Stripe will charge now for the date the page showed.
    shown = previewOf(change, await preview(change, body.prorationDate), body.prorationDate, currentAmount);
  } catch (error) {
    throw paymentProviderError(error);
  }
  if (shown.amountDue !== body.expectedAmountDue) {
    throw new AppError('CONFLICT', 'The amount due for this change has changed since it was shown. Look at the change again.', [
      { path: 'expectedAmountDue', message: 'Preview the change again' },
    ]);
  }
  try {
    await change.stripe.subscriptions.update(
      change.live.stripeSubscriptionId,
      {
        items: [{ id: change.item.id, price: change.priceId }],
        proration_behavior: PRORATION,
        proration_date: body.prorationDate,
        // A declined card refuses the upgrade (402) and leaves the subscription as it was.
        payment_behavior: 'error_if_incomplete',
        metadata: { tier: change.plan.id },
      },
      // A double click replays Stripe's first answer instead of changing (and charging) twice.
      { idempotencyKey: `plan-change:${change.live.stripeSubscriptionId}:${change.plan.id}:${body.prorationDate}` },
    );
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.warn({ err: error, userId: user.id }, 'stripe plan change refused');
    throw paymentProviderError(error);
  }
  await ctx.db.transaction(async (tx) => {
    await refunds.changeSubscriptionPlan(tx, change.live.stripeSubscriptionId, change.plan.id, change.plan.priceCents);
    await recomputeTier(withDb(ctx, tx), user.id);
  });
  await publishBestEffort(ctx, { userId: user.id, event: { type: 'subscription.updated', data: {} } });
  ctx.log.info({ userId: user.id, from: change.live.tier, to: change.plan.id, subscriptionId: change.live.stripeSubscriptionId }, 'plan changed with proration');
  return { tier: change.plan.id, amountCharged: shown.amountDue, credit: shown.credit, currency: shown.currency, effectiveAt: body.prorationDate };
}
