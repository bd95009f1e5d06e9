import { basicPair, startFakeStoreServer, startingState, type FakeAnswer, type FakeRequest, type FakeStoreServer } from './fake-store-server';

/**
 * A local WooCommerce REST API v3 (`/wp-json/wc/v3`) for the gear store tests: HTTP Basic with the key pair, paging
 * with `X-WP-Total`/`X-WP-TotalPages`, errors in WooCommerce's shape `{ code, message, data: { status } }`.
 *
 * It behaves as WooCommerce's own controllers do (woocommerce/woocommerce, includes/rest-api/Controllers/Version3):
 * - `POST /orders` does not refuse an unknown product id (the line is kept without a product) and checks no stock;
 *   `set_paid` reduces managed stock. Line `subtotal`/`total` are taken as sent.
 * - `GET /orders?search=` matches the billing and shipping address fields and the line item names (the
 *   `_billing_address_index`/`_shipping_address_index` search), not other meta.
 * - `GET /coupons?code=` finds published coupons only (`wc_get_coupon_id_by_code`); codes are stored lower case;
 *   `POST /coupons` with a published code answers 400 `woocommerce_rest_coupon_code_already_exists`, keeps the
 *   documented writable terms (limits, product and category restrictions, minimum/maximum, expiry) and refuses an
 *   unknown `discount_type`; an unknown coupon id is 404 `woocommerce_rest_shop_coupon_invalid_id`.
 * - A read-only key writing answers 401 "The API key provided does not have write permissions."
 * Products and variations are kept as WooCommerce's JSON objects, so a test can serve the docs' published samples.
 */

export const FAKE_WC_KEY = 'ck_fake0123456789abcdef0123456789abcdef01';
export const FAKE_WC_SECRET = 'cs_fake0123456789abcdef0123456789abcdef01';

type Json = Record<string, unknown>;

export type FakeWooCommerceState = {
  currency: string;
  /** v3 product objects, by id. */
  products: Json[];
  /** v3 variation objects, by their product's id. */
  variations: Map<number, Json[]>;
  orders: Json[];
  coupons: Json[];
  permissions: 'read' | 'read_write';
};

export type FakeWooCommerce = FakeStoreServer & { state: FakeWooCommerceState };

const error = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message, data: { status } } });

export async function startFakeWooCommerce(initial: Partial<FakeWooCommerceState> = {}): Promise<FakeWooCommerce> {
  const state = startingState<FakeWooCommerceState>({ currency: 'USD', products: [], variations: new Map(), orders: [], coupons: [], permissions: 'read_write' }, initial);
  let nextId = 5000;
  let nextMetaId = 90000;

  const server = await startFakeStoreServer((request) => {
    const label = `${request.method} ${request.path.replace(/^\/wp-json\/wc\/v3/, '')}`;
    return { label, answer: handle(request) };
  });

  function handle(request: FakeRequest): FakeAnswer {
    if (!request.path.startsWith('/wp-json/wc/v3/')) return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const pair = basicPair(request.headers.authorization);
    if (!pair) return error(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    if (pair.user !== FAKE_WC_KEY || pair.password !== FAKE_WC_SECRET) return error(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
    if (request.method !== 'GET' && state.permissions === 'read') return error(401, 'woocommerce_rest_authentication_error', 'The API key provided does not have write permissions.');
    const path = request.path.slice('/wp-json/wc/v3'.length);
    let match: RegExpExecArray | null;

    if (request.method === 'GET' && path === '/data/currencies/current') {
      return { status: 200, body: { code: state.currency, name: state.currency, symbol: '&#36;', _links: { self: [{ href: `https://example.com/wp-json/wc/v3/data/currencies/${state.currency}` }] } } };
    }
    if (request.method === 'GET' && path === '/products') {
      const sorted = request.query.get('orderby') === 'id' ? [...state.products].sort((a, b) => Number(a.id) - Number(b.id)) : [...state.products].reverse();
      if (request.query.get('order') === 'desc' && request.query.get('orderby') === 'id') sorted.reverse();
      return paged(sorted, request);
    }
    if ((match = /^\/products\/(\d+)$/.exec(path)) && request.method === 'GET') {
      const product = state.products.find((p) => p.id === Number(match![1]));
      return product ? { status: 200, body: product } : error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    }
    if ((match = /^\/products\/(\d+)\/variations$/.exec(path)) && request.method === 'GET') {
      const product = state.products.find((p) => p.id === Number(match![1]));
      if (!product) return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      return paged(state.variations.get(Number(match[1])) ?? [], request);
    }
    if ((match = /^\/products\/(\d+)\/variations\/(\d+)$/.exec(path)) && request.method === 'GET') {
      const variation = (state.variations.get(Number(match[1])) ?? []).find((v) => v.id === Number(match![2]));
      return variation ? { status: 200, body: variation } : error(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
    }
    if (path === '/orders' && request.method === 'GET') {
      const term = (request.query.get('search') ?? '').toLowerCase();
      const found = state.orders.filter((order) => !term || searchable(order).some((value) => value.toLowerCase().includes(term)));
      return paged(request.query.get('order') === 'desc' ? [...found].reverse() : found, request);
    }
    if (path === '/orders' && request.method === 'POST') return createOrder(obj(request.body));
    if (path === '/coupons' && request.method === 'GET') {
      const code = request.query.get('code');
      const list = code === null ? state.coupons : state.coupons.filter((c) => c.status === 'publish' && c.code === code.toLowerCase());
      return paged(list, request);
    }
    if (path === '/coupons' && request.method === 'POST') {
      const body = obj(request.body);
      const code = typeof body.code === 'string' ? body.code.trim().toLowerCase() : '';
      if (!code) return error(400, 'woocommerce_rest_empty_coupon_code', 'The coupon code cannot be empty.');
      if (state.coupons.some((c) => c.status === 'publish' && c.code === code)) return error(400, 'woocommerce_rest_coupon_code_already_exists', 'The coupon code already exists');
      const coupon: Json = {
        id: ++nextId,
        code,
        amount: typeof body.amount === 'string' ? Number(body.amount).toFixed(2) : '0.00',
        status: typeof body.status === 'string' ? body.status : 'publish',
        discount_type: body.discount_type ?? 'fixed_cart',
        description: body.description ?? '',
        individual_use: body.individual_use === true,
        email_restrictions: Array.isArray(body.email_restrictions) ? body.email_restrictions : [],
        usage_count: 0,
        ...couponTerms(body),
        meta_data: metaOf(body.meta_data),
      };
      if (!['percent', 'fixed_cart', 'fixed_product'].includes(String(coupon.discount_type))) return error(400, 'rest_invalid_param', 'Invalid parameter(s): discount_type');
      state.coupons.push(coupon);
      return { status: 201, body: coupon };
    }
    if ((match = /^\/coupons\/(\d+)$/.exec(path))) {
      const coupon = state.coupons.find((c) => c.id === Number(match![1]));
      if (!coupon) return error(404, 'woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
      if (request.method === 'GET') return { status: 200, body: coupon };
      if (request.method === 'PUT') {
        const body = obj(request.body);
        if (typeof body.status === 'string') {
          if (!['draft', 'publish', 'pending'].includes(body.status)) return error(400, 'rest_invalid_param', 'Invalid parameter(s): status');
          coupon.status = body.status;
        }
        return { status: 200, body: coupon };
      }
    }
    return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  /** The v3 coupon's writable terms as sent, with WooCommerce's defaults (a limit of null is no limit). */
  function couponTerms(body: Json): Json {
    const list = (key: string) => (Array.isArray(body[key]) ? body[key] : []);
    const limit = (key: string) => (typeof body[key] === 'number' ? body[key] : null);
    return {
      date_expires: typeof body.date_expires === 'string' ? body.date_expires : null,
      product_ids: list('product_ids'), excluded_product_ids: list('excluded_product_ids'), product_categories: list('product_categories'), excluded_product_categories: list('excluded_product_categories'),
      usage_limit: limit('usage_limit'), usage_limit_per_user: limit('usage_limit_per_user'), limit_usage_to_x_items: limit('limit_usage_to_x_items'),
      free_shipping: body.free_shipping === true, exclude_sale_items: body.exclude_sale_items === true,
      minimum_amount: typeof body.minimum_amount === 'string' ? Number(body.minimum_amount).toFixed(2) : '0.00',
      maximum_amount: typeof body.maximum_amount === 'string' ? Number(body.maximum_amount).toFixed(2) : '0.00',
    };
  }

  function paged(items: Json[], request: FakeRequest): FakeAnswer {
    const perPage = Number(request.query.get('per_page') ?? 10);
    const page = Number(request.query.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return error(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    const totalPages = Math.ceil(items.length / perPage);
    if (page > 1 && page > totalPages) return error(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.');
    return { status: 200, body: items.slice((page - 1) * perPage, page * perPage), headers: { 'X-WP-Total': String(items.length), 'X-WP-TotalPages': String(totalPages) } };
  }

  function findProduct(id: number): Json | null {
    const product = state.products.find((p) => p.id === id);
    if (product) return product;
    for (const list of state.variations.values()) {
      const variation = list.find((v) => v.id === id);
      if (variation) return variation;
    }
    return null;
  }

  function createOrder(body: Json): FakeAnswer {
    const lines = Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
    const lineItems: Json[] = [];
    for (const line of lines) {
      const productId = Number(line.product_id ?? 0);
      const variationId = Number(line.variation_id ?? 0);
      if (!productId && !variationId && !line.sku) return error(400, 'woocommerce_rest_required_product_reference', 'Product ID or SKU is required.');
      // As WooCommerce does: an id that is no product leaves a line without a product, and no stock is checked.
      const product = findProduct(variationId || productId);
      const quantity = Number(line.quantity ?? 1);
      const price = product ? Number(product.price || 0) : 0;
      lineItems.push({
        id: ++nextId,
        name: product ? String(product.name ?? '') : typeof line.name === 'string' ? line.name : '',
        product_id: product ? productId : 0,
        variation_id: product ? variationId : 0,
        quantity,
        subtotal: typeof line.subtotal === 'string' ? line.subtotal : (price * quantity).toFixed(2),
        total: typeof line.total === 'string' ? line.total : (price * quantity).toFixed(2),
        meta_data: [],
      });
    }
    const subtotal = lineItems.reduce((sum, line) => sum + Number(line.subtotal), 0);
    const total = lineItems.reduce((sum, line) => sum + Number(line.total), 0);
    const id = ++nextId;
    const order: Json = {
      id,
      number: String(id),
      status: typeof body.status === 'string' ? body.status : 'pending',
      currency: typeof body.currency === 'string' ? body.currency : state.currency,
      created_via: 'rest-api',
      discount_total: (subtotal - total).toFixed(2),
      total: total.toFixed(2),
      customer_note: body.customer_note ?? '',
      payment_method_title: body.payment_method_title ?? '',
      billing: obj(body.billing),
      shipping: obj(body.shipping),
      line_items: lineItems,
      meta_data: metaOf(body.meta_data),
      date_paid: body.set_paid === true ? '2026-11-27T12:00:00' : null,
    };
    if (body.set_paid === true) {
      for (const line of lineItems) {
        const product = findProduct(Number(line.variation_id) || Number(line.product_id));
        if (product && product.manage_stock === true && typeof product.stock_quantity === 'number') product.stock_quantity -= Number(line.quantity);
      }
      if (order.status === 'pending') order.status = 'processing';
    }
    state.orders.push(order);
    return { status: 201, body: order };
  }

  function metaOf(value: unknown): Json[] {
    return (Array.isArray(value) ? value.map(obj) : []).filter((m) => typeof m.key === 'string').map((m) => ({ id: ++nextMetaId, key: m.key, value: m.value }));
  }

  return Object.assign(server, { state });
}

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

function searchable(order: Json): string[] {
  const values: string[] = [String(order.id)];
  for (const address of [obj(order.billing), obj(order.shipping)]) for (const value of Object.values(address)) if (typeof value === 'string') values.push(value);
  for (const line of Array.isArray(order.line_items) ? order.line_items.map(obj) : []) if (typeof line.name === 'string') values.push(line.name);
  return values;
}
