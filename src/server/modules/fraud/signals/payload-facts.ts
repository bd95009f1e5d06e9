import { cleanText } from './normalise';
import type { OrderRiskFacts, PostalAddress } from './types';

/**
 * What the stores' published order payloads say about the buyer (decision record 039). Read defensively: any field
 * may be missing, null or of another type, and then it is simply not there.
 *
 * Card fingerprints: none of the three payloads carries one. Shopify's `payment_details` is deprecated and held only
 * the card's BIN and last digits (not an identity), WooCommerce and BigCommerce orders carry no card data at all. The
 * `cardFingerprint` field stays for callers that have one (the `track-usage` API, Stripe-like sources).
 */
type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const first = (...values: unknown[]): string | null => values.map(cleanText).find((value) => value !== null) ?? null;
const texts = (...values: unknown[]): string[] => values.map(cleanText).filter((value): value is string => value !== null);

function address(value: unknown, fields: { line1: string; line2: string; region: string[]; postalCode: string; country: string[] }): PostalAddress | null {
  const source = obj(value);
  const read: PostalAddress = {
    name: first(source.name, [cleanText(source.first_name), cleanText(source.last_name)].filter(Boolean).join(' ')),
    line1: first(source[fields.line1]),
    line2: first(source[fields.line2]),
    city: first(source.city),
    region: first(...fields.region.map((field) => source[field])),
    postalCode: first(source[fields.postalCode]),
    country: first(...fields.country.map((field) => source[field])),
  };
  return read.line1 || read.postalCode ? read : null;
}

/** The `utm_source` (or `ref`) of a landing URL when it names a site (`?utm_source=retailmenot.com`). */
function sourceParameter(url: unknown): string[] {
  const text = cleanText(url);
  if (!text) return [];
  try {
    const params = new URL(text, 'https://store.invalid').searchParams;
    return texts(params.get('utm_source'), params.get('ref')).filter((value) => value.includes('.'));
  } catch {
    return [];
  }
}

const SHOPIFY_ADDRESS = { line1: 'address1', line2: 'address2', region: ['province_code', 'province'], postalCode: 'zip', country: ['country_code', 'country'] };

/**
 * Shopify `orders/create` webhook body (the REST Order resource): email (or contact_email, customer.email), phone (or
 * customer.phone, the addresses' phones), the shipping and billing addresses, browser_ip (or client_details.browser_ip),
 * referring_site and landing_site (its utm_source), and customer.orders_count where the API version still sends it
 * (≤ 1: this is their first order).
 */
export function shopifyRiskFacts(body: unknown): OrderRiskFacts {
  const order = obj(body);
  const customer = obj(order.customer);
  const clientDetails = obj(order.client_details);
  const shipping = address(order.shipping_address, SHOPIFY_ADDRESS);
  const billing = address(order.billing_address, SHOPIFY_ADDRESS);
  const ordersCount = customer.orders_count;
  return {
    customerEmail: first(order.email, order.contact_email, customer.email),
    customerPhone: first(order.phone, customer.phone, obj(order.shipping_address).phone, obj(order.billing_address).phone),
    shippingAddress: shipping,
    billingAddress: billing,
    browserIp: first(order.browser_ip, clientDetails.browser_ip),
    cardFingerprint: null,
    referrers: [...texts(order.referring_site, order.landing_site), ...sourceParameter(order.landing_site)],
    newCustomer: typeof ordersCount === 'number' && Number.isFinite(ordersCount) ? ordersCount <= 1 : null,
  };
}

/**
 * Shopify's `Order.customerJourneySummary` (GraphQL Admin API 2025-10), fetched for a new order when the store's admin
 * access is connected: for the first and the last visit, `referrerUrl`, `source` when it names a site (Shopify's source
 * is a platform name, `direct`, or a website domain), the landing page's utm_source/ref, and `utmParameters.source`
 * when it names a site. A summary not `ready` yet has null visits: nothing.
 */
export function shopifyJourneyReferrers(summary: unknown): string[] {
  const journey = obj(summary);
  return [journey.firstVisit, journey.lastVisit].map(obj).flatMap((visit) => [
    ...texts(visit.referrerUrl),
    ...texts(visit.source, obj(visit.utmParameters).source).filter((value) => value.includes('.')),
    ...sourceParameter(visit.landingPage),
  ]);
}

const WOO_ADDRESS = { line1: 'address_1', line2: 'address_2', region: ['state'], postalCode: 'postcode', country: ['country'] };

/** A guest checkout (customer id 0) has no account history we can see: counted as a new customer; an account: unknown. */
const guestIsNew = (customerId: unknown): boolean | null => (customerId === 0 || customerId === '0' ? true : null);

/**
 * WooCommerce REST v3 order (the `order.created` webhook body): billing.email/phone, billing and shipping addresses,
 * customer_ip_address, customer_id (0 = guest), and the order attribution meta WooCommerce (8.5+) stores:
 * `_wc_order_attribution_referrer`, `_wc_order_attribution_session_entry` (its utm_source),
 * `_wc_order_attribution_utm_source` (when it names a site). `_wc_order_attribution_source_type` is read for nothing
 * else than that: its values (`referral`, `utm`, `organic`, `typein`, `admin`) say how, not from where.
 */
export function wooCommerceRiskFacts(body: unknown): OrderRiskFacts {
  const order = obj(body);
  const billing = obj(order.billing);
  const meta = new Map<string, unknown>();
  for (const entry of Array.isArray(order.meta_data) ? order.meta_data.map(obj) : []) if (typeof entry.key === 'string') meta.set(entry.key, entry.value);
  const utmSource = texts(meta.get('_wc_order_attribution_utm_source')).filter((value) => value.includes('.'));
  return {
    customerEmail: first(billing.email),
    customerPhone: first(billing.phone),
    shippingAddress: address(order.shipping, WOO_ADDRESS),
    billingAddress: address(order.billing, WOO_ADDRESS),
    browserIp: first(order.customer_ip_address),
    cardFingerprint: null,
    referrers: [...texts(meta.get('_wc_order_attribution_referrer')), ...sourceParameter(meta.get('_wc_order_attribution_session_entry')), ...utmSource],
    newCustomer: guestIsNew(order.customer_id),
  };
}

const BIGCOMMERCE_ADDRESS = { line1: 'street_1', line2: 'street_2', region: ['state'], postalCode: 'zip', country: ['country_iso2', 'country'] };

/**
 * BigCommerce v2 order (`GET /v2/orders/{id}`; the webhook itself carries only the id): billing_address.email/phone and
 * address, ip_address (or ip_address_v6), customer_id (0 = guest). Shipping addresses are a sub-resource
 * (`/v2/orders/{id}/shippingaddresses`): pass its answer when it was fetched (the first one is used). v2 orders carry no
 * referrer.
 */
export function bigCommerceRiskFacts(order: unknown, shippingAddresses?: unknown): OrderRiskFacts {
  const body = obj(order);
  const billing = obj(body.billing_address);
  const shipping = Array.isArray(shippingAddresses) ? shippingAddresses[0] : null;
  return {
    customerEmail: first(billing.email),
    customerPhone: first(billing.phone, obj(shipping).phone),
    shippingAddress: address(shipping, BIGCOMMERCE_ADDRESS),
    billingAddress: address(body.billing_address, BIGCOMMERCE_ADDRESS),
    browserIp: first(body.ip_address, body.ip_address_v6),
    cardFingerprint: null,
    referrers: [],
    newCustomer: guestIsNew(body.customer_id),
  };
}

export function emptyFacts(): OrderRiskFacts {
  return { customerEmail: null, customerPhone: null, shippingAddress: null, billingAddress: null, browserIp: null, cardFingerprint: null, referrers: [], newCustomer: null };
}
