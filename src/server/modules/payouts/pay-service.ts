import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { SessionUser } from '@shared/contracts/auth';
import type { Payout } from '@shared/contracts/payouts';
import { formatMinorUnits } from '@shared/currency';
import { transactionLock } from '@server/db/locks';
import type { AppContext } from '@server/lib/context';
import { AppError, forbidden } from '@server/lib/errors';
import { paymentProviderError, stripeFor } from '@server/modules/billing/stripe-client';
import { liveSubscriptionIdOf, stripeCustomerIdOf } from '@server/modules/billing/service';
import { accountStateOf } from './accounts-service';
import { minimumCharge } from './minimum-charge';
import { publishPayoutEvents, queuePayoutMails } from './notifications';
import { payoutOf } from './read-service';
import * as repo from './repository';
import * as ledger from '@server/modules/ledger/service';
import { recordOutgoingEvent } from '@server/modules/webhooks-out/outbox';
import type { Database } from '@server/db/client';

type BusinessUser = SessionUser & { businessId: number };

export const PROCESS_PAYOUT_TASK = 'payouts.process';
/** The background task that finishes a payout the request could not (a crash, Stripe unreachable) starts this late. */
const RECOVERY_DELAY_MS = 2 * 60_000;
const lockBusinessPayouts = transactionLock('payouts');
/**
 * A payout to this many pro staff or fewer is finished inside the request, so the business sees the outcome at once; a
 * larger one answers "processing" and the worker finishes it right away (a transfer to Stripe takes a few hundred ms).
 */
export const payoutTuning = { inlineItems: 25, transfersAtOnce: 4 };

const money = (cents: number, currency: string) => `${currency} ${formatMinorUnits(cents, currency)}`;

/**
 * Pay now (decision record 025): the selected payable commissions, plus each pro staffer's outstanding negative entries
 * in that currency, become one payout: one charge to the business's saved card, then one transfer per pro staffer.
 * The payout is recorded as processing (with its commissions, so a second Pay now cannot take them) under a
 * per-business lock, and a recovery task is queued in the same transaction; the Stripe calls run after the commit.
 */
export async function payNow(ctx: AppContext, user: BusinessUser, commissionIds: number[], now = new Date()): Promise<Payout> {
  stripeFor(ctx.config); // 503 before anything when payments are not configured
  // Someone else's or unknown commissions are refused before the card is looked up (checked again under the lock).
  assertOwn(user, commissionIds, await repo.ownersOf(ctx.db, commissionIds));
  const paymentMethod = await savedCardOf(ctx, user);
  const payoutId = await ctx.db.transaction(async (tx) => {
    await lockBusinessPayouts(tx, user.businessId);
    const selected = await repo.lockCommissions(tx, commissionIds);
    assertOwn(user, commissionIds, selected);

    const refuse = (message: string, list: typeof selected) =>
      new AppError('CONFLICT', message, list.map((c) => ({ commissionId: c.id, proStaffId: c.proStaffId })));
    const inPayout = selected.filter((c) => c.status === 'pending' && c.payoutId !== null);
    if (inPayout.length > 0) throw refuse(`Already in a payout that is being processed: commission ${inPayout.map((c) => `#${c.id}`).join(', ')}`, inPayout);
    const settled = selected.filter((c) => c.status !== 'pending');
    if (settled.length > 0) throw refuse(`Only pending commissions can be paid; already paid or cancelled: ${settled.map((c) => `#${c.id}`).join(', ')}`, settled);
    const underReview = selected.filter((c) => c.held);
    if (underReview.length > 0) throw refuse(`Held for fraud review (approve or reject the flag first): ${underReview.map((c) => `#${c.id}`).join(', ')}`, underReview);
    const held = selected.filter((c) => c.payableAt.getTime() > now.getTime());
    if (held.length > 0) throw refuse(`Still in their hold period (not payable yet): ${held.map((c) => `#${c.id}`).join(', ')}`, held);
    const negative = selected.filter((c) => c.amountCents <= 0);
    if (negative.length > 0) {
      throw new AppError('VALIDATION', 'Negative entries cannot be selected: they are netted off the pro staffer’s next payout automatically', [{ path: 'commissionIds', message: negative.map((c) => `#${c.id}`).join(', ') }]);
    }
    const currencies = [...new Set(selected.map((c) => c.currency))];
    if (currencies.length > 1) {
      throw new AppError('VALIDATION', `One payout is in one currency; the selection has ${currencies.join(' and ')}. Pay each currency on its own.`, [{ path: 'commissionIds', message: 'Mixed currencies' }]);
    }
    const currency = currencies[0];

    const byStaff = new Map<number, { name: string; ids: number[]; cents: number; emailVerified: boolean }>();
    for (const c of selected) {
      const entry = byStaff.get(c.proStaffId) ?? { name: `${c.firstName} ${c.lastName}`, ids: [], cents: 0, emailVerified: c.emailVerified };
      entry.ids.push(c.id);
      entry.cents += c.amountCents;
      byStaff.set(c.proStaffId, entry);
    }
    const staffIds = [...byStaff.keys()];
    // An account receives payouts only once its email is confirmed (issue 25, decision record 027): it may have changed
    // its address since it connected its payout account.
    const unconfirmed = staffIds.filter((id) => !byStaff.get(id)!.emailVerified);
    if (unconfirmed.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${unconfirmed.map((id) => byStaff.get(id)!.name).join(', ')} ${unconfirmed.length === 1 ? 'has' : 'have'} not confirmed ${unconfirmed.length === 1 ? 'their email address' : 'their email addresses'} yet, so payouts cannot be sent. ` +
          'Ask them to confirm it from the email we sent, or mark these commissions paid outside HuntStaff.',
        unconfirmed.map((id) => ({ proStaffId: id, name: byStaff.get(id)!.name, emailVerified: false })),
      );
    }
    const accounts = new Map((await repo.accountsOf(tx, staffIds)).map((a) => [a.proStaffId, a]));
    const notReady = staffIds.filter((id) => accountStateOf(accounts.get(id) ?? null) !== 'ready');
    if (notReady.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${notReady.map((id) => byStaff.get(id)!.name).join(', ')} ${notReady.length === 1 ? 'has' : 'have'} no payout account ready to receive payments yet. ` +
          'Ask them to connect one on their dashboard, or mark these commissions paid outside HuntStaff.',
        notReady.map((id) => ({ proStaffId: id, name: byStaff.get(id)!.name, accountState: accountStateOf(accounts.get(id) ?? null) })),
      );
    }
    // Clawbacks: each pro staffer's outstanding negative entries in this currency come off this transfer.
    for (const entry of await repo.lockOutstandingNegatives(tx, user.businessId, staffIds, currency)) {
      const staff = byStaff.get(entry.proStaffId)!;
      staff.ids.push(entry.id);
      staff.cents += entry.amountCents;
    }
    const nothingToPay = staffIds.filter((id) => byStaff.get(id)!.cents <= 0);
    if (nothingToPay.length > 0) {
      throw new AppError(
        'CONFLICT',
        nothingToPay
          .map((id) => `${byStaff.get(id)!.name}'s balance after refunds is ${money(byStaff.get(id)!.cents, currency)}: nothing to transfer until new commissions cover it.`)
          .join(' '),
        nothingToPay.map((id) => ({ proStaffId: id, netCents: byStaff.get(id)!.cents })),
      );
    }
    const items = staffIds.map((id) => ({ proStaffId: id, amountCents: byStaff.get(id)!.cents, commissionIds: byStaff.get(id)!.ids }));
    const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
    const minimum = minimumCharge(currency);
    if (minimum !== null && amountCents < minimum) {
      throw new AppError(
        'VALIDATION',
        `This payout comes to ${money(amountCents, currency)}, under the smallest card charge the payment provider accepts in ${currency} (${money(minimum, currency)}). ` +
          'Pay it together with more commissions, or mark it paid outside HuntStaff.',
        [{ path: 'commissionIds', message: `At least ${money(minimum, currency)} in total` }],
      );
    }
    const id = await repo.insertPayout(tx, { businessId: user.businessId, key: randomUUID(), currency, amountCents, stripePaymentMethodId: paymentMethod.id, stripeCustomerId: paymentMethod.customerId }, items);
    // The ledger locks what the payout pays (decision record 036): each transfer is the sum of what was moved for that pro staffer.
    const moved = await ledger.moveIntoPayout(tx, id, items.flatMap((item) => item.commissionIds), now);
    for (const item of items) {
      const sum = item.commissionIds.reduce((total, commissionId) => total + (moved.get(commissionId) ?? 0), 0);
      if (sum !== item.amountCents) throw new Error(`payout ${id}: pro staffer ${item.proStaffId} would be sent ${item.amountCents} but ${sum} was moved`);
    }
    const inline = items.length <= payoutTuning.inlineItems;
    const runAt = inline ? new Date(now.getTime() + RECOVERY_DELAY_MS) : now;
    await ctx.tasks.enqueue(tx, PROCESS_PAYOUT_TASK, { payload: { payoutId: id }, runAt, dedupeKey: `payout:${id}` });
    return { id, inline };
  });
  ctx.log.info({ payoutId: payoutId.id, businessId: user.businessId, commissions: commissionIds.length }, 'payout created');
  if (payoutId.inline) {
    try {
      await processPayout(ctx, payoutId.id);
    } catch (error) {
      // Stripe unreachable or a crash-like failure: the payout stays processing and the recovery task finishes it.
      ctx.log.error({ err: error, payoutId: payoutId.id }, 'payout processing interrupted; the background task will finish it');
    }
  }
  return (await payoutOf(ctx, payoutId.id))!;
}

function assertOwn(user: BusinessUser, ids: number[], found: { id: number; businessId: number }[]): void {
  const known = new Set(found.map((c) => c.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `Commission not found: ${missing.join(', ')}`, { commissionIds: missing });
  if (found.some((c) => c.businessId !== user.businessId)) throw forbidden('You can only pay your own business’s commissions');
}

/**
 * The card the business saved with Stripe: the customer's default payment method, else its live subscription's
 * (a subscription saves the card there: `save_default_payment_method: on_subscription`).
 */
async function savedCardOf(ctx: AppContext, user: BusinessUser): Promise<{ id: string; customerId: string }> {
  const customerId = await stripeCustomerIdOf(ctx, user.id);
  const noCard = new AppError('VALIDATION', 'No saved card: add a card by subscribing on the Subscription page to pay through HuntStaff, or mark the commissions paid outside HuntStaff.');
  if (!customerId) throw noCard;
  const stripe = stripeFor(ctx.config);
  try {
    const customer = await stripe.customers.retrieve(customerId);
    const fromCustomer = 'deleted' in customer && customer.deleted ? null : idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
    if (fromCustomer) return { id: fromCustomer, customerId };
    const live = await liveSubscriptionIdOf(ctx, user.id);
    if (live) {
      const subscription = await stripe.subscriptions.retrieve(live);
      const fromSubscription = idOf(subscription.default_payment_method);
      if (fromSubscription) return { id: fromSubscription, customerId };
    }
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'stripe saved card lookup failed');
    throw paymentProviderError(error);
  }
  throw noCard;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** Whether Stripe answered for good (a retry with the same key gets the same answer), as opposed to being unreachable. */
const isFinal = (error: unknown) =>
  error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError;

/** A reason the business can read; Stripe's card messages are meant for the payer. */
function reasonOf(error: unknown, what: 'charge' | 'transfer'): string {
  if (error instanceof Stripe.errors.StripeCardError) return `The card was declined: ${error.message}`;
  if (error instanceof Stripe.errors.StripeError && error.code === 'balance_insufficient') return 'The transfer failed: the platform balance was insufficient. The amount was refunded to your card.';
  if (error instanceof Stripe.errors.StripeError && error.code === 'insufficient_capabilities_for_transfer') {
    return 'The transfer failed: the pro staffer’s payout account cannot receive transfers right now. The amount was refunded to your card.';
  }
  return what === 'charge' ? 'The payment provider refused the charge.' : 'The transfer failed at the payment provider. The amount was refunded to your card.';
}

/**
 * Moves the money of a processing payout; run right after Pay now and by the recovery task. Every Stripe call carries
 * an idempotency key derived from the payout's random key, so running this again (a retry, two workers) repeats no
 * charge and no transfer: Stripe answers the first result again. A final refusal is recorded; an unreachable Stripe
 * throws and the task retries later.
 */
export async function processPayout(ctx: AppContext, payoutId: number, now = () => new Date()): Promise<void> {
  let payout = await repo.findPayout(ctx.db, payoutId);
  if (!payout || payout.status !== 'processing') return;
  const stripe = stripeFor(ctx.config);
  const items = await repo.itemsToProcess(ctx.db, payoutId);
  const transferGroup = `payout_${payout.key}`;

  if (!payout.stripeChargeId) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount: payout.amountCents,
          currency: payout.currency.toLowerCase(),
          customer: payout.stripeCustomerId,
          payment_method: payout.stripePaymentMethodId,
          confirm: true,
          off_session: true,
          transfer_group: transferGroup,
          description: `HuntStaff payout #${payout.id} (${items.length} pro staff)`,
          metadata: { payoutId: String(payout.id), businessId: String(payout.businessId) },
        },
        { idempotencyKey: `payout:${payout.key}:charge` },
      );
    } catch (error) {
      if (!isFinal(error)) throw error;
      await failWhole(ctx, payoutId, reasonOf(error, 'charge'), now());
      return;
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      await failWhole(ctx, payoutId, intent.status === 'requires_action'
        ? 'Your bank asks you to confirm this payment, which cannot be done while you are away. Pay again from a card that does not need confirmation.'
        : `The charge did not go through (${intent.status}).`, now());
      return;
    }
    await repo.recordCharge(ctx.db, payoutId, { stripePaymentIntentId: intent.id, stripeChargeId: idOf(intent.latest_charge) });
    payout = (await repo.findPayout(ctx.db, payoutId))!;
  }

  const charged = payout;
  await inBatches(items.filter((i) => i.status === 'pending'), payoutTuning.transfersAtOnce, async (item) => {
    const payout = charged;
    try {
      if (!item.stripeAccountId) throw new AppError('CONFLICT', 'No payout account');
      const transfer = await stripe.transfers.create(
        {
          amount: item.amountCents,
          currency: payout.currency.toLowerCase(),
          destination: item.stripeAccountId,
          transfer_group: transferGroup,
          source_transaction: payout.stripeChargeId!,
          metadata: { payoutId: String(payout.id), proStaffId: String(item.proStaffId) },
        },
        { idempotencyKey: `payout:${payout.key}:transfer:${item.proStaffId}` },
      );
      await ctx.db.transaction((tx) => transferLanded(tx, payoutId, item.proStaffId, transfer.id, now()));
    } catch (error) {
      if (!isFinal(error) && !(error instanceof AppError)) throw error;
      // The card was charged for this share: give it back, then release the commissions.
      const refund = await stripe.refunds.create(
        { payment_intent: payout.stripePaymentIntentId!, amount: item.amountCents, metadata: { payoutId: String(payout.id), proStaffId: String(item.proStaffId) } },
        { idempotencyKey: `payout:${payout.key}:refund:${item.proStaffId}` },
      );
      await ctx.db.transaction((tx) => itemFailed(tx, payoutId, item.proStaffId, reasonOf(error, 'transfer'), refund.id, now()));
    }
  });
  await finish(ctx, payoutId, now());
}

/**
 * A transfer landed: its item is marked paid and what was moved for that pro staffer is paid in the ledger, both or
 * neither, and nothing when the item was no longer pending (another run got there first). One statement marks the
 * item and locks the commissions; the ledger then decides and appends.
 */
export async function transferLanded(tx: Database, payoutId: number, proStaffId: number, transferId: string, now: Date): Promise<void> {
  const paid = await ledger.transferLanded(tx, payoutId, proStaffId, now, repo.markItemPaidClaim(payoutId, proStaffId, transferId));
  // Announced once: the claim above marks the item paid at most once, and nothing is settled when it did not.
  if (paid.length > 0) await announcePayoutItem(tx, 'payout.paid', payoutId, proStaffId, paid, { transferId, failureReason: null });
}

/** Runs `work` on every item, `atOnce` at a time (Stripe allows about 100 requests a second); the first error is thrown after all settle. */
async function inBatches<T>(items: T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}

/** The item says why, and what was moved for it is unpaid again (the ledger folds back refunds that came meanwhile). */
async function itemFailed(tx: Database, payoutId: number, proStaffId: number, reason: string, refundId: string | null, now: Date): Promise<void> {
  if (!(await repo.markItemFailed(tx, payoutId, proStaffId, reason, refundId))) return;
  const released = await ledger.transferFailed(tx, payoutId, proStaffId, now);
  if (released.length > 0) await announcePayoutItem(tx, 'payout.failed', payoutId, proStaffId, released, { transferId: null, failureReason: reason });
}

/** The outgoing webhook of one pro staffer's share of a payout (decision record 044), in the transaction that decided it. */
async function announcePayoutItem(tx: Database, type: 'payout.paid' | 'payout.failed', payoutId: number, proStaffId: number, rows: { businessId: number; currency: string; amountCents: number; id: number }[], extra: { transferId: string | null; failureReason: string | null }): Promise<void> {
  await recordOutgoingEvent(tx, rows[0].businessId, type, {
    payoutId, proStaffId, currency: rows[0].currency, amountMinor: rows.reduce((sum, row) => sum + row.amountCents, 0),
    commissionIds: rows.map((row) => row.id), ...extra,
  });
}

/** The charge was refused: nothing moved, every commission is payable again. */
async function failWhole(ctx: AppContext, payoutId: number, reason: string, now: Date): Promise<void> {
  const finished = await ctx.db.transaction(async (tx) => {
    for (const item of await repo.itemsToProcess(tx, payoutId)) await itemFailed(tx, payoutId, item.proStaffId, reason, null, now);
    if (!(await repo.finishPayout(tx, payoutId, 'failed', reason, now))) return false;
    await queuePayoutMails(ctx, tx, payoutId);
    return true;
  });
  if (!finished) return;
  ctx.log.warn({ payoutId }, 'payout failed: charge refused');
  await publishPayoutEvents(ctx, payoutId);
}

async function finish(ctx: AppContext, payoutId: number, now: Date): Promise<void> {
  const items = await repo.itemsToProcess(ctx.db, payoutId);
  const paid = items.filter((i) => i.status === 'paid').length;
  const status = paid === items.length ? 'paid' : paid === 0 ? 'failed' : 'partial';
  const reason = status === 'paid' ? null : status === 'failed' ? 'Every transfer failed; the charge was refunded to your card.' : 'Some transfers failed and were refunded to your card; see each pro staffer.';
  const finished = await ctx.db.transaction(async (tx) => {
    if (!(await repo.finishPayout(tx, payoutId, status, reason, now))) return false;
    await queuePayoutMails(ctx, tx, payoutId);
    return true;
  });
  if (!finished) return;
  ctx.log.info({ payoutId, status }, 'payout finished');
  await publishPayoutEvents(ctx, payoutId);
}
