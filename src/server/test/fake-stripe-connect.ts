import { createHmac } from 'node:crypto';
import fs from 'node:fs';

/**
 * The Connect half of the fake Stripe (decision records 014, 025): Express accounts, account links, off-session
 * PaymentIntents on a saved card, transfers to connected accounts and refunds. Shapes start from Stripe's published
 * fixtures (tests/fixtures/stripe, from stripe/openapi `fixtures3.json`); parameter lists are the SDK's
 * `*CreateParams` (generated from Stripe's OpenAPI description). Refuses what Stripe refuses for these calls:
 * missing required parameters, `account_update` links for Express accounts, `off_session` without `confirm`,
 * charges under the currency's minimum, a PaymentMethod of another customer, declined test cards (402 `card_error`),
 * transfers to accounts whose `transfers` capability is not active, more than the source charge holds, and failures
 * a test asks for (`balance_insufficient`). Test-only.
 */
import { amountTooSmall, errorReply, FakePaymentMethods, invalid, invalidParams, missingParam, type NestedParams, type Reply } from './fake-stripe-rules';

type Json = Record<string, any>;

const fixtureDir = new URL('../../../tests/fixtures/stripe/', import.meta.url);
const fixture = (name: string): Json => JSON.parse(fs.readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
const templates = {
  account: fixture('account'),
  accountLink: fixture('account_link'),
  paymentIntent: fixture('payment_intent'),
  transfer: fixture('transfer'),
  refund: fixture('refund'),
};

/** Top-level parameters of each Connect call (the SDK's AccountCreateParams, TransferCreateParams, …). */
export const connectParams: Record<string, string[]> = {
  'POST /v1/accounts': [
    'account_token', 'business_profile', 'business_type', 'capabilities', 'company', 'controller', 'country', 'default_currency', 'documents',
    'email', 'expand', 'external_account', 'groups', 'individual', 'metadata', 'settings', 'tos_acceptance', 'type',
  ],
  'GET /v1/accounts/:id': ['expand'],
  'POST /v1/account_links': ['account', 'type', 'collect', 'collection_options', 'expand', 'refresh_url', 'return_url'],
  'POST /v1/payment_intents': [
    'amount', 'currency', 'allowed_payment_method_types', 'amount_details', 'application_fee_amount', 'automatic_payment_methods', 'capture_method',
    'confirm', 'confirmation_method', 'confirmation_token', 'customer', 'customer_account', 'description', 'error_on_requires_action',
    'excluded_payment_method_types', 'expand', 'hooks', 'mandate', 'mandate_data', 'metadata', 'off_session', 'on_behalf_of', 'payment_details',
    'payment_method', 'payment_method_configuration', 'payment_method_data', 'payment_method_options', 'radar_options', 'receipt_email',
    'return_url', 'setup_future_usage', 'shipping', 'statement_descriptor', 'statement_descriptor_suffix', 'transfer_data', 'transfer_group',
    'use_stripe_sdk',
  ],
  'GET /v1/payment_intents/:id': ['client_secret', 'expand'],
  'POST /v1/transfers': ['currency', 'destination', 'amount', 'description', 'expand', 'metadata', 'source_transaction', 'source_type', 'transfer_group'],
  'POST /v1/refunds': [
    'amount', 'charge', 'currency', 'customer', 'expand', 'instructions_email', 'metadata', 'origin', 'payment_intent', 'reason',
    'refund_application_fee', 'reverse_transfer',
  ],
};

/** What Stripe's declining test cards answer; the other test cards (fake-stripe-rules.ts) work. */
const declines: Record<string, { decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** Keys of the hash parameters the app sends to the Connect calls (the SDK's nested `*CreateParams` types). */
export const connectNestedParams: Record<string, Record<string, NestedParams>> = {
  'POST /v1/accounts': { capabilities: { '*': { requested: true } } },
};

const missingResource = (kind: string, id: string, param?: string) =>
  errorReply(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });
const ok = (body: Json): Reply => ({ status: 200, body });
const now = () => Math.floor(Date.now() / 1000);
const positiveInteger = (value: unknown) => typeof value === 'string' && /^\d+$/.test(value) && Number(value) > 0;
const notPositiveInteger = (param: string) => invalidParams('Invalid positive integer', param, 'parameter_invalid_integer');

export class FakeConnect {
  readonly accounts = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly charges = new Map<string, { id: string; amount: number; currency: string; transferred: number; refunded: number; paymentIntent: string }>();
  readonly transfers = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  /** Transfers to these accounts fail with the given error code (e.g. `balance_insufficient`) until deleted. */
  readonly failingTransfers = new Map<string, string>();
  /** Cards attached to customers (`fake.saveCard`, a confirmed intent): a PaymentIntent may only use a customer's own. */
  readonly paymentMethods: FakePaymentMethods;

  constructor(private readonly id: (prefix: string) => string) {
    this.paymentMethods = new FakePaymentMethods(id);
  }

  route(routeKey: string, pathId: string | undefined, body: Json, customers: Map<string, Json>): Reply {
    switch (routeKey) {
      case 'POST /v1/accounts':
        return this.createAccount(body);
      case 'GET /v1/accounts/:id': {
        const account = this.accounts.get(pathId!);
        // Stripe answers an account the platform cannot see with a permission error, not a 404.
        if (!account) return errorReply(403, 'invalid_request_error', `The provided key does not have access to account '${pathId}' (or that account does not exist). Application access may have been revoked.`, { code: 'account_invalid' });
        return ok(structuredClone(account));
      }
      case 'POST /v1/account_links':
        return this.createAccountLink(body);
      case 'POST /v1/payment_intents':
        return this.createPaymentIntent(body, customers);
      case 'GET /v1/payment_intents/:id': {
        const intent = this.paymentIntents.get(pathId!);
        return intent ? ok(structuredClone(intent)) : missingResource('payment_intent', pathId!);
      }
      case 'POST /v1/transfers':
        return this.createTransfer(body);
      case 'POST /v1/refunds':
        return this.createRefund(body);
      default:
        return errorReply(404, 'invalid_request_error', `Unrecognized request URL (${routeKey}).`);
    }
  }

  /** What finishing Stripe's hosted onboarding does: the account can take charges, transfers and payouts. */
  completeOnboarding(accountId: string): Json {
    const account = this.accounts.get(accountId)!;
    const capabilities = Object.fromEntries(Object.keys(account.capabilities).map((name) => [name, 'active']));
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true, capabilities });
    account.requirements = { ...account.requirements, currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
    return structuredClone(account);
  }

  /** Stripe restricting an onboarded account (e.g. a verification document became due). */
  restrict(accountId: string, due = ['individual.verification.document']): Json {
    const account = this.accounts.get(accountId)!;
    const capabilities = Object.fromEntries(Object.keys(account.capabilities).map((name) => [name, 'inactive']));
    Object.assign(account, { charges_enabled: false, payouts_enabled: false, capabilities });
    account.requirements = { ...account.requirements, currently_due: due, past_due: due, disabled_reason: 'requirements.past_due' };
    return structuredClone(account);
  }

  private createAccount(body: Json): Reply {
    const type = body.type ?? (body.controller ? undefined : 'standard');
    if (type !== 'express') return invalidParams('This fake Stripe models Express accounts only: send type=express.', 'type');
    const requested = Object.entries((body.capabilities ?? {}) as Json).filter(([, value]) => value?.requested === 'true').map(([name]) => name);
    if (!requested.includes('transfers')) {
      return invalidParams('Express accounts must request the `transfers` capability (capabilities[transfers][requested]=true).', 'capabilities');
    }
    const id = this.id('acct');
    const account: Json = {
      ...structuredClone(templates.account), id, type: 'express', created: now(), email: body.email ?? null, metadata: body.metadata ?? {},
      country: body.country ?? 'US', charges_enabled: false, payouts_enabled: false, details_submitted: false,
      capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])),
      controller: { fees: { payer: 'application' }, is_controller: true, losses: { payments: 'application' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'express' }, type: 'application' },
      external_accounts: { ...templates.account.external_accounts, url: `/v1/accounts/${id}/external_accounts` },
    };
    this.accounts.set(id, account);
    return ok(structuredClone(account));
  }

  private createAccountLink(body: Json): Reply {
    for (const param of ['account', 'type']) if (!body[param]) return missingParam(param);
    const account = this.accounts.get(body.account);
    if (!account) return missingResource('account', body.account, 'account');
    if (!['account_onboarding', 'account_update'].includes(body.type)) return invalidParams(`Invalid type: must be one of account_onboarding or account_update`, 'type');
    if (body.type === 'account_update' && account.controller?.stripe_dashboard?.type === 'express') {
      return invalid('You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted Dashboard.', 'type');
    }
    // Stripe requires both URLs to be absolute URLs.
    for (const param of ['refresh_url', 'return_url']) {
      if (!body[param]) return missingParam(param);
      if (!/^https?:\/\/[^\s]+$/.test(body[param])) return invalidParams('Not a valid URL', param, 'url_invalid');
    }
    const created = now();
    return ok({ ...structuredClone(templates.accountLink), created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${account.id}/${this.id('link')}` });
  }

  private createPaymentIntent(body: Json, customers: Map<string, Json>): Reply {
    if (!body.amount) return missingParam('amount');
    if (!body.currency) return missingParam('currency');
    if (!positiveInteger(body.amount)) return notPositiveInteger('amount');
    const currency = String(body.currency).toLowerCase();
    const tooSmall = amountTooSmall(Number(body.amount), currency);
    if (tooSmall) return tooSmall;
    if (body.off_session !== undefined && body.confirm !== 'true') {
      return invalidParams('You may only specify `off_session` when confirming this PaymentIntent (with `confirm=true`).', 'off_session');
    }
    if (body.customer && !customers.has(body.customer)) return missingResource('customer', body.customer, 'customer');
    const paymentMethod = body.payment_method as string | undefined;
    const card = paymentMethod ? this.paymentMethods.cardOf(paymentMethod) : null;
    if (paymentMethod && !card) return missingResource('PaymentMethod', paymentMethod, 'payment_method');
    const notOwned = paymentMethod ? this.paymentMethods.ownershipRefusal(paymentMethod, body.customer) : null;
    if (notOwned) return notOwned;
    const id = this.id('pi');
    const intent: Json = {
      ...structuredClone(templates.paymentIntent), id, client_secret: `${id}_secret_${this.id('s')}`, created: now(), amount: Number(body.amount),
      amount_received: 0, currency, customer: body.customer ?? null, description: body.description ?? null,
      metadata: body.metadata ?? {}, payment_method: paymentMethod ?? null, transfer_group: body.transfer_group ?? null, transfer_data: null,
      canceled_at: null, last_payment_error: null, latest_charge: null, next_action: null, processing: null, status: 'requires_payment_method',
    };
    if (paymentMethod) intent.status = 'requires_confirmation';
    if (body.confirm === 'true') {
      if (!paymentMethod) return invalid('You cannot confirm this PaymentIntent because it\'s missing a payment method.', 'payment_method', 'payment_intent_unexpected_state');
      const decline = declines[card!];
      const chargeId = this.id('ch');
      intent.latest_charge = chargeId;
      if (decline) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code: 'card_declined', ...decline, charge: chargeId, payment_method: { id: paymentMethod, object: 'payment_method' } };
        this.paymentIntents.set(id, intent);
        return errorReply(402, 'card_error', decline.message, { code: 'card_declined', decline_code: decline.decline_code, charge: chargeId, payment_intent: structuredClone(intent) });
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      this.charges.set(chargeId, { id: chargeId, amount: intent.amount, currency: intent.currency, transferred: 0, refunded: 0, paymentIntent: id });
    }
    this.paymentIntents.set(id, intent);
    return ok(structuredClone(intent));
  }

  private createTransfer(body: Json): Reply {
    for (const param of ['currency', 'destination', 'amount']) if (!body[param]) return missingParam(param);
    if (!positiveInteger(body.amount)) return notPositiveInteger('amount');
    const amount = Number(body.amount);
    const currency = String(body.currency).toLowerCase();
    const account = this.accounts.get(body.destination);
    if (!account) return missingResource('destination', body.destination, 'destination');
    if (account.capabilities?.transfers !== 'active') {
      return invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'destination', 'insufficient_capabilities_for_transfer');
    }
    const failure = this.failingTransfers.get(account.id);
    if (failure === 'balance_insufficient') {
      return invalid('You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.', undefined, 'balance_insufficient');
    }
    if (failure) return invalid(`The transfer could not be made (${failure}).`, undefined, failure);
    if (body.source_transaction) {
      const charge = this.charges.get(body.source_transaction);
      if (!charge) return missingResource('charge', body.source_transaction, 'source_transaction');
      if (charge.currency !== currency) return invalid(`The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency})`, 'currency');
      if (charge.transferred + charge.refunded + amount > charge.amount) {
        return invalid(`Amount must be no more than ${charge.amount - charge.transferred - charge.refunded} (the source transaction's remaining amount).`, 'amount', 'amount_too_large');
      }
      charge.transferred += amount;
    }
    const id = this.id('tr');
    const transfer = {
      ...structuredClone(templates.transfer), id, created: now(), amount, currency, destination: account.id, destination_payment: this.id('py'),
      balance_transaction: this.id('txn'), description: body.description ?? null, metadata: body.metadata ?? {},
      source_transaction: body.source_transaction ?? null, transfer_group: body.transfer_group ?? null,
      reversals: { ...templates.transfer.reversals, url: `/v1/transfers/${id}/reversals` },
    };
    this.transfers.set(id, transfer);
    return ok(structuredClone(transfer));
  }

  private createRefund(body: Json): Reply {
    const intent = body.payment_intent ? this.paymentIntents.get(body.payment_intent) : undefined;
    if (!body.payment_intent && !body.charge) return invalidParams('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
    if (body.payment_intent && !intent) return missingResource('payment_intent', body.payment_intent, 'payment_intent');
    const charge = this.charges.get(body.charge ?? intent?.latest_charge);
    if (!charge) return invalid('This PaymentIntent does not have a successful charge to refund.', 'payment_intent', 'charge_not_refundable');
    if (charge.refunded >= charge.amount) return invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = body.amount === undefined ? charge.amount - charge.refunded : Number(body.amount);
    if (!positiveInteger(String(amount)) || charge.refunded + amount > charge.amount) {
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.refunded})`, 'amount', 'amount_too_large');
    }
    charge.refunded += amount;
    const refund = {
      ...structuredClone(templates.refund), id: this.id('re'), created: now(), amount, currency: charge.currency, charge: charge.id,
      payment_intent: charge.paymentIntent, metadata: body.metadata ?? {}, reason: body.reason ?? null, status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return ok(structuredClone(refund));
  }
}

/** Stripe's `Stripe-Signature` header: `t=<seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}
