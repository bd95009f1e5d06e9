import Stripe from 'stripe';
import { planFor, isTierValidFor, type UserType } from '@shared/plans';
import type { AppContext } from '@server/lib/context';
import { withDb } from '@server/lib/transaction';
import { publishBestEffort } from '@server/lib/publish';
import { recomputeTier } from './service';
import { paymentProviderError, stripeFor, verifiedStripeEvent } from './stripe-client';
import * as repo from './repository';
import { handleRefundEvent, isRefundEvent } from './refund-webhook-service';

export type WebhookResult = { received: true; duplicate?: true; ignored?: true };

/** Verifies Stripe's signature over the exact bytes received; anything else is refused. */
export function verifyEvent(ctx: AppContext, rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
  return verifiedStripeEvent(rawBody, signature, { secret: ctx.config.stripe.webhookSecret, what: 'Stripe webhooks', variable: 'STRIPE_WEBHOOK_SECRET' });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The subscription an event is about: the object itself, or the invoice's subscription. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  if (event.type.startsWith('customer.subscription.')) return (event.data.object as Stripe.Subscription).id ?? null;
  if (event.type.startsWith('invoice.')) return idOf((event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription);
  return null;
}

/**
 * Stripe is the source of truth (decision record 014): an event only says "this subscription
 * changed", so we retrieve the subscription and apply its current state instead of the event's
 * snapshot. Events arrive in any order and several share one `created` second, so a snapshot can
 * be stale; the retrieved object never is. Retrieved outside the transaction so no database
 * connection waits on Stripe. A subscription Stripe does not know is answered 200 and ignored.
 */
async function currentSubscription(ctx: AppContext, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripeFor(ctx.config).subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    ctx.log.error({ err: error, subscriptionId }, 'stripe subscription retrieve failed; Stripe will retry the event');
    throw paymentProviderError(error);
  }
}

/**
 * Applies one verified event. The event id is recorded in the same transaction as its effects, so
 * a duplicate delivery is a no-op and a failed one is retried by Stripe.
 */
export async function handleEvent(ctx: AppContext, event: Stripe.Event): Promise<WebhookResult> {
  // Refunds of subscription payments (decision record 042).
  if (isRefundEvent(event)) return handleRefundEvent(ctx, event);
  const subscriptionId = subscriptionIdOf(event);
  // An event type not handled here has no subscription id and goes the same way: recorded, answered as ignored.
  if (await repo.isEventProcessed(ctx.db, event.id)) return { received: true, duplicate: true };
  const current = subscriptionId ? await currentSubscription(ctx, subscriptionId) : null;

  const affectedUsers = new Set<number>();
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = withDb(ctx, tx);
    if (!(await repo.markEventProcessed(tx, event.id, event.type))) return { received: true, duplicate: true } as const;
    if (paidInvoiceEvents.has(event.type)) await recordInvoice(txCtx, event.data.object as Stripe.Invoice);
    if (!current) {
      if (subscriptionId) ctx.log.warn({ subscriptionId, eventId: event.id }, 'stripe event for a subscription Stripe does not know ignored');
      return paidInvoiceEvents.has(event.type) ? ({ received: true } as const) : ({ received: true, ignored: true } as const);
    }
    const userId = await applySubscription(txCtx, current);
    if (userId === null) return { received: true, ignored: true } as const;
    await recomputeTier(txCtx, userId);
    affectedUsers.add(userId);
    return { received: true } as const;
  });
  for (const userId of affectedUsers) {
    await publishBestEffort(ctx, { userId: userId, event: { type: 'subscription.updated', data: {} } });
  }
  return result;
}

const paidInvoiceEvents = new Set(['invoice.paid', 'invoice.payment_succeeded']);

async function userIdFor(ctx: AppContext, subscription: Stripe.Subscription): Promise<number | null> {
  const customerId = idOf(subscription.customer);
  const byCustomer = customerId ? await repo.findUserIdByCustomer(ctx.db, customerId) : null;
  if (byCustomer) return byCustomer;
  const fromMetadata = Number(subscription.metadata.userId);
  return Number.isInteger(fromMetadata) && fromMetadata > 0 ? fromMetadata : null;
}

/**
 * The subscription's one item (the app creates each with one price). Subscriptions here are always retrieved from
 * Stripe, never an event's snapshot, and Stripe's object always has `metadata` and at least one item with its
 * price and period (the SDK's types say so): no optional chaining for shapes that cannot occur (record 018).
 */
const itemOf = (subscription: Stripe.Subscription): Stripe.SubscriptionItem => subscription.items.data[0];

function tierOf(subscription: Stripe.Subscription, userType: UserType): string | null {
  const candidates = [subscription.metadata.tier, itemOf(subscription).price.metadata.tier];
  for (const tier of candidates) if (tier && isTierValidFor(userType, tier)) return planFor(userType, tier).id;
  return null;
}

async function applySubscription(ctx: AppContext, subscription: Stripe.Subscription): Promise<number | null> {
  const userId = await userIdFor(ctx, subscription);
  const user = userId ? await repo.findUserBilling(ctx.db, userId) : null;
  if (!user) {
    ctx.log.warn({ subscriptionId: subscription.id }, 'stripe subscription for an unknown user ignored');
    return null;
  }
  const existing = await repo.findSubscriptionByStripeId(ctx.db, subscription.id);
  const tier = tierOf(subscription, user.userType) ?? existing?.tier;
  if (!tier) {
    ctx.log.warn({ subscriptionId: subscription.id, userId }, 'stripe subscription without a known plan ignored');
    return null;
  }
  const item = itemOf(subscription);
  await repo.applySubscriptionState(ctx.db, {
      userId: user.id,
      stripeCustomerId: idOf(subscription.customer) ?? existing?.stripeCustomerId ?? '',
      stripeSubscriptionId: subscription.id,
      tier,
      status: subscription.status,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      amountCents: (item.price.unit_amount ?? 0) * (item.quantity ?? 1) || existing?.amountCents || 0,
  });
  return user.id;
}

async function recordInvoice(ctx: AppContext, invoice: Stripe.Invoice): Promise<void> {
  if (!invoice.id || invoice.amount_paid <= 0) return;
  const customerId = idOf(invoice.customer);
  const userId = customerId ? await repo.findUserIdByCustomer(ctx.db, customerId) : null;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const paidAt = invoice.status_transitions.paid_at ?? invoice.created;
  await repo.recordPayment(ctx.db, {
    userId,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: subscriptionId,
    amountCents: invoice.amount_paid,
    currency: invoice.currency ?? 'usd',
    paidAt: new Date(paidAt * 1000),
  });
}
