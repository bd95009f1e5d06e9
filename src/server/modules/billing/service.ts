import type Stripe from 'stripe';
import type { SessionUser } from '@shared/contracts/auth';
import {
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  liveSubscriptionStatuses,
  type SubscriptionStatusResponse,
  TRIAL_DAYS,
} from '@shared/contracts/billing';
import { isTierValidFor, planFor, type UserType } from '@shared/plans';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { paymentProviderError, stripeFor } from './stripe-client';
import * as repo from './repository';
import * as trials from './repository-trials';
import { isTrialAvailable, trialStatusOf } from './trial-service';


const toUnix = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);
const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);

/** Price ids by lookup key, per Stripe client (so a test's fake Stripe never sees another's ids). */
const priceCache = new WeakMap<Stripe, Map<string, string>>();

export async function priceIdFor(stripe: Stripe, userType: UserType, tier: string): Promise<string> {
  const plan = planFor(userType, tier);
  const lookupKey = `huntstaff_${userType}_${plan.id}_monthly_${plan.priceCents}`;
  let cache = priceCache.get(stripe);
  if (!cache) priceCache.set(stripe, (cache = new Map()));
  const cached = cache.get(lookupKey);
  if (cached) return cached;

  const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  let priceId = existing.data[0]?.id;
  if (!priceId) {
    const created = await stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: plan.priceCents,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        product_data: { name: `HuntStaff ${plan.name} (${userType === 'business' ? 'Business' : 'Pro Staff'})` },
        metadata: { tier: plan.id, userType },
      },
      { idempotencyKey: `price:${lookupKey}` },
    );
    priceId = created.id;
  }
  cache.set(lookupKey, priceId);
  return priceId;
}

/**
 * Idempotency keys name the account by id and creation time, so a re-created database (ids start
 * again at 1) never replays another account's Stripe response within Stripe's 24-hour key window.
 */
async function accountKey(ctx: AppContext, userId: number): Promise<string> {
  const account = await repo.findUserBilling(ctx.db, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return `${userId}-${account.createdAt.getTime()}`;
}

async function customerIdFor(ctx: AppContext, stripe: Stripe, user: SessionUser, key: string): Promise<string> {
  const known = await repo.findCustomerId(ctx.db, user.id);
  if (known) return known;
  // The idempotency key makes two simultaneous first subscribes share one Stripe customer.
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { userId: String(user.id), userType: user.userType } },
    { idempotencyKey: `customer:${key}` },
  );
  return repo.saveCustomerId(ctx.db, user.id, customer.id);
}

// Stripe's subscription always has its one item with price and period (the SDK's types say so; record 018).
const periodEndOf = (subscription: Stripe.Subscription): number => subscription.items.data[0].current_period_end;

function amountOf(subscription: Stripe.Subscription): number {
  const item = subscription.items.data[0];
  return (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
}

function clientSecretOf(subscription: Stripe.Subscription): { clientSecret: string; intentType: 'setup' | 'payment' } | null {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret) return { clientSecret: setup.client_secret, intentType: 'setup' };
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice === 'object' && invoice.confirmation_secret?.client_secret) {
    return { clientSecret: invoice.confirmation_secret.client_secret, intentType: 'payment' };
  }
  return null;
}

const expandForSecret = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

export async function createSubscription(ctx: AppContext, user: SessionUser, tier: string): Promise<CreateSubscriptionResponse> {
  if (!isTierValidFor(user.userType, tier)) {
    throw new AppError('VALIDATION', `'${tier}' is not a plan for ${user.userType === 'business' ? 'business' : 'pro staff'} accounts`, [
      { path: 'tier', message: 'Unknown plan for this account type' },
    ]);
  }
  const plan = planFor(user.userType, tier);
  if (plan.priceCents === 0) throw new AppError('VALIDATION', 'The Free plan needs no subscription. Cancel your subscription to return to Free.');
  const stripe = stripeFor(ctx.config);
  await ctx.rateLimits.subscriptionAttemptsByUser.consume(String(user.id), () => 'Too many subscription attempts. Please wait a few minutes and try again.');

  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (live && !live.cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', 'You already have an active subscription. Cancel it before choosing another plan.');
  }
  if (live && live.tier === plan.id) {
    throw new AppError('CONFLICT', `You are already on the ${plan.name} plan until the end of the paid period.`);
  }
  // Switching while the old plan runs out: the new plan applies now, but is billed only from the
  // day the already-paid period ends, so nobody pays twice for the same days.
  const paidUntil = live?.currentPeriodEnd && live.currentPeriodEnd.getTime() > Date.now() + 60_000 ? toUnix(live.currentPeriodEnd) : null;
  // A card added during the free trial converts it without a gap: billing starts when the trial ends.
  // One trial per account: after a trial, or a first subscription's trial, Stripe grants none.
  const trial = await trials.findTrial(ctx.db, user.id);
  const trialUntil = !paidUntil && trial && trial.endsAt.getTime() > Date.now() + 60_000 ? toUnix(trial.endsAt) : null;
  const billingFrom = paidUntil ?? trialUntil;

  try {
    // A modal reopened for the same plan reuses the unconfirmed subscription; others are cancelled.
    for (const pending of await repo.findIncompleteSubscriptions(ctx.db, user.id)) {
      const again = await stripe.subscriptions.retrieve(pending.stripeSubscriptionId, { expand: expandForSecret });
      // Paid since, and its webhook has not arrived yet: it is the live subscription, never cancelled here.
      if ((liveSubscriptionStatuses as readonly string[]).includes(again.status)) {
        throw new AppError('CONFLICT', 'Your payment for this subscription went through; the plan applies in a moment.');
      }
      const secret = pending.tier === plan.id && again.status === 'incomplete' ? clientSecretOf(again) : null;
      if (secret) return { ...secret, subscriptionId: again.id, status: again.status, trialDays: 0, billingStartsAt: null };
      // Expired by Stripe (an unpaid first invoice, after 23 hours) or cancelled elsewhere, its webhook not here yet:
      // Stripe refuses to cancel it again, so it is only recorded as Stripe has it.
      const ended = again.status === 'incomplete_expired' || again.status === 'canceled';
      if (!ended) await stripe.subscriptions.cancel(pending.stripeSubscriptionId, {}, { idempotencyKey: `cancel-incomplete:${pending.stripeSubscriptionId}` });
      await repo.updateSubscriptionFields(ctx.db, pending.stripeSubscriptionId, { status: ended ? again.status : 'incomplete_expired' });
    }

    const key = await accountKey(ctx, user.id);
    const customerId = await customerIdFor(ctx, stripe, user, key);
    const priceId = await priceIdFor(stripe, user.userType, plan.id);
    const previous = await repo.countSubscriptions(ctx.db, user.id);
    const trialDays = !billingFrom && (await isTrialAvailable(ctx, user.id)) ? TRIAL_DAYS : 0;
    const endTrialWhenNoCard = { trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } };
    const subscription = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        ...(billingFrom ? { trial_end: billingFrom, ...endTrialWhenNoCard } : {}),
        ...(trialDays ? { trial_period_days: trialDays, ...endTrialWhenNoCard } : {}),
        metadata: { userId: String(user.id), userType: user.userType, tier: plan.id },
        expand: expandForSecret,
      },
      // Same user, plan and subscription count: a double click gets the same subscription back.
      { idempotencyKey: `subscribe:${key}:${plan.id}:${previous}` },
    );

    await repo.insertSubscriptionIfMissing(ctx.db, {
      userId: user.id,
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscription.id,
      tier: plan.id,
      status: subscription.status,
      currentPeriodEnd: fromUnix(periodEndOf(subscription)),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      amountCents: amountOf(subscription) || plan.priceCents,
    });

    const secret = clientSecretOf(subscription);
    if (!secret) throw new AppError('SERVICE_UNAVAILABLE', 'Failed to initialize payment: the payment provider returned no payment secret.');
    ctx.log.info({ userId: user.id, tier: plan.id, subscriptionId: subscription.id }, 'subscription created');
    return { ...secret, subscriptionId: subscription.id, status: subscription.status, trialDays, billingStartsAt: subscription.trial_end ?? null };
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.error({ err: error, userId: user.id }, 'stripe create-subscription failed');
    throw paymentProviderError(error);
  }
}

export async function subscriptionStatus(ctx: AppContext, user: SessionUser): Promise<SubscriptionStatusResponse> {
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  const account = await repo.findUserBilling(ctx.db, user.id);
  const trialRecord = await trials.findTrial(ctx.db, user.id);
  const trial = trialRecord ? trialStatusOf(trialRecord, account?.subscriptionTier ?? 'free') : null;
  const trialAvailable = !live && (await isTrialAvailable(ctx, user.id));
  if (live) {
    return {
      hasSubscription: true,
      // The subscription's own plan: right even before its webhook has updated the account.
      tier: live.tier,
      status: live.status,
      cancelAtPeriodEnd: live.cancelAtPeriodEnd,
      currentPeriodEnd: toUnix(live.currentPeriodEnd),
      trial,
      trialAvailable,
    };
  }
  const tier = (await trials.findEffectiveTier(ctx.db, user.id)) ?? user.subscriptionTier;
  const latest = await repo.findLatestSubscription(ctx.db, user.id);
  return { hasSubscription: false, tier, status: latest?.status ?? null, cancelAtPeriodEnd: false, currentPeriodEnd: null, trial, trialAvailable };
}

export async function cancelSubscription(ctx: AppContext, user: SessionUser): Promise<CancelSubscriptionResponse> {
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (!live) throw new AppError('NOT_FOUND', 'You have no active subscription to cancel');
  if (live.cancelAtPeriodEnd) return { cancelAtPeriodEnd: true, currentPeriodEnd: toUnix(live.currentPeriodEnd) };
  const stripe = stripeFor(ctx.config);
  try {
    const updated = await stripe.subscriptions.update(
      live.stripeSubscriptionId,
      { cancel_at_period_end: true },
      { idempotencyKey: `cancel-at-period-end:${live.stripeSubscriptionId}` },
    );
    const currentPeriodEnd = periodEndOf(updated);
    await repo.updateSubscriptionFields(ctx.db, live.stripeSubscriptionId, {
      cancelAtPeriodEnd: updated.cancel_at_period_end,
      currentPeriodEnd: fromUnix(currentPeriodEnd),
    });
    ctx.log.info({ userId: user.id, subscriptionId: live.stripeSubscriptionId }, 'subscription set to cancel at period end');
    return { cancelAtPeriodEnd: updated.cancel_at_period_end, currentPeriodEnd };
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.error({ err: error, userId: user.id }, 'stripe cancel-subscription failed');
    throw paymentProviderError(error);
  }
}

/** The plan a user's subscriptions grant: the newest live one, else Free. */
export async function recomputeTier(ctx: AppContext, userId: number): Promise<string | null> {
  const user = await repo.findUserBilling(ctx.db, userId);
  if (!user) return null;
  const live = await repo.findLiveSubscription(ctx.db, userId);
  const tier = live && isTierValidFor(user.userType, live.tier) ? live.tier : 'free';
  if (tier !== user.subscriptionTier) {
    await repo.setUserTier(ctx.db, userId, tier);
    ctx.log.info({ userId, from: user.subscriptionTier, to: tier }, 'subscription tier changed');
  }
  return tier;
}


// ---- for payouts (decision record 025): the business's Stripe customer, and Stripe event de-duplication ----

export function stripeCustomerIdOf(ctx: AppContext, userId: number): Promise<string | null> {
  return repo.findCustomerId(ctx.db, userId);
}

export async function liveSubscriptionIdOf(ctx: AppContext, userId: number): Promise<string | null> {
  return (await repo.findLiveSubscription(ctx.db, userId))?.stripeSubscriptionId ?? null;
}

export function isStripeEventProcessed(db: Database, eventId: string): Promise<boolean> {
  return repo.isEventProcessed(db, eventId);
}

/** Records a Stripe event as handled; false when it was handled before (a duplicate delivery). */
export function markStripeEventProcessed(db: Database, eventId: string, type: string): Promise<boolean> {
  return repo.markEventProcessed(db, eventId, type);
}
