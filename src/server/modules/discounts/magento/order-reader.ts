import { normaliseCurrency } from '@shared/currency';
import { asOrderId, asText, asTime, bigCommerceMinor, type Ignored, type ParsedOrder, type SaleFacts } from '../order-payloads';

/**
 * Pure reader of a Magento 2 / Adobe Commerce order (REST `GET /V1/orders`, Magento\Sales\Api\Data\OrderInterface)
 * and its credit memos (`GET /V1/creditmemos`, CreditmemoInterface). Amounts are read in the base currency, the one
 * Magento books in whatever currency the buyer saw (decision record 040).
 */
type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : []);

/** Magento's `updated_at`/`created_at`: "YYYY-MM-DD HH:MM:SS", UTC. */
export const MAGENTO_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const magentoTime = (value: unknown): string | null => (typeof value === 'string' && MAGENTO_TIME.test(value) ? value : null);
/** A Date as Magento writes it. */
export const toMagentoTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Magento keeps amounts with four decimals and answers JSON numbers (45.5, 33.3333); discounts are negative. The
 * magnitude is read like BigCommerce's four-decimal amounts (rounded half up to the currency's minor unit).
 */
function magnitude(value: unknown, currency: string): number | null {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? bigCommerceMinor(Math.abs(value), currency) : null;
  if (typeof value === 'string') return bigCommerceMinor(value.trim().replace(/^-/, ''), currency);
  return null;
}

/** Merchandise after discounts, before tax and shipping: base_subtotal + base_discount_amount (the discount is negative). */
function merchandise(record: Json, currency: string): number | null {
  const subtotal = magnitude(record.base_subtotal, currency);
  const discount = magnitude(record.base_discount_amount, currency);
  return subtotal === null || discount === null ? null : Math.max(0, subtotal - discount);
}

/** coupon_code holds one code, or several comma-separated where a multi-coupon extension is installed. */
export function magentoCodes(value: unknown): string[] {
  const text = asText(value);
  if (!text) return [];
  return text.split(',').map((code) => code.trim()).filter((code) => code && code.length <= 100);
}

/** Units over parent lines only: a configurable or bundle product's children repeat their parent's quantity. */
function magentoUnits(items: unknown): number | null {
  const lines = list(items).filter((item) => item.parent_item_id === undefined || item.parent_item_id === null);
  if (!lines.length) return null;
  let units = 0;
  for (const line of lines) {
    const quantity = Number(line.qty_ordered);
    if (!Number.isFinite(quantity) || quantity < 0 || quantity > 1_000_000) return null;
    units += Math.round(quantity);
  }
  return units;
}

/** Whether the order says money went back (so its credit memos are worth fetching). */
export function hasRefunds(order: Json): boolean {
  return [order.base_total_refunded, order.base_subtotal_refunded, order.total_refunded].some((value) => Number(value) > 0);
}

/** Credit memo states (Magento\Sales\Model\Order\Creditmemo): 1 open, 2 refunded, 3 canceled. */
const CREDIT_MEMO_CANCELED = 3;

/** One refund per credit memo, keyed by its entity id so a memo seen again counts once. */
export function creditMemoRefunds(memos: Json[], orderId: string, currency: string): ParsedOrder['refunds'] {
  const refunds: ParsedOrder['refunds'] = [];
  for (const memo of memos) {
    const id = asOrderId(memo.entity_id);
    if (!id || asOrderId(memo.order_id) !== orderId || Number(memo.state) === CREDIT_MEMO_CANCELED) continue;
    if (memo.base_currency_code !== undefined && normaliseCurrency(memo.base_currency_code) !== currency) continue;
    const amountMinor = merchandise(memo, currency);
    if (amountMinor !== null) refunds.push({ key: `magento:creditmemo:${id}`, amountMinor });
  }
  return refunds;
}

/** A Magento order and its credit memos, as fetched from the store's REST API. */
export function magentoOrder(order: Json, memos: Json[] = []): ParsedOrder | Ignored {
  const orderId = asOrderId(order.entity_id);
  if (!orderId || !/^\d{1,20}$/.test(orderId)) return { ignored: 'The Magento order has no entity_id' };
  const codes = magentoCodes(order.coupon_code);
  const currency = normaliseCurrency(order.base_currency_code);
  if (!currency) return { ignored: 'The Magento order has no base_currency_code', orderId, codes };
  const baseMinor = merchandise(order, currency);
  if (baseMinor === null) return { ignored: `The order amounts are not amounts in ${currency}`, orderId, codes };
  let status: ParsedOrder['status'] = 'placed';
  if (order.state === 'canceled') status = 'cancelled';
  else if (order.state === 'closed') status = 'refunded';
  const sale: SaleFacts = { channel: 'online', placedAt: asTime(order.created_at, true), units: magentoUnits(order.items) };
  return { orderId, codes, baseMinor, currency, customerEmail: asText(order.customer_email), status, refunds: creditMemoRefunds(memos, orderId, currency), ...sale };
}
