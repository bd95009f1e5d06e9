import { minorUnitDigits, normaliseCurrency, parseMinorUnits } from '@shared/currency';
import type { OrderRow } from './repository';

/**
 * Pure readers of the platforms' documented order payloads. Each answers the facts we use or the reason a
 * correctly signed delivery cannot be used (recorded as "ignored", answered 200 so the store keeps the webhook).
 */
export type ParsedOrder = {
  orderId: string;
  codes: string[];
  baseMinor: number | null;
  currency: string;
  customerEmail: string | null;
  status?: OrderRow['status'];
  refunds: { key: string; amountMinor: number }[];
  /** Counter sales (Shopify POS, Square) and their location, the store's own order time and units: see SaleFacts. */
} & SaleFacts;

/** Where and when a sale was made (issue 44): event booths credit by location and time, reports show the channel. */
export type SaleFacts = {
  channel?: 'online' | 'pos';
  locationId?: string | null;
  /** The POS device and the register's staff member the sale was rung up on (Shopify device_id, user_id). */
  deviceId?: string | null;
  posUserId?: string | null;
  placedAt?: Date | null;
  units?: number | null;
};
export type Ignored = { ignored: string; orderId?: string | null; codes?: string[] };
export const isIgnored = (value: ParsedOrder | Ignored | string): value is Ignored => typeof value === 'object' && 'ignored' in value;

type Json = Record<string, unknown>;
/** An object to read fields of, or {} (an array passes too: it has none of the fields read). */
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);
export const asOrderId = (value: unknown) =>
  Number.isFinite(value) || (typeof value === 'string' && value.trim() !== '' && value.length <= 100) ? String(value).trim() : null;
export const asText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A store's timestamp (ISO 8601, or RFC 2822 as BigCommerce v2 writes it); `utc` reads a zone-less text as UTC. */
export function asTime(value: unknown, utc = false): Date | null {
  const text = asText(value);
  if (!text || text.length > 40) return null;
  const zoned = utc && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const time = new Date(zoned);
  return Number.isNaN(time.getTime()) || time.getUTCFullYear() < 2000 || time.getUTCFullYear() > 9000 ? null : time;
}

/** Units over order lines (quantity fields), or null when a line has none that reads as a whole number. */
export function unitsOf(lines: unknown, field = 'quantity'): number | null {
  const list = arr(lines);
  if (!list.length) return null;
  let units = 0;
  for (const line of list) {
    const quantity = Number(line[field]);
    if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > 1_000_000) return null;
    units += quantity;
  }
  return units;
}

function codesOf(...lists: unknown[]): string[] {
  const codes: string[] = [];
  for (const list of lists) for (const line of arr(list)) {
    const code = asText(line.code);
    if (code && code.length <= 100) codes.push(code);
  }
  return codes;
}

/** Sum of decimal amounts in one currency, or null if any cannot be read. */
function sumMinor(values: unknown[], currency: string): number | null {
  let total = 0;
  for (const value of values) {
    const minor = parseMinorUnits(value, currency);
    if (minor === null) return null;
    total += minor;
  }
  return total;
}

/**
 * Shopify ids can pass 2^53 (the docs' sample order is 820982911946154508), which JSON numbers lose: the exact id
 * is read from admin_graphql_api_id when present.
 */
function shopifyId(body: Json, kind: string): string | null {
  const match = new RegExp(`^gid://shopify/${kind}/(\\d{1,30})$`).exec(asText(body.admin_graphql_api_id) ?? '');
  return match ? match[1] : asOrderId(body.id);
}

/** A top-level integer field read from the raw JSON text, exact even past 2^53 (first occurrence). */
export function exactIntegerField(raw: string, field: string): string | null {
  const match = new RegExp(`"${field}"\\s*:\\s*(\\d{1,30})\\b`).exec(raw);
  return match ? match[1] : null;
}

/** Shopify order (orders/create, orders/updated, orders/paid, orders/cancelled). */
export function shopifyOrder(body: Json, topic: string): ParsedOrder | Ignored {
  const orderId = shopifyId(body, 'Order');
  if (!orderId) return { ignored: 'The order has no id' };
  // discount_codes lists the codes; discount_applications of type discount_code may carry more (combined codes).
  const codes = codesOf(body.discount_codes, arr(body.discount_applications).filter((a) => a.type === 'discount_code'));
  const currency = normaliseCurrency(body.currency);
  if (!currency) return { ignored: 'The order has no ISO 4217 currency', orderId, codes };
  // The original subtotal: refunds are subtracted from it one by one (current_subtotal_price already has them).
  const rawBase = body.subtotal_price ?? body.current_subtotal_price;
  const baseMinor = parseMinorUnits(rawBase, currency);
  if (rawBase !== undefined && rawBase !== null && baseMinor === null) return { ignored: `The subtotal ${String(rawBase).slice(0, 40)} is not an amount in ${currency}`, orderId, codes };
  const refunds: ParsedOrder['refunds'] = [];
  for (const refund of arr(body.refunds)) {
    const parsed = shopifyRefundAmount(refund, currency);
    if (parsed) refunds.push(parsed);
  }
  let status: OrderRow['status'] | undefined;
  if (topic === 'orders/cancelled' || body.cancelled_at || body.financial_status === 'voided') status = 'cancelled';
  else if (body.financial_status === 'refunded') status = 'refunded';
  const email = asText(body.email) ?? asText(obj(body.customer).email);
  // Shopify POS orders carry source_name "pos" and the location they were rung up at (issue 44).
  const channel = body.source_name === 'pos' ? 'pos' : 'online';
  const pos = channel === 'pos' ? { deviceId: asOrderId(body.device_id), posUserId: asOrderId(body.user_id) } : {};
  const sale: SaleFacts = { channel, locationId: asOrderId(body.location_id), ...pos, placedAt: asTime(body.created_at), units: unitsOf(body.line_items) };
  return { orderId, codes, baseMinor, currency, customerEmail: email, status, refunds, ...sale };
}

/** One Shopify refund: the merchandise it returns (refund_line_items[].subtotal, after discounts, before tax). */
export function shopifyRefundAmount(refund: Json, currency: string): { key: string; amountMinor: number } | null {
  const id = shopifyId(refund, 'Refund');
  if (!id) return null;
  const amount = sumMinor(arr(refund.refund_line_items).map((line) => line.subtotal ?? 0), currency);
  return amount === null ? null : { key: `shopify:${id}`, amountMinor: amount };
}

/**
 * A deleted order as the stores send it: the id alone. Shopify's `orders/delete` body is `{"id": N}`, and WooCommerce
 * sends `{"id": N}` for every deleted resource, a trashed order included (`WC_Webhook::build_payload`: "If a resource
 * has been deleted, just include the ID"). The id is read from the raw text when it is there, exact past 2^53.
 */
export function deletedOrderId(body: Json, raw: string): string | Ignored {
  return exactIntegerField(raw, 'id') ?? asOrderId(body.id) ?? { ignored: 'The deletion has no order id' };
}

/** WooCommerce order (order.created, order.updated, order.restored; order.deleted carries the id alone, see deletedOrderId). */
export function wooCommerceOrder(body: Json): ParsedOrder | Ignored {
  const orderId = asOrderId(body.id);
  if (!orderId) return { ignored: 'The order has no id' };
  const codes = codesOf(body.coupon_lines);
  const currency = normaliseCurrency(body.currency);
  if (!currency) return { ignored: 'The order has no ISO 4217 currency', orderId, codes };
  // line_items[].total is each line after discounts, before tax; shipping and fees are separate lines.
  const lines = arr(body.line_items);
  const baseMinor = lines.length ? sumMinor(lines.map((line) => line.total), currency) : null;
  if (lines.length && baseMinor === null) return { ignored: `A line total is not an amount in ${currency}`, orderId, codes };
  const orderTotal = parseMinorUnits(body.total, currency);
  const refunds: ParsedOrder['refunds'] = [];
  for (const refund of arr(body.refunds)) {
    const id = asOrderId(refund.id);
    // refunds[].total is negative and includes tax and shipping: its merchandise share is proportional.
    const total = parseMinorUnits(String(refund.total ?? '').replace(/^-/, ''), currency);
    if (!id || total === null || !orderTotal || baseMinor === null) continue;
    refunds.push({ key: `woocommerce:${id}`, amountMinor: Math.min(baseMinor, Math.round((baseMinor * total) / orderTotal)) });
  }
  const wcStatus = asText(body.status);
  let status: OrderRow['status'] = 'placed';
  if (wcStatus === 'cancelled' || wcStatus === 'failed' || wcStatus === 'trash') status = 'cancelled';
  else if (wcStatus === 'refunded') status = 'refunded';
  const sale: SaleFacts = { channel: 'online', placedAt: asTime(body.date_created_gmt, true) ?? asTime(body.date_created), units: unitsOf(body.line_items) };
  return { orderId, codes, baseMinor, currency, customerEmail: asText(obj(body.billing).email), status, refunds, ...sale };
}

/**
 * BigCommerce v2 amounts carry four decimals whatever the currency (its docs' order 218 has subtotal_ex_tax
 * "62.6793" USD, from tax-inclusive prices): rounded half up to the currency's minor unit instead of refused.
 */
export function bigCommerceMinor(value: unknown, currency: string): number | null {
  // NaN and Infinity print as words, which the pattern refuses like any other text.
  const text = typeof value === 'number' ? value.toFixed(4) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,12})\.(\d{3,4})$/.exec(text);
  if (!match) return parseMinorUnits(value, currency);
  // When the currency holds every decimal given (KWD "29.350"), nothing is cut and no digit follows to round on.
  const digits = minorUnitDigits(currency);
  const truncated = parseMinorUnits(digits ? `${match[1]}.${match[2].slice(0, digits)}` : match[1], currency);
  if (truncated === null) return null;
  return match[2][digits] >= '5' ? truncated + 1 : truncated;
}

/** BigCommerce statuses (v2 order status_id): 0 Incomplete, 4 Refunded, 5 Cancelled, 6 Declined, 14 Partially Refunded. */
export function bigCommerceStatus(statusId: number): OrderRow['status'] | 'incomplete' {
  if (statusId === 0) return 'incomplete';
  if (statusId === 4) return 'refunded';
  if (statusId === 5 || statusId === 6) return 'cancelled';
  return 'placed';
}

/** A BigCommerce v2 order and its coupons, as fetched from the store's API. */
export function bigCommerceOrder(order: Json, coupons: Json[]): ParsedOrder | Ignored {
  const orderId = asOrderId(order.id);
  if (!orderId) return { ignored: 'The BigCommerce order has no id' };
  const codes = codesOf(coupons);
  const currency = normaliseCurrency(order.currency_code ?? order.default_currency_code);
  if (!currency) return { ignored: 'The BigCommerce order has no currency', orderId, codes };
  const subtotal = bigCommerceMinor(order.subtotal_ex_tax, currency);
  const discounts = [order.discount_amount ?? '0', order.coupon_discount ?? '0'].map((amount) => bigCommerceMinor(amount, currency));
  const discount = discounts.includes(null) ? null : (discounts as number[]).reduce((sum, amount) => sum + amount, 0);
  if (subtotal === null || discount === null) return { ignored: `The order amounts are not amounts in ${currency}`, orderId, codes };
  const baseMinor = Math.max(0, subtotal - discount);
  const status = bigCommerceStatus(Number(order.status_id));
  if (status === 'incomplete') return { ignored: 'The order is incomplete (status 0): no checkout yet', orderId, codes };
  const refundedTotal = bigCommerceMinor(order.refunded_amount ?? '0', currency) ?? 0;
  const total = bigCommerceMinor(order.total_inc_tax, currency) ?? 0;
  // refunded_amount includes tax and shipping: its merchandise share is proportional, kept as one running refund.
  const refunds = refundedTotal > 0 && total > 0 ? [{ key: 'bigcommerce:refunded_amount', amountMinor: Math.min(baseMinor, Math.round((baseMinor * refundedTotal) / total)) }] : [];
  const units = Number(order.items_total);
  const sale: SaleFacts = { channel: 'online', placedAt: asTime(order.date_created), units: Number.isSafeInteger(units) && units >= 0 ? units : null };
  return { orderId, codes, baseMinor, currency, customerEmail: asText(obj(order.billing_address).email), status, refunds, ...sale };
}
