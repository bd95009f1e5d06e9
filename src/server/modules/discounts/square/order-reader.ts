import { normaliseCurrency } from '@shared/currency';
import { asOrderId, asText, asTime, unitsOf, type Ignored, type ParsedOrder } from '../order-payloads';

/**
 * Pure readers of Square's documented payloads (decision record 040): the event envelope of a notification, and the
 * Order object RetrieveOrder answers. Square money is { amount: integer in the currency's smallest unit, currency }.
 */

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

/** The events that name an order, and where each carries its id (data.object.<kind>). */
const ORDER_ID_AT: Record<string, [string, string]> = {
  'order.created': ['order_created', 'order_id'],
  'order.updated': ['order_updated', 'order_id'],
  'payment.created': ['payment', 'order_id'],
  'payment.updated': ['payment', 'order_id'],
  'refund.created': ['refund', 'order_id'],
  'refund.updated': ['refund', 'order_id'],
};
export const SQUARE_EVENT_TYPES = Object.keys(ORDER_ID_AT);

export type SquareEvent = { type: string; eventId: string | null; orderId: string | null };

/** A notification's type, event_id and the order it is about (null when the event names none). */
export function squareEvent(body: Json): SquareEvent {
  const type = asText(body.type)?.slice(0, 60) ?? 'unknown';
  const eventId = asText(body.event_id)?.slice(0, 200) ?? null;
  const at = ORDER_ID_AT[type];
  const orderId = at ? asOrderId(obj(obj(obj(body.data).object)[at[0]])[at[1]]) : null;
  return { type, eventId, orderId };
}

/** An amount of Square Money in `currency`, or null when it is not one (another currency, not a whole number, negative). */
function minorOf(money: unknown, currency: string): number | null {
  const { amount, currency: its } = obj(money);
  if (its !== undefined && normaliseCurrency(its) !== currency) return null;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 ? amount : null;
}

/**
 * The codes on the order, in its order: a discount whose catalog_object_id is one we created for a code is that code
 * (even when the cashier renamed it), otherwise its name is read as a code (the attribution matches case-insensitively).
 */
function codesOf(order: Json, codeByCatalogId: ReadonlyMap<string, string>): string[] {
  const codes: string[] = [];
  for (const discount of arr(order.discounts)) {
    const byCatalog = codeByCatalogId.get(asText(discount.catalog_object_id) ?? '');
    const name = asText(discount.name);
    const code = byCatalog ?? (name && name.length <= 100 ? name : null);
    if (code) codes.push(code);
  }
  return codes;
}

/** Σ line_items (gross_sales_money − total_discount_money): merchandise after discounts, before tax, tips and service charges. */
function merchandiseOf(order: Json, currency: string): number | null {
  let base = 0;
  for (const line of arr(order.line_items)) {
    const gross = minorOf(line.gross_sales_money ?? { amount: 0 }, currency);
    const discount = minorOf(line.total_discount_money ?? { amount: 0 }, currency);
    if (gross === null || discount === null) return null;
    base += Math.max(0, gross - discount);
  }
  return Number.isSafeInteger(base) ? base : null;
}

/**
 * Refunded merchandise, kept as one running refund (upserted by its key, so each redelivery states the current total):
 * the order's return_amounts when Square has them (returned total less its tax, tip and service charges), otherwise the
 * merchandise share of its COMPLETED refunds (refunds include tax: proportional to the order's total_money).
 */
function refundedOf(order: Json, currency: string, base: number): ParsedOrder['refunds'] {
  const returns = obj(order.return_amounts);
  let refunded: number | null = null;
  if (Object.keys(returns).length) {
    const total = minorOf(returns.total_money ?? { amount: 0 }, currency);
    const parts = ['tax_money', 'tip_money', 'service_charge_money'].map((field) => minorOf(returns[field] ?? { amount: 0 }, currency));
    if (total !== null && !parts.includes(null)) refunded = Math.max(0, total - (parts as number[]).reduce((sum, part) => sum + part, 0));
  } else {
    const orderTotal = minorOf(order.total_money, currency);
    const completed = arr(order.refunds).filter((refund) => refund.status === 'COMPLETED').map((refund) => minorOf(refund.amount_money, currency));
    const sum = completed.reduce<number>((total, amount) => total + (amount ?? 0), 0);
    if (orderTotal && sum > 0) refunded = Math.round((base * sum) / orderTotal);
  }
  return refunded ? [{ key: 'square:refunded', amountMinor: Math.min(base, refunded) }] : [];
}

/**
 * A Square order as RetrieveOrder answers it. COMPLETED orders earn; CANCELED cancels; an OPEN order earns once it is
 * paid (a tender and nothing left due: picked-up and delivery orders stay OPEN until fulfilled); DRAFT and unpaid OPEN
 * orders are not sales yet. Square sales are made in person: channel pos, at location_id (decision record 040).
 */
export function squareOrder(order: Json, codeByCatalogId: ReadonlyMap<string, string> = new Map()): ParsedOrder | Ignored {
  const orderId = asOrderId(order.id);
  if (!orderId) return { ignored: 'The Square order has no id' };
  const codes = codesOf(order, codeByCatalogId);
  const currency = normaliseCurrency(obj(order.total_money).currency ?? obj(arr(order.line_items)[0]?.gross_sales_money).currency);
  if (!currency) return { ignored: 'The Square order has no ISO 4217 currency', orderId, codes };
  const state = asText(order.state);
  const paid = arr(order.tenders).length > 0 && minorOf(order.net_amount_due_money ?? { amount: 0 }, currency) === 0;
  if (state !== 'COMPLETED' && state !== 'CANCELED' && !(state === 'OPEN' && paid)) {
    return { ignored: state === 'OPEN' ? 'The Square order is open and not paid yet' : `The Square order is in state ${state?.slice(0, 20) ?? 'unknown'}, not a sale`, orderId, codes };
  }
  const baseMinor = merchandiseOf(order, currency);
  if (baseMinor === null) return { ignored: `The line amounts are not amounts in ${currency}`, orderId, codes };
  const status: ParsedOrder['status'] = state === 'CANCELED' ? 'cancelled' : 'placed';
  return {
    orderId, codes, baseMinor, currency, customerEmail: null, status, refunds: refundedOf(order, currency, baseMinor),
    channel: 'pos', locationId: asOrderId(order.location_id), placedAt: asTime(order.created_at), units: unitsOf(order.line_items),
  };
}
