import { normaliseCurrency } from '@shared/currency';
import { arr, checkPercentOff, checkReference, count, httpFailure, obj, priceMinor, proPricingTitle, refusal, splitName, storeFetch, text, type Json, type StoreCallOptions } from './http';
import { codeNotInStore, codeTaken, copyThenDisable, idOf, SHOPIFY_ROTATION_LOOKUP, shopifyCopyInput } from './code-copy';
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
  type StoreRefusalReason,
} from './types';

/**
 * Shopify Admin GraphQL, one pinned version (decision record 038). Every call is a POST to
 * `/admin/api/2025-10/graphql.json` with the custom app's token in `X-Shopify-Access-Token`.
 *
 * Failures: HTTP 401 (bad or revoked token) and 402/423 (shop frozen or locked) refuse; 429 and 5xx are unavailable;
 * a 200 whose `errors` carry `THROTTLED` (the cost bucket is empty) is unavailable, `ACCESS_DENIED` (a scope the app
 * was not granted) refuses with `missing_scope`. A mutation's `userErrors` refuse with the reason read from them.
 */
export const SHOPIFY_API_VERSION = '2025-10';

/** Products per page: the page's requested cost (2 + 8 x ~98 with 40 variants and 10 collections) stays under Shopify's 1,000 per query. */
const PRODUCTS_PER_PAGE = 8;
const VARIANTS_PER_PRODUCT = 40;

const PRODUCT_FIELDS = `
  id title status tags
  featuredMedia { preview { image { url } } }
  collections(first: 10) { nodes { handle } }
  variants(first: ${VARIANTS_PER_PRODUCT}) {
    pageInfo { hasNextPage endCursor }
    nodes { id sku title price inventoryQuantity inventoryPolicy inventoryItem { id tracked } }
  }`;

const CATALOG_QUERY = `query GearCatalog($first: Int!, $after: String) {
  shop { currencyCode }
  products(first: $first, after: $after, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes { ${PRODUCT_FIELDS} }
  }
}`;

const PRODUCT_QUERY = `query GearProduct($id: ID!) {
  shop { currencyCode }
  product(id: $id) { ${PRODUCT_FIELDS} }
}`;

const MORE_VARIANTS_QUERY = `query GearProductVariants($id: ID!, $after: String) {
  product(id: $id) {
    variants(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { id sku title price inventoryQuantity inventoryPolicy inventoryItem { id tracked } }
    }
  }
}`;

const ORDER_BY_TAG_QUERY = `query GearOrderByTag($query: String!) {
  orders(first: 1, query: $query) { nodes { id name } }
  draftOrders(first: 1, query: $query) { nodes { id name status order { id name } } }
}`;

const VARIANTS_CHECK_QUERY = `query GearVariantsCheck($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on ProductVariant { id inventoryQuantity inventoryPolicy inventoryItem { tracked } product { id status } }
  }
}`;

const DRAFT_CREATE = `mutation GearDraftCreate($input: DraftOrderInput!) {
  draftOrderCreate(input: $input) {
    draftOrder { id name status order { id name } }
    userErrors { field message }
  }
}`;

/** The non-deprecated form in 2025-10: no `paymentPending` (deprecated); without a gateway the order is marked as paid. */
const DRAFT_COMPLETE = `mutation GearDraftComplete($id: ID!) {
  draftOrderComplete(id: $id) {
    draftOrder { id name status order { id name } }
    userErrors { field message }
  }
}`;

const CODE_LOOKUP = `query GearCodeLookup($code: String!) {
  codeDiscountNodeByCode(code: $code) {
    id
    codeDiscount { __typename ... on DiscountCodeBasic { title status } }
  }
}`;

const CUSTOMER_BY_EMAIL = `query GearCustomer($email: String!) {
  customerByIdentifier(identifier: { emailAddress: $email }) { id }
}`;

const CUSTOMER_CREATE = `mutation GearCustomerCreate($input: CustomerInput!) {
  customerCreate(input: $input) { customer { id } userErrors { field message } }
}`;

const CODE_CREATE = `mutation GearCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;

const CODE_DEACTIVATE = `mutation GearCodeDeactivate($id: ID!) {
  discountCodeDeactivate(id: $id) {
    codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { status } } }
    userErrors { field code message }
  }
}`;

/**
 * Where the buyer of an order came from (issue 43, decision record 039): Order.customerJourneySummary, 2025-10 schema
 * (`read_orders`; landingPage and referrerUrl are protected customer data). momentsCount is a Count object since 2024-10;
 * `ready` is false (and the visits null) while Shopify is still attributing the order's sessions.
 */
const ORDER_JOURNEY = `query OrderJourney($id: ID!) {
  order(id: $id) {
    customerJourneySummary {
      ready
      momentsCount { count precision }
      firstVisit { landingPage referrerUrl source utmParameters { source medium campaign } }
      lastVisit { landingPage referrerUrl source utmParameters { source medium campaign } }
    }
  }
}`;

export type ShopifyAdminOptions = StoreCallOptions & {
  shopDomain: string;
  accessToken: string;
  /** `https://<shopDomain>` in production; a test points it at its fake. */
  origin: string;
};

export class ShopifyAdmin implements StoreAdmin {
  readonly platform = 'shopify' as const;
  private readonly endpoint: string;

  constructor(private readonly options: ShopifyAdminOptions) {
    this.endpoint = `${options.origin.replace(/\/$/, '')}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  }

  // ---- catalog -------------------------------------------------------------------------------------------------

  async catalogPage(cursor: string | null): Promise<CatalogPage> {
    const data = await this.graphql('reading the catalog', CATALOG_QUERY, { first: PRODUCTS_PER_PAGE, after: cursor });
    const currency = this.currencyOf(data);
    const connection = obj(data.products);
    const products: CatalogProduct[] = [];
    for (const node of arr(connection.nodes)) {
      const product = await this.productOf(obj(node), currency);
      if (product) products.push(product);
    }
    const pageInfo = obj(connection.pageInfo);
    return { products, cursor: pageInfo.hasNextPage === true ? text(pageInfo.endCursor) : null };
  }

  async fetchProduct(externalId: string): Promise<CatalogProduct | null> {
    const id = toGid('Product', externalId);
    if (!id) return null;
    const data = await this.graphql('reading a product', PRODUCT_QUERY, { id });
    if (!data.product) return null;
    return this.productOf(obj(data.product), this.currencyOf(data));
  }

  private currencyOf(data: Json): string {
    const currency = normaliseCurrency(obj(data.shop).currencyCode);
    if (!currency) throw refusal('invalid', 'Shopify answered no shop currency');
    return currency;
  }

  private async productOf(node: Json, currency: string): Promise<CatalogProduct | null> {
    const id = text(node.id);
    if (!id) return null;
    const title = text(node.title) ?? '';
    const variantConnection = obj(node.variants);
    const variantNodes = [...arr(variantConnection.nodes)];
    let pageInfo = obj(variantConnection.pageInfo);
    // Products past 40 variants (Shopify allows 2,048): the rest, 100 at a time.
    for (let guard = 0; pageInfo.hasNextPage === true && guard < 25; guard++) {
      const more = obj(obj((await this.graphql('reading more variants', MORE_VARIANTS_QUERY, { id, after: text(pageInfo.endCursor) })).product).variants);
      variantNodes.push(...arr(more.nodes));
      pageInfo = obj(more.pageInfo);
    }
    const single = variantNodes.length === 1;
    const variants: CatalogVariant[] = [];
    for (const raw of variantNodes) {
      const variant = obj(raw);
      const variantId = text(variant.id);
      const price = priceMinor(variant.price, currency);
      if (!variantId || price === null) continue;
      const item = obj(variant.inventoryItem);
      const ownTitle = text(variant.title);
      variants.push({
        externalId: variantId,
        inventoryItemId: text(item.id),
        sku: text(variant.sku),
        title: single || !ownTitle || ownTitle === 'Default Title' ? title : ownTitle,
        priceMinor: price,
        // Untracked, or tracked but sold past zero ("continue selling when out of stock"): never out of stock.
        inventory: item.tracked === true && variant.inventoryPolicy === 'DENY' ? count(variant.inventoryQuantity) : null,
      });
    }
    return {
      externalId: id,
      title,
      imageUrl: text(obj(obj(obj(node.featuredMedia).preview).image).url, 2000),
      tags: arr(node.tags).map((tag) => text(tag, 255)).filter((tag): tag is string => tag !== null),
      collections: arr(obj(node.collections).nodes).map((c) => text(obj(c).handle, 255)).filter((h): h is string => h !== null),
      currency,
      active: node.status === 'ACTIVE',
      variants,
    };
  }

  // ---- gear orders ---------------------------------------------------------------------------------------------

  /**
   * Idempotent by the reference tag: an order or draft already tagged with it is answered (and a draft left open by a
   * lost answer is completed) instead of creating a second one.
   */
  async createGearOrder(input: GearOrderInput): Promise<GearOrderResult> {
    const reference = checkReference(input.reference);
    const existing = await this.lookupByTag(reference);
    if (existing?.kind === 'order') return existing.result;
    if (existing?.kind === 'draft') {
      if (input.completeAsPaid && existing.status !== 'COMPLETED') return this.complete(existing.draftId);
      return existing.result;
    }
    await this.checkVariants(input);
    const { first, last } = splitName(input.shippingAddress.name);
    const address = input.shippingAddress;
    const region = address.region.trim();
    const data = await this.graphql('creating the gear order', DRAFT_CREATE, {
      input: {
        email: input.email,
        note: input.note,
        tags: [reference],
        lineItems: input.lines.map((line) => ({ variantId: toGid('ProductVariant', line.externalVariantId), quantity: line.quantity })),
        appliedDiscount: { value: 100, valueType: 'PERCENTAGE', title: 'Pro staff gear' },
        shippingAddress: {
          firstName: first || null,
          lastName: last,
          address1: address.line1,
          address2: address.line2,
          city: address.city,
          ...(/^[A-Z0-9]{1,3}$/.test(region) ? { provinceCode: region } : { province: region }),
          zip: address.postalCode,
          countryCode: address.country,
          phone: address.phone,
        },
      },
    });
    const payload = obj(data.draftOrderCreate);
    throwUserErrors(payload, 'creating the gear order', true);
    const draft = obj(payload.draftOrder);
    const draftId = text(draft.id);
    if (!draftId) throw new StoreUnavailable('Shopify answered draftOrderCreate without a draft order');
    if (input.completeAsPaid) return this.complete(draftId);
    return this.draftResult(draft);
  }

  async findGearOrder(reference: string): Promise<GearOrderResult | null> {
    const found = await this.lookupByTag(checkReference(reference));
    return found ? found.result : null;
  }

  private async lookupByTag(reference: string): Promise<{ kind: 'order'; result: GearOrderResult } | { kind: 'draft'; draftId: string; status: string; result: GearOrderResult } | null> {
    // Shopify search syntax: tag:'value'. The reference holds no quote (checkReference).
    const data = await this.graphql('looking up the gear order', ORDER_BY_TAG_QUERY, { query: `tag:'${reference}'` });
    const order = obj(arr(obj(data.orders).nodes)[0]);
    const orderId = text(order.id);
    if (orderId) return { kind: 'order', result: this.orderResult(orderId, text(order.name)) };
    const draft = obj(arr(obj(data.draftOrders).nodes)[0]);
    const draftId = text(draft.id);
    if (!draftId) return null;
    return { kind: 'draft', draftId, status: text(draft.status) ?? 'OPEN', result: this.draftResult(draft) };
  }

  private draftResult(draft: Json): GearOrderResult {
    const order = obj(draft.order);
    const orderId = text(order.id);
    if (orderId) return this.orderResult(orderId, text(order.name));
    const draftId = text(draft.id) ?? '';
    return { externalOrderId: draftId, orderName: text(draft.name), state: 'draft', adminUrl: this.adminUrl('draft_orders', draftId) };
  }

  private orderResult(orderId: string, name: string | null): GearOrderResult {
    return { externalOrderId: orderId, orderName: name, state: 'order', adminUrl: this.adminUrl('orders', orderId) };
  }

  private adminUrl(kind: 'orders' | 'draft_orders', gid: string): string | null {
    const numeric = /\/(\d+)$/.exec(gid)?.[1];
    return numeric ? `https://${this.options.shopDomain}/admin/${kind}/${numeric}` : null;
  }

  private async complete(draftId: string): Promise<GearOrderResult> {
    const data = await this.graphql('completing the gear order', DRAFT_COMPLETE, { id: draftId });
    const payload = obj(data.draftOrderComplete);
    throwUserErrors(payload, 'completing the gear order', true);
    const draft = obj(payload.draftOrder);
    const result = this.draftResult(Object.keys(draft).length ? draft : { id: draftId });
    if (result.state !== 'order') throw new StoreUnavailable('Shopify completed the draft order without answering its order');
    return result;
  }

  /**
   * Shopify's draftOrderCreate holds no inventory and does not refuse stock it lacks (its docs: verify availability
   * before completing), so the variants are checked first: each must exist, belong to an active product and, when
   * Shopify tracks it and refuses to oversell (policy DENY), have the units.
   */
  private async checkVariants(input: GearOrderInput): Promise<void> {
    if (input.lines.length === 0) throw refusal('invalid', 'A gear order needs at least one line');
    const wanted = new Map<string, number>();
    for (const line of input.lines) {
      const id = toGid('ProductVariant', line.externalVariantId);
      if (!id || !Number.isSafeInteger(line.quantity) || line.quantity < 1) throw refusal('invalid', `The line ${line.title} is not a variant and a quantity`);
      wanted.set(id, (wanted.get(id) ?? 0) + line.quantity);
    }
    const ids = [...wanted.keys()];
    const data = await this.graphql('checking the gear variants', VARIANTS_CHECK_QUERY, { ids });
    const nodes = arr(data.nodes).map(obj);
    ids.forEach((id, index) => {
      const node = nodes[index] ?? {};
      const title = input.lines.find((line) => toGid('ProductVariant', line.externalVariantId) === id)?.title ?? id;
      if (text(node.id) !== id) throw refusal('unknown_variant', `Shopify has no variant ${id} (${title})`, { variantId: id });
      if (obj(node.product).status !== 'ACTIVE') throw refusal('unknown_variant', `${title} is not an active product in Shopify`, { variantId: id });
      const available = count(node.inventoryQuantity);
      const tracked = obj(node.inventoryItem).tracked === true && node.inventoryPolicy === 'DENY';
      if (tracked && (available === null || available < (wanted.get(id) ?? 0))) {
        throw refusal('out_of_stock', `${title} has ${available ?? 0} in stock, ${wanted.get(id)} asked`, { variantId: id, available });
      }
    });
  }

  // ---- pro pricing codes ---------------------------------------------------------------------------------------

  /** Idempotent by the code: a code that exists with our reference in its title is answered; someone else's is refused. */
  async createProPricingCode(input: ProPricingCodeInput): Promise<{ externalId: string }> {
    const reference = checkReference(input.reference);
    checkPercentOff(input.percentOff);
    const existing = await this.codeByCode(input.code, reference);
    if (existing) return { externalId: existing };
    const customerId = await this.customerFor(input.customerEmail);
    const data = await this.graphql('creating the pro pricing code', CODE_CREATE, {
      basicCodeDiscount: {
        title: proPricingTitle(reference),
        code: input.code,
        startsAt: input.startsAt.toISOString(),
        // 2025-10: `context` replaces the deprecated `customerSelection`.
        context: { customers: { add: [customerId] } },
        customerGets: { value: { percentage: input.percentOff / 100 }, items: { all: true } },
        appliesOncePerCustomer: false,
        usageLimit: null,
      },
    });
    const payload = obj(data.discountCodeBasicCreate);
    const errors = arr(payload.userErrors).map(obj);
    // Another call made it between our lookup and this one (or the lookup ran before a lost answer's write showed).
    if (errors.some((e) => e.code === 'TAKEN' || /already|taken|must be unique/i.test(String(e.message)))) {
      const again = await this.codeByCode(input.code, reference);
      if (again) return { externalId: again };
    }
    throwUserErrors(payload, 'creating the pro pricing code');
    const id = text(obj(payload.codeDiscountNode).id);
    if (!id) throw new StoreUnavailable('Shopify answered discountCodeBasicCreate without a discount');
    return { externalId: id };
  }

  disableProPricingCode(externalId: string): Promise<void> {
    return this.deactivate(externalId, 'disabling the pro pricing code');
  }

  private async deactivate(externalId: string, what: string): Promise<void> {
    const data = await this.graphql(what, CODE_DEACTIVATE, { id: externalId });
    const payload = obj(data.discountCodeDeactivate);
    const errors = arr(payload.userErrors).map(obj);
    if (errors.length && errors.every((e) => /already|expired|not active|inactive/i.test(String(e.message)))) return;
    throwUserErrors(payload, what);
  }

  // ---- rotation of a leaked code (issue 43) ---------------------------------------------------------------------

  /** Found by `codeDiscountNodeByCode`, copied with `discountCodeBasicCreate`, ended with `discountCodeDeactivate`. */
  async replaceCode(oldCode: string, newCode: string, now = new Date()): Promise<CodeReplacement> {
    const node = obj((await this.graphql('reading the code to rotate', SHOPIFY_ROTATION_LOOKUP, { code: oldCode })).codeDiscountNodeByCode);
    const oldId = text(node.id);
    const discount = obj(node.codeDiscount);
    if (!oldId || discount.status === 'EXPIRED') throw codeNotInStore('Shopify', oldCode);
    const input = shopifyCopyInput(discount, newCode, now);
    const create = async () => {
      const payload = obj((await this.graphql('creating the replacement code', CODE_CREATE, { basicCodeDiscount: input })).discountCodeBasicCreate);
      const taken = arr(payload.userErrors).map(obj).find((e) => e.code === 'TAKEN');
      if (taken) throw codeTaken('Shopify', newCode, String(taken.message));
      throwUserErrors(payload, 'creating the replacement code');
      return idOf('Shopify', obj(payload.codeDiscountNode).id);
    };
    return copyThenDisable(oldId, create, (id) => this.deactivate(id, 'disabling the rotated code'));
  }

  private async codeByCode(code: string, reference: string): Promise<string | null> {
    const data = await this.graphql('looking up the pro pricing code', CODE_LOOKUP, { code });
    const node = obj(data.codeDiscountNodeByCode);
    const id = text(node.id);
    if (!id) return null;
    const title = text(obj(node.codeDiscount).title) ?? '';
    if (title !== proPricingTitle(reference)) throw refusal('invalid', `The code ${code} already exists in Shopify for something else ("${title.slice(0, 100)}")`);
    return id;
  }

  private async customerFor(email: string): Promise<string> {
    const found = text(obj((await this.graphql('looking up the staffer as a customer', CUSTOMER_BY_EMAIL, { email })).customerByIdentifier).id);
    if (found) return found;
    const data = await this.graphql('creating the staffer as a customer', CUSTOMER_CREATE, { input: { email } });
    const payload = obj(data.customerCreate);
    const errors = arr(payload.userErrors).map(obj);
    if (errors.some((e) => /taken|already/i.test(String(e.message)))) {
      // Created by a call whose answer was lost: look again.
      const again = text(obj((await this.graphql('looking up the staffer as a customer', CUSTOMER_BY_EMAIL, { email })).customerByIdentifier).id);
      if (again) return again;
    }
    throwUserErrors(payload, 'creating the staffer as a customer');
    const id = text(obj(payload.customer).id);
    if (!id) throw new StoreUnavailable('Shopify answered customerCreate without a customer');
    return id;
  }

  // ---- where an order's buyer came from (issue 43) -------------------------------------------------------------

  /**
   * The order's `customerJourneySummary` as Shopify answers it (read by the fraud signals), or null when Shopify has no
   * such order or no summary for it. Refusals and outages throw like every other call.
   */
  async orderJourney(orderId: string): Promise<Json | null> {
    const id = toGid('Order', orderId);
    if (!id) return null;
    const order = (await this.graphql('reading the order’s customer journey', ORDER_JOURNEY, { id })).order;
    if (!order || typeof order !== 'object') return null;
    const summary = obj(order).customerJourneySummary;
    return summary && typeof summary === 'object' ? obj(summary) : null;
  }

  // ---- transport -----------------------------------------------------------------------------------------------

  private async graphql(what: string, query: string, variables: Json): Promise<Json> {
    const response = await storeFetch('Shopify', {
      method: 'POST',
      url: this.endpoint,
      headers: { 'X-Shopify-Access-Token': this.options.accessToken },
      body: { query, variables },
      timeoutMs: this.options.timeoutMs,
    });
    const body = obj(response.body);
    if (response.status === 402 || response.status === 423) throw refusal('unauthorized', `The Shopify shop is frozen or locked (${response.status}) for ${what}`);
    const failure = httpFailure('Shopify', response.status, what, errorText(body.errors));
    if (failure) throw failure;
    const errors = arr(body.errors).map(obj);
    if (errors.length) {
      const codes = errors.map((e) => text(obj(e.extensions).code) ?? '');
      const message = errors.map((e) => text(e.message, 500) ?? '').join('; ').slice(0, 500);
      if (codes.includes('THROTTLED')) throw new StoreUnavailable(`Shopify throttled ${what} (query cost); the call will be retried`);
      if (codes.includes('ACCESS_DENIED')) {
        const required = errors.map((e) => text(obj(e.extensions).requiredAccess, 300)).filter(Boolean).join('; ');
        throw refusal('missing_scope', `The Shopify app lacks a scope for ${what}${required ? `: ${required}` : ''}`, { errors: message });
      }
      if (codes.includes('INTERNAL_SERVER_ERROR') || codes.includes('SERVICE_UNAVAILABLE')) throw new StoreUnavailable(`Shopify failed ${what}: ${message}`);
      throw refusal('invalid', `Shopify refused ${what}: ${message}`);
    }
    if (!body.data || typeof body.data !== 'object') throw new StoreUnavailable(`Shopify answered ${what} without data`);
    return obj(body.data);
  }
}

function errorText(errors: unknown): string | undefined {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map((e) => text(obj(e).message, 300) ?? '').join('; ');
  return undefined;
}

/**
 * `userErrors` refuse. For an order the message says which reason (Shopify's texts for a missing variant and missing
 * stock); elsewhere a missing thing is not_found and the rest invalid.
 */
function throwUserErrors(payload: Json, what: string, order = false): void {
  const errors = arr(payload.userErrors).map(obj);
  if (!errors.length) return;
  const messages = errors.map((e) => text(e.message, 500) ?? '');
  const fields = errors.map((e) => arr(e.field).join('.'));
  const joined = messages.filter(Boolean).join('; ');
  let reason: StoreRefusalReason = 'invalid';
  if (order && /out of stock|not enough|insufficient|inventory|unavailable|sold out/i.test(joined)) reason = 'out_of_stock';
  else if (order && (/no longer available|does not exist|not found|variant/i.test(joined) || fields.some((f) => /variantId/.test(f)))) reason = 'unknown_variant';
  else if (!order && /does not exist|not found/i.test(joined)) reason = 'not_found';
  throw refusal(reason, `Shopify refused ${what}: ${joined.slice(0, 500)}`, { userErrors: fields.map((field, i) => ({ field, message: messages[i] })) });
}

/** `gid://shopify/Kind/123` from a GID of that kind or from the digits; null otherwise. */
export function toGid(kind: string, value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{1,30}$/.test(trimmed)) return `gid://shopify/${kind}/${trimmed}`;
  return new RegExp(`^gid://shopify/${kind}/\\d{1,30}$`).test(trimmed) ? trimmed : null;
}
