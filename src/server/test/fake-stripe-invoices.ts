import fs from 'node:fs';
import { errorReply, invalid, invalidParams, type NestedParams, type Reply } from './fake-stripe-rules';

/**
 * The fake Stripe's plan changes and the invoices' payments (decision record 042): `POST /v1/invoices/create_preview`
 * for a subscription item change with `proration_date`, the same change applied by `POST /v1/subscriptions/:id`
 * (items, proration_behavior, proration_date, payment_behavior), paid invoices with their `payments` (an
 * `invoice_payment` naming the PaymentIntent, shown only when `payments` is expanded, as Stripe includes it), and the
 * reads the refund webhooks need (`GET /v1/invoices/:id`, `GET /v1/invoice_payments`, `GET /v1/refunds[/:id]`).
 * As Stripe does, it prorates to the second, makes no proration during a trial, refuses a `proration_date` outside the
 * subscription's current period, charges an `always_invoice` upgrade on the customer's default card (a declined card
 * with `payment_behavior=error_if_incomplete` answers 402 and changes nothing) and puts a downgrade's credit on the
 * customer's balance, which the next invoices use first. Test-only.
 */
type Json = Record<string, any>;

const fixtureDir = new URL('../../../tests/fixtures/stripe/', import.meta.url);
const fixture = (name: string): Json => JSON.parse(fs.readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
const templates = { invoice: fixture('invoice'), paymentIntent: fixture('payment_intent') };

/** The SDK's InvoiceCreatePreviewParams, InvoicePaymentListParams, RefundListParams (top level). */
export const invoiceParams: Record<string, string[]> = {
  'POST /v1/invoices/create_preview': [
    'automatic_tax', 'currency', 'customer', 'customer_account', 'customer_details', 'discounts', 'expand', 'invoice_items', 'issuer',
    'on_behalf_of', 'preview_mode', 'schedule', 'schedule_details', 'subscription', 'subscription_details',
  ],
  'GET /v1/invoices/:id': ['expand'],
  'GET /v1/invoice_payments': ['created', 'ending_before', 'expand', 'invoice', 'limit', 'payment', 'starting_after', 'status'],
  'GET /v1/refunds': ['charge', 'created', 'ending_before', 'expand', 'limit', 'payment_intent', 'starting_after'],
  'GET /v1/refunds/:id': ['expand'],
};

const itemKeys: NestedParams = {
  billing_thresholds: true, clear_usage: true, current_trial: true, deleted: true, discounts: true, id: true, metadata: true, plan: true,
  price: true, price_data: true, quantity: true, tax_rates: true,
};

export const invoiceNestedParams: Record<string, Record<string, NestedParams>> = {
  'POST /v1/invoices/create_preview': {
    subscription_details: {
      billing_cycle_anchor: true, billing_mode: true, billing_schedules: true, cancel_at: true, cancel_at_period_end: true, cancel_now: true,
      default_tax_rates: true, items: { '*': itemKeys }, metadata: true, pause: true, proration_behavior: true, proration_date: true,
      resume_at: true, start_date: true, trial_end: true,
    },
    payment: { payment_intent: true, payment_record: true, type: true },
  },
  'GET /v1/invoice_payments': { payment: { payment_intent: true, payment_record: true, type: true } },
};

/** `items[…]` keys of SubscriptionUpdateParams.Item. */
export const subscriptionUpdateItems: NestedParams = { '*': itemKeys };

const prorationBehaviors = ['always_invoice', 'create_prorations', 'none'];
const now = () => Math.floor(Date.now() / 1000);

export type InvoiceWorld = {
  id(prefix: string): string;
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** The Connect half's PaymentIntents, charges and refunds, shared so a subscription payment can be refunded. */
  paymentIntents: Map<string, Json>;
  charges: Map<string, { id: string; amount: number; currency: string; transferred: number; refunded: number; paymentIntent: string }>;
  refunds: Map<string, Json>;
  /** The test card a saved PaymentMethod behaves as. */
  cardOf(paymentMethod: string): string | null;
};

type Change = { subscription: Json; item: Json; newPrice: Json; prorationDate: number; behavior: string };

const missing = (kind: string, id: string, param?: string) =>
  errorReply(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });

export class FakeInvoices {
  constructor(private readonly world: InvoiceWorld) {}

  /** Checks a subscription item change as Stripe does for a preview (`prefix` 'subscription_details') or an update. */
  private change(subscription: Json, details: Json, prefix: string): Change | Reply {
    const p = (name: string) => (prefix ? `${prefix}[${name}]` : name);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const items = Object.values((details.items ?? {}) as Json) as Json[];
    const [wanted] = items;
    if (!wanted) return invalidParams(`Missing required param: ${p('items')}.`, p('items'), 'parameter_missing');
    const item = subscription.items.data.find((candidate: Json) => candidate.id === wanted.id);
    if (!item) return invalid(`No such subscription item: '${wanted.id}'`, `${p('items')}[0][id]`, 'resource_missing');
    const newPrice = this.world.prices.get(wanted.price);
    if (!newPrice) return missing('price', String(wanted.price), `${p('items')}[0][price]`);
    if (newPrice.currency !== item.price.currency) {
      return invalid(`The price specified is in ${newPrice.currency} but this subscription is in ${item.price.currency}.`, `${p('items')}[0][price]`);
    }
    const behavior = details.proration_behavior ?? 'create_prorations';
    if (!prorationBehaviors.includes(behavior)) {
      return invalidParams(`Invalid ${p('proration_behavior')}: must be one of always_invoice, create_prorations, or none`, p('proration_behavior'), 'parameter_invalid_empty');
    }
    const at = now();
    let prorationDate = at;
    if (details.proration_date !== undefined) {
      prorationDate = Number(details.proration_date);
      if (!Number.isInteger(prorationDate)) return invalidParams('Invalid integer: ' + details.proration_date, p('proration_date'), 'parameter_invalid_integer');
      // Stripe prorates only inside the subscription's current period.
      if (prorationDate < item.current_period_start || prorationDate > item.current_period_end) {
        return invalidParams(
          `The proration_date (${prorationDate}) must be within the subscription's current billing period (${item.current_period_start} to ${item.current_period_end}).`,
          p('proration_date'),
        );
      }
    }
    return { subscription, item, newPrice, prorationDate, behavior };
  }

  /** The proration lines of a change: credit for the unused time on the old price, the remaining time on the new. */
  private prorationLines(change: Change, invoiceId: string): Json[] {
    const { subscription, item, newPrice, prorationDate, behavior } = change;
    // No prorations during a trial, nor when asked for none; changing to the same price changes nothing either.
    if (behavior === 'none' || subscription.status === 'trialing' || newPrice.id === item.price.id) return [];
    const start = item.current_period_start;
    const end = item.current_period_end;
    const share = (end - prorationDate) / (end - start);
    const quantity = item.quantity ?? 1;
    const day = new Date(prorationDate * 1000).toUTCString().slice(5, 16);
    const line = (price: Json, amount: number, description: string): Json => ({
      ...structuredClone(templates.invoice.lines.data[0]),
      id: this.world.id('il'), object: 'line_item', amount, subtotal: amount, currency: price.currency, description, invoice: invoiceId,
      quantity, period: { start: prorationDate, end }, subscription: subscription.id, discount_amounts: [], discounts: [],
      pricing: { type: 'price_details', unit_amount_decimal: String(price.unit_amount), price_details: { price: price.id, product: price.product } },
      parent: {
        type: 'subscription_item_details', invoice_item_details: null,
        subscription_item_details: {
          invoice_item: this.world.id('ii'), proration: true, proration_details: { credited_items: null }, subscription: subscription.id,
          subscription_item: item.id,
        },
      },
    });
    return [
      line(item.price, -Math.round(item.price.unit_amount * quantity * share), `Unused time on ${item.price.id} × ${quantity} after ${day}`),
      line(newPrice, Math.round(newPrice.unit_amount * quantity * share), `Remaining time on ${newPrice.id} × ${quantity} after ${day}`),
    ];
  }

  /** An invoice in Stripe's shape around `lines`, the customer's balance applied first (credit is a negative balance). */
  private invoiceOf(subscription: Json, lines: Json[], id: string, prorationDate: number): Json {
    const customer = this.world.customers.get(subscription.customer)!;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const startingBalance = customer.balance ?? 0;
    const amountDue = Math.max(0, total + startingBalance);
    const at = now();
    return {
      ...structuredClone(templates.invoice), id, object: 'invoice', customer: subscription.customer, created: at, currency: subscription.items.data[0].price.currency,
      billing_reason: 'subscription_update', collection_method: 'charge_automatically', status: 'draft', subscription: undefined,
      lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      subtotal: total, subtotal_excluding_tax: total, total, total_excluding_tax: total, total_discount_amounts: [], total_taxes: [],
      starting_balance: startingBalance, ending_balance: null, amount_due: amountDue, amount_paid: 0, amount_remaining: amountDue,
      amount_overpaid: 0, period_start: prorationDate, period_end: prorationDate, attempted: false, attempt_count: 0,
      confirmation_secret: null, status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id } },
    };
  }

  /** `POST /v1/invoices/create_preview`: the invoice a subscription change would make, saved nowhere. */
  preview(body: Json): Reply {
    if (!body.subscription && !body.customer) return invalidParams('Missing required param: customer.', 'customer', 'parameter_missing');
    const subscription = this.world.subscriptions.get(body.subscription);
    if (!subscription) return missing('subscription', String(body.subscription), 'subscription');
    const change = this.change(subscription, body.subscription_details ?? {}, 'subscription_details');
    if ('status' in change) return change;
    const id = `upcoming_${this.world.id('in')}`;
    return ok(this.invoiceOf(subscription, this.prorationLines(change, id), id, change.prorationDate));
  }

  /**
   * `POST /v1/subscriptions/:id` with `items`: the change, its prorations invoiced at once with `always_invoice` (paid
   * with the default card, or the credit put on the customer's balance) or left for the next invoice otherwise.
   */
  update(subscription: Json, body: Json): Reply | null {
    if (!body.items) return null; // no item change: nothing to prorate
    const change = this.change(subscription, body, '');
    if ('status' in change) return change;
    const lines = this.prorationLines(change, 'pending');
    if (change.behavior === 'always_invoice' && lines.length > 0) {
      const invoice = this.invoiceOf(subscription, lines, this.world.id('in'), change.prorationDate);
      for (const line of lines) line.invoice = invoice.id;
      const customer = this.world.customers.get(subscription.customer)!;
      if (invoice.amount_due > 0) {
        const paymentMethod = customer.invoice_settings?.default_payment_method as string | null;
        const card = paymentMethod ? this.world.cardOf(paymentMethod) : null;
        if (!card || card.startsWith('pm_card_chargeDeclined')) {
          if (body.payment_behavior === 'error_if_incomplete') {
            return errorReply(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' });
          }
          return invalid('This customer has no attached payment source or default payment method.');
        }
        this.pay(invoice, paymentMethod!);
      } else {
        Object.assign(invoice, { status: 'paid', status_transitions: { ...invoice.status_transitions, finalized_at: now(), paid_at: now() } });
      }
      // What the balance did not cover is paid; a credit beyond the invoice stays on the balance for the next ones.
      customer.balance = Math.min(0, invoice.total + (customer.balance ?? 0));
      invoice.ending_balance = customer.balance;
      this.world.invoices.set(invoice.id, invoice);
      subscription.latest_invoice = invoice.id;
    }
    change.item.price = change.newPrice;
    return null;
  }

  /** Pays an open invoice with a card: a PaymentIntent and charge (refundable later) and the invoice's `payments`. */
  pay(invoice: Json, paymentMethod: string, paymentIntentId = this.world.id('pi')): Json {
    const at = now();
    const chargeId = this.world.id('ch');
    const intent = {
      ...structuredClone(templates.paymentIntent), id: paymentIntentId, amount: invoice.amount_due, amount_received: invoice.amount_due,
      currency: invoice.currency, customer: invoice.customer, created: at, status: 'succeeded', payment_method: paymentMethod, latest_charge: chargeId,
      client_secret: `${paymentIntentId}_secret_${invoice.id}`,
    };
    this.world.paymentIntents.set(paymentIntentId, intent);
    this.world.charges.set(chargeId, { id: chargeId, amount: invoice.amount_due, currency: invoice.currency, transferred: 0, refunded: 0, paymentIntent: paymentIntentId });
    invoice.payments = {
      object: 'list', has_more: false, url: `/v1/invoices/${invoice.id}/payments`,
      data: [{
        id: this.world.id('inpay'), object: 'invoice_payment', amount_paid: invoice.amount_due, amount_requested: invoice.amount_due, created: at,
        currency: invoice.currency, invoice: invoice.id, is_default: true, livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntentId }, status: 'paid', status_transitions: { canceled_at: null, paid_at: at },
      }],
    };
    Object.assign(invoice, {
      status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true, attempt_count: 1,
      status_transitions: { ...invoice.status_transitions, finalized_at: invoice.status_transitions?.finalized_at ?? at, paid_at: at },
    });
    return intent;
  }

  /** An invoice as `GET /v1/invoices/:id` shows it: `payments` only when expanded (Stripe includes it on request). */
  render(invoice: Json, expand: string[]): Json {
    const out = structuredClone(invoice);
    if (!expand.includes('payments')) delete out.payments;
    delete out.confirmation_secret;
    return out;
  }

  route(routeKey: string, id: string | undefined, body: Json): Reply | null {
    const expand = Object.values((body.expand ?? {}) as Json).map(String);
    switch (routeKey) {
      case 'POST /v1/invoices/create_preview':
        return this.preview(body);
      case 'GET /v1/invoices/:id': {
        const invoice = this.world.invoices.get(id!);
        return invoice ? ok(this.render(invoice, expand)) : missing('invoice', id!);
      }
      case 'GET /v1/invoice_payments': {
        const wanted = body.payment?.payment_intent;
        const data = [...this.world.invoices.values()]
          .flatMap((invoice) => (invoice.payments?.data ?? []) as Json[])
          .filter((payment) => (!body.invoice || payment.invoice === body.invoice) && (!wanted || payment.payment.payment_intent === wanted));
        return ok({ object: 'list', data: structuredClone(data), has_more: false, url: '/v1/invoice_payments' });
      }
      case 'GET /v1/refunds': {
        const data = [...this.world.refunds.values()]
          .filter((refund) => (!body.charge || refund.charge === body.charge) && (!body.payment_intent || refund.payment_intent === body.payment_intent))
          .sort((a, b) => b.created - a.created);
        return ok({ object: 'list', data: structuredClone(data), has_more: false, url: '/v1/refunds' });
      }
      case 'GET /v1/refunds/:id': {
        const refund = this.world.refunds.get(id!);
        return refund ? ok(structuredClone(refund)) : missing('refund', id!);
      }
      default:
        return null;
    }
  }
}

const ok = (body: Json): Reply => ({ status: 200, body });
