import { storeProducts, storeVariants } from '@server/db/schema/gear';
import type { TestApp } from './test-app';

/** A product as the catalog sync writes it (decision record 038), for tests of the rules that follow the sync. */
export type SeedProduct = {
  title: string;
  tags?: string[];
  collections?: string[];
  currency?: string;
  active?: boolean;
  variants: { title: string; priceMinor: number; inventory: number | null; sku?: string }[];
};

/** Writes products into a business's synced catalog; answers each product's variant ids in order. */
export async function seedCatalog(t: TestApp, businessId: number, platformId: number, products: SeedProduct[]): Promise<number[][]> {
  const ids: number[][] = [];
  for (const [index, product] of products.entries()) {
    const [row] = await t.database.db
      .insert(storeProducts)
      .values({
        businessId, platformId, externalId: `gid://shopify/Product/${9000 + index + businessId * 100}`, title: product.title, imageUrl: null,
        tags: product.tags ?? ['pro-seed'], collections: product.collections ?? [], currency: product.currency ?? 'USD', active: product.active ?? true,
      })
      .returning({ id: storeProducts.id });
    const variants = await t.database.db
      .insert(storeVariants)
      .values(product.variants.map((variant, v) => ({
        productId: row.id, externalId: `gid://shopify/ProductVariant/${90000 + index * 10 + v + businessId * 1000}`, inventoryItemId: null, sku: variant.sku ?? null,
        title: variant.title, priceMinor: variant.priceMinor, inventory: variant.inventory,
      })))
      .returning({ id: storeVariants.id });
    ids.push(variants.map((variant) => variant.id));
  }
  return ids;
}

export const SHIPPING_ADDRESS = { name: 'Pat Hunter', line1: '12 Elk Ridge Rd', line2: null, city: 'Missoula', region: 'MT', postalCode: '59801', country: 'US', phone: null };

export const FIELD_TIER = {
  name: 'Field', commissionRateBps: 1000, holdDays: 30, proPricingPercent: 40, allotmentMinor: 50_000, currency: 'USD', itemsPerYear: 6, renewsOn: '01-01', campaignIds: [], promotion: null,
};
