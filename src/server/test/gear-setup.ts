import { expect } from 'vitest';
import { createBusiness, createRosteredProStaff, type SignedIn } from './factories';
import { FAKE_SHOPIFY_DOMAIN, FAKE_SHOPIFY_TOKEN, type FakeShopifyProduct } from './fake-shopify-admin';
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
  name: 'Field', commissionRateBps: 1000, holdDays: 30, proPricingPercent: 40, allotmentMinor: 50_000, currency: 'USD', itemsPerYear: 6 as number | null, renewsOn: '01-01', campaignIds: [], promotion: null,
};

// ---- a whole program on the fake Shopify (STORE_ADMIN_ORIGIN points the app at it)


/** Two seedable jackets (one size tracked with 3 in stock, one sold out) and an untagged knife. */
export function shopifyCatalog(): FakeShopifyProduct[] {
  return [
    {
      id: 7001, title: 'Timber Jacket', status: 'ACTIVE', tags: ['pro-seed'], imageUrl: null, collections: ['outerwear'],
      variants: [
        { id: 700101, sku: 'TJ-L', title: 'Large', price: '120.00', inventoryQuantity: 3, policy: 'DENY', tracked: true, inventoryItemId: 800101 },
        { id: 700102, sku: 'TJ-M', title: 'Medium', price: '120.00', inventoryQuantity: 0, policy: 'DENY', tracked: true, inventoryItemId: 800102 },
      ],
    },
    {
      id: 7002, title: 'Ridge Pack', status: 'ACTIVE', tags: ['pro-seed'], imageUrl: null, collections: ['packs'],
      variants: [{ id: 700201, sku: 'RP', title: 'Ridge Pack', price: '80.00', inventoryQuantity: 50, policy: 'DENY', tracked: true, inventoryItemId: 800201 }],
    },
    {
      id: 7003, title: 'Skinning Knife', status: 'ACTIVE', tags: [], imageUrl: null, collections: [],
      variants: [{ id: 700301, sku: 'SK', title: 'Skinning Knife', price: '45.00', inventoryQuantity: 9, policy: 'DENY', tracked: true, inventoryItemId: 800301 }],
    },
  ];
}

export type GearProgram = {
  biz: SignedIn & { businessId: number };
  pro: SignedIn & { proStaffId: number };
  platformId: number;
  webhookSecret: string;
  tierId: number;
  /** Catalog variant ids by SKU. */
  variant: Record<string, number>;
};

/** A business on the fake Shopify with a synced catalog, one tier and a rostered staffer placed in it. */
export async function gearProgram(t: TestApp, tier: Partial<typeof FIELD_TIER> = {}, settings: Record<string, unknown> = {}): Promise<GearProgram> {
  const biz = await createBusiness(t, { tier: 'professional' });
  const pro = await createRosteredProStaff(t, biz, { firstName: 'Jake', lastName: 'Morrison' });
  const platform = await biz.client.post('/api/integration-platforms', { name: 'Hunt Co Shopify', platformType: 'shopify' });
  expect(platform.status).toBe(201);
  const platformId = platform.body.id as number;
  expect((await biz.client.put(`/api/gear/stores/${platformId}/credentials`, { platform: 'shopify', shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: FAKE_SHOPIFY_TOKEN })).status).toBe(204);
  const created = await biz.client.post('/api/gear/tiers', { ...FIELD_TIER, ...tier });
  expect(created.status).toBe(201);
  const saved = await biz.client.put('/api/gear/settings', {
    platformId, seedableTags: ['pro-seed'], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null, ...settings,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await biz.client.put(`/api/gear/staff/${pro.proStaffId}/tier`, { tierId: created.body.id, reason: '' })).status).toBe(204);
  await t.app.ctx.tasks.drain();
  const catalog = await biz.client.get('/api/gear/catalog');
  const variant: Record<string, number> = {};
  for (const product of catalog.body) for (const v of product.variants) variant[v.sku] = v.id;
  return { biz, pro, platformId, webhookSecret: platform.body.webhookSecret, tierId: created.body.id, variant };
}

/** Runs every queued task now, retries included (their backoff is skipped). */
export async function runTasksNow(t: TestApp, rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await t.database.query(`update background_tasks set run_at = now() where status = 'queued'`);
    await t.app.ctx.tasks.drain();
    const [left] = await t.database.query<{ n: number }>(`select count(*)::int as n from background_tasks where status = 'queued'`);
    if (left.n === 0) return;
  }
}
