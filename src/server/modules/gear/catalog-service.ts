import type { CatalogProduct, GearSettings, GearSettingsFields } from '@shared/contracts/gear';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { isSeedable } from './allotment';
import { sendWaitingCodes } from './pro-pricing-service';
import * as repo from './repository';
import { credentialsOf, openStore } from './store-access';
import type { CatalogProduct as StoreProduct, CatalogUpdate } from './stores/types';

/**
 * Gear settings and the seedable catalog (decision record 038): the business picks the store gear comes from and
 * which tags or collections are seedable; the catalog is read from that store's API by a background task and kept
 * current by its product and inventory webhooks.
 */

export const SYNC_CATALOG_TASK = 'gear.catalog.sync';
/** Pages one sync reads at most (250 products a page on Shopify: 50,000 products). */
const MAX_PAGES = 200;

type BusinessUser = { id: number; businessId: number };
const NO_SETTINGS: Omit<GearSettings, 'storeReady' | 'catalogSyncedAt' | 'productCount'> = {
  platformId: null, seedableTags: [], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null,
};

export async function getSettings(ctx: AppContext, user: BusinessUser): Promise<GearSettings> {
  const row = await repo.findSettings(ctx.db, user.businessId);
  const storeReady = row?.platformId ? (await credentialsOf(ctx, row.platformId)) !== null : false;
  return {
    ...NO_SETTINGS,
    ...(row ? { platformId: row.platformId, seedableTags: row.seedableTags, seedableCollections: row.seedableCollections, completeOrders: row.completeOrders, owedTaskId: row.owedTaskId, owedDueDays: row.owedDueDays, owedDueOn: row.owedDueOn } : {}),
    storeReady,
    catalogSyncedAt: row?.catalogSyncedAt?.toISOString() ?? null,
    productCount: await repo.productCount(ctx.db, user.businessId),
  };
}

export async function saveSettings(ctx: AppContext, user: BusinessUser, fields: GearSettingsFields, now = new Date()): Promise<GearSettings> {
  if (fields.platformId !== null) {
    const platform = await repo.platformOf(ctx.db, fields.platformId);
    if (!platform || platform.businessId !== user.businessId) throw new AppError('VALIDATION', 'Choose one of your connected stores', [{ path: 'platformId', message: 'Not one of your stores' }]);
    if (!['shopify', 'woocommerce', 'bigcommerce'].includes(platform.platformType)) {
      throw new AppError('VALIDATION', 'Gear orders are created in Shopify, WooCommerce and BigCommerce stores', [{ path: 'platformId', message: 'Choose a Shopify, WooCommerce or BigCommerce store' }]);
    }
  }
  if (fields.owedTaskId !== null) {
    if (!(await repo.taskOfBusiness(ctx.db, fields.owedTaskId, user.businessId))) throw new AppError('VALIDATION', 'Choose a task of one of your campaigns', [{ path: 'owedTaskId', message: 'Not one of your campaign tasks' }]);
    if ((fields.owedDueDays === null) === (fields.owedDueOn === null)) {
      throw new AppError('VALIDATION', 'Say when the content is due: a number of days after delivery or a date', [{ path: 'owedDueDays', message: 'Give days after delivery or a date (one of them)' }]);
    }
  }
  const before = await repo.findSettings(ctx.db, user.businessId);
  await ctx.db.transaction(async (tx) => {
    await repo.saveSettings(tx, user.businessId, { ...fields, updatedAt: now });
    if (fields.platformId !== null) {
      await sendWaitingCodes(ctx, tx, user.businessId, fields.platformId, now);
      if (before?.platformId !== fields.platformId) await queueSync(ctx, tx, user.businessId, now);
    }
  });
  return getSettings(ctx, user);
}

async function queueSync(ctx: AppContext, db: AppContext['db'], businessId: number, now: Date) {
  // One sync per business per minute however often the button is pressed.
  return ctx.tasks.enqueue(db, SYNC_CATALOG_TASK, { payload: { businessId }, dedupeKey: `${SYNC_CATALOG_TASK}:${businessId}:${Math.floor(now.getTime() / 60_000)}` });
}

export async function requestSync(ctx: AppContext, user: BusinessUser, now = new Date()): Promise<{ message: string }> {
  const settings = await repo.findSettings(ctx.db, user.businessId);
  if (!settings?.platformId || !(await credentialsOf(ctx, settings.platformId))) throw new AppError('CONFLICT', 'Choose a store and give its API credentials first.');
  await queueSync(ctx, ctx.db, user.businessId, now);
  return { message: 'The catalog is being read from your store. Products appear here in a minute or two.' };
}

function toRow(businessId: number, platformId: number, product: StoreProduct, now: Date): repo.UpsertProduct {
  return {
    businessId, platformId, externalId: product.externalId, title: product.title.slice(0, 500), imageUrl: product.imageUrl, tags: product.tags.slice(0, 100),
    collections: product.collections.slice(0, 100), currency: product.currency, active: product.active, createdAt: now, updatedAt: now,
    variants: product.variants.map((variant) => ({
      externalId: variant.externalId, inventoryItemId: variant.inventoryItemId, sku: variant.sku, title: variant.title.slice(0, 500), priceMinor: variant.priceMinor,
      inventory: variant.inventory, createdAt: now, updatedAt: now,
    })),
  };
}

/** The sync task: every page of the store's catalog, each product written as the store has it now. */
export async function syncCatalog(ctx: AppContext, businessId: number, now = new Date()): Promise<Record<string, unknown>> {
  const settings = await repo.findSettings(ctx.db, businessId);
  if (!settings?.platformId) return { skipped: 'no store chosen' };
  const store = await openStore(ctx, settings.platformId);
  if (!store) return { skipped: 'no store credentials' };
  let cursor: string | null = null;
  let products = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await store.catalogPage(cursor);
    await ctx.db.transaction(async (tx) => {
      for (const product of result.products) await repo.upsertProduct(tx, toRow(businessId, settings.platformId!, product, now));
    });
    products += result.products.length;
    cursor = result.cursor;
    if (!cursor) break;
  }
  await repo.markCatalogSynced(ctx.db, businessId, now);
  return { products };
}

/** A product or inventory webhook of the store gear comes from. */
export async function applyCatalogUpdate(ctx: AppContext, platformId: number, businessId: number, update: CatalogUpdate, now = new Date()): Promise<string> {
  if (update.kind === 'product') {
    // Shopify's product webhooks do not name collections: the ones the last sync read are kept.
    await ctx.db.transaction((tx) => repo.upsertProduct(tx, { ...toRow(businessId, platformId, update.product, now), keepCollections: update.collectionsUnknown === true }));
    return `product ${update.product.externalId} updated`;
  }
  if (update.kind === 'product_deleted') {
    await repo.deactivateProduct(ctx.db, platformId, update.externalId, now);
    return `product ${update.externalId} removed`;
  }
  if (update.kind === 'inventory') {
    const n = await repo.setInventory(ctx.db, platformId, update, update.available, now);
    return `inventory of ${n} variant(s) set`;
  }
  const store = await openStore(ctx, platformId);
  if (!store) return 'product changed; no API to read it';
  const product = await store.fetchProduct(update.externalId);
  if (!product) {
    await repo.deactivateProduct(ctx.db, platformId, update.externalId, now);
    return `product ${update.externalId} removed`;
  }
  await ctx.db.transaction((tx) => repo.upsertProduct(tx, toRow(businessId, platformId, product, now)));
  return `product ${update.externalId} read again`;
}

export function toCatalogProduct(product: repo.ProductRow & { variants: repo.VariantRow[] }, settings: { seedableTags: string[]; seedableCollections: string[] }): CatalogProduct {
  return {
    id: product.id, title: product.title, imageUrl: product.imageUrl, tags: product.tags, collections: product.collections, currency: product.currency,
    seedable: isSeedable(product, settings),
    variants: product.variants.map((variant) => ({
      id: variant.id, title: variant.title, sku: variant.sku, priceMinor: variant.priceMinor, inventory: variant.inventory, inStock: variant.inventory === null || variant.inventory > 0,
    })),
  };
}

/** The business's catalog (every product, with whether it is seedable), or a staffer's (seedable products only). */
export async function catalogOf(ctx: AppContext, businessId: number, query: { q?: string; seedableOnly: boolean }): Promise<CatalogProduct[]> {
  const settings = await repo.findSettings(ctx.db, businessId);
  if (!settings) return [];
  const products = (await repo.catalog(ctx.db, businessId, settings.platformId, query.q)).map((product) => toCatalogProduct(product, settings));
  return query.seedableOnly ? products.filter((product) => product.seedable) : products;
}
