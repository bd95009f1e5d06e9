import { normaliseCurrency, parseMinorUnits } from '@shared/currency';
import { asOrderId, asText, asTime, unitsOf, type Ignored, type ParsedOrder, type SaleFacts } from '../order-payloads';

/**
 * A Squarespace Order (Orders API "Retrieve a specific order", decision record 040), read into the facts attribution
 * uses. Amounts are Money objects {currency, value: "50.00"}; every one must be in the subtotal's currency.
 */
type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

/** A Money amount in minor units, null when absent, or 'bad' when present but not an amount in `currency`. */
function money(value: unknown, currency: string): number | null | 'bad' {
  if (value === undefined || value === null) return null;
  const amount = obj(value);
  const own = normaliseCurrency(amount.currency);
  if (own && own !== currency) return 'bad';
  const minor = parseMinorUnits(amount.value, currency);
  return minor === null || minor < 0 ? 'bad' : minor;
}

function promoCodes(order: Json): string[] {
  const codes: string[] = [];
  for (const line of list(order.discountLines)) {
    const code = asText(line.promoCode);
    if (code && code.length <= 100) codes.push(code);
  }
  return codes;
}

export function squarespaceOrder(order: Json): ParsedOrder | Ignored {
  const orderId = asOrderId(order.id);
  if (!orderId) return { ignored: 'The Squarespace order has no id' };
  const codes = promoCodes(order);
  if (order.testmode === true) return { ignored: 'A test-mode order (testmode: true) is not a sale', orderId, codes };
  const currency = normaliseCurrency(obj(order.subtotal).currency);
  if (!currency) return { ignored: 'The order has no ISO 4217 currency on its subtotal', orderId, codes };
  const subtotal = money(order.subtotal, currency);
  const discount = money(order.discountTotal, currency) ?? 0;
  const refunded = money(order.refundedTotal, currency) ?? 0;
  const grandTotal = money(order.grandTotal, currency) ?? 0;
  if (subtotal === null || subtotal === 'bad' || discount === 'bad' || refunded === 'bad' || grandTotal === 'bad') {
    return { ignored: `The order amounts are not amounts in ${currency}`, orderId, codes };
  }
  // Merchandise before tax and shipping: the subtotal less its discounts.
  const baseMinor = Math.max(0, subtotal - discount);
  // refundedTotal includes tax and shipping: its merchandise share is proportional, kept as one running refund.
  const refunds = refunded > 0 && grandTotal > 0 ? [{ key: 'squarespace:refundedTotal', amountMinor: Math.min(baseMinor, Math.round((baseMinor * refunded) / grandTotal)) }] : [];
  let status: ParsedOrder['status'] = 'placed';
  if (order.fulfillmentStatus === 'CANCELED') status = 'cancelled';
  else if (grandTotal > 0 && refunded >= grandTotal) status = 'refunded';
  const sale: SaleFacts = { channel: order.channel === 'pos' ? 'pos' : 'online', placedAt: asTime(order.createdOn), units: unitsOf(order.lineItems) };
  return { orderId, codes, baseMinor, currency, customerEmail: asText(order.customerEmail), status, refunds, ...sale };
}
