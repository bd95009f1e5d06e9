import { z } from 'zod';
import { MAX_MINOR_UNITS } from '../currency';
import { currencyCodeInput, dbId, dbIdParam } from './common';

// Pay in gear (issue 41, decision record 038): program tiers, pro pricing, the seedable catalog, gear requests,
// seeding orders in the business's own store, what each shipment owes, and gear value in the books.

const minor = (what: string) => z.number(`Enter ${what}`).int('Use whole cents').min(0, 'Cannot be negative').max(MAX_MINOR_UNITS, 'Too large');
const name = (what: string, max: number) => z.string(`Enter ${what}`).trim().min(1, `Enter ${what}`).max(max, `At most ${max} characters`);
/** A yearly date as MM-DD (the allotment renews on it each year; 02-29 renews on 02-28 in other years). */
const monthDay = z.string('Enter a renewal date').regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, 'Use MM-DD, like 08-15');

export const MAX_TIERS = 10;
export const MAX_REQUEST_LINES = 25;
export const MAX_BULK_DECISIONS = 200;

export const promotionMetrics = ['attributed_sales', 'approved_posts'] as const;
export type PromotionMetric = (typeof promotionMetrics)[number];
export const promotionMetricLabels: Record<PromotionMetric, string> = {
  attributed_sales: 'Attributed sales in the season (in the allotment currency)',
  approved_posts: 'Approved posts in the season',
};

/** What a business writes for one tier. */
export const tierFields = z
  .object({
    name: name('a tier name', 60),
    commissionRateBps: z.number('Enter a commission rate').int('Use whole basis points').min(0, 'Cannot be negative').max(10_000, 'At most 100%'),
    holdDays: z.number('Enter a hold period').int('Use whole days').min(0, 'Cannot be negative').max(365, 'At most 365 days'),
    /** The personal pro-pricing code's discount, whole percent (0 = no pro pricing). */
    proPricingPercent: z.number('Enter a percent').int('Use a whole percent').min(0, 'Cannot be negative').max(100, 'At most 100%'),
    /** Gear value per allotment year, in minor units of `currency` (0 = no value limit only when itemsPerYear is set). */
    allotmentMinor: minor('an allotment'),
    currency: currencyCodeInput,
    /** Items per allotment year; null = no count limit. */
    itemsPerYear: z.number('Enter a number of items').int('Use a whole number').min(1, 'At least 1').max(1000, 'At most 1000').nullable(),
    renewsOn: monthDay,
    /** Campaigns this tier sees; empty = all of the business's campaigns. */
    campaignIds: z.array(dbId).max(100, 'At most 100 campaigns').default([]),
    promotion: z
      .object({ toTierId: dbId, metric: z.enum(promotionMetrics), threshold: z.number('Enter a threshold').int('Use a whole number').min(1, 'At least 1').max(MAX_MINOR_UNITS, 'Too large') })
      .nullable()
      .default(null),
  })
  .refine((tier) => tier.allotmentMinor > 0 || tier.itemsPerYear !== null, { path: ['allotmentMinor'], message: 'Give the tier an allotment: a value, a number of items or both' });
export type TierFields = z.infer<typeof tierFields>;

export const programTier = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  commissionRateBps: z.number(),
  holdDays: z.number(),
  proPricingPercent: z.number(),
  allotmentMinor: z.number(),
  currency: z.string(),
  itemsPerYear: z.number().nullable(),
  renewsOn: z.string(),
  campaignIds: z.array(z.number()),
  promotion: z.object({ toTierId: z.number(), metric: z.enum(promotionMetrics), threshold: z.number() }).nullable(),
  /** Staffers placed in it now. */
  staffCount: z.number(),
});
export type ProgramTier = z.infer<typeof programTier>;

export const placeInTier = z.object({ tierId: dbId, reason: z.string().trim().max(500, 'At most 500 characters').default('') });

/** Where gear comes from and what it owes: one row per business. */
export const gearSettingsFields = z.object({
  /** The connected store orders are created in (its admin API credentials must be set). */
  platformId: dbId.nullable(),
  seedableTags: z.array(name('a tag', 100)).max(50, 'At most 50 tags'),
  seedableCollections: z.array(name('a collection', 100)).max(50, 'At most 50 collections'),
  /** True: the app completes each seeding order as paid at 100% off; false: it leaves a draft for the business. */
  completeOrders: z.boolean(),
  /** The campaign task a delivered shipment owes (null: none), due this many days after delivery or on a fixed date. */
  owedTaskId: dbId.nullable(),
  owedDueDays: z.number('Enter a number of days').int('Use whole days').min(1, 'At least 1 day').max(365, 'At most 365 days').nullable(),
  owedDueOn: z.iso.date('Enter a date as YYYY-MM-DD').nullable(),
});
export type GearSettingsFields = z.infer<typeof gearSettingsFields>;
export const gearSettings = gearSettingsFields.extend({
  /** Whether the chosen store has working admin API credentials. */
  storeReady: z.boolean(),
  catalogSyncedAt: z.string().nullable(),
  productCount: z.number(),
});
export type GearSettings = z.infer<typeof gearSettings>;

export const catalogVariant = z.object({
  id: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  priceMinor: z.number(),
  /** Null: not tracked (always available). */
  inventory: z.number().nullable(),
  inStock: z.boolean(),
});
export const catalogProduct = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  collections: z.array(z.string()),
  currency: z.string(),
  seedable: z.boolean(),
  variants: z.array(catalogVariant),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;
export const catalogQuery = z.object({ q: z.string().trim().max(100).optional(), seedable: z.enum(['true', 'false']).optional() });

export const shippingAddress = z.object({
  name: name('the recipient’s name', 100),
  line1: name('the street address', 200),
  line2: z.string().trim().max(200, 'At most 200 characters').nullable().default(null),
  city: name('the city', 100),
  region: name('the state or province', 100),
  postalCode: name('the postal code', 20),
  country: z.string('Choose a country').trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Use a two-letter country code, like US'),
  phone: z.string().trim().max(40, 'At most 40 characters').nullable().default(null),
});
export type ShippingAddressFields = z.infer<typeof shippingAddress>;

const requestLine = z.object({
  variantId: dbId,
  quantity: z.number('Enter a quantity').int('Use a whole number').min(1, 'At least 1').max(20, 'At most 20'),
});
export const newGearRequest = z.object({
  businessId: dbId,
  items: z.array(requestLine).min(1, 'Pick at least one item').max(MAX_REQUEST_LINES, `At most ${MAX_REQUEST_LINES} items`),
  shippingAddress,
  note: z.string().trim().max(1000, 'At most 1000 characters').default(''),
});
export type NewGearRequest = z.infer<typeof newGearRequest>;
/** The business edits a request's items before approving it. */
export const editGearRequest = z.object({ items: newGearRequest.shape.items });

export const gearDecision = z.object({
  ids: z.array(dbId).min(1, 'Choose at least one request').max(MAX_BULK_DECISIONS, `At most ${MAX_BULK_DECISIONS} at once`),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500, 'At most 500 characters').default(''),
});
/** Per request: decided, or why not (the others still go through). */
export const gearDecisionResult = z.object({
  decided: z.array(z.number()),
  refused: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
});

export const gearRequestStatuses = ['requested', 'approved', 'rejected', 'cancelled'] as const;
export type GearRequestStatus = (typeof gearRequestStatuses)[number];
export const gearRequestStatusLabels: Record<GearRequestStatus, string> = { requested: 'Waiting for approval', approved: 'Approved', rejected: 'Declined', cancelled: 'Cancelled' };

export const shipmentStatuses = ['ordering', 'ordered', 'draft', 'failed', 'shipped', 'in_transit', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  ordering: 'Creating the store order',
  ordered: 'Order placed',
  draft: 'Draft order waiting for the business',
  failed: 'Store refused the order',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const obligation = z.object({
  id: z.number(),
  taskId: z.number(),
  taskTitle: z.string(),
  campaignId: z.number(),
  /** Null until the shipment is delivered (due N days after delivery). */
  dueOn: z.string().nullable(),
  status: z.enum(['waiting_for_delivery', 'open', 'done', 'overdue']),
});
export type Obligation = z.infer<typeof obligation>;

export const shipment = z.object({
  id: z.number(),
  status: z.enum(shipmentStatuses),
  orderName: z.string().nullable(),
  /** For the business only (null for the staffer). */
  adminUrl: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  obligations: z.array(obligation),
});
export type Shipment = z.infer<typeof shipment>;

export const gearRequestLine = z.object({
  variantId: z.number(),
  productTitle: z.string(),
  variantTitle: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number(),
  unitPriceMinor: z.number(),
});
export const gearRequest = z.object({
  id: z.number(),
  businessId: z.number(),
  companyName: z.string(),
  proStaffId: z.number(),
  proStaffName: z.string(),
  tierName: z.string().nullable(),
  status: z.enum(gearRequestStatuses),
  currency: z.string(),
  totalMinor: z.number(),
  itemCount: z.number(),
  items: z.array(gearRequestLine),
  shippingAddress,
  note: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  shipment: shipment.nullable(),
});
export type GearRequest = z.infer<typeof gearRequest>;
export const gearRequestQuery = z.object({ status: z.enum([...gearRequestStatuses, 'all']).default('all') });

/** A staffer's allotment for the current allotment year with one business. */
export const allotment = z.object({
  currency: z.string(),
  limitMinor: z.number(),
  /** Approved and waiting requests count against it (a waiting one holds its value until decided). */
  usedMinor: z.number(),
  remainingMinor: z.number(),
  itemsLimit: z.number().nullable(),
  itemsUsed: z.number(),
  periodStart: z.string(),
  /** The first day of the next allotment year. */
  renewsOn: z.string(),
});
export type Allotment = z.infer<typeof allotment>;

export const proPricingCode = z.object({ code: z.string(), percentOff: z.number(), status: z.enum(['pending', 'active', 'disabled', 'failed']) });

export const myGearProgram = z.object({
  businessId: z.number(),
  companyName: z.string(),
  tier: z.object({ id: z.number(), name: z.string() }).nullable(),
  allotment: allotment.nullable(),
  proPricing: proPricingCode.nullable(),
  requests: z.array(gearRequest),
  overdueCount: z.number(),
});
export const myGear = z.object({ programs: z.array(myGearProgram) });
export type MyGear = z.infer<typeof myGear>;

/** The business's view of the program for one allotment year (by the tiers' renewal dates). */
export const gearOverview = z.object({
  season: z.number(),
  /** One row per tier and currency. */
  tiers: z.array(z.object({ tierId: z.number(), name: z.string(), currency: z.string(), staffCount: z.number(), limitMinor: z.number(), usedMinor: z.number(), items: z.number() })),
  staff: z.array(
    z.object({
      proStaffId: z.number(), name: z.string(), tierName: z.string().nullable(), currency: z.string(),
      limitMinor: z.number(), usedMinor: z.number(), items: z.number(), overdueCount: z.number(),
    }),
  ),
  /** Retail value of what was seeded (delivered or on its way), per currency. */
  cost: z.array(z.object({ currency: z.string(), seededMinor: z.number(), shipments: z.number() })),
  pendingRequests: z.number(),
});
export type GearOverview = z.infer<typeof gearOverview>;
export const seasonQuery = z.object({ season: z.coerce.number().int().min(2000).max(2100).optional() });

/** Non-cash compensation (record 038): the retail value of seeded gear, per payee and currency. */
export const compensationEntryKinds = ['gear_seeded', 'gear_returned', 'pro_pricing_savings'] as const;

export const storeAdminCredentials = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('shopify'),
    shopDomain: z.string('Enter the shop domain').trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Use the shop’s myshopify.com domain, like hunt-co.myshopify.com'),
    accessToken: z.string('Enter the Admin API access token').trim().min(10, 'That token is too short').max(200),
  }),
  z.object({
    platform: z.literal('woocommerce'),
    siteUrl: z.url({ protocol: /^https$/, error: 'Enter the store’s https address' }),
    consumerKey: z.string('Enter the consumer key').trim().regex(/^ck_[A-Za-z0-9]{20,64}$/, 'A consumer key starts with ck_'),
    consumerSecret: z.string('Enter the consumer secret').trim().regex(/^cs_[A-Za-z0-9]{20,64}$/, 'A consumer secret starts with cs_'),
  }),
  // Issue 44: stores that attribution reads through their API (decision record 040). Sealed like the others.
  z.object({
    platform: z.literal('squarespace'),
    apiKey: z.string('Enter the Squarespace API key').trim().min(20, 'That key is too short').max(200),
  }),
  z.object({
    platform: z.literal('magento'),
    baseUrl: z.url({ protocol: /^https$/, error: 'Enter the store’s https address' }),
    accessToken: z.string('Enter the integration access token').trim().min(20, 'That token is too short').max(200),
  }),
  z.object({
    platform: z.literal('square'),
    accessToken: z.string('Enter the Square access token').trim().min(20, 'That token is too short').max(300),
    signatureKey: z.string('Enter the webhook signature key').trim().min(10, 'That key is too short').max(200),
    environment: z.enum(['production', 'sandbox']).default('production'),
  }),
]);
export type StoreAdminCredentialsInput = z.infer<typeof storeAdminCredentials>;

export const businessIdInUrl = z.object({ businessId: dbIdParam });

/** Gear value given (business) or received (staffer) in a calendar year, per party and currency, with its entries. */
export const gearCompensation = z.object({
  year: z.number(),
  totals: z.array(z.object({ businessId: z.number(), companyName: z.string(), proStaffId: z.number(), proStaffName: z.string(), currency: z.string(), valueMinor: z.number() })),
  entries: z.array(
    z.object({
      id: z.number(), createdAt: z.string(), businessId: z.number(), companyName: z.string(), proStaffId: z.number(), proStaffName: z.string(),
      currency: z.string(), kind: z.enum(compensationEntryKinds), amountMinor: z.number(), reason: z.string(),
    }),
  ),
  /** Shown beside the figures: gear is compensation many tax authorities count at fair market value. */
  notice: z.string(),
});
export type GearCompensation = z.infer<typeof gearCompensation>;
export const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export const GEAR_TAX_NOTICE =
  'Gear given for promotion is non-cash compensation, and many tax authorities count it at its fair market value (here: the store’s retail price). This is a record, not tax advice: ask your tax adviser how it applies to you.';

/** The gear statement (CSV): one row per compensation entry. */
export const gearStatementColumns = ['Date', 'Business', 'Pro staff', 'Kind', 'Currency', 'Gear value', 'Reason'] as const;
export const compensationKindLabels: Record<(typeof compensationEntryKinds)[number], string> = {
  gear_seeded: 'Gear received (non-cash)',
  gear_returned: 'Gear order cancelled (non-cash)',
  pro_pricing_savings: 'Pro pricing savings (non-cash)',
};
