/**
 * What the gear program asks of a connected store's admin API (decision record 038): read the catalog, create a
 * seeding order, create and disable a staffer's personal pro-pricing code. One implementation per platform
 * (Shopify Admin GraphQL, WooCommerce REST v3, BigCommerce catalog v3 / orders v2 / coupons v2).
 *
 * Errors: a refusal that retrying cannot change (out of stock, unknown variant, missing scope, bad token) throws
 * `StoreRefusal`; trouble that may pass (network, timeouts, 429, 5xx) throws `StoreUnavailable`, and the task queue
 * retries the call. Every write is idempotent by its `reference`: a retry after a lost answer finds what the first
 * call made instead of making it twice.
 */

export type StorePlatform = 'shopify' | 'woocommerce' | 'bigcommerce';

export type StoreCredentials =
  /** `shopDomain` like `hunt-co.myshopify.com`; the Admin API access token of a custom app (`shpat_…`). */
  | { platform: 'shopify'; shopDomain: string; accessToken: string }
  /** The site's base URL; a REST API key pair with read/write permission. */
  | { platform: 'woocommerce'; siteUrl: string; consumerKey: string; consumerSecret: string }
  | { platform: 'bigcommerce'; storeHash: string; accessToken: string };

export type CatalogVariant = {
  externalId: string;
  /** Shopify's inventory item id (inventory webhooks name it, not the variant); null elsewhere. */
  inventoryItemId: string | null;
  sku: string | null;
  /** The variant's own options, e.g. "Large / Realtree Edge"; the product's title when it has one variant. */
  title: string;
  /** Retail price in minor units of the product's currency. */
  priceMinor: number;
  /** Units available; null when the store does not track inventory for it (never out of stock). */
  inventory: number | null;
};

export type CatalogProduct = {
  externalId: string;
  title: string;
  imageUrl: string | null;
  /** Shopify tags, WooCommerce tags, BigCommerce: none (empty). */
  tags: string[];
  /** Shopify collections (handles), WooCommerce categories (slugs), BigCommerce categories (names). */
  collections: string[];
  /** ISO 4217: the store's currency. */
  currency: string;
  /** False for drafts, archived, private or hidden products: kept in the catalog but never seedable. */
  active: boolean;
  variants: CatalogVariant[];
};

export type CatalogPage = { products: CatalogProduct[]; cursor: string | null };

export type ShippingAddress = {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
};

export type GearOrderInput = {
  /** Unique per shipment (`hs-gear-<shipmentId>`): tagged on the order so a retry finds it. */
  reference: string;
  email: string;
  currency: string;
  lines: { externalProductId: string; externalVariantId: string; quantity: number; priceMinor: number; title: string }[];
  shippingAddress: ShippingAddress;
  /** True: the order is completed as paid at 100% off (Shopify draftOrderComplete); false: left for the business. */
  completeAsPaid: boolean;
  note: string;
};

export type GearOrderResult = {
  externalOrderId: string;
  /** What the store shows (`#1042`, `D12`); null when it has none. */
  orderName: string | null;
  /** `draft`: a Shopify draft order the business completes itself; `order`: a real order exists. */
  state: 'draft' | 'order';
  /** The store admin page of the order, for the business. */
  adminUrl: string | null;
};

export type ProPricingCodeInput = {
  /** Unique per code (`hs-pro-<codeId>`). */
  reference: string;
  code: string;
  /** Whole percent off, 1–100. */
  percentOff: number;
  /** Only this customer may use it (Shopify: customer selection by the customer with this email, created if absent; WooCommerce: email_restrictions; BigCommerce: the customer id with this email). */
  customerEmail: string;
  startsAt: Date;
};

export interface StoreAdmin {
  readonly platform: StorePlatform;
  /** One page of the catalog, oldest first; `cursor` null for the first page. */
  catalogPage(cursor: string | null): Promise<CatalogPage>;
  /** One product, as `catalogPage` reads it (for a `refetch_product` update); null when the store has no such product. */
  fetchProduct(externalId: string): Promise<CatalogProduct | null>;
  createGearOrder(input: GearOrderInput): Promise<GearOrderResult>;
  /**
   * The order `createGearOrder` made for `reference`, as it stands now; null when none. A Shopify draft the business
   * completed answers the order it became (its fulfilment webhooks name that order, not the draft).
   */
  findGearOrder(reference: string): Promise<GearOrderResult | null>;
  /** Creates the code, or answers the one already made for `reference`. */
  createProPricingCode(input: ProPricingCodeInput): Promise<{ externalId: string }>;
  /** Disables (never deletes: the store's reports keep it) the code; done already is fine. */
  disableProPricingCode(externalId: string): Promise<void>;
  /**
   * Rotation of a leaked discount code (issue 43, decision record 039): `newCode` is made with `oldCode`'s terms, then
   * `oldCode` is disabled (never deleted: the store's reports keep it). Refuses `not_found` when the store has no live
   * `oldCode` and `invalid` when `newCode` is taken; when disabling fails after the copy was made, the copy is disabled
   * again (best effort) so the store is left as it was.
   */
  replaceCode(oldCode: string, newCode: string, now?: Date): Promise<CodeReplacement>;
  /** A BigCommerce shipment named by a thin webhook, as a fulfilment update. */
  fetchShipment?(externalOrderId: string, shipmentId: string): Promise<FulfilmentUpdate | null>;
}

/** The store's ids of the code disabled and of the copy made. */
export type CodeReplacement = { oldExternalId: string; newExternalId: string };

export type StoreRefusalReason = 'out_of_stock' | 'unknown_variant' | 'missing_scope' | 'unauthorized' | 'invalid' | 'not_found';

/** A refusal retrying cannot change: the request or approval says why to the business. */
export class StoreRefusal extends Error {
  override name = 'StoreRefusal';
  constructor(readonly reason: StoreRefusalReason, message: string, readonly details?: unknown) {
    super(message);
  }
}

/** The store could not be reached or answered 429/5xx: the task queue tries again later. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

/** What a store's fulfilment webhook says of a gear order. */
export type FulfilmentUpdate = {
  externalOrderId: string;
  /** The reference tag/meta when the payload carries it. */
  reference: string | null;
  status: 'shipped' | 'in_transit' | 'delivered' | 'cancelled';
  trackingNumber: string | null;
  trackingUrl: string | null;
  carrier: string | null;
  at: Date;
  /**
   * A thin delivery (BigCommerce store/shipment/*) names the shipment only: tracking is null here and the caller asks
   * the BigCommerce adapter's `fetchShipment(externalOrderId, shipmentId)` for it.
   */
  shipmentId?: string;
};

/** What a store's product or inventory webhook says. */
export type CatalogUpdate =
  /**
   * `collectionsUnknown`: the payload does not name the product's collections (Shopify's product webhooks): keep
   * the ones the catalog holds instead of emptying them.
   */
  | { kind: 'product'; product: CatalogProduct; collectionsUnknown?: true }
  | { kind: 'product_deleted'; externalId: string }
  /** Shopify inventory_levels/update names the inventory item; the others name the variant. */
  /** `locationId`: Shopify counts per location, so `available` is that location's level (null elsewhere: the total). */
  | { kind: 'inventory'; externalVariantId: string | null; inventoryItemId: string | null; available: number | null; locationId?: string | null }
  /** A thin delivery (BigCommerce sends ids only): fetch the product again. */
  | { kind: 'refetch_product'; externalId: string };
