import { normaliseCurrency } from '@shared/currency';
import { priceMinor } from './http';
import type { CatalogProduct, CatalogUpdate, CatalogVariant, FulfilmentUpdate, StorePlatform } from './types';

/**
 * Pure readers of the stores' fulfilment and catalog webhook payloads (decision record 038). They take the delivery
 * as sent (the raw text, bytes, or an already parsed object) and answer what it says of a gear order or of the
 * catalog, or null for a topic we do not read and for anything malformed: they never throw on store bytes.
 *
 * Ids: Shopify's are answered as GIDs (`gid://shopify/Order/450789469`), as the Shopify adapter answers them; ids past
 * 2^53 are read exactly from the raw text when it is given. Text fields lose control characters (NUL included).
 */

type Json = Record<string, unknown>;
type Body = { json: Json; raw: string | null };

const MAX_BODY = 5_000_000;

export function parseFulfilment(platform: StorePlatform, topic: string, body: unknown): FulfilmentUpdate | null {
  try {
    const read = readBody(body);
    if (!read) return null;
    const name = normaliseTopic(topic);
    if (platform === 'shopify') return name === 'fulfillments/create' || name === 'fulfillments/update' ? shopifyFulfilment(read) : null;
    if (platform === 'woocommerce') return name === 'order.updated' || name === 'order.created' ? wooCommerceFulfilment(read.json) : null;
    if (platform === 'bigcommerce') return bigCommerceFulfilment(bigCommerceScope(name, read.json), read);
    return null;
  } catch {
    return null;
  }
}

/**
 * `storeCurrency`: the payloads of Shopify and WooCommerce product webhooks carry prices without their currency;
 * without it a product update is answered as `refetch_product`.
 */
export function parseCatalogUpdate(platform: StorePlatform, topic: string, body: unknown, storeCurrency?: string): CatalogUpdate | null {
  try {
    const read = readBody(body);
    if (!read) return null;
    const name = normaliseTopic(topic);
    const currency = normaliseCurrency(storeCurrency ?? null);
    if (platform === 'shopify') return shopifyCatalog(name, read, currency);
    if (platform === 'woocommerce') return wooCommerceCatalog(name, read, currency);
    if (platform === 'bigcommerce') return bigCommerceCatalog(bigCommerceScope(name, read.json), read);
    return null;
  } catch {
    return null;
  }
}

// ---- reading ---------------------------------------------------------------------------------------------------

function readBody(body: unknown): Body | null {
  let raw: string | null = null;
  let value: unknown = body;
  if (typeof body === 'string') raw = body;
  else if (body instanceof Uint8Array) raw = Buffer.from(body).toString('utf8');
  if (raw !== null) {
    if (raw.length > MAX_BODY) return null;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return { json: value as Json, raw };
}

const normaliseTopic = (topic: unknown) => (typeof topic === 'string' ? topic.trim().toLowerCase().slice(0, 100) : '');
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Text without control characters (a NUL cannot be stored in PostgreSQL text), at most `max` long; null when empty. */
function clean(value: unknown, max = 255): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned && cleaned.length <= max ? cleaned : null;
}

function url(value: unknown): string | null {
  const text = clean(value, 2000);
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).toString();
  } catch {
    return null;
  }
}

/**
 * A positive integer id as text. JSON numbers past 2^53 lost digits when parsed: the exact digits are then taken from
 * the raw text, at the occurrence of `"field": <digits>` whose value parses to the same number.
 */
function exactId(value: unknown, field: string, raw: string | null): string | null {
  if (typeof value === 'string') return /^[1-9]\d{0,29}$/.test(value.trim()) ? value.trim() : null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || !Number.isInteger(value)) return null;
  if (Number.isSafeInteger(value)) return String(value);
  if (raw === null) return null;
  const pattern = new RegExp(`"${field}"\\s*:\\s*(\\d{1,30})(?![\\d.eE])`, 'g');
  for (const match of raw.matchAll(pattern)) if (Number(match[1]) === value) return match[1];
  return null;
}

/** A whole count (stock may be negative when oversold); null for anything else. */
function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2_000_000_000 ? value : null;
}

function date(...values: unknown[]): Date {
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 1e11) return new Date(value * 1000);
    if (typeof value === 'string' && value.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`;
      const parsed = new Date(withZone);
      if (!Number.isNaN(parsed.getTime())) return parsed;
    }
  }
  // No readable time in the delivery: when it was read.
  return new Date();
}

// ---- Shopify ---------------------------------------------------------------------------------------------------

const SHOPIFY_IN_TRANSIT = new Set(['in_transit', 'out_for_delivery', 'attempted_delivery', 'ready_for_pickup', 'picked_up', 'carrier_picked_up', 'delayed', 'failure']);

/** A fulfillment (REST resource, the body of fulfillments/create|update). Pending, open, failed or errored ones shipped nothing. */
function shopifyFulfilment({ json, raw }: Body): FulfilmentUpdate | null {
  const orderId = exactId(json.order_id, 'order_id', raw);
  if (!orderId) return null;
  const fulfilmentStatus = clean(json.status);
  let status: FulfilmentUpdate['status'];
  if (fulfilmentStatus === 'cancelled') status = 'cancelled';
  else if (fulfilmentStatus === 'success') {
    const shipment = clean(json.shipment_status);
    status = shipment === 'delivered' ? 'delivered' : shipment && SHOPIFY_IN_TRANSIT.has(shipment) ? 'in_transit' : 'shipped';
  } else return null;
  return {
    externalOrderId: `gid://shopify/Order/${orderId}`,
    reference: null,
    status,
    trackingNumber: clean(json.tracking_number) ?? clean(arr(json.tracking_numbers)[0]),
    trackingUrl: url(json.tracking_url) ?? url(arr(json.tracking_urls)[0]),
    carrier: clean(json.tracking_company),
    at: date(json.updated_at, json.created_at),
  };
}

function shopifyCatalog(topic: string, { json, raw }: Body, currency: string | null): CatalogUpdate | null {
  if (topic === 'products/delete') {
    const id = exactId(json.id, 'id', raw);
    return id ? { kind: 'product_deleted', externalId: `gid://shopify/Product/${id}` } : null;
  }
  if (topic === 'inventory_levels/update') {
    const item = exactId(json.inventory_item_id, 'inventory_item_id', raw);
    if (!item) return null;
    const location = exactId(json.location_id, 'location_id', raw);
    return { kind: 'inventory', externalVariantId: null, inventoryItemId: `gid://shopify/InventoryItem/${item}`, available: count(json.available), locationId: location ? `gid://shopify/Location/${location}` : null };
  }
  if (topic !== 'products/create' && topic !== 'products/update') return null;
  const id = exactId(json.id, 'id', raw);
  if (!id) return null;
  const externalId = `gid://shopify/Product/${id}`;
  if (!currency) return { kind: 'refetch_product', externalId };
  const title = clean(json.title, 1000) ?? '';
  const variantList = arr(json.variants).map(obj);
  const variants: CatalogVariant[] = [];
  for (const variant of variantList) {
    const variantId = exactId(variant.id, 'id', raw);
    const price = priceMinor(variant.price, currency);
    if (!variantId || price === null) continue;
    const item = exactId(variant.inventory_item_id, 'inventory_item_id', raw);
    const ownTitle = clean(variant.title, 1000);
    // inventory_management "shopify" is Shopify tracking it; policy "continue" sells past zero: never out of stock.
    const tracked = (variant.inventory_management === undefined || variant.inventory_management === 'shopify') && variant.inventory_policy === 'deny';
    variants.push({
      externalId: `gid://shopify/ProductVariant/${variantId}`,
      inventoryItemId: item ? `gid://shopify/InventoryItem/${item}` : null,
      sku: clean(variant.sku),
      title: variantList.length === 1 || !ownTitle || ownTitle === 'Default Title' ? title : ownTitle,
      priceMinor: price,
      inventory: tracked ? count(variant.inventory_quantity) : null,
    });
  }
  const tags = typeof json.tags === 'string' ? json.tags.split(',').map((tag) => clean(tag)).filter((tag): tag is string => tag !== null) : [];
  const product: CatalogProduct = {
    externalId,
    title,
    imageUrl: url(obj(json.image).src) ?? url(obj(arr(json.images)[0]).src),
    tags,
    collections: [],
    currency,
    active: json.status === 'active',
    variants,
  };
  return { kind: 'product', product, collectionsUnknown: true };
}

// ---- WooCommerce -----------------------------------------------------------------------------------------------

function metaValue(json: Json, key: string): unknown {
  return obj(arr(json.meta_data).map(obj).find((meta) => meta.key === key)).value;
}

/**
 * An order (the v3 order object, the body of order.created|updated). Tracking comes from the Shipment Tracking
 * extension's order meta `_wc_shipment_tracking_items` (a list of { tracking_provider, custom_tracking_provider,
 * custom_tracking_link, tracking_number, date_shipped }), the newest last. WooCommerce has no delivered state.
 */
function wooCommerceFulfilment(json: Json): FulfilmentUpdate | null {
  const id = exactId(json.id, 'id', null);
  if (!id) return null;
  const wcStatus = clean(json.status);
  const items = arr(metaValue(json, '_wc_shipment_tracking_items')).map(obj).filter((item) => clean(item.tracking_number) !== null);
  const tracking = items[items.length - 1] ?? null;
  let status: FulfilmentUpdate['status'];
  if (wcStatus === 'cancelled' || wcStatus === 'refunded' || wcStatus === 'failed') status = 'cancelled';
  else if (wcStatus === 'completed' || tracking) status = 'shipped';
  else return null;
  const number = tracking ? clean(tracking.tracking_number) : null;
  const link = tracking ? clean(tracking.custom_tracking_link, 2000) ?? clean(tracking.tracking_link, 2000) : null;
  const reference = clean(metaValue(json, '_huntstaff_reference'), 100);
  return {
    externalOrderId: id,
    reference: reference && /^[A-Za-z0-9_-]+$/.test(reference) ? reference : null,
    status,
    trackingNumber: number,
    trackingUrl: link && number ? url(link.replace(/%1\$s/g, encodeURIComponent(number))) : null,
    carrier: tracking ? clean(tracking.custom_tracking_provider) ?? clean(tracking.tracking_provider) : null,
    at: date(json.date_completed_gmt, json.date_modified_gmt, json.date_modified),
  };
}

function wooCommerceCatalog(topic: string, { json }: Body, currency: string | null): CatalogUpdate | null {
  const id = exactId(json.id, 'id', null);
  if (!id) return null;
  if (topic === 'product.deleted') return { kind: 'product_deleted', externalId: id };
  if (topic === 'product.restored') return { kind: 'refetch_product', externalId: id };
  if (topic !== 'product.created' && topic !== 'product.updated') return null;
  // A variation's own delivery, or a variable product (its payload lists variation ids only): read the product again.
  if (json.type === 'variation') {
    const parent = exactId(json.parent_id, 'parent_id', null);
    return parent ? { kind: 'refetch_product', externalId: parent } : null;
  }
  if (json.type === 'variable' || !currency) return { kind: 'refetch_product', externalId: id };
  const title = clean(json.name, 1000) ?? '';
  const variants: CatalogVariant[] = [];
  const price = priceMinor(json.price, currency);
  if (json.type === 'simple' && price !== null) {
    const backorders = json.backorders === 'notify' || json.backorders === 'yes';
    variants.push({
      externalId: id,
      inventoryItemId: null,
      sku: clean(json.sku),
      title,
      priceMinor: price,
      inventory: backorders ? null : json.manage_stock === true ? count(json.stock_quantity) ?? 0 : json.stock_status === 'outofstock' ? 0 : null,
    });
  }
  return {
    kind: 'product',
    product: {
      externalId: id,
      title,
      imageUrl: url(obj(arr(json.images)[0]).src),
      tags: arr(json.tags).map((tag) => clean(obj(tag).name)).filter((t): t is string => t !== null),
      collections: arr(json.categories).map((c) => clean(obj(c).slug)).filter((s): s is string => s !== null),
      currency,
      active: json.status === 'publish' && json.catalog_visibility !== 'hidden',
      variants,
    },
  };
}

// ---- BigCommerce -----------------------------------------------------------------------------------------------

/** BigCommerce names the event in the body's `scope` as well; the body's wins when both are given and differ in case only. */
function bigCommerceScope(topic: string, json: Json): string {
  const scope = normaliseTopic(json.scope);
  return scope || topic;
}

/** BigCommerce v2 order statuses: 2 Shipped, 5 Cancelled. */
function bigCommerceFulfilment(scope: string, { json, raw }: Body): FulfilmentUpdate | null {
  const data = obj(json.data);
  const at = date(json.created_at);
  if (scope === 'store/shipment/created' || scope === 'store/shipment/updated') {
    const orderId = exactId(data.orderId, 'orderId', raw);
    const shipmentId = exactId(data.id, 'id', raw);
    if (!orderId || !shipmentId || data.type !== 'shipment') return null;
    return { externalOrderId: orderId, reference: null, status: 'shipped', trackingNumber: null, trackingUrl: null, carrier: null, at, shipmentId };
  }
  if (scope === 'store/order/statusupdated') {
    const orderId = exactId(data.id, 'id', raw);
    const next = obj(data.status).new_status_id;
    if (!orderId || data.type !== 'order') return null;
    if (next === 5) return { externalOrderId: orderId, reference: null, status: 'cancelled', trackingNumber: null, trackingUrl: null, carrier: null, at };
    if (next === 2) return { externalOrderId: orderId, reference: null, status: 'shipped', trackingNumber: null, trackingUrl: null, carrier: null, at };
    return null;
  }
  return null;
}

/**
 * BigCommerce deliveries are thin (ids only): product changes answer `refetch_product`. A variant's stock set from the
 * control panel or the API (`method: "absolute"`) is its new level; an order's change (`relative`) is a difference,
 * so the product is read again. A product-level stock change names no variant: read again too.
 */
function bigCommerceCatalog(scope: string, { json, raw }: Body): CatalogUpdate | null {
  const data = obj(json.data);
  if (scope === 'store/product/deleted') {
    const id = exactId(data.id, 'id', raw);
    return id ? { kind: 'product_deleted', externalId: id } : null;
  }
  if (scope === 'store/product/created' || scope === 'store/product/updated') {
    const id = exactId(data.id, 'id', raw);
    return id ? { kind: 'refetch_product', externalId: id } : null;
  }
  if (scope === 'store/product/inventory/updated' || scope === 'store/product/inventory/order/updated') {
    const id = exactId(obj(data.inventory).product_id, 'product_id', raw) ?? exactId(data.id, 'id', raw);
    return id ? { kind: 'refetch_product', externalId: id } : null;
  }
  if (scope === 'store/sku/inventory/updated' || scope === 'store/sku/inventory/order/updated') {
    const inventory = obj(data.inventory);
    const productId = exactId(inventory.product_id, 'product_id', raw);
    const variantId = exactId(inventory.variant_id, 'variant_id', raw);
    const level = count(inventory.value);
    if (inventory.method === 'absolute' && variantId && level !== null) return { kind: 'inventory', externalVariantId: variantId, inventoryItemId: null, available: level };
    return productId ? { kind: 'refetch_product', externalId: productId } : null;
  }
  if (scope === 'store/sku/created' || scope === 'store/sku/updated' || scope === 'store/sku/deleted') {
    const productId = exactId(obj(data.sku).product_id, 'product_id', raw);
    return productId ? { kind: 'refetch_product', externalId: productId } : null;
  }
  return null;
}
