import Stripe from 'stripe';
import type { SessionUser } from '@shared/contracts/auth';
import type { PayoutAccount, PayoutAccountLink, PayoutAccountState } from '@shared/contracts/payouts';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { publishBestEffort } from '@server/lib/publish';
import { isStripeConfigured, paymentProviderError, stripeFor, verifiedStripeEvent } from '@server/modules/billing/stripe-client';
import { isStripeEventProcessed, markStripeEventProcessed } from '@server/modules/billing/service';
import * as repo from './repository';

type ProStaffUser = SessionUser & { proStaffId: number };

/** The one place an account's state is decided (decision record 025). */
export function accountStateOf(row: repo.AccountState | null): PayoutAccountState {
  if (!row) return 'not_connected';
  if (row.payoutsEnabled && row.transfersActive) return 'ready';
  return row.detailsSubmitted ? 'restricted' : 'details_needed';
}

export async function getAccount(ctx: AppContext, user: ProStaffUser): Promise<PayoutAccount> {
  const row = await repo.findAccount(ctx.db, user.proStaffId);
  return {
    configured: isStripeConfigured(ctx.config),
    state: accountStateOf(row),
    detailsSubmitted: row?.detailsSubmitted ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    requirementsDue: row?.requirementsDue ?? 0,
    disabledReason: row?.disabledReason ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * A link to Stripe's hosted onboarding: creates the pro staffer's Express account the first time (one per pro staffer:
 * the idempotency key names the account holder, so a double click shares one account). An onboarded account gets an
 * onboarding link too, which collects whatever Stripe says is due: Stripe refuses `account_update` links for Express
 * accounts.
 */
export async function createAccountLink(ctx: AppContext, user: ProStaffUser): Promise<PayoutAccountLink> {
  const stripe = stripeFor(ctx.config);
  try {
    let account = await repo.findAccount(ctx.db, user.proStaffId);
    if (!account) {
      const owner = (await repo.proStaffOwner(ctx.db, user.proStaffId))!;
      const created = await stripe.accounts.create(
        {
          type: 'express',
          email: owner.email,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { proStaffId: String(user.proStaffId), userId: String(user.id) },
        },
        { idempotencyKey: `payout-account:${user.id}-${owner.createdAt.getTime()}` },
      );
      account = await repo.saveAccount(ctx.db, user.proStaffId, created.id);
    }
    const base = `${appOrigin(ctx.config)}/pro-staff-dashboard`;
    const link = await stripe.accountLinks.create({
      account: account.stripeAccountId,
      type: 'account_onboarding',
      refresh_url: `${base}?payout-account=refresh`,
      return_url: `${base}?payout-account=return`,
    });
    return { url: link.url };
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.error({ err: error, proStaffId: user.proStaffId }, 'stripe payout account link failed');
    throw paymentProviderError(error);
  }
}

export type ConnectWebhookResult = { received: true; duplicate?: true; ignored?: true };

/** Verifies an event sent to the Connect endpoint, with that endpoint's own signing secret. */
export function verifyConnectEvent(ctx: AppContext, rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
  return verifiedStripeEvent(rawBody, signature, {
    secret: ctx.config.stripe.connectWebhookSecret,
    what: 'Stripe Connect webhooks',
    variable: 'STRIPE_CONNECT_WEBHOOK_SECRET',
  });
}

/**
 * `account.updated` says an account changed; as for subscriptions (decision record 014), the account is retrieved and
 * its current state applied, so events arriving out of order never leave a stale state. Other types, accounts that
 * are not ours and accounts Stripe no longer shows us are answered 200 and recorded.
 */
export async function handleConnectEvent(ctx: AppContext, event: Stripe.Event): Promise<ConnectWebhookResult> {
  const accountId = event.type === 'account.updated' ? (event.data.object as Stripe.Account).id : null;
  if (!accountId) {
    return (await markStripeEventProcessed(ctx.db, event.id, event.type)) ? { received: true, ignored: true } : { received: true, duplicate: true };
  }
  if (await isStripeEventProcessed(ctx.db, event.id)) return { received: true, duplicate: true };
  const account = await currentAccount(ctx, accountId);
  const owner = await ctx.db.transaction(async (tx) => {
    if (!(await markStripeEventProcessed(tx, event.id, event.type))) return 'duplicate' as const;
    if (!account) return null;
    return repo.applyAccountState(tx, account.id, {
      detailsSubmitted: account.details_submitted ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      transfersActive: account.capabilities?.transfers === 'active',
      disabledReason: account.requirements?.disabled_reason ?? null,
      requirementsDue: account.requirements?.currently_due?.length ?? 0,
    });
  });
  if (owner === 'duplicate') return { received: true, duplicate: true };
  if (!owner) {
    ctx.log.warn({ eventId: event.id }, 'stripe account event for an account that is not ours ignored');
    return { received: true, ignored: true };
  }
  await publishBestEffort(ctx, { userId: owner.userId, event: { type: 'payout-account.updated', data: {} } });
  return { received: true };
}

async function currentAccount(ctx: AppContext, accountId: string): Promise<Stripe.Account | null> {
  try {
    return await stripeFor(ctx.config).accounts.retrieve(accountId);
  } catch (error) {
    // An account we cannot see (deauthorized, or never ours) is answered as 403/404 by Stripe: nothing to apply.
    if (error instanceof Stripe.errors.StripeError && (error.statusCode === 403 || error.statusCode === 404)) return null;
    ctx.log.error({ err: error }, 'stripe account retrieve failed; Stripe will retry the event');
    throw paymentProviderError(error);
  }
}
