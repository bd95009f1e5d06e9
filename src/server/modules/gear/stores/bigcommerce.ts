import { formatMinorUnits, normaliseCurrency } from '@shared/currency';
import { arr, checkAnswered, checkOrderCurrency, checkPercentOff, checkReference, codeAfterConflict, count, couponWithCode, createdCouponId, idText, obj, outOfStock, pageOf, priceMinor, refusal, splitName, storeFetch, text, wantedLines, type Json, type StoreCallOptions, type StoreResponse } from './http';
import { bigCommerceCopyBody, codeNotInStore, codeTaken, copyThenDisable, idOf } from './code-copy';
import {
  StoreUnavailable,
  type CatalogPage,
  type CatalogProduct,
  type CatalogVariant,
  type FulfilmentUpdate,
  type GearOrderInput,
  type CodeReplacement,
  type GearOrderResult,
  type ProPricingCodeInput,
  type StoreAdmin,
} from './types';

/**
 * BigCommerce REST, `X-Auth-Token` (decision record 038):
 *
 * - Catalog v3: `GET /v3/catalog/products?include=variants,images&sort=id&direction=asc&page=&limit=` (pages from
 *   `meta.pagination`), category names from `GET /v3/catalog/trees/categories?category_id:in=`, the store currency
 *   from `GET /v2/store`.
 * - Orders v2: `POST /v2/orders` with each product's `variant_id`, its retail price and `discount_amount` equal to the
 *   subtotal; the reference travels in `external_order_id` (documented as writable on POST and as a filter of
 *   `GET /v2/orders`), which is how a retry finds the order a lost answer made. `staff_notes` carries it for people.
 * - Coupons v2: `POST /v2/coupons` (`percentage_discount`, all categories), found again by `GET /v2/coupons?code=`,
 *   disabled by `PUT /v2/coupons/{id}` with `enabled: false` (and the coupon's `applies_to`, which a PUT without it clears).
 *   v2 coupons cannot be limited to one customer nor given a start date: the code works for anyone who has it.
 * - Shipments: the store/shipment/* webhooks name the shipment only; `fetchShipment` reads
 *   `GET /v2/orders/{order_id}/shipments/{shipment_id}` for its tracking.
 */
const PRODUCTS_PER_PAGE = 50;
/** BigCommerce order statuses: 1 Pending (left for the business), 11 Awaiting Fulfillment (paid, to ship). */
const STATUS_PENDING = 1;
const STATUS_AWAITING_FULFILLMENT = 11;

export type BigCommerceAdminOptions = StoreCallOptions & {
  storeHash: string;
  accessToken: string;
  /** `https://api.bigcommerce.com` in production (config.bigcommerceApiUrl); a test points it at its fake. */
  apiUrl: string;
};

export const bigCommerceCouponName = (reference: string) => `HuntStaff ${reference}`;

export class BigCommerceAdmin implements StoreAdmin {
  readonly platform = 'bigcommerce' as const;
  private readonly base: string;
  private currency: string | null = null;

  constructor(private readonly options: BigCommerceAdminOptions) {
    this.base = `${options.apiUrl.replace(/\/$/, '')}/stores/${encodeURIComponent(options.storeHash)}`;
  }

  // ---- catalog -------------------------------------------------------------------------------------------------

  async catalogPage(cursor: string | null): Promise<CatalogPage> {
    const page = pageOf('BigCommerce', cursor);
    const currency = await this.storeCurrency();
    const response = await this.call('GET', `/v3/catalog/products?include=variants,images&sort=id&direction=asc&limit=${PRODUCTS_PER_PAGE}&page=${page}`, 'reading the catalog');
    const body = obj(response.body);
    const items = arr(body.data).map(obj);
    const names = await this.categoryNames(items);
    const products = items.map((item) => productOf(item, currency, names)).filter((p): p is CatalogProduct => p !== null);
    const pagination = obj(obj(body.meta).pagination);
    const totalPages = count(pagination.total_pages);
    const more = totalPages !== null ? page < totalPages : items.length === PRODUCTS_PER_PAGE;
    return { products, cursor: more ? String(page + 1) : null };
  }

  async fetchProduct(externalId: string): Promise<CatalogProduct | null> {
    const id = idText(externalId);
    if (!id) return null;
    const response = await this.call('GET', `/v3/catalog/products/${id}?include=variants,images`, 'reading a product', { notFound: true });
    if (response.status === 404) return null;
    const item = obj(obj(response.body).data);
    return productOf(item, await this.storeCurrency(), await this.categoryNames([item]));
  }

  private async storeCurrency(): Promise<string> {
    if (this.currency) return this.currency;
    const response = await this.call('GET', '/v2/store', 'reading the store currency');
    const currency = normaliseCurrency(obj(response.body).currency);
    if (!currency) throw refusal('invalid', 'BigCommerce answered no store currency');
    this.currency = currency;
    return currency;
  }

  private async categoryNames(items: Json[]): Promise<Map<string, string>> {
    const ids = [...new Set(items.flatMap((item) => arr(item.categories).map(idText)).filter((id): id is string => id !== null))];
    const names = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100).join(',');
      const response = await this.call('GET', `/v3/catalog/trees/categories?category_id:in=${chunk}&limit=250`, 'reading category names');
      for (const category of arr(obj(response.body).data).map(obj)) {
        const id = idText(category.category_id ?? category.id);
        const name = text(category.name, 255);
        if (id && name) names.set(id, name);
      }
    }
    return names;
  }

  // ---- gear orders ---------------------------------------------------------------------------------------------

  async createGearOrder(input: GearOrderInput): Promise<GearOrderResult> {
    const reference = checkReference(input.reference);
    const existing = await this.findGearOrder(reference);
    if (existing) return existing;
    const currency = await this.storeCurrency();
    checkOrderCurrency('BigCommerce', input.currency, currency);
    await this.checkLines(input);
    const { first, last } = splitName(input.shippingAddress.name);
    const address = input.shippingAddress;
    const postal = {
      first_name: first || last,
      last_name: last,
      street_1: address.line1,
      street_2: address.line2 ?? '',
      city: address.city,
      state: address.region,
      zip: address.postalCode,
      country_iso2: address.country,
      phone: address.phone ?? '',
      email: input.email,
    };
    const subtotal = input.lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
    const response = await this.call('POST', '/v2/orders', 'creating the gear order', {
      body: {
        customer_id: 0,
        status_id: input.completeAsPaid ? STATUS_AWAITING_FULFILLMENT : STATUS_PENDING,
        billing_address: postal,
        shipping_addresses: [postal],
        products: input.lines.map((line) => {
          const price = formatMinorUnits(line.priceMinor, currency);
          return { product_id: Number(line.externalProductId), variant_id: Number(line.externalVariantId), quantity: line.quantity, price_inc_tax: price, price_ex_tax: price };
        }),
        discount_amount: formatMinorUnits(subtotal, currency),
        staff_notes: `HuntStaff pro staff gear ${reference}. ${input.note}`.slice(0, 65_000),
        external_source: 'HuntStaff',
        external_order_id: reference,
      },
      orderWrite: true,
    });
    return this.orderResult(obj(response.body));
  }

  async findGearOrder(reference: string): Promise<GearOrderResult | null> {
    checkReference(reference);
    const response = await this.call('GET', `/v2/orders?external_order_id=${encodeURIComponent(reference)}&limit=50`, 'looking up the gear order');
    const found = arr(response.body).map(obj).find((order) => order.external_order_id === reference);
    return found ? this.orderResult(found) : null;
  }

  private orderResult(order: Json): GearOrderResult {
    const id = idText(order.id);
    if (!id) throw new StoreUnavailable('BigCommerce answered an order without an id');
    return { externalOrderId: id, orderName: `#${id}`, state: 'order', adminUrl: `https://store-${this.options.storeHash}.mybigcommerce.com/manage/orders/${id}` };
  }

  private async checkLines(input: GearOrderInput): Promise<void> {
    for (const line of wantedLines(input, (_productId, variantId) => variantId)) {
      const response = await this.call('GET', `/v3/catalog/products/${line.productId}?include=variants`, 'checking a gear line', { notFound: true });
      const product = obj(obj(response.body).data);
      const variant = arr(product.variants).map(obj).find((v) => idText(v.id) === line.variantId);
      if (response.status === 404 || !variant) throw refusal('unknown_variant', `BigCommerce has no variant ${line.variantId} of product ${line.productId} (${line.title})`, { productId: line.productId, variantId: line.variantId });
      if (product.availability === 'disabled' || variant.purchasing_disabled === true) throw refusal('unknown_variant', `${line.title} cannot be purchased in BigCommerce`, { variantId: line.variantId });
      const level = product.inventory_tracking === 'product' ? count(product.inventory_level) : product.inventory_tracking === 'variant' ? count(variant.inventory_level) : null;
      const short = outOfStock(line, level);
      if (short) throw short;
    }
  }

  /** A shipment's tracking, for a thin store/shipment/* delivery; null when the store has no such shipment. */
  async fetchShipment(externalOrderId: string, shipmentId: string): Promise<FulfilmentUpdate | null> {
    const orderId = idText(externalOrderId);
    const id = idText(shipmentId);
    if (!orderId || !id) return null;
    const response = await this.call('GET', `/v2/orders/${orderId}/shipments/${id}`, 'reading a shipment', { notFound: true });
    if (response.status === 404 || response.status === 204) return null;
    const shipment = obj(response.body);
    const at = new Date(text(shipment.date_created) ?? '');
    return {
      externalOrderId: idText(shipment.order_id) ?? orderId,
      reference: null,
      status: 'shipped',
      trackingNumber: text(shipment.tracking_number, 255),
      trackingUrl: safeUrl(shipment.tracking_link) ?? safeUrl(shipment.generated_tracking_link),
      carrier: text(shipment.shipping_provider_display_name, 255) ?? text(shipment.tracking_carrier, 255) ?? text(shipment.shipping_provider, 255),
      at: Number.isNaN(at.getTime()) ? new Date() : at,
      shipmentId: id,
    };
  }

  // ---- pro pricing codes ---------------------------------------------------------------------------------------

  async createProPricingCode(input: ProPricingCodeInput): Promise<{ externalId: string }> {
    const reference = checkReference(input.reference);
    checkPercentOff(input.percentOff);
    checkBigCommerceCode(input.code);
    const existing = await this.couponByCode(input.code, reference);
    if (existing) return { externalId: existing };
    const response = await this.call('POST', '/v2/coupons', 'creating the pro pricing code', {
      body: {
        name: bigCommerceCouponName(reference),
        code: input.code,
        type: 'percentage_discount',
        amount: String(input.percentOff),
        min_purchase: '0',
        enabled: true,
        applies_to: { entity: 'categories', ids: [0] },
        max_uses: 0,
        max_uses_per_customer: 0,
      },
      conflict: true,
    });
    if (response.status === 409) {
      return codeAfterConflict('BigCommerce', input.code, await this.couponByCode(input.code, reference), bcMessage(response.body));
    }
    return createdCouponId('BigCommerce', response.body);
  }

  disableProPricingCode(externalId: string): Promise<void> {
    return this.disableCoupon(externalId, 'disabling the pro pricing code');
  }

  private async disableCoupon(externalId: string, what: string): Promise<void> {
    const id = idText(externalId);
    if (!id) throw refusal('not_found', `${externalId} is not a BigCommerce coupon id`);
    const current = await this.call('GET', `/v2/coupons/${id}`, what, { notFound: true });
    if (current.status === 404 || current.status === 204) throw refusal('not_found', `BigCommerce has no coupon ${id}`);
    const coupon = obj(current.body);
    if (coupon.enabled === false) return;
    // A PUT without applies_to clears it (coupons v2 reference): send the coupon's own back.
    await this.call('PUT', `/v2/coupons/${id}`, what, { body: { enabled: false, applies_to: coupon.applies_to ?? { entity: 'categories', ids: [0] } } });
  }

  // ---- rotation of a leaked code (issue 43) ---------------------------------------------------------------------

  /** Found by `GET /v2/coupons?code=`, copied by `POST /v2/coupons`, disabled by `PUT /v2/coupons/{id}` `enabled: false`. */
  async replaceCode(oldCode: string, newCode: string): Promise<CodeReplacement> {
    checkBigCommerceCode(newCode);
    const found = await this.call('GET', `/v2/coupons?code=${encodeURIComponent(oldCode)}`, 'reading the code to rotate');
    const coupon = couponWithCode(found.body, oldCode);
    if (!coupon || coupon.enabled === false) throw codeNotInStore('BigCommerce', oldCode);
    const create = async () => {
      const made = await this.call('POST', '/v2/coupons', 'creating the replacement code', { body: bigCommerceCopyBody(coupon, newCode), conflict: true });
      if (made.status === 409) throw codeTaken('BigCommerce', newCode, bcMessage(made.body));
      return createdCouponId('BigCommerce', made.body).externalId;
    };
    return copyThenDisable(idOf('BigCommerce', coupon.id), create, (id) => this.disableCoupon(id, 'disabling the rotated code'));
  }

  private async couponByCode(code: string, reference: string): Promise<string | null> {
    const response = await this.call('GET', `/v2/coupons?code=${encodeURIComponent(code)}`, 'looking up the pro pricing code');
    const coupon = couponWithCode(response.body, code);
    if (!coupon) return null;
    if (coupon.name !== bigCommerceCouponName(reference)) throw refusal('invalid', `The code ${code} already exists in BigCommerce for something else`);
    return idText(coupon.id);
  }

  // ---- transport -----------------------------------------------------------------------------------------------

  private async call(method: 'GET' | 'POST' | 'PUT', path: string, what: string, extra: { body?: unknown; notFound?: boolean; conflict?: boolean; orderWrite?: boolean } = {}): Promise<StoreResponse> {
    const response = await storeFetch('BigCommerce', {
      method,
      url: `${this.base}${path}`,
      headers: { 'X-Auth-Token': this.options.accessToken },
      body: extra.body,
      timeoutMs: this.options.timeoutMs,
    });
    if (extra.notFound && response.status === 404) return response;
    if (extra.conflict && response.status === 409) return response;
    if (extra.orderWrite && (response.status === 409 || response.status === 400 || response.status === 422)) {
      const message = bcMessage(response.body);
      const types = JSON.stringify(response.body ?? '').slice(0, 2000);
      if (response.status === 409 || /OutOfStock|out of stock/i.test(types)) throw refusal('out_of_stock', `BigCommerce refused the gear order: ${message}`, response.body);
      if (/product|variant|option/i.test(message)) throw refusal('unknown_variant', `BigCommerce refused the gear order: ${message}`, response.body);
    }
    checkAnswered('BigCommerce', response, what, bcMessage(response.body));
    return response.status === 204 ? { ...response, body: [] } : response;
  }
}

function checkBigCommerceCode(code: string): void {
  if (!/^[A-Za-z0-9_ -]{1,50}$/.test(code)) throw refusal('invalid', `BigCommerce codes are 1-50 letters, digits, spaces, _ and -: ${code.slice(0, 60)}`);
}

/** v2 errors are `[{ status, message }]`; v3 errors `{ status, title, errors }`. */
function bcMessage(body: unknown): string {
  if (Array.isArray(body)) return body.map((e) => text(obj(e).message, 300) ?? '').filter(Boolean).join('; ').slice(0, 300);
  const o = obj(body);
  return (text(o.title, 300) ?? text(o.message, 300) ?? '').slice(0, 300);
}

function safeUrl(value: unknown): string | null {
  const url = text(value, 2000);
  return url && /^https?:\/\//i.test(url) ? url : null;
}

function productOf(item: Json, currency: string, categoryNames: Map<string, string>): CatalogProduct | null {
  const id = idText(item.id);
  if (!id) return null;
  const title = text(item.name) ?? '';
  const images = arr(item.images).map(obj);
  const image = images.find((i) => i.is_thumbnail === true) ?? images[0] ?? {};
  const tracking = text(item.inventory_tracking);
  const variantList = arr(item.variants).map(obj);
  const variants: CatalogVariant[] = [];
  for (const variant of variantList) {
    const variantId = idText(variant.id);
    const price = priceMinor(variant.price ?? item.price, currency);
    if (!variantId || price === null || variant.purchasing_disabled === true) continue;
    const options = arr(variant.option_values).map((o) => text(obj(o).label, 255)).filter((l): l is string => l !== null);
    variants.push({
      externalId: variantId,
      inventoryItemId: null,
      sku: text(variant.sku, 255),
      title: variantList.length === 1 || options.length === 0 ? title : options.join(' / '),
      priceMinor: price,
      inventory: tracking === 'product' ? count(item.inventory_level) : tracking === 'variant' ? count(variant.inventory_level) : null,
    });
  }
  return {
    externalId: id,
    title,
    imageUrl: text(image.url_standard, 2000),
    tags: [],
    collections: arr(item.categories).map(idText).map((cid) => (cid ? categoryNames.get(cid) ?? null : null)).filter((n): n is string => n !== null),
    currency,
    active: item.is_visible === true && item.availability !== 'disabled',
    variants,
  };
}
