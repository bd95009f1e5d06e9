import { startFakeStoreServer, startingState, type FakeAnswer, type FakeStoreServer } from './fake-store-server';

/**
 * A local Shopify Admin GraphQL API (version 2025-10) for the gear store tests. It parses each operation (a small
 * GraphQL reader: fields, aliases, arguments, variables, inline fragments) and answers only the fields it models,
 * refusing others as Shopify does ("Field 'x' doesn't exist on type 'Y'"), so a query the real schema lacks fails here.
 *
 * Shapes follow Shopify's documentation: 401 `{"errors":"[API] Invalid API key or access token ..."}` without the
 * token; a field the app has no scope for answers `ACCESS_DENIED` with `requiredAccess`; `THROTTLED` when told to;
 * mutations answer `userErrors { field message }`. Search (`orders`/`draftOrders` `query:`) reads `tag:'…'` only.
 *
 * Modelled, not documented: Shopify does not hold or check stock when a draft is created (its docs ask to verify
 * availability before completing); this fake refuses at `draftOrderComplete` a tracked, never-oversold (DENY) variant
 * that lacks the units, so the adapter's mapping of such a refusal is exercised. An unknown variant is refused at
 * `draftOrderCreate` with a `lineItems.N.variantId` user error.
 *
 * Discounts (DiscountCodeBasic): `discountCodeBasicCreate` refuses a blank code, title or start, a code any discount
 * already has (`TAKEN`, codes compared without case), a context that is not exactly one of all/customers/segments,
 * a value that is not exactly one of percentage (0-1]/discountAmount (> 0), and no items; `codeDiscountNodeByCode`
 * answers the terms a copy needs; `discountCodeDeactivate` ends it now (EXPIRED).
 *
 * Orders' customer journeys (issue 43): `order(id:)` (`read_orders`) answers `customerJourneySummary` from
 * `state.journeys` with the 2025-10 types (CustomerJourneySummary, CustomerVisit, UTMParameters, Count), null for an
 * order it does not know; `slowNext` holds answers back, as a store that does not answer in time.
 */

export const FAKE_SHOPIFY_DOMAIN = 'hunt-co.myshopify.com';
export const FAKE_SHOPIFY_TOKEN = 'shpat_fake_0123456789abcdef';
export const FAKE_SHOPIFY_VERSION = '2025-10';

export const ALL_SHOPIFY_SCOPES = [
  'read_products',
  'read_inventory',
  'read_orders',
  'read_draft_orders',
  'write_draft_orders',
  'read_customers',
  'write_customers',
  'read_discounts',
  'write_discounts',
] as const;
export type ShopifyScope = (typeof ALL_SHOPIFY_SCOPES)[number];

export type FakeShopifyVariant = { id: number; sku: string | null; title: string; price: string; inventoryQuantity: number; policy: 'DENY' | 'CONTINUE'; tracked: boolean; inventoryItemId: number };
export type FakeShopifyProduct = { id: number; title: string; status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED'; tags: string[]; imageUrl: string | null; collections: string[]; variants: FakeShopifyVariant[] };
export type FakeDraftOrder = { id: number; name: string; status: 'OPEN' | 'COMPLETED'; tags: string[]; email: string | null; note: string | null; lineItems: { variantId: number; quantity: number }[]; appliedDiscount: unknown; shippingAddress: unknown; orderId: number | null };
export type FakeShopifyOrder = { id: number; name: string; tags: string[]; draftOrderId: number; lineItems: { variantId: number; quantity: number }[] };
export type FakeDiscount = {
  id: number;
  code: string;
  title: string;
  status: 'ACTIVE' | 'EXPIRED' | 'SCHEDULED';
  /** Percent off as a fraction (0.15), or null for an amount off. */
  percentage: number | null;
  /** Amount off (decimal text) when `percentage` is null. */
  amount?: { amount: string; appliesOnEachItem: boolean } | null;
  /** The buyers: these customers, these segments, or (both empty) everyone. */
  customerIds: number[];
  segmentIds?: number[];
  startsAt: string;
  endsAt?: string | null;
  appliesOncePerCustomer: boolean;
  usageLimit?: number | null;
  combinesWith?: { orderDiscounts: boolean; productDiscounts: boolean; shippingDiscounts: boolean };
  minimum?: { subtotal: string } | { quantity: string } | null;
  /** The items it applies to: all, or these products/variants, or these collections. */
  items?: { kind: 'all' } | { kind: 'products'; productIds: number[]; variantIds: number[] } | { kind: 'collections'; collectionIds: number[] };
};

/** A CustomerVisit as Shopify answers it (2025-10): `source` is non-null ("direct", a platform, or a domain). */
export type FakeCustomerVisit = {
  id?: string;
  landingPage: string | null;
  referrerUrl: string | null;
  referralCode?: string | null;
  source: string;
  occurredAt?: string;
  utmParameters: { campaign: string | null; content?: string | null; medium: string | null; source: string | null; term?: string | null } | null;
};
/** Order.customerJourneySummary (2025-10): momentsCount is a Count; null visits and count while not `ready`. */
export type FakeJourneySummary = {
  ready: boolean;
  customerOrderIndex?: number | null;
  daysToConversion?: number | null;
  momentsCount: { count: number; precision: 'EXACT' | 'AT_LEAST' } | null;
  firstVisit: FakeCustomerVisit | null;
  lastVisit: FakeCustomerVisit | null;
};
/** `orderId`: the digits of the order's GID, as text (Shopify's order ids pass 2^53). */
export type FakeOrderJourney = { orderId: string; name: string; summary: FakeJourneySummary | null };

export type FakeShopifyState = {
  currency: string;
  products: FakeShopifyProduct[];
  draftOrders: FakeDraftOrder[];
  orders: FakeShopifyOrder[];
  customers: { id: number; email: string }[];
  discounts: FakeDiscount[];
  /** Orders placed in the store (not gear orders) with their customer journey, for `order(id:)`. */
  journeys: FakeOrderJourney[];
  /** The scopes the app was granted; all by default. */
  scopes: Set<ShopifyScope>;
};

export type FakeShopifyAdmin = FakeStoreServer & {
  state: FakeShopifyState;
  /** The next `times` calls answer 200 with Shopify's THROTTLED error (the query cost bucket is empty). */
  throttleNext(times: number): void;
  /** The next `times` calls are answered only after `ms` milliseconds. */
  slowNext(times: number, ms: number): void;
};

export async function startFakeShopifyAdmin(initial: Partial<Omit<FakeShopifyState, 'scopes'>> & { scopes?: ShopifyScope[] } = {}): Promise<FakeShopifyAdmin> {
  const { scopes, ...given } = initial;
  const state: FakeShopifyState = {
    ...startingState<Omit<FakeShopifyState, 'scopes'>>({ currency: 'USD', products: [], draftOrders: [], orders: [], customers: [], discounts: [], journeys: [] }, given),
    scopes: new Set(scopes ?? ALL_SHOPIFY_SCOPES),
  };
  let throttled = 0;
  let slow = { times: 0, ms: 0 };
  let nextId = 1_000_000;
  const newId = () => ++nextId;

  const server = await startFakeStoreServer(async (request) => {
    if (slow.times > 0) {
      slow.times--;
      await new Promise((resolve) => setTimeout(resolve, slow.ms));
    }
    if (request.method !== 'POST' || request.path !== `/admin/api/${FAKE_SHOPIFY_VERSION}/graphql.json`) return { label: `${request.method} ${request.path}`, answer: { status: 404, body: { errors: 'Not Found' } } };
    if (request.headers['x-shopify-access-token'] !== FAKE_SHOPIFY_TOKEN) {
      return { label: 'unauthorized', answer: { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } } };
    }
    const body = request.body as { query?: unknown; variables?: unknown } | undefined;
    if (!body || typeof body.query !== 'string') return { label: 'bad request', answer: { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } } };
    let operation: Operation;
    try {
      operation = parseOperation(body.query);
    } catch (error) {
      return { label: 'parse error', answer: { status: 200, body: { errors: [{ message: String((error as Error).message), extensions: { code: 'PARSE_ERROR' } }] } } };
    }
    const label = operation.selections.map((s) => (s.kind === 'field' ? s.name : '...')).join(',');
    if (throttled > 0) {
      throttled--;
      return { label: `THROTTLED ${label}`, answer: { status: 200, body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }] } } };
    }
    const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<string, unknown>;
    return { label, answer: execute(operation, variables) };
  });

  // ---- the schema this fake models -----------------------------------------------------------------------------

  const gid = (kind: string, id: number | string) => `gid://shopify/${kind}/${id}`;
  const idOf = (kind: string, value: unknown): number | null => {
    const match = typeof value === 'string' ? new RegExp(`^gid://shopify/${kind}/(\\d+)$`).exec(value) : null;
    return match ? Number(match[1]) : null;
  };
  const money = (value: string) => value;
  const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');
  const decodeCursor = (cursor: unknown): number => {
    if (cursor === null || cursor === undefined) return 0;
    try {
      const parsed = JSON.parse(Buffer.from(String(cursor), 'base64').toString('utf8')) as { last_id?: unknown };
      if (typeof parsed.last_id === 'number') return parsed.last_id;
    } catch {
      // fall through
    }
    throw new GraphQLError(`Invalid cursor for current pagination sort.`, 'BAD_USER_INPUT');
  };
  function connection<T extends { id: number }>(items: T[], args: Record<string, unknown>, node: (item: T) => unknown) {
    const first = Number(args.first);
    if (!Number.isInteger(first) || first < 1 || first > 250) throw new GraphQLError('first must be between 1 and 250', 'BAD_USER_INPUT');
    const after = decodeCursor(args.after);
    const sorted = [...items].sort((a, b) => a.id - b.id).filter((item) => item.id > after);
    const page = sorted.slice(0, first);
    const last = page[page.length - 1];
    return { __typename: 'Connection', pageInfo: { hasNextPage: sorted.length > first, endCursor: last ? encodeCursor(last.id) : null }, nodes: page.map(node) };
  }

  const variantNode = (product: FakeShopifyProduct, v: FakeShopifyVariant) => ({
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    sku: v.sku,
    title: v.title,
    price: money(v.price),
    inventoryQuantity: v.inventoryQuantity,
    inventoryPolicy: v.policy,
    inventoryItem: { __typename: 'InventoryItem', id: gid('InventoryItem', v.inventoryItemId), tracked: v.tracked },
    product: () => productNode(product),
  });
  const productNode = (p: FakeShopifyProduct): Record<string, unknown> => ({
    __typename: 'Product',
    id: gid('Product', p.id),
    title: p.title,
    status: p.status,
    tags: p.tags,
    featuredMedia: p.imageUrl ? { __typename: 'MediaImage', preview: { __typename: 'MediaPreviewImage', image: { __typename: 'Image', url: p.imageUrl } } } : null,
    collections: (args: Record<string, unknown>) => connection(p.collections.map((handle, i) => ({ id: i + 1, handle })), args, (c) => ({ __typename: 'Collection', handle: c.handle })),
    variants: (args: Record<string, unknown>) => connection(p.variants, args, (v) => variantNode(p, v)),
  });
  const findVariant = (id: number) => {
    for (const product of state.products) for (const variant of product.variants) if (variant.id === id) return { product, variant };
    return null;
  };
  const tagOf = (query: unknown): string | null => (typeof query === 'string' ? (/^tag:'([^']*)'$/.exec(query.trim())?.[1] ?? null) : null);
  const draftNode = (d: FakeDraftOrder) => ({
    __typename: 'DraftOrder',
    id: gid('DraftOrder', d.id),
    name: d.name,
    status: d.status,
    order: d.orderId ? orderNode(state.orders.find((o) => o.id === d.orderId)!) : null,
  });
  const orderNode = (o: FakeShopifyOrder) => ({ __typename: 'Order', id: gid('Order', o.id), name: o.name });
  const userErrors = (errors: { field: string[] | null; message: string; code?: string }[]) => errors.map((e) => ({ __typename: 'UserError', field: e.field, message: e.message, code: e.code ?? null }));

  const requireScope = (scope: ShopifyScope, field: string) => {
    if (!state.scopes.has(scope)) throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, 'ACCESS_DENIED', { documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${scope}\` access scope.` }, [field]);
  };

  const queryRoot: Record<string, unknown> = {
    __typename: 'QueryRoot',
    shop: () => ({ __typename: 'Shop', currencyCode: state.currency }),
    products: (args: Record<string, unknown>) => {
      requireScope('read_products', 'products');
      if (args.sortKey !== 'ID') throw new GraphQLError('This fake sorts products by ID only', 'BAD_USER_INPUT');
      return connection(state.products, args, productNode);
    },
    product: (args: Record<string, unknown>) => {
      requireScope('read_products', 'product');
      const product = state.products.find((p) => gid('Product', p.id) === args.id);
      return product ? productNode(product) : null;
    },
    nodes: (args: Record<string, unknown>) => {
      requireScope('read_products', 'nodes');
      return (Array.isArray(args.ids) ? args.ids : []).map((id) => {
        const found = findVariant(idOf('ProductVariant', id) ?? -1);
        return found ? variantNode(found.product, found.variant) : null;
      });
    },
    orders: (args: Record<string, unknown>) => {
      requireScope('read_orders', 'orders');
      const tag = tagOf(args.query);
      return connection(state.orders.filter((o) => tag !== null && o.tags.includes(tag)), args, orderNode);
    },
    draftOrders: (args: Record<string, unknown>) => {
      requireScope('read_draft_orders', 'draftOrders');
      const tag = tagOf(args.query);
      return connection(state.draftOrders.filter((d) => tag !== null && d.tags.includes(tag)), args, draftNode);
    },
    codeDiscountNodeByCode: (args: Record<string, unknown>) => {
      requireScope('read_discounts', 'codeDiscountNodeByCode');
      const discount = state.discounts.find((d) => d.code.toLowerCase() === String(args.code).toLowerCase());
      return discount ? discountNode(discount) : null;
    },
    order: (args: Record<string, unknown>) => {
      requireScope('read_orders', 'order');
      const placed = state.journeys.find((j) => gid('Order', j.orderId) === args.id);
      const id = idOf('Order', args.id);
      if (placed) return { __typename: 'Order', id: gid('Order', placed.orderId), name: placed.name, customerJourneySummary: placed.summary && journeyNode(placed.summary) };
      const gear = state.orders.find((o) => o.id === id);
      return gear ? { ...orderNode(gear), customerJourneySummary: null } : null;
    },
    customerByIdentifier: (args: Record<string, unknown>) => {
      requireScope('read_customers', 'customerByIdentifier');
      const email = String((args.identifier as Record<string, unknown> | undefined)?.emailAddress ?? '').toLowerCase();
      const customer = state.customers.find((c) => c.email.toLowerCase() === email);
      return customer ? { __typename: 'Customer', id: gid('Customer', customer.id) } : null;
    },
  };
  const visitNode = (v: FakeCustomerVisit | null) =>
    v && {
      __typename: 'CustomerVisit',
      id: v.id ?? gid('CustomerVisit', newId()),
      landingPage: v.landingPage,
      referrerUrl: v.referrerUrl,
      referralCode: v.referralCode ?? null,
      source: v.source,
      occurredAt: v.occurredAt ?? new Date().toISOString(),
      utmParameters: v.utmParameters && { __typename: 'UTMParameters', content: null, term: null, ...v.utmParameters },
    };
  const journeyNode = (j: FakeJourneySummary) => ({
    __typename: 'CustomerJourneySummary',
    ready: j.ready,
    customerOrderIndex: j.customerOrderIndex ?? null,
    daysToConversion: j.daysToConversion ?? null,
    momentsCount: j.momentsCount && { __typename: 'Count', ...j.momentsCount },
    firstVisit: visitNode(j.firstVisit),
    lastVisit: visitNode(j.lastVisit),
  });
  const nodesOf = (kind: string, ids: number[]) => () => ({ __typename: 'Connection', nodes: ids.map((id) => ({ __typename: kind, id: gid(kind, id) })) });
  const discountNode = (d: FakeDiscount) => {
    const items = d.items ?? { kind: 'all' };
    return {
      __typename: 'DiscountCodeNode',
      id: gid('DiscountCodeNode', d.id),
      codeDiscount: {
        __typename: 'DiscountCodeBasic',
        title: d.title,
        status: d.status,
        startsAt: d.startsAt,
        endsAt: d.endsAt ?? null,
        usageLimit: d.usageLimit ?? null,
        appliesOncePerCustomer: d.appliesOncePerCustomer,
        combinesWith: { __typename: 'DiscountCombinesWith', ...(d.combinesWith ?? { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false }) },
        minimumRequirement: !d.minimum ? null
          : 'subtotal' in d.minimum ? { __typename: 'DiscountMinimumSubtotal', greaterThanOrEqualToSubtotal: { __typename: 'MoneyV2', amount: d.minimum.subtotal, currencyCode: state.currency } }
          : { __typename: 'DiscountMinimumQuantity', greaterThanOrEqualToQuantity: d.minimum.quantity },
        customerGets: {
          __typename: 'DiscountCustomerGets',
          value: d.percentage !== null ? { __typename: 'DiscountPercentage', percentage: d.percentage }
            : { __typename: 'DiscountAmount', amount: { __typename: 'MoneyV2', amount: d.amount?.amount ?? '0.0', currencyCode: state.currency }, appliesOnEachItem: d.amount?.appliesOnEachItem ?? false },
          items: items.kind === 'products' ? { __typename: 'DiscountProducts', products: nodesOf('Product', items.productIds), productVariants: nodesOf('ProductVariant', items.variantIds) }
            : items.kind === 'collections' ? { __typename: 'DiscountCollections', collections: nodesOf('Collection', items.collectionIds) }
            : { __typename: 'AllDiscountItems', allItems: true },
        },
        context: d.customerIds.length ? { __typename: 'DiscountCustomers', customers: d.customerIds.map((id) => ({ __typename: 'Customer', id: gid('Customer', id) })) }
          : d.segmentIds?.length ? { __typename: 'DiscountCustomerSegments', segments: d.segmentIds.map((id) => ({ __typename: 'Segment', id: gid('Segment', id) })) }
          : { __typename: 'DiscountBuyerSelectionAll', all: 'ALL' },
      },
    };
  };

  const mutationRoot: Record<string, unknown> = {
    __typename: 'Mutation',
    draftOrderCreate: (args: Record<string, unknown>) => {
      requireScope('write_draft_orders', 'draftOrderCreate');
      const input = (args.input ?? {}) as Record<string, unknown>;
      const lines = Array.isArray(input.lineItems) ? (input.lineItems as Record<string, unknown>[]) : [];
      const errors: { field: string[]; message: string }[] = [];
      if (!lines.length) errors.push({ field: ['lineItems'], message: 'Add at least 1 product' });
      const lineItems = lines.map((line, index) => {
        const id = idOf('ProductVariant', line.variantId);
        if (id === null || !findVariant(id)) errors.push({ field: ['lineItems', String(index), 'variantId'], message: `Product variant with id ${String(line.variantId)} does not exist` });
        if (!Number.isInteger(line.quantity) || (line.quantity as number) < 1) errors.push({ field: ['lineItems', String(index), 'quantity'], message: 'Quantity must be greater than 0' });
        return { variantId: id ?? 0, quantity: Number(line.quantity) };
      });
      if (errors.length) return { __typename: 'DraftOrderCreatePayload', draftOrder: null, userErrors: userErrors(errors) };
      const draft: FakeDraftOrder = {
        id: newId(),
        name: `#D${state.draftOrders.length + 1}`,
        status: 'OPEN',
        tags: Array.isArray(input.tags) ? input.tags.map(String) : [],
        email: typeof input.email === 'string' ? input.email : null,
        note: typeof input.note === 'string' ? input.note : null,
        lineItems,
        appliedDiscount: input.appliedDiscount ?? null,
        shippingAddress: input.shippingAddress ?? null,
        orderId: null,
      };
      state.draftOrders.push(draft);
      return { __typename: 'DraftOrderCreatePayload', draftOrder: draftNode(draft), userErrors: [] };
    },
    draftOrderComplete: (args: Record<string, unknown>) => {
      requireScope('write_draft_orders', 'draftOrderComplete');
      if ('paymentPending' in args) throw new GraphQLError('paymentPending is deprecated in 2025-10; this fake refuses it so the adapter sends the current form', 'BAD_USER_INPUT');
      const draft = state.draftOrders.find((d) => gid('DraftOrder', d.id) === args.id);
      if (!draft) return { __typename: 'DraftOrderCompletePayload', draftOrder: null, userErrors: userErrors([{ field: ['id'], message: 'Draft order does not exist' }]) };
      if (draft.status === 'COMPLETED') return { __typename: 'DraftOrderCompletePayload', draftOrder: draftNode(draft), userErrors: userErrors([{ field: ['id'], message: 'This order has already been paid' }]) };
      for (const line of draft.lineItems) {
        const found = findVariant(line.variantId);
        if (found && found.variant.tracked && found.variant.policy === 'DENY' && found.variant.inventoryQuantity < line.quantity) {
          return { __typename: 'DraftOrderCompletePayload', draftOrder: null, userErrors: userErrors([{ field: ['id'], message: `${found.product.title} - ${found.variant.title} is out of stock` }]) };
        }
      }
      for (const line of draft.lineItems) {
        const found = findVariant(line.variantId);
        if (found && found.variant.tracked) found.variant.inventoryQuantity -= line.quantity;
      }
      const order: FakeShopifyOrder = { id: newId(), name: `#${1000 + state.orders.length + 1}`, tags: [...draft.tags], draftOrderId: draft.id, lineItems: draft.lineItems };
      state.orders.push(order);
      draft.status = 'COMPLETED';
      draft.orderId = order.id;
      return { __typename: 'DraftOrderCompletePayload', draftOrder: draftNode(draft), userErrors: [] };
    },
    customerCreate: (args: Record<string, unknown>) => {
      requireScope('write_customers', 'customerCreate');
      const email = String((args.input as Record<string, unknown> | undefined)?.email ?? '');
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) return { __typename: 'CustomerCreatePayload', customer: null, userErrors: userErrors([{ field: ['email'], message: 'Email is invalid' }]) };
      if (state.customers.some((c) => c.email.toLowerCase() === email.toLowerCase())) return { __typename: 'CustomerCreatePayload', customer: null, userErrors: userErrors([{ field: ['email'], message: 'Email has already been taken' }]) };
      const customer = { id: newId(), email };
      state.customers.push(customer);
      return { __typename: 'CustomerCreatePayload', customer: { __typename: 'Customer', id: gid('Customer', customer.id) }, userErrors: [] };
    },
    discountCodeBasicCreate: (args: Record<string, unknown>) => {
      requireScope('write_discounts', 'discountCodeBasicCreate');
      const input = (args.basicCodeDiscount ?? {}) as Record<string, unknown>;
      if ('customerSelection' in input) throw new GraphQLError('customerSelection is deprecated in 2025-10: use context', 'BAD_USER_INPUT');
      const code = String(input.code ?? '');
      const fail = (field: string[], message: string, errorCode: string) => ({ __typename: 'DiscountCodeBasicCreatePayload', codeDiscountNode: null, userErrors: userErrors([{ field, message, code: errorCode }]) });
      if (!code) return fail(['basicCodeDiscount', 'code'], "Code can't be blank", 'BLANK');
      if (state.discounts.some((d) => d.code.toLowerCase() === code.toLowerCase())) return fail(['basicCodeDiscount', 'code'], 'Code must be unique. Please try a different code.', 'TAKEN');
      if (!input.title) return fail(['basicCodeDiscount', 'title'], "Title can't be blank", 'BLANK');
      if (typeof input.startsAt !== 'string' || Number.isNaN(Date.parse(input.startsAt))) return fail(['basicCodeDiscount', 'startsAt'], "Starts at can't be blank", 'BLANK');
      // DiscountContextInput: exactly one of all (ALL), customers, customerSegments.
      const context = (input.context ?? {}) as { all?: unknown; customers?: { add?: unknown[] }; customerSegments?: { add?: unknown[] } };
      if (Object.keys(context).length !== 1) return fail(['basicCodeDiscount', 'context'], 'Choose exactly one buyer selection', 'INVALID');
      if ('all' in context && context.all !== 'ALL') throw new GraphQLError('Argument all on InputObject DiscountContextInput has an invalid value: expected ALL', 'argumentLiteralsIncompatible');
      const customerIds = (context.customers?.add ?? []).map((id) => idOf('Customer', id));
      if (context.customers && (!customerIds.length || customerIds.some((id) => id === null || !state.customers.some((c) => c.id === id)))) return fail(['basicCodeDiscount', 'context'], 'Customer does not exist', 'INVALID');
      const segmentIds = (context.customerSegments?.add ?? []).map((id) => idOf('Segment', id));
      if (context.customerSegments && (!segmentIds.length || segmentIds.includes(null))) return fail(['basicCodeDiscount', 'context'], 'Segment does not exist', 'INVALID');
      const gets = (input.customerGets ?? {}) as { value?: { percentage?: unknown; discountAmount?: { amount?: unknown; appliesOnEachItem?: unknown } }; items?: Record<string, unknown> };
      const value = gets.value ?? {};
      if (Object.keys(value).length !== 1) return fail(['basicCodeDiscount', 'customerGets', 'value'], 'Value is invalid', 'INVALID');
      const percentage = value.percentage === undefined ? null : Number(value.percentage);
      if (percentage !== null && !(percentage > 0 && percentage <= 1)) return fail(['basicCodeDiscount', 'customerGets'], 'Value must be between 0.0 and 1.0', 'VALUE_OUTSIDE_RANGE');
      const amountOff = value.discountAmount ? String(value.discountAmount.amount ?? '') : null;
      if (amountOff !== null && !(Number(amountOff) > 0)) return fail(['basicCodeDiscount', 'customerGets', 'value', 'discountAmount', 'amount'], 'Value must be greater than 0', 'GREATER_THAN');
      const itemsInput = gets.items ?? {};
      const products = itemsInput.products as { productsToAdd?: unknown[]; productVariantsToAdd?: unknown[] } | undefined;
      const collections = itemsInput.collections as { add?: unknown[] } | undefined;
      let items: NonNullable<FakeDiscount['items']>;
      if (itemsInput.all === true) items = { kind: 'all' };
      else if (products) items = { kind: 'products', productIds: (products.productsToAdd ?? []).map((id) => idOf('Product', id) ?? -1), variantIds: (products.productVariantsToAdd ?? []).map((id) => idOf('ProductVariant', id) ?? -1) };
      else if (collections) items = { kind: 'collections', collectionIds: (collections.add ?? []).map((id) => idOf('Collection', id) ?? -1) };
      else return fail(['basicCodeDiscount', 'customerGets', 'items'], 'Items must be selected', 'BLANK');
      if (items.kind === 'products' && ([...items.productIds, ...items.variantIds].includes(-1) || items.productIds.length + items.variantIds.length === 0)) return fail(['basicCodeDiscount', 'customerGets', 'items'], 'Product does not exist', 'INVALID');
      const minimumInput = (input.minimumRequirement ?? null) as { subtotal?: { greaterThanOrEqualToSubtotal?: unknown }; quantity?: { greaterThanOrEqualToQuantity?: unknown } } | null;
      const minimum = minimumInput?.subtotal ? { subtotal: String(minimumInput.subtotal.greaterThanOrEqualToSubtotal) } : minimumInput?.quantity ? { quantity: String(minimumInput.quantity.greaterThanOrEqualToQuantity) } : null;
      const combines = (input.combinesWith ?? {}) as Record<string, unknown>;
      const discount: FakeDiscount = {
        id: newId(), code, title: String(input.title), status: 'ACTIVE', percentage, amount: amountOff === null ? null : { amount: amountOff, appliesOnEachItem: value.discountAmount?.appliesOnEachItem === true },
        customerIds: customerIds as number[], segmentIds: segmentIds as number[], startsAt: input.startsAt, endsAt: typeof input.endsAt === 'string' ? input.endsAt : null,
        appliesOncePerCustomer: input.appliesOncePerCustomer === true, usageLimit: typeof input.usageLimit === 'number' ? input.usageLimit : null,
        combinesWith: { orderDiscounts: combines.orderDiscounts === true, productDiscounts: combines.productDiscounts === true, shippingDiscounts: combines.shippingDiscounts === true },
        minimum, items,
      };
      state.discounts.push(discount);
      return { __typename: 'DiscountCodeBasicCreatePayload', codeDiscountNode: { __typename: 'DiscountCodeNode', id: gid('DiscountCodeNode', discount.id) }, userErrors: [] };
    },
    discountCodeDeactivate: (args: Record<string, unknown>) => {
      requireScope('write_discounts', 'discountCodeDeactivate');
      const discount = state.discounts.find((d) => gid('DiscountCodeNode', d.id) === args.id);
      if (!discount) return { __typename: 'DiscountCodeDeactivatePayload', codeDiscountNode: null, userErrors: userErrors([{ field: ['id'], message: 'Discount does not exist', code: 'INVALID' }]) };
      // Shopify ends the discount now (endsAt) and reports it EXPIRED.
      discount.status = 'EXPIRED';
      discount.endsAt = new Date().toISOString();
      return { __typename: 'DiscountCodeDeactivatePayload', codeDiscountNode: discountNode(discount), userErrors: [] };
    },
  };

  function execute(operation: Operation, variables: Record<string, unknown>): FakeAnswer {
    for (const definition of operation.variables) {
      if (definition.required && (variables[definition.name] === undefined || variables[definition.name] === null)) {
        return { status: 200, body: { errors: [{ message: `Variable $${definition.name} of type ${definition.type} was provided invalid value`, extensions: { code: 'INVALID_VARIABLE' } }] } };
      }
    }
    const root = operation.kind === 'mutation' ? mutationRoot : queryRoot;
    const errors: unknown[] = [];
    const data: Record<string, unknown> = {};
    for (const selection of operation.selections) {
      if (selection.kind !== 'field') continue;
      try {
        data[selection.alias ?? selection.name] = resolveField(root, root.__typename as string, selection, variables);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        data[selection.alias ?? selection.name] = null;
        errors.push({ message: error.message, path: error.path ?? [selection.name], extensions: { code: error.code, ...error.extra } });
      }
    }
    return { status: 200, body: errors.length ? { errors, data } : { data } };
  }

  return Object.assign(server, {
    state,
    throttleNext(times: number) {
      throttled = times;
    },
    slowNext(times: number, ms: number) {
      slow = { times, ms };
    },
  });
}

// ---- a small GraphQL reader and executor -------------------------------------------------------------------------

class GraphQLError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
    readonly path?: string[],
  ) {
    super(message);
  }
}

type Value = { kind: 'variable'; name: string } | { kind: 'literal'; value: unknown } | { kind: 'list'; items: Value[] } | { kind: 'object'; fields: Record<string, Value> };
type Selection = { kind: 'field'; alias: string | null; name: string; args: Record<string, Value>; selections: Selection[] | null } | { kind: 'fragment'; on: string; selections: Selection[] };
type Operation = { kind: 'query' | 'mutation'; variables: { name: string; type: string; required: boolean }[]; selections: Selection[] };

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s+|,|#[^\n]*|(\.\.\.|[{}()[\]:$!=@])|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)/gy;
  let match: RegExpExecArray | null;
  let index = 0;
  while (index < source.length) {
    pattern.lastIndex = index;
    match = pattern.exec(source);
    if (!match) throw new Error(`Syntax error at ${index}: ${source.slice(index, index + 20)}`);
    index = pattern.lastIndex;
    const token = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

function parseOperation(source: string): Operation {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const take = (expected?: string) => {
    const token = tokens[i++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`Expected ${expected ?? 'a token'}, found ${token ?? 'the end'}`);
    return token;
  };
  const name = () => {
    const token = take();
    if (!/^[_A-Za-z]/.test(token)) throw new Error(`Expected a name, found ${token}`);
    return token;
  };
  const parseType = (): string => {
    if (peek() === '[') {
      take('[');
      const inner = parseType();
      take(']');
      const bang = peek() === '!' ? take('!') : '';
      return `[${inner}]${bang}`;
    }
    const type = name();
    return peek() === '!' ? `${type}${take('!')}` : type;
  };
  const parseValue = (): Value => {
    const token = peek();
    if (token === '$') {
      take('$');
      return { kind: 'variable', name: name() };
    }
    if (token === '[') {
      take('[');
      const items: Value[] = [];
      while (peek() !== ']') items.push(parseValue());
      take(']');
      return { kind: 'list', items };
    }
    if (token === '{') {
      take('{');
      const fields: Record<string, Value> = {};
      while (peek() !== '}') {
        const key = name();
        take(':');
        fields[key] = parseValue();
      }
      take('}');
      return { kind: 'object', fields };
    }
    take();
    if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
    if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
    if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
    if (token === 'null') return { kind: 'literal', value: null };
    return { kind: 'literal', value: token };
  };
  const parseSelections = (): Selection[] => {
    take('{');
    const selections: Selection[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        take('...');
        take('on');
        const on = name();
        selections.push({ kind: 'fragment', on, selections: parseSelections() });
        continue;
      }
      let fieldName = name();
      let alias: string | null = null;
      if (peek() === ':') {
        take(':');
        alias = fieldName;
        fieldName = name();
      }
      const args: Record<string, Value> = {};
      if (peek() === '(') {
        take('(');
        while (peek() !== ')') {
          const key = name();
          take(':');
          args[key] = parseValue();
        }
        take(')');
      }
      selections.push({ kind: 'field', alias, name: fieldName, args, selections: peek() === '{' ? parseSelections() : null });
    }
    take('}');
    return selections;
  };

  let kind: Operation['kind'] = 'query';
  const variables: Operation['variables'] = [];
  if (peek() === 'query' || peek() === 'mutation') {
    kind = take() as Operation['kind'];
    if (peek() !== '(' && peek() !== '{') name();
    if (peek() === '(') {
      take('(');
      while (peek() !== ')') {
        take('$');
        const variable = name();
        take(':');
        const type = parseType();
        if (peek() === '=') {
          take('=');
          parseValue();
        }
        variables.push({ name: variable, type, required: type.endsWith('!') });
      }
      take(')');
    }
  }
  const selections = parseSelections();
  if (i !== tokens.length) throw new Error('This fake reads one operation per document');
  return { kind, variables, selections };
}

function valueOf(value: Value, variables: Record<string, unknown>): unknown {
  switch (value.kind) {
    case 'variable':
      return variables[value.name] ?? null;
    case 'literal':
      return value.value;
    case 'list':
      return value.items.map((item) => valueOf(item, variables));
    case 'object':
      return Object.fromEntries(Object.entries(value.fields).map(([key, field]) => [key, valueOf(field, variables)]));
  }
}

function resolveField(source: Record<string, unknown>, typeName: string, selection: Extract<Selection, { kind: 'field' }>, variables: Record<string, unknown>): unknown {
  if (selection.name === '__typename') return typeName;
  if (!(selection.name in source)) throw new GraphQLError(`Field '${selection.name}' doesn't exist on type '${typeName}'`, 'undefinedField');
  const args = Object.fromEntries(Object.entries(selection.args).map(([key, value]) => [key, valueOf(value, variables)]));
  const raw = source[selection.name];
  const value = typeof raw === 'function' ? (raw as (a: Record<string, unknown>) => unknown)(args) : raw;
  return project(value, selection.selections, variables, selection.name);
}

function project(value: unknown, selections: Selection[] | null, variables: Record<string, unknown>, field: string): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => project(item, selections, variables, field));
  if (selections === null) {
    if (typeof value === 'object') throw new GraphQLError(`Field must have selections (field '${field}' returns an object)`, 'selectionMismatch');
    return value;
  }
  if (typeof value !== 'object') throw new GraphQLError(`Selections can't be made on scalars (field '${field}')`, 'selectionMismatch');
  const source = value as Record<string, unknown>;
  const typeName = String(source.__typename ?? 'Object');
  const out: Record<string, unknown> = {};
  const apply = (list: Selection[]) => {
    for (const selection of list) {
      if (selection.kind === 'fragment') {
        if (selection.on === typeName) apply(selection.selections);
        continue;
      }
      out[selection.alias ?? selection.name] = resolveField(source, typeName, selection, variables);
    }
  };
  apply(selections);
  return out;
}
