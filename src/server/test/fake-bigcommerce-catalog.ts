import { startFakeStoreServer, startingState, type FakeAnswer, type FakeRequest, type FakeStoreServer } from './fake-store-server';
import { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN } from './fake-bigcommerce';

/**
 * A local BigCommerce for the gear store tests, beside fake-bigcommerce.ts (which serves one order to attribution):
 * catalog v3 products with variants and images, category names (catalog trees), store information v2, orders v2
 * (list by `external_order_id`, create, shipments) and coupons v2, with BigCommerce's error shapes: v2 answers a list
 * `[{ status, message }]`, v3 an object `{ status, title, type, errors }`; 204 for an empty v2 list; 403 "You don't
 * have a required scope" for an API account without the scope; POST /v2/orders answers 409 OutOfStock when a tracked
 * product lacks the units. A coupon PUT without `applies_to` clears it, as the coupons v2 reference warns.
 */

export { FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN };

type Json = Record<string, unknown>;
export type BigCommerceScope = 'products' | 'orders' | 'marketing' | 'information';
export const ALL_BIGCOMMERCE_SCOPES: BigCommerceScope[] = ['products', 'orders', 'marketing', 'information'];

export type FakeBigCommerceCatalogState = {
  currency: string;
  /** v3 product objects, each with its `variants` and `images` (answered only when `include` asks). */
  products: Json[];
  categories: { category_id: number; name: string }[];
  orders: Json[];
  shipments: Json[];
  coupons: Json[];
  scopes: Set<BigCommerceScope>;
};

export type FakeBigCommerceCatalog = FakeStoreServer & { state: FakeBigCommerceCatalogState };

const STATUS_DOCS = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
const v2Error = (status: number, message: string, details?: unknown): FakeAnswer => ({ status, body: [{ status, message, ...(details ? { details } : {}) }] });
const v3Error = (status: number, title: string): FakeAnswer => ({ status, body: { status, title, type: STATUS_DOCS, errors: {} } });

export async function startFakeBigCommerceCatalog(initial: Partial<Omit<FakeBigCommerceCatalogState, 'scopes'>> & { scopes?: BigCommerceScope[] } = {}): Promise<FakeBigCommerceCatalog> {
  const { scopes, ...given } = initial;
  const state: FakeBigCommerceCatalogState = {
    ...startingState<Omit<FakeBigCommerceCatalogState, 'scopes'>>({ currency: 'USD', products: [], categories: [], orders: [], shipments: [], coupons: [] }, given),
    scopes: new Set(scopes ?? ALL_BIGCOMMERCE_SCOPES),
  };
  let nextId = 300;

  const server = await startFakeStoreServer((request) => {
    const prefix = `/stores/${FAKE_BIGCOMMERCE_STORE_HASH}`;
    const path = request.path.startsWith(prefix) ? request.path.slice(prefix.length) : request.path;
    return { label: `${request.method} ${path}`, answer: handle(request, request.path.startsWith(prefix) ? path : null) };
  });

  function handle(request: FakeRequest, path: string | null): FakeAnswer {
    const v3 = path?.startsWith('/v3/') ?? false;
    if (request.headers['x-auth-token'] !== FAKE_BIGCOMMERCE_TOKEN) return v3 ? v3Error(401, 'Unauthorized') : v2Error(401, 'You are not authorized to access this resource.');
    if (path === null) return v2Error(404, 'The requested resource was not found.');
    const scope: BigCommerceScope | null = path.startsWith('/v3/catalog') ? 'products' : path.startsWith('/v2/store') ? 'information' : path.startsWith('/v2/orders') ? 'orders' : path.startsWith('/v2/coupons') ? 'marketing' : null;
    if (scope && !state.scopes.has(scope)) return v3 ? v3Error(403, "You don't have a required scope to access the endpoint") : v2Error(403, "You don't have a required scope to access the endpoint");
    let match: RegExpExecArray | null;

    if (request.method === 'GET' && path === '/v2/store') return { status: 200, body: { id: FAKE_BIGCOMMERCE_STORE_HASH, name: 'Hunt Co', currency: state.currency, currency_symbol: '$', decimal_places: 2 } };

    if (request.method === 'GET' && path === '/v3/catalog/products') {
      const limit = Number(request.query.get('limit') ?? 50);
      const page = Number(request.query.get('page') ?? 1);
      if (!Number.isInteger(limit) || limit < 1 || limit > 250) return v3Error(422, 'The limit must be between 1 and 250');
      const sorted = [...state.products].sort((a, b) => Number(a.id) - Number(b.id));
      if (request.query.get('direction') === 'desc') sorted.reverse();
      const totalPages = Math.ceil(sorted.length / limit);
      const data = sorted.slice((page - 1) * limit, page * limit).map((p) => shape(p, request.query.get('include')));
      return { status: 200, body: { data, meta: { pagination: { total: sorted.length, count: data.length, per_page: limit, current_page: page, total_pages: totalPages, links: { current: `?page=${page}&limit=${limit}` } } } } };
    }
    if (request.method === 'GET' && (match = /^\/v3\/catalog\/products\/(\d+)$/.exec(path))) {
      const product = state.products.find((p) => p.id === Number(match![1]));
      return product ? { status: 200, body: { data: shape(product, request.query.get('include')), meta: {} } } : v3Error(404, 'The product was not found.');
    }
    if (request.method === 'GET' && path === '/v3/catalog/trees/categories') {
      const ids = (request.query.get('category_id:in') ?? '').split(',').filter(Boolean).map(Number);
      const data = state.categories.filter((c) => !ids.length || ids.includes(c.category_id)).map((c) => ({ ...c, tree_id: 1, parent_id: 0, is_visible: true }));
      return { status: 200, body: { data, meta: { pagination: { total: data.length, count: data.length, per_page: 250, current_page: 1, total_pages: 1 } } } };
    }

    if (request.method === 'GET' && path === '/v2/orders') {
      const external = request.query.get('external_order_id');
      const list = state.orders.filter((o) => external === null || o.external_order_id === external);
      return list.length ? { status: 200, body: list } : { status: 204 };
    }
    if (request.method === 'POST' && path === '/v2/orders') return createOrder(obj(request.body));
    if (request.method === 'GET' && (match = /^\/v2\/orders\/(\d+)\/shipments\/(\d+)$/.exec(path))) {
      const shipment = state.shipments.find((s) => s.order_id === Number(match![1]) && s.id === Number(match![2]));
      return shipment ? { status: 200, body: shipment } : v2Error(404, 'The requested resource was not found.');
    }

    if (request.method === 'GET' && path === '/v2/coupons') {
      const code = request.query.get('code');
      const list = state.coupons.filter((c) => code === null || String(c.code).toLowerCase() === code.toLowerCase());
      return list.length ? { status: 200, body: list } : { status: 204 };
    }
    if (request.method === 'POST' && path === '/v2/coupons') {
      const body = obj(request.body);
      for (const field of ['name', 'code', 'type', 'amount', 'applies_to']) if (body[field] === undefined) return v2Error(400, `The required field '${field}' was not supplied.`);
      if (typeof body.code !== 'string' || !/^[a-zA-Z0-9_ -]{1,50}$/.test(body.code)) return v2Error(400, "The field 'code' is invalid.");
      if (state.coupons.some((c) => String(c.code).toLowerCase() === String(body.code).toLowerCase())) return v2Error(409, `The coupon code '${body.code}' is already in use.`);
      if (state.coupons.some((c) => c.name === body.name)) return v2Error(409, `The coupon name '${String(body.name)}' is already in use.`);
      const coupon: Json = { id: ++nextId, date_created: 'Fri, 27 Nov 2026 12:00:00 +0000', num_uses: 0, min_purchase: '0.0000', expires: '', enabled: true, max_uses: 0, max_uses_per_customer: 0, restricted_to: [], shipping_methods: null, ...body, amount: Number(body.amount).toFixed(4) };
      state.coupons.push(coupon);
      return { status: 201, body: coupon };
    }
    if ((match = /^\/v2\/coupons\/(\d+)$/.exec(path))) {
      const coupon = state.coupons.find((c) => c.id === Number(match![1]));
      if (!coupon) return v2Error(404, 'The requested resource was not found.');
      if (request.method === 'GET') return { status: 200, body: coupon };
      if (request.method === 'PUT') {
        const body = obj(request.body);
        Object.assign(coupon, body);
        if (!('applies_to' in body)) coupon.applies_to = null;
        return { status: 200, body: coupon };
      }
    }
    return v2Error(404, 'The requested resource was not found.');
  }

  function shape(product: Json, include: string | null): Json {
    const parts = new Set((include ?? '').split(','));
    const { variants, images, ...rest } = product;
    return { ...rest, ...(parts.has('variants') ? { variants } : {}), ...(parts.has('images') ? { images } : {}) };
  }

  function createOrder(body: Json): FakeAnswer {
    const billing = obj(body.billing_address);
    if (typeof billing.zip !== 'string' || billing.zip.length < 2) return v2Error(400, "The field 'zip' is invalid.");
    const lines = Array.isArray(body.products) ? body.products.map(obj) : [];
    if (!lines.length) return v2Error(400, "The required field 'products' was not supplied.");
    const outOfStock: Json[] = [];
    const resolved: { product: Json; variant: Json; quantity: number; price: number }[] = [];
    for (const line of lines) {
      const product = state.products.find((p) => p.id === line.product_id);
      if (!product) return v2Error(400, "The field 'product_id' is invalid.");
      const variant = (Array.isArray(product.variants) ? product.variants.map(obj) : []).find((v) => v.id === line.variant_id);
      if (!variant) return v2Error(400, 'The options of one or more products are invalid.');
      const quantity = Number(line.quantity);
      const level = product.inventory_tracking === 'product' ? Number(product.inventory_level) : product.inventory_tracking === 'variant' ? Number(variant.inventory_level) : Infinity;
      if (level < quantity) outOfStock.push({ type: 'OutOfStock', product: { id: product.id, name: product.name, inventory_level: level } });
      resolved.push({ product, variant, quantity, price: Number(line.price_ex_tax ?? variant.price ?? product.price) });
    }
    if (outOfStock.length) return v2Error(409, 'Quantities of one or more products are out of stock or did not meet quantity requirements.', { errors: outOfStock });
    for (const line of resolved) {
      if (line.product.inventory_tracking === 'product') line.product.inventory_level = Number(line.product.inventory_level) - line.quantity;
      if (line.product.inventory_tracking === 'variant') line.variant.inventory_level = Number(line.variant.inventory_level) - line.quantity;
    }
    const subtotal = resolved.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const discount = Number(body.discount_amount ?? 0);
    if (!(discount >= 0)) return v2Error(400, "The field 'discount_amount' is invalid.");
    const id = ++nextId;
    const order: Json = {
      id,
      customer_id: body.customer_id ?? 0,
      status_id: body.status_id ?? 1,
      subtotal_ex_tax: subtotal.toFixed(4),
      subtotal_inc_tax: subtotal.toFixed(4),
      discount_amount: discount.toFixed(4),
      total_ex_tax: Math.max(0, subtotal - discount).toFixed(4),
      total_inc_tax: Math.max(0, subtotal - discount).toFixed(4),
      currency_code: state.currency,
      staff_notes: body.staff_notes ?? '',
      external_source: body.external_source ?? null,
      external_id: null,
      external_order_id: body.external_order_id ?? '',
      billing_address: billing,
      shipping_addresses_sent: body.shipping_addresses ?? [],
      products_sent: lines,
      products: { url: `https://api.bigcommerce.com/stores/${FAKE_BIGCOMMERCE_STORE_HASH}/v2/orders/${id}/products`, resource: `/orders/${id}/products` },
    };
    state.orders.push(order);
    return { status: 200, body: order };
  }

  return Object.assign(server, { state });
}

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
