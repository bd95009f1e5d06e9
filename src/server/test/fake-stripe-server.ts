import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectNestedParams, connectParams, FakeConnect, signPayload } from './fake-stripe-connect';
import { errorReply, invalid, invalidParams, missingParam, unknownParameter, type NestedParams, type Reply } from './fake-stripe-rules';
import { listTransfers, reverseTransfer, transferBehindTheApp, transferReadParams } from './fake-stripe-transfers';
import { FakeInvoices, invoiceNestedParams, invoiceParams, subscriptionUpdateItems } from './fake-stripe-invoices';

/**
 * A local stand-in for the parts of the Stripe API the app calls, so tests run the real `stripe` SDK
 * over HTTP (host/port/protocol options) without network access. It is meant to be as strict as
 * Stripe for those calls (decision record 014): it checks the API key, refuses unknown parameters (nested
 * ones too, for the hashes the app sends), idempotency-key reuse with other parameters (a refusal in
 * parameter validation saves nothing for the key, as Stripe does), a second price with the same lookup
 * key, a trial end in the past and changes to canceled subscriptions, and returns related objects as ids
 * unless they are listed in `expand`. Objects start from Stripe's published fixtures (tests/fixtures/stripe), and
 * errors use Stripe's `{ error: { type, code?, message, param? } }` shape. Test-only.
 */
export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, unknown> };

type Json = Record<string, any>;

const fixtureDir = new URL('../../../tests/fixtures/stripe/', import.meta.url);
const fixture = (name: string): Json => JSON.parse(fs.readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
const templates = {
  customer: fixture('customer'),
  price: fixture('price'),
  subscription: fixture('subscription'),
  invoice: fixture('invoice'),
  paymentIntent: fixture('payment_intent'),
  setupIntent: fixture('setup_intent'),
  event: fixture('event'),
};

const confirmParams = [
  'client_secret', 'expand', 'expected_payment_method_type', 'key', 'mandate_data', 'payment_method', 'payment_method_data',
  'payment_method_options', 'return_url', 'setup_future_usage', 'use_stripe_sdk',
];

/** Top-level parameters Stripe accepts on each call the app makes (from the API reference / OpenAPI spec). */
const allowedParams: Record<string, string[]> = {
  'POST /v1/customers': [
    'address', 'balance', 'business_name', 'cash_balance', 'description', 'email', 'expand', 'individual_name', 'invoice_prefix',
    'invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'payment_method', 'phone', 'preferred_locales', 'shipping',
    'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock', 'validate',
  ],
  'GET /v1/prices': ['active', 'created', 'currency', 'ending_before', 'expand', 'limit', 'lookup_keys', 'product', 'recurring', 'starting_after', 'type'],
  'POST /v1/prices': [
    'active', 'billing_scheme', 'currency', 'currency_options', 'custom_unit_amount', 'expand', 'lookup_key', 'metadata', 'nickname',
    'product', 'product_data', 'recurring', 'tax_behavior', 'tiers', 'tiers_mode', 'transfer_lookup_key', 'transform_quantity',
    'unit_amount', 'unit_amount_decimal',
  ],
  'POST /v1/subscriptions': [
    'add_invoice_items', 'application_fee_percent', 'automatic_tax', 'backdate_start_date', 'billing_cycle_anchor', 'billing_cycle_anchor_config',
    'billing_mode', 'billing_thresholds', 'cancel_at', 'cancel_at_period_end', 'collection_method', 'currency', 'customer', 'customer_account',
    'days_until_due', 'default_payment_method', 'default_source', 'default_tax_rates', 'description', 'discounts', 'expand',
    'invoice_settings', 'items', 'metadata', 'off_session', 'on_behalf_of', 'payment_behavior', 'payment_settings',
    'pending_invoice_item_interval', 'proration_behavior', 'transfer_data', 'trial_end', 'trial_from_plan', 'trial_period_days', 'trial_settings',
  ],
  'GET /v1/subscriptions/:id': ['expand'],
  'POST /v1/subscriptions/:id': [
    'add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_cycle_anchor', 'billing_thresholds', 'cancel_at',
    'cancel_at_period_end', 'cancellation_details', 'collection_method', 'days_until_due', 'default_payment_method', 'default_source',
    'default_tax_rates', 'description', 'discounts', 'expand', 'invoice_settings', 'items', 'metadata', 'off_session', 'on_behalf_of',
    'pause_collection', 'payment_behavior', 'payment_settings', 'pending_invoice_item_interval', 'proration_behavior', 'proration_date',
    'transfer_data', 'trial_end', 'trial_from_plan', 'trial_settings',
  ],
  'DELETE /v1/subscriptions/:id': ['cancellation_details', 'expand', 'invoice_now', 'prorate'],
  'GET /v1/customers/:id': ['expand'],
  // What Stripe.js sends when the browser confirms a card (with the publishable key and the intent's client secret).
  'POST /v1/payment_intents/:id/confirm': confirmParams,
  'POST /v1/setup_intents/:id/confirm': confirmParams,
  ...connectParams,
  ...transferReadParams,
  ...invoiceParams,
};

/** Keys of the hash parameters the app sends (the SDK's nested `*CreateParams` types); `metadata` takes any. */
const nestedParams: Record<string, Record<string, NestedParams>> = {
  'POST /v1/prices': {
    recurring: { interval: true, interval_count: true, meter: true, trial_period_days: true, usage_type: true },
    product_data: { active: true, id: true, metadata: true, name: true, statement_descriptor: true, tax_code: true, tax_details: true, unit_label: true },
  },
  'POST /v1/subscriptions': {
    items: { '*': { billing_thresholds: true, current_trial: true, discounts: true, metadata: true, plan: true, price: true, price_data: true, quantity: true, tax_rates: true } },
    payment_settings: { payment_method_options: true, payment_method_types: true, save_default_payment_method: true },
    trial_settings: { end_behavior: { billing_cycle_anchor: true, missing_payment_method: true } },
  },
  'POST /v1/subscriptions/:id': { cancellation_details: { comment: true, feedback: true }, items: subscriptionUpdateItems },
  ...connectNestedParams,
  ...invoiceNestedParams,
};

/** The browser's confirmation of a PaymentIntent or SetupIntent (Stripe.js, publishable key). */
const confirmPaths = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)\/confirm$/;

/** Stripe's test card tokens (docs.stripe.com/testing): one that works, one that is declined. */
const testCardTokens: Record<string, 'ok' | 'declined'> = { tok_visa: 'ok', tok_mastercard: 'ok', tok_chargeDeclined: 'declined' };

/** Paths with an id, as `GET /v1/accounts/:id`. */
const idPaths = /^\/v1\/(subscriptions|customers|accounts|payment_intents|invoices|refunds)\/(?!create_preview$)([^/]+)$/;

const missingResource = (kind: string, id: string, param?: string) =>
  errorReply(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });

export class FakeStripeServer {
  readonly secretKey = 'sk_test_fake';
  readonly publishableKey = 'pk_test_fake';
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  /** Stored as Stripe keeps them: related objects by id (see `render` for what a response shows). */
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  /** Makes the next `count` calls (to paths starting with `path`, when given) fail with `status` (the SDK retries, so a real outage is several). */
  failures: { status: number; count: number; path?: string; /** Stripe's `Stripe-Should-Retry` header: false makes the SDK give up at once. */ shouldRetry?: boolean } | null = null;
  /**
   * The next subscription is created with neither a SetupIntent nor a payment secret on its first invoice: what the
   * app must survive if Stripe ever answers so (it has nothing for the card form; record 018).
   */
  nextSubscriptionWithoutSecret = false;
  private readonly idempotency = new Map<string, { fingerprint: string; reply: Reply }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private seq = 0;
  /** Express accounts, account links, PaymentIntents, transfers and refunds (fake-stripe-connect.ts). */
  readonly connect = new FakeConnect((prefix) => this.id(prefix));
  /** Plan-change previews and updates, invoices' payments and the refund reads (fake-stripe-invoices.ts, record 042). */
  readonly billing = new FakeInvoices({
    id: (prefix) => this.id(prefix),
    customers: this.customers,
    prices: this.prices,
    subscriptions: this.subscriptions,
    invoices: this.invoices,
    paymentIntents: this.connect.paymentIntents,
    charges: this.connect.charges,
    refunds: this.connect.refunds,
    cardOf: (paymentMethod) => this.connect.paymentMethods.cardOf(paymentMethod),
  });
  readonly webhookSecret = 'whsec_test_fake';
  /** Stripe gives a Connect endpoint its own signing secret. */
  readonly connectWebhookSecret = 'whsec_test_connect_fake';
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Env for createTestApp: the SDK talks to this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: this.connectWebhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
      ...extra,
    };
  }

  posts(pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith(pathPrefix));
  }

  /** The subscription as `GET /v1/subscriptions/:id` shows it without `expand` (related objects as ids). */
  subscription(id: string): Json {
    return structuredClone(this.render(this.subscriptions.get(id)!, []));
  }

  /** Moves a subscription to another status, as Stripe does when a payment succeeds, fails or a trial ends. */
  setStatus(id: string, status: string): Json {
    const subscription = this.subscriptions.get(id)!;
    subscription.status = status;
    if (status === 'canceled') subscription.canceled_at = subscription.ended_at = Math.floor(Date.now() / 1000);
    return this.subscription(id);
  }

  /**
   * Pays a subscription's open first invoice with the customer's card, as a confirmed card does (a Visa test card
   * when the customer has none): the subscription becomes active. Answers the paid invoice as Stripe shows it.
   */
  paySubscription(id: string): Json {
    const subscription = this.subscriptions.get(id)!;
    const invoice = this.invoices.get(subscription.latest_invoice)!;
    const customer = this.customers.get(subscription.customer)!;
    const card = (customer.invoice_settings?.default_payment_method as string | null) ?? this.saveCard(subscription.customer);
    if (invoice.status !== 'paid') this.billing.pay(invoice, card);
    subscription.status = 'active';
    return this.billing.render(invoice, []);
  }

  /** A refund made in Stripe's dashboard of a payment intent's charge (the app is not told but by webhooks). */
  refundInDashboard(paymentIntent: string, amount?: number): Json {
    const reply = this.connect.route('POST /v1/refunds', undefined, { payment_intent: paymentIntent, ...(amount ? { amount: String(amount) } : {}) }, this.customers);
    if (reply.status !== 200) throw new Error(reply.body.error.message);
    return reply.body;
  }

  /** A webhook event in Stripe's envelope (its published `event` fixture) around `object`. */
  event(type: string, object: Json, created = Math.floor(Date.now() / 1000)): Json {
    return { ...structuredClone(templates.event), id: this.id('evt'), type, created, data: { object: structuredClone(object) } };
  }

  /**
   * Attaches a card to the customer and makes it their default (what a confirmed subscription or SetupIntent leaves
   * behind); answers its id. A test card name (`pm_card_visa`, `pm_card_chargeDeclined`, …) becomes a new
   * PaymentMethod of this customer's that behaves as that card, as attaching one does at Stripe.
   */
  saveCard(customerId: string, paymentMethod = 'pm_card_visa'): string {
    const customer = this.customers.get(customerId)!;
    const attached = this.connect.paymentMethods.attach(customerId, paymentMethod);
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: attached };
    return attached;
  }

  /** Finishes an Express account's hosted onboarding and returns the `account.updated` event Stripe sends for it. */
  completeOnboarding(accountId: string): Json {
    return this.connectEvent('account.updated', this.connect.completeOnboarding(accountId));
  }

  /** Stripe restricting an account (requirements past due) and the `account.updated` event it sends. */
  restrictAccount(accountId: string): Json {
    return this.connectEvent('account.updated', this.connect.restrict(accountId));
  }

  /** An event about a connected account: Connect events name the account they happened on. */
  connectEvent(type: string, object: Json): Json {
    return { ...this.event(type, object), account: object.id };
  }

  /** The body and `Stripe-Signature` header Stripe would send for `event` (same scheme as generateTestHeaderString). */
  signed(event: Json, secret = this.webhookSecret, timestamp?: number): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signPayload(payload, secret, timestamp) };
  }

  /** Delivers `event` to a webhook endpoint over HTTP, signed, as Stripe does; answers the endpoint's status. */
  async deliver(url: string, event: Json, secret = this.webhookSecret): Promise<number> {
    const { payload, signature } = this.signed(event, secret);
    const res = await fetch(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' } });
    await res.arrayBuffer();
    return res.status;
  }

  // ---- transfers changed at Stripe behind the app's back (reconciliation, decision record 037; fake-stripe-transfers.ts) ----

  /** Reverses `amount` (everything left by default) of a transfer, as `POST /v1/transfers/{id}/reversals` does; the app is not told. */
  reverseTransfer(id: string, amount?: number): Json {
    return reverseTransfer(this.connect.transfers, id, (prefix) => this.id(prefix), amount);
  }

  /** A transfer made at Stripe without the app (e.g. from the Dashboard). */
  transferBehindTheApp(values: Parameters<typeof transferBehindTheApp>[2]): Json {
    return transferBehindTheApp(this.connect.transfers, (prefix) => this.id(prefix), values);
  }

  // ---- end of transfers changed behind the app's back ----

  private id(prefix: string) {
    return `${prefix}_fake${++this.seq}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const raw = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
    const body = parseForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path: url.pathname, idempotencyKey, body });

    const send = (reply: Reply, headers: Record<string, string> = {}) => {
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_fake${this.seq}`, ...headers });
      res.end(JSON.stringify(reply.body));
    };
    const confirm = method === 'POST' ? confirmPaths.exec(url.pathname) : null;
    const auth = confirm ? this.checkPublishableKey(body) : this.checkApiKey(req.headers.authorization);
    if (auth) return send(auth);
    if (confirm) return send(this.confirmIntent(confirm[1] as 'payment_intents' | 'setup_intents', confirm[2], body));
    if (this.failures && this.failures.count > 0 && (!this.failures.path || url.pathname.startsWith(this.failures.path))) {
      const { status, shouldRetry } = this.failures;
      this.failures.count -= 1;
      return send(errorReply(status, status === 402 ? 'card_error' : 'api_error', 'Simulated failure'), shouldRetry === undefined ? {} : { 'stripe-should-retry': String(shouldRetry) });
    }
    // Stripe honours idempotency keys on POST only; a key is bound to its first request's endpoint and parameters.
    if (method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${canonical(body)}`).digest('hex');
      const earlier = this.idempotency.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(errorReply(400, 'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`));
      }
      if (earlier) return send(earlier.reply, { 'idempotent-replayed': 'true' });
      const reply = this.route(method, url.pathname, body);
      // Stripe saves the result once the endpoint began executing (a decline too), never a refusal in validation.
      if (reply.status < 500 && !reply.validation) this.idempotency.set(idempotencyKey, { fingerprint, reply });
      return send(reply);
    }
    return send(this.route(method, url.pathname, body));
  }

  private checkApiKey(header: string | undefined): Reply | null {
    const key = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    if (!key) {
      return errorReply(401, 'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.");
    }
    if (key !== this.secretKey) {
      const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
      return errorReply(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`);
    }
    return null;
  }

  /** Stripe.js authenticates with the publishable key, sent as the `key` parameter; a secret key never goes to a browser. */
  private checkPublishableKey(body: Json): Reply | null {
    const key = typeof body.key === 'string' ? body.key : '';
    if (key === this.publishableKey) return null;
    if (!key) return errorReply(401, 'invalid_request_error', 'You did not provide an API key.');
    return errorReply(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
  }

  /**
   * Confirms the intent whose client secret the browser holds, with a card given as a test token, as Stripe does
   * for Stripe.js: a PaymentIntent of a subscription's first invoice pays the invoice and makes the subscription
   * active; a SetupIntent saves the card. Either saves the card as the customer's default. A declined card answers
   * Stripe's 402 `card_error` and changes nothing.
   */
  private confirmIntent(kind: 'payment_intents' | 'setup_intents', id: string, body: Json): Reply {
    const unknown = unknownParameter(body, allowedParams[`POST /v1/${kind}/:id/confirm`]);
    if (unknown) return unknown;
    const secret = typeof body.client_secret === 'string' ? body.client_secret : '';
    if (!secret) return missingParam('client_secret');
    if (!secret.startsWith(`${id}_secret_`)) return invalid('The client_secret provided does not match the client_secret associated with the intent.', 'client_secret');
    const token = body.payment_method_data?.card?.token as string | undefined;
    if (body.payment_method_data?.type !== 'card' || !token) return invalidParams('Missing required param: payment_method_data[card].', 'payment_method_data', 'parameter_missing');
    const outcome = testCardTokens[token];
    if (!outcome) return missingResource('token', token, 'payment_method_data[card][token]');

    const paymentMethod = this.id('pm');
    if (kind === 'setup_intents') {
      const setupIntent = this.setupIntents.get(id);
      if (!setupIntent || setupIntent.client_secret !== secret) return missingResource('setup_intent', id);
      if (setupIntent.status === 'succeeded') return invalid('You cannot confirm this SetupIntent because it has already succeeded.', undefined, 'setup_intent_unexpected_state');
      if (outcome === 'declined') return this.declined('setup_intent', setupIntent);
      Object.assign(setupIntent, { status: 'succeeded', payment_method: paymentMethod });
      this.saveCard(setupIntent.customer, paymentMethod);
      return this.ok(structuredClone(setupIntent));
    }
    const invoice = [...this.invoices.values()].find((candidate) => candidate.confirmation_secret?.client_secret === secret);
    if (!invoice) return missingResource('payment_intent', id);
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription)!;
    if (invoice.status === 'paid') return invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', undefined, 'payment_intent_unexpected_state');
    const paymentIntent = {
      ...structuredClone(templates.paymentIntent), id, client_secret: secret, customer: invoice.customer, amount: invoice.amount_due,
      amount_received: 0, currency: invoice.currency, created: invoice.created, status: 'requires_payment_method', payment_method: null,
    };
    if (outcome === 'declined') return this.declined('payment_intent', paymentIntent);
    subscription.status = 'active';
    this.saveCard(invoice.customer, paymentMethod);
    // Paid: a PaymentIntent and charge that can be refunded, and the invoice's `payments` naming them.
    const paid = this.billing.pay(invoice, paymentMethod, id);
    return this.ok({ ...paymentIntent, status: 'succeeded', amount_received: paid.amount_received, payment_method: paymentMethod });
  }

  private declined(kind: 'payment_intent' | 'setup_intent', intent: Json): Reply {
    const reply = errorReply(402, 'card_error', 'Your card was declined.', { code: 'card_declined' });
    Object.assign(reply.body.error, { decline_code: 'generic_decline', [kind]: { ...structuredClone(intent), status: 'requires_payment_method' } });
    return reply;
  }

  private route(method: string, path: string, body: Json): Reply {
    const withId = idPaths.exec(path);
    const routeKey = `${method} ${withId ? `/v1/${withId[1]}/:id` : path}`;
    const allowed = allowedParams[routeKey];
    if (!allowed) return errorReply(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const unknown = unknownParameter(body, allowed, nestedParams[routeKey]);
    if (unknown) return unknown;
    const expand = Object.values((body.expand ?? {}) as Json).map(String);

    switch (routeKey) {
      case 'POST /v1/customers':
        return this.ok(this.createCustomer(body));
      case 'GET /v1/prices':
        return this.ok(this.listPrices(body));
      case 'POST /v1/prices':
        return this.createPrice(body);
      case 'POST /v1/subscriptions':
        return this.createSubscription(body, expand);
      case 'GET /v1/customers/:id': {
        const customer = this.customers.get(withId![2]);
        return customer ? this.ok(structuredClone(customer)) : errorReply(404, 'invalid_request_error', `No such customer: '${withId![2]}'`, { code: 'resource_missing' });
      }
      case 'GET /v1/subscriptions/:id':
      case 'POST /v1/subscriptions/:id':
      case 'DELETE /v1/subscriptions/:id':
        return this.onSubscription(method, withId![2], body, expand);
      case 'GET /v1/transfers':
        return listTransfers(this.connect.transfers, body);
      default:
        return this.billing.route(routeKey, withId?.[2], body) ?? this.connect.route(routeKey, withId?.[2], body, this.customers);
    }
  }

  private ok(body: Json): Reply {
    return { status: 200, body };
  }

  private createCustomer(body: Json): Json {
    const customer = { ...structuredClone(templates.customer), id: this.id('cus'), created: now(), email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private listPrices(body: Json): Json {
    const keys = Object.values((body.lookup_keys ?? {}) as Json);
    const activeOnly = body.active === undefined ? null : body.active === 'true';
    const data = [...this.prices.values()]
      .filter((price) => (keys.length === 0 || keys.includes(price.lookup_key)) && (activeOnly === null || price.active === activeOnly))
      .slice(0, Number(body.limit ?? 10));
    return { object: 'list', data, has_more: false, url: '/v1/prices' };
  }

  private createPrice(body: Json): Reply {
    if (!body.currency) return missingParam('currency');
    if (!body.product && !body.product_data) return invalidParams('You must specify either `product` or `product_data` when creating a price.', 'product');
    if (body.lookup_key) {
      const holder = [...this.prices.values()].find((price) => price.lookup_key === body.lookup_key);
      if (holder && body.transfer_lookup_key !== 'true') return invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      if (holder) holder.lookup_key = null;
    }
    const unitAmount = Number(body.unit_amount);
    const price = {
      ...structuredClone(templates.price), id: this.id('price'), created: now(), currency: body.currency, unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount), lookup_key: body.lookup_key ?? null, metadata: body.metadata ?? {},
      product: body.product ?? this.id('prod'), type: body.recurring ? 'recurring' : 'one_time',
      recurring: body.recurring ? { ...templates.price.recurring, interval: body.recurring.interval, interval_count: 1 } : null,
    };
    this.prices.set(price.id, price);
    return this.ok(price);
  }

  private createSubscription(body: Json, expand: string[]): Reply {
    if (!body.customer) return missingParam('customer');
    if (!this.customers.has(body.customer)) return missingResource('customer', body.customer, 'customer');
    const items = Object.values((body.items ?? {}) as Json) as Json[];
    if (items.length === 0) return missingParam('items');
    const price = this.prices.get(items[0].price);
    if (!price) return missingResource('price', String(items[0].price), 'items[0][price]');
    if (body.trial_end !== undefined && body.trial_period_days !== undefined) {
      return invalidParams('You may only specify one of these parameters: trial_end, trial_period_days.', 'trial_end');
    }
    const at = now();
    let trialEnd: number | null = null;
    if (body.trial_end !== undefined && body.trial_end !== 'now') {
      trialEnd = Number(body.trial_end);
      if (!Number.isInteger(trialEnd) || trialEnd <= at) return invalidParams('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end', 'parameter_invalid_integer');
    }
    if (body.trial_period_days !== undefined) trialEnd = at + Number(body.trial_period_days) * 86400;
    const id = this.id('sub');
    const periodEnd = trialEnd ?? at + 30 * 86400;
    const customer = body.customer as string;
    let pendingSetupIntent: string | null = null;
    const invoice = { ...structuredClone(templates.invoice), id: this.id('in'), customer, created: at, subscription: undefined,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: body.metadata ?? {}, subscription: id } } };
    if (trialEnd) {
      // A trial with default_incomplete: a $0 invoice is paid and a SetupIntent collects the card.
      const setupId = this.id('seti');
      const setupIntent: Json = { ...structuredClone(templates.setupIntent), id: setupId, client_secret: `${setupId}_secret_${id}`, customer, created: at, status: 'requires_payment_method', usage: 'off_session' };
      this.setupIntents.set(setupIntent.id, setupIntent);
      pendingSetupIntent = setupIntent.id;
      Object.assign(invoice, { amount_due: 0, amount_paid: 0, amount_remaining: 0, status: 'paid', confirmation_secret: null });
    } else {
      Object.assign(invoice, { amount_due: price.unit_amount, amount_paid: 0, amount_remaining: price.unit_amount, status: 'open',
        confirmation_secret: { client_secret: `pi_fake${this.seq}_secret_${id}`, type: 'payment_intent' } });
    }
    if (this.nextSubscriptionWithoutSecret) {
      this.nextSubscriptionWithoutSecret = false;
      pendingSetupIntent = null;
      Object.assign(invoice, { confirmation_secret: null });
    }
    this.invoices.set(invoice.id, invoice);
    const item = { ...structuredClone(templates.subscription.items.data[0]), id: this.id('si'), created: at, price, quantity: 1, subscription: id,
      current_period_start: at, current_period_end: periodEnd };
    delete item.plan;
    const subscription = {
      ...structuredClone(templates.subscription), id, customer, created: at, start_date: at, billing_cycle_anchor: periodEnd,
      status: trialEnd ? 'trialing' : 'incomplete', cancel_at: null, canceled_at: null, ended_at: null, cancel_at_period_end: false,
      metadata: body.metadata ?? {}, trial_start: trialEnd ? at : null, trial_end: trialEnd,
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      pending_setup_intent: pendingSetupIntent, latest_invoice: invoice.id,
    };
    this.subscriptions.set(id, subscription);
    return this.ok(this.render(subscription, expand));
  }

  private onSubscription(method: string, id: string, body: Json, expand: string[]): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missingResource('subscription', id);
    if (method === 'GET') return this.ok(this.render(subscription, expand));
    const canceled = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
    if (method === 'DELETE') {
      // Stripe treats a canceled subscription as gone: cancelling it again is "No such subscription".
      if (canceled) return missingResource('subscription', id);
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return this.ok(this.render(subscription, expand));
    }
    if (canceled && Object.keys(body).some((name) => !['cancellation_details', 'metadata', 'expand'].includes(name))) {
      return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const refused = this.billing.update(subscription, body);
    if (refused) return refused;
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
    return this.ok(this.render(subscription, expand));
  }

  /** Related objects are ids unless expanded; an invoice's `confirmation_secret` appears only when expanded. */
  private render(subscription: Json, expand: string[]): Json {
    const out = structuredClone(subscription);
    const expanded = (field: string) => expand.some((path) => path === field || path.startsWith(`${field}.`));
    if (expanded('customer')) out.customer = this.customers.get(subscription.customer) ?? subscription.customer;
    if (expanded('pending_setup_intent') && subscription.pending_setup_intent) out.pending_setup_intent = this.setupIntents.get(subscription.pending_setup_intent);
    if (expanded('latest_invoice') && subscription.latest_invoice) {
      const invoice = structuredClone(this.invoices.get(subscription.latest_invoice)!);
      if (!expand.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
      out.latest_invoice = invoice;
    }
    return out;
  }
}

const now = () => Math.floor(Date.now() / 1000);

/** Parameters in a fixed order, so the same request always has the same fingerprint. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value as Json).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Parses Stripe's form encoding (`a[b][0]=c`) into nested objects (arrays stay index-keyed objects). */
export function parseForm(text: string): Json {
  const out: Json = {};
  if (!text) return out;
  for (const pair of text.split('&')) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}
