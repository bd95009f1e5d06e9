import { formatMinorUnits, normaliseCurrency } from '@shared/currency';
import { arr, checkAnswered, checkOrderCurrency, checkPercentOff, checkReference, codeAfterConflict, count, couponWithCode, createdCouponId, idText, obj, outOfStock, pageOf, priceMinor, proPricingTitle, refusal, splitName, storeFetch, text, wantedLines, type Json, type StoreCallOptions, type StoreResponse } from './http';
import { codeNotInStore, codeTaken, copyThenDisable, idOf, wooCopyBody } from './code-copy';
import {
  StoreUnavailable,
  type CatalogPage,
  type CatalogProduct,
  type CatalogVariant,
  type GearOrderInput,
  type CodeReplacement,
  type GearOrderResult,
  type ProPricingCodeInput,
  type StoreAdmin,
} from './types';

/**
 * WooCommerce REST API v3 (`/wp-json/wc/v3`), HTTP Basic with the REST key pair, over https only (decision record 038).
 *
 * - Catalog: `GET /products?orderby=id&order=asc&page=&per_page=` (pages from `X-WP-TotalPages`), a variable product's
 *   variations from `GET /products/{id}/variations`, prices (decimal text) in the currency of
 *   `GET /data/currencies/current`.
 * - Gear order: `POST /orders` with each line's `subtotal` at retail and `total` "0" (both writable line item
 *   properties: the order shows the retail value as its discount), `set_paid` when completed as paid. WooCommerce
 *   neither refuses an unknown product id (it adds a line without a product) nor checks stock when an order is made
 *   through the API, so each line is read first (`GET /products/{id}` or `/products/{id}/variations/{id}`).
 * - Idempotency: the reference is kept in the order's meta (`_huntstaff_reference`) and in the billing company
 *   (`HuntStaff <reference>`). The orders list has no documented meta filter, but its `search` matches the billing
 *   address (the `_billing_address_index` meta, with or without HPOS), so `GET /orders?search=<reference>` finds the
 *   candidates and the meta is compared exactly.
 * - Pro pricing code: `POST /coupons` (`percent`, `email_restrictions`, `individual_use`), found again with
 *   `GET /coupons?code=`; disabled with `PUT /coupons/{id}` `{ status: "draft" }`.
 */
const REFERENCE_META = '_huntstaff_reference';
const PRODUCTS_PER_PAGE = 20;
/** Variable products with more variations than this many pages of 100 are read no further. */
const MAX_VARIATION_PAGES = 20;

export type WooCommerceAdminOptions = StoreCallOptions & {
  siteUrl: string;
  consumerKey: string;
  consumerSecret: string;
};

export class WooCommerceAdmin implements StoreAdmin {
  readonly platform = 'woocommerce' as const;
  private readonly base: string;
  private readonly authorization: string;
  private currency: string | null = null;

  constructor(private readonly options: WooCommerceAdminOptions) {
    this.base = `${options.siteUrl.replace(/\/$/, '')}/wp-json/wc/v3`;
    this.authorization = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
  }

  // ---- catalog -------------------------------------------------------------------------------------------------

  async catalogPage(cursor: string | null): Promise<CatalogPage> {
    const page = pageOf('WooCommerce', cursor);
    const currency = await this.storeCurrency();
    const response = await this.call('GET', `/products?orderby=id&order=asc&per_page=${PRODUCTS_PER_PAGE}&page=${page}`, 'reading the catalog');
    const items = arr(response.body).map(obj);
    const products: CatalogProduct[] = [];
    for (const item of items) {
      const product = await this.productOf(item, currency);
      if (product) products.push(product);
    }
    const totalPages = Number(response.headers.get('x-wp-totalpages'));
    const more = Number.isSafeInteger(totalPages) && totalPages > 0 ? page < totalPages : items.length === PRODUCTS_PER_PAGE;
    return { products, cursor: more ? String(page + 1) : null };
  }

  async fetchProduct(externalId: string): Promise<CatalogProduct | null> {
    const id = idText(externalId);
    if (!id) return null;
    const response = await this.call('GET', `/products/${id}`, 'reading a product', { notFound: true });
    if (response.status === 404) return null;
    return this.productOf(obj(response.body), await this.storeCurrency());
  }

  private async storeCurrency(): Promise<string> {
    if (this.currency) return this.currency;
    const response = await this.call('GET', '/data/currencies/current', 'reading the store currency');
    const currency = normaliseCurrency(obj(response.body).code);
    if (!currency) throw refusal('invalid', 'WooCommerce answered no store currency');
    this.currency = currency;
    return currency;
  }

  private async productOf(item: Json, currency: string): Promise<CatalogProduct | null> {
    const id = idText(item.id);
    if (!id) return null;
    const title = text(item.name) ?? '';
    const type = text(item.type) ?? 'simple';
    let variants: CatalogVariant[] = [];
    if (type === 'variable') {
      for (let page = 1; page <= MAX_VARIATION_PAGES; page++) {
        const response = await this.call('GET', `/products/${id}/variations?per_page=100&page=${page}`, 'reading variations');
        const list = arr(response.body).map(obj);
        for (const variation of list) {
          if (variation.status !== undefined && variation.status !== 'publish') continue;
          const variant = variantOf(variation, item, title, currency, false);
          if (variant) variants.push(variant);
        }
        const totalPages = Number(response.headers.get('x-wp-totalpages'));
        if (Number.isSafeInteger(totalPages) && totalPages > 0 ? page >= totalPages : list.length < 100) break;
      }
    } else if (type === 'simple') {
      // A simple product is its own only variant: the variant id is the product id (line item `variation_id` 0).
      const variant = variantOf(item, item, title, currency, true);
      variants = variant ? [variant] : [];
    }
    // grouped and external products cannot be put in an order: kept, with no variants.
    return {
      externalId: id,
      title,
      imageUrl: text(obj(arr(item.images)[0]).src, 2000),
      tags: arr(item.tags).map((tag) => text(obj(tag).name, 255)).filter((t): t is string => t !== null),
      collections: arr(item.categories).map((c) => text(obj(c).slug, 255)).filter((s): s is string => s !== null),
      currency,
      active: item.status === 'publish' && item.catalog_visibility !== 'hidden',
      variants,
    };
  }

  // ---- gear orders ---------------------------------------------------------------------------------------------

  async createGearOrder(input: GearOrderInput): Promise<GearOrderResult> {
    const reference = checkReference(input.reference);
    const existing = await this.findGearOrder(reference);
    if (existing) return existing;
    const currency = await this.storeCurrency();
    checkOrderCurrency('WooCommerce', input.currency, currency);
    await this.checkLines(input);
    const { first, last } = splitName(input.shippingAddress.name);
    const address = input.shippingAddress;
    const postal = {
      first_name: first,
      last_name: last,
      address_1: address.line1,
      address_2: address.line2 ?? '',
      city: address.city,
      state: address.region,
      postcode: address.postalCode,
      country: address.country,
      phone: address.phone ?? '',
    };
    const response = await this.call('POST', '/orders', 'creating the gear order', {
      body: {
        status: input.completeAsPaid ? 'processing' : 'pending',
        set_paid: input.completeAsPaid,
        currency,
        payment_method_title: 'Pro staff gear (HuntStaff)',
        customer_note: input.note,
        billing: { ...postal, company: `HuntStaff ${reference}`, email: input.email },
        shipping: postal,
        line_items: input.lines.map((line) => ({
          product_id: Number(line.externalProductId),
          ...(line.externalVariantId !== line.externalProductId ? { variation_id: Number(line.externalVariantId) } : {}),
          quantity: line.quantity,
          subtotal: formatMinorUnits(line.priceMinor * line.quantity, currency),
          total: formatMinorUnits(0, currency),
        })),
        meta_data: [{ key: REFERENCE_META, value: reference }],
      },
    });
    return this.orderResult(obj(response.body));
  }

  /** Candidates by `search` (the billing company holds the reference), confirmed by the exact meta value. */
  async findGearOrder(reference: string): Promise<GearOrderResult | null> {
    checkReference(reference);
    for (let page = 1; page <= 5; page++) {
      const response = await this.call('GET', `/orders?search=${encodeURIComponent(reference)}&per_page=100&page=${page}&orderby=id&order=asc`, 'looking up the gear order');
      const list = arr(response.body).map(obj);
      const found = list.find((order) => metaValue(order, REFERENCE_META) === reference);
      if (found) return this.orderResult(found);
      const totalPages = Number(response.headers.get('x-wp-totalpages'));
      if (Number.isSafeInteger(totalPages) && totalPages > 0 ? page >= totalPages : list.length < 100) break;
    }
    return null;
  }

  private orderResult(order: Json): GearOrderResult {
    const id = idText(order.id);
    if (!id) throw new StoreUnavailable('WooCommerce answered an order without an id');
    const number = text(String(order.number ?? ''), 50);
    return {
      externalOrderId: id,
      orderName: number ? `#${number}` : null,
      state: 'order',
      adminUrl: `${this.options.siteUrl.replace(/\/$/, '')}/wp-admin/post.php?post=${id}&action=edit`,
    };
  }

  private async checkLines(input: GearOrderInput): Promise<void> {
    for (const line of wantedLines(input, (productId, variantId) => `${productId}/${variantId}`)) {
      const simple = line.productId === line.variantId;
      const path = simple ? `/products/${line.productId}` : `/products/${line.productId}/variations/${line.variantId}`;
      const response = await this.call('GET', path, 'checking a gear line', { notFound: true });
      if (response.status === 404) throw refusal('unknown_variant', `WooCommerce has no ${simple ? 'product' : 'variation'} ${line.variantId} (${line.title})`, { productId: line.productId, variantId: line.variantId });
      let stock = obj(response.body);
      if (stock.status !== 'publish' || (simple && stock.type !== 'simple')) throw refusal('unknown_variant', `${line.title} cannot be ordered in WooCommerce (${String(stock.status)})`, { variantId: line.variantId });
      if (stock.manage_stock === 'parent') {
        stock = obj((await this.call('GET', `/products/${line.productId}`, 'checking a gear line')).body);
      }
      const short = outOfStock(line, stockOf(stock));
      if (short) throw short;
    }
  }

  // ---- pro pricing codes ---------------------------------------------------------------------------------------

  async createProPricingCode(input: ProPricingCodeInput): Promise<{ externalId: string }> {
    const reference = checkReference(input.reference);
    checkPercentOff(input.percentOff);
    const existing = await this.couponByCode(input.code, reference);
    if (existing) return { externalId: existing };
    const response = await this.call('POST', '/coupons', 'creating the pro pricing code', {
      body: {
        code: input.code,
        discount_type: 'percent',
        amount: String(input.percentOff),
        individual_use: true,
        email_restrictions: [input.customerEmail],
        description: proPricingTitle(reference),
        meta_data: [{ key: REFERENCE_META, value: reference }],
      },
      codeExists: true,
    });
    if (response.status === 400) {
      // woocommerce_rest_coupon_code_already_exists: made by a call whose answer was lost, or someone else's.
      return codeAfterConflict('WooCommerce', input.code, await this.couponByCode(input.code, reference), wooMessage(response.body));
    }
    return createdCouponId('WooCommerce', response.body);
  }

  disableProPricingCode(externalId: string): Promise<void> {
    return this.unpublish(externalId, 'disabling the pro pricing code');
  }

  /** A coupon back to draft is disabled: checkout finds published coupons only (wc_get_coupon_id_by_code), and it keeps its usage. */
  private async unpublish(externalId: string, what: string): Promise<void> {
    const id = idText(externalId);
    if (!id) throw refusal('not_found', `${externalId} is not a WooCommerce coupon id`);
    await this.call('PUT', `/coupons/${id}`, what, { body: { status: 'draft' } });
  }

  // ---- rotation of a leaked code (issue 43) ---------------------------------------------------------------------

  /** Found by `GET /coupons?code=`, copied by `POST /coupons`, disabled by `PUT /coupons/{id}` `{ status: "draft" }`. */
  async replaceCode(oldCode: string, newCode: string): Promise<CodeReplacement> {
    const found = await this.call('GET', `/coupons?code=${encodeURIComponent(oldCode)}`, 'reading the code to rotate');
    const coupon = couponWithCode(found.body, oldCode);
    if (!coupon) throw codeNotInStore('WooCommerce', oldCode);
    const create = async () => {
      const made = await this.call('POST', '/coupons', 'creating the replacement code', { body: wooCopyBody(coupon, newCode, oldCode), codeExists: true });
      if (made.status === 400) throw codeTaken('WooCommerce', newCode, wooMessage(made.body));
      return createdCouponId('WooCommerce', made.body).externalId;
    };
    return copyThenDisable(idOf('WooCommerce', coupon.id), create, (id) => this.unpublish(id, 'disabling the rotated code'));
  }

  /** `GET /coupons?code=` finds published coupons (wc_get_coupon_id_by_code); codes are compared without case, as WooCommerce stores them. */
  private async couponByCode(code: string, reference: string): Promise<string | null> {
    const response = await this.call('GET', `/coupons?code=${encodeURIComponent(code)}`, 'looking up the pro pricing code');
    const coupon = couponWithCode(response.body, code);
    if (!coupon) return null;
    if (metaValue(coupon, REFERENCE_META) !== reference && coupon.description !== proPricingTitle(reference)) {
      throw refusal('invalid', `The code ${code} already exists in WooCommerce for something else`);
    }
    return idText(coupon.id);
  }

  // ---- transport -----------------------------------------------------------------------------------------------

  private async call(method: 'GET' | 'POST' | 'PUT', path: string, what: string, extra: { body?: unknown; notFound?: boolean; codeExists?: boolean } = {}): Promise<StoreResponse> {
    const response = await storeFetch('WooCommerce', {
      method,
      url: `${this.base}${path}`,
      headers: { Authorization: this.authorization },
      body: extra.body,
      timeoutMs: this.options.timeoutMs,
    });
    if (extra.notFound && response.status === 404) return response;
    const code = text(obj(response.body).code) ?? '';
    if (extra.codeExists && response.status === 400 && code === 'woocommerce_rest_coupon_code_already_exists') return response;
    // A read-only key writing is a 401 "does not have write permissions": a missing permission, not a bad key.
    if (response.status === 401 && /permission/i.test(wooMessage(response.body))) {
      throw refusal('missing_scope', `The WooCommerce key lacks a permission for ${what}: ${wooMessage(response.body)}`);
    }
    checkAnswered('WooCommerce', response, what, [code, wooMessage(response.body)].filter(Boolean).join(' '));
    return response;
  }
}

function wooMessage(body: unknown): string {
  return (text(obj(body).message, 500) ?? '').slice(0, 300);
}

function metaValue(item: Json, key: string): string | null {
  const entry = arr(item.meta_data).map(obj).find((meta) => meta.key === key);
  return entry ? text(entry.value, 200) : null;
}

/** Units that can be sold: a managed stock refusing backorders counts; out of stock without backorders is 0; anything else never runs out (null). */
function stockOf(item: Json): number | null {
  const backorders = item.backorders === 'notify' || item.backorders === 'yes';
  if (backorders) return null;
  if (item.manage_stock === true) return count(item.stock_quantity) ?? 0;
  return item.stock_status === 'outofstock' ? 0 : null;
}

function variantOf(item: Json, parent: Json, productTitle: string, currency: string, simple: boolean): CatalogVariant | null {
  const id = idText(item.id);
  const price = priceMinor(item.price, currency);
  if (!id || price === null) return null;
  const options = arr(item.attributes).map((a) => text(obj(a).option, 255)).filter((o): o is string => o !== null);
  return {
    externalId: id,
    inventoryItemId: null,
    sku: text(item.sku, 255),
    title: simple || options.length === 0 ? productTitle : options.join(' / '),
    priceMinor: price,
    inventory: stockOf(item.manage_stock === 'parent' ? parent : item),
  };
}
