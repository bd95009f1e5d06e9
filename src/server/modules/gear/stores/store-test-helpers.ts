import { afterEach, expect } from 'vitest';
import { StoreRefusal, StoreUnavailable, type CatalogProduct, type GearOrderInput, type StoreAdmin } from './types';

/**
 * What the store adapter tests share: a fake store started per test and closed after it, the test gear order, and
 * the assertions every adapter must pass the same way.
 */

type Closable = { close(): Promise<void> };

/** Registers the closing of the test's fake; `start` starts one (the adapter on it) and `close` ends it early. */
export function useStoreFake<F extends Closable>() {
  let current: F | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return {
    async start<A extends StoreAdmin>(fake: Promise<F>, adminOn: (fake: F) => A): Promise<{ admin: A; fake: F }> {
      current = await fake;
      return { admin: adminOn(current), fake: current };
    },
    close: async (): Promise<void> => {
      await current?.close();
    },
  };
}

const JAKE_ADDRESS: GearOrderInput['shippingAddress'] = { name: 'Jake Miller', line1: '1 Ridge Rd', line2: null, city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', phone: null };

/** The test gear order for Jake (USD, completed as paid), with the adapter's reference and lines; each call a fresh copy. */
export function gearOrderFactory(base: Pick<GearOrderInput, 'reference' | 'lines'> & Partial<GearOrderInput>): (over?: Partial<GearOrderInput>) => GearOrderInput {
  return (over = {}) => ({
    email: 'jake@example.com',
    currency: 'USD',
    shippingAddress: { ...JAKE_ADDRESS },
    completeAsPaid: true,
    note: 'Pro staff seeding',
    ...structuredClone(base),
    ...over,
  });
}

/** The StoreRefusal the promise rejects with (and fails the test when it is anything else). */
export async function refusalOf(promise: Promise<unknown>): Promise<StoreRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreRefusal);
  return error as StoreRefusal;
}

/** Every catalog page from the first (at most 10), and the product ids in the order they came. */
export async function pageThroughCatalog(admin: StoreAdmin): Promise<{ pages: number; seen: string[] }> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await admin.catalogPage(cursor);
    seen.push(...page.products.map((p) => p.externalId));
    cursor = page.cursor;
    pages++;
  } while (cursor !== null && pages < 10);
  return { pages, seen };
}

type OrderingFake = { calls: string[]; dropAfterCommit(label: string): void; state: { orders: Record<string, unknown>[] } };

/** The order call is written but its answer lost: the call fails as unavailable, and the retry finds that one order. */
export async function expectOneOrderAfterLostAnswer(admin: StoreAdmin, fake: OrderingFake, order: GearOrderInput, orderCall: string): Promise<void> {
  fake.dropAfterCommit(orderCall);
  await expect(admin.createGearOrder(order)).rejects.toBeInstanceOf(StoreUnavailable);
  expect(fake.state.orders).toHaveLength(1);
  const result = await admin.createGearOrder(order);
  expect(result.externalOrderId).toBe(String(fake.state.orders[0].id));
  expect(fake.state.orders).toHaveLength(1);
  expect(fake.calls.filter((c) => c === orderCall)).toHaveLength(1);
}

/** Ordering again answers the same order and makes no second one; the order is found by its reference. */
export async function expectOrderedOnce(admin: StoreAdmin, fake: OrderingFake, order: GearOrderInput, result: unknown): Promise<void> {
  expect(await admin.createGearOrder(order)).toEqual(result);
  expect(fake.state.orders).toHaveLength(1);
  expect(await admin.findGearOrder(order.reference)).toEqual(result);
}

/** Product 794 of the WooCommerce docs' samples, read: manage_stock false and in stock, so never out of stock. */
export const WOOCOMMERCE_PRODUCT_794: CatalogProduct = {
  externalId: '794',
  title: 'Premium Quality',
  imageUrl: 'https://example.com/wp-content/uploads/2017/03/T_2_front-4.jpg',
  tags: [],
  collections: ['clothing', 't-shirts'],
  currency: 'USD',
  active: true,
  variants: [{ externalId: '794', inventoryItemId: null, sku: null, title: 'Premium Quality', priceMinor: 2199, inventory: null }],
};
