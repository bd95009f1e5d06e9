import { arr, idText, obj, refusal, text, type Json } from './http';
import { StoreRefusal, type CodeReplacement } from './types';

/**
 * Rotation of a leaked code (issue 43, decision record 039): what each platform's copy of a code keeps, read off the
 * store's own object so nothing the business set is lost, and the one order every adapter follows.
 *
 * Order: read the old code, make the copy, then disable the old one. A copy refused (its code taken, a term the
 * store rejects) leaves the store untouched; a disable that fails after the copy was made disables the copy again,
 * best effort, so the business is never left with two live codes nor with none.
 */
export async function copyThenDisable(oldExternalId: string, create: () => Promise<string>, disable: (externalId: string) => Promise<void>): Promise<CodeReplacement> {
  const newExternalId = await create();
  try {
    await disable(oldExternalId);
  } catch (error) {
    await disable(newExternalId).catch(() => undefined);
    throw error;
  }
  return { oldExternalId, newExternalId };
}

export const codeNotInStore = (platform: string, code: string) => refusal('not_found', `${platform} has no active code ${code} to rotate`);
export const codeTaken = (platform: string, code: string, message: string) => new StoreRefusal('invalid', `${platform} refused the new code ${code}: ${message}`, { reason: 'code_taken' });

// ---- Shopify: discountCodeBasic ----------------------------------------------------------------------------------

/** The terms of an amount-off code (DiscountCodeBasic, Admin GraphQL 2025-10) a copy needs. Other discount kinds (BXGY, free shipping, app) are refused. */
export const SHOPIFY_ROTATION_LOOKUP = `query RotationCodeLookup($code: String!) {
  codeDiscountNodeByCode(code: $code) {
    id
    codeDiscount {
      __typename
      ... on DiscountCodeBasic {
        title status startsAt endsAt usageLimit appliesOncePerCustomer
        combinesWith { orderDiscounts productDiscounts shippingDiscounts }
        minimumRequirement {
          __typename
          ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }
          ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
        }
        customerGets {
          value {
            __typename
            ... on DiscountPercentage { percentage }
            ... on DiscountAmount { amount { amount } appliesOnEachItem }
          }
          items {
            __typename
            ... on AllDiscountItems { allItems }
            ... on DiscountProducts { products(first: 250) { nodes { id } } productVariants(first: 250) { nodes { id } } }
            ... on DiscountCollections { collections(first: 250) { nodes { id } } }
          }
        }
        context {
          __typename
          ... on DiscountBuyerSelectionAll { all }
          ... on DiscountCustomers { customers { id } }
          ... on DiscountCustomerSegments { segments { id } }
        }
      }
    }
  }
}`;

const ids = (connection: unknown) => arr(obj(connection).nodes).map((n) => text(obj(n).id)).filter((id): id is string => id !== null);

/**
 * The `DiscountCodeBasicInput` of the copy: the same title, value, items, minimum, usage limits, combinations, buyers
 * and end date. It starts now (or at the old start when that is still ahead).
 */
export function shopifyCopyInput(discount: Json, newCode: string, now: Date): Json {
  if (discount.__typename !== 'DiscountCodeBasic') throw refusal('invalid', `Only amount-off codes can be rotated in Shopify; this one is a ${String(discount.__typename ?? 'different kind')}`);
  const gets = obj(discount.customerGets);
  const value = obj(gets.value);
  const items = obj(gets.items);
  const minimum = obj(discount.minimumRequirement);
  const context = obj(discount.context);
  const startsAt = text(discount.startsAt);
  return {
    title: text(discount.title) ?? newCode,
    code: newCode,
    startsAt: startsAt && new Date(startsAt) > now ? startsAt : now.toISOString(),
    endsAt: text(discount.endsAt),
    usageLimit: typeof discount.usageLimit === 'number' ? discount.usageLimit : null,
    appliesOncePerCustomer: discount.appliesOncePerCustomer === true,
    combinesWith: obj(discount.combinesWith),
    minimumRequirement:
      minimum.__typename === 'DiscountMinimumSubtotal' ? { subtotal: { greaterThanOrEqualToSubtotal: text(obj(minimum.greaterThanOrEqualToSubtotal).amount) } }
      : minimum.__typename === 'DiscountMinimumQuantity' ? { quantity: { greaterThanOrEqualToQuantity: String(minimum.greaterThanOrEqualToQuantity) } }
      : null,
    customerGets: {
      value: value.__typename === 'DiscountAmount' ? { discountAmount: { amount: text(obj(value.amount).amount), appliesOnEachItem: value.appliesOnEachItem === true } } : { percentage: value.percentage },
      items:
        items.__typename === 'DiscountProducts' ? { products: { productsToAdd: ids(items.products), productVariantsToAdd: ids(items.productVariants) } }
        : items.__typename === 'DiscountCollections' ? { collections: { add: ids(items.collections) } }
        : { all: true },
    },
    context:
      context.__typename === 'DiscountCustomers' ? { customers: { add: arr(context.customers).map((c) => text(obj(c).id)).filter(Boolean) } }
      : context.__typename === 'DiscountCustomerSegments' ? { customerSegments: { add: arr(context.segments).map((c) => text(obj(c).id)).filter(Boolean) } }
      : { all: 'ALL' },
  };
}

// ---- WooCommerce: REST v3 coupon -----------------------------------------------------------------------------------

/** Every term of a v3 coupon (its documented writable properties) but the code, status, description and meta. */
const WOO_TERMS = [
  'discount_type', 'amount', 'date_expires', 'individual_use', 'product_ids', 'excluded_product_ids', 'usage_limit', 'usage_limit_per_user', 'limit_usage_to_x_items',
  'free_shipping', 'product_categories', 'excluded_product_categories', 'exclude_sale_items', 'minimum_amount', 'maximum_amount', 'email_restrictions',
] as const;

export function wooCopyBody(coupon: Json, newCode: string, oldCode: string): Json {
  const terms = Object.fromEntries(WOO_TERMS.filter((key) => coupon[key] !== undefined && coupon[key] !== null).map((key) => [key, coupon[key]]));
  const description = text(coupon.description) ?? '';
  return { ...terms, code: newCode, description: `${description}${description ? ' ' : ''}(replaces ${oldCode})`.slice(0, 1000) };
}

// ---- BigCommerce: coupons v2 ---------------------------------------------------------------------------------------

const BIGCOMMERCE_TERMS = ['type', 'amount', 'min_purchase', 'expires', 'applies_to', 'max_uses', 'max_uses_per_customer', 'restricted_to', 'shipping_methods'] as const;

/** v2 coupon names are unique too: the copy is named after the old one and its new code. */
export function bigCommerceCopyBody(coupon: Json, newCode: string): Json {
  const terms = Object.fromEntries(
    BIGCOMMERCE_TERMS.filter((key) => coupon[key] !== undefined && coupon[key] !== null && coupon[key] !== '' && !(Array.isArray(coupon[key]) && arr(coupon[key]).length === 0)).map((key) => [key, coupon[key]]),
  );
  const name = text(coupon.name) ?? 'Coupon';
  return { ...terms, applies_to: coupon.applies_to ?? { entity: 'categories', ids: [0] }, name: `${name.slice(0, 90 - newCode.length)} (${newCode})`, code: newCode, enabled: true };
}

export function idOf(platform: string, value: unknown): string {
  const id = idText(value) ?? text(value);
  if (!id) throw refusal('invalid', `${platform} answered a code without an id`);
  return id;
}
