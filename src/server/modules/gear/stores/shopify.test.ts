import { describe, expect, it } from 'vitest';
import { FAKE_SHOPIFY_DOMAIN, FAKE_SHOPIFY_TOKEN, startFakeShopifyAdmin, type FakeShopifyAdmin, type FakeShopifyProduct, type ShopifyScope, ALL_SHOPIFY_SCOPES } from '@server/test/fake-shopify-admin';
import { storeAdminFor } from './index';
import { ShopifyAdmin } from './shopify';
import { gearOrderFactory, pageThroughCatalog, refusalOf, useStoreFake } from './store-test-helpers';
import { StoreRefusal, StoreUnavailable, type GearOrderInput, type StoreAdmin } from './types';

const fakes = useStoreFake<FakeShopifyAdmin>();

function product(id: number, over: Partial<FakeShopifyProduct> = {}): FakeShopifyProduct {
  return {
    id,
    title: `Hunting jacket ${id}`,
    status: 'ACTIVE',
    tags: ['pro-staff'],
    imageUrl: `https://cdn.shopify.example/${id}.png`,
    collections: ['outerwear'],
    variants: [
      { id: id * 100 + 1, sku: `JKT-${id}-L`, title: 'Large / Realtree Edge', price: '249.99', inventoryQuantity: 5, policy: 'DENY', tracked: true, inventoryItemId: id * 1000 + 1 },
      { id: id * 100 + 2, sku: null, title: 'Medium / Realtree Edge', price: '249.99', inventoryQuantity: 0, policy: 'CONTINUE', tracked: true, inventoryItemId: id * 1000 + 2 },
    ],
    ...over,
  };
}

function start(options: { products?: FakeShopifyProduct[]; scopes?: ShopifyScope[]; token?: string } = {}): Promise<{ admin: StoreAdmin; fake: FakeShopifyAdmin }> {
  return fakes.start(startFakeShopifyAdmin({ products: options.products ?? [product(1)], scopes: options.scopes }), (fake) =>
    storeAdminFor({ platform: 'shopify', shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: options.token ?? FAKE_SHOPIFY_TOKEN }, { bigcommerceApiUrl: 'https://api.bigcommerce.invalid', shopifyOrigin: fake.url }),
  );
}

// Jake's address as the shared test order has it: line2 and phone null, region TX.
const order = gearOrderFactory({
  reference: 'hs-gear-41',
  lines: [{ externalProductId: 'gid://shopify/Product/1', externalVariantId: 'gid://shopify/ProductVariant/101', quantity: 2, priceMinor: 24999, title: 'Hunting jacket 1 - Large' }],
  note: 'Pro staff seeding, spring season',
});

describe('Shopify catalog', () => {
  it('pages through the catalog oldest first with the shop currency, every product once', async () => {
    const many = Array.from({ length: 19 }, (_, i) => product(i + 1, i === 3 ? { status: 'DRAFT' } : {}));
    const { admin, fake } = await start({ products: many });
    const { pages, seen } = await pageThroughCatalog(admin);
    expect(pages).toBe(3);
    expect(seen).toEqual(many.map((p) => `gid://shopify/Product/${p.id}`));
    expect(fake.calls.filter((c) => c === 'shop,products')).toHaveLength(3);

    const first = (await admin.catalogPage(null)).products;
    expect(first[0]).toEqual({
      externalId: 'gid://shopify/Product/1',
      title: 'Hunting jacket 1',
      imageUrl: 'https://cdn.shopify.example/1.png',
      tags: ['pro-staff'],
      collections: ['outerwear'],
      currency: 'USD',
      active: true,
      variants: [
        { externalId: 'gid://shopify/ProductVariant/101', inventoryItemId: 'gid://shopify/InventoryItem/1001', sku: 'JKT-1-L', title: 'Large / Realtree Edge', priceMinor: 24999, inventory: 5 },
        // Sold past zero (CONTINUE): never out of stock.
        { externalId: 'gid://shopify/ProductVariant/102', inventoryItemId: 'gid://shopify/InventoryItem/1002', sku: null, title: 'Medium / Realtree Edge', priceMinor: 24999, inventory: null },
      ],
    });
    expect(first[3].active).toBe(false);
  });

  it('reads every variant of a product past the first 40, a single variant under the product title, and minor units of a zero-decimal currency', async () => {
    const big = product(7, { variants: Array.from({ length: 45 }, (_, i) => ({ id: 700 + i, sku: null, title: `Size ${i}`, price: '1500', inventoryQuantity: 1, policy: 'DENY' as const, tracked: false, inventoryItemId: 7000 + i })) });
    const single = product(8, { variants: [{ id: 801, sku: 'CALL', title: 'Default Title', price: '3000', inventoryQuantity: 2, policy: 'DENY', tracked: true, inventoryItemId: 8001 }] });
    const { admin, fake } = await start({ products: [big, single] });
    fake.state.currency = 'JPY';
    const page = await admin.catalogPage(null);
    expect(page.products[0].variants).toHaveLength(45);
    expect(page.products[0].variants[44]).toMatchObject({ externalId: 'gid://shopify/ProductVariant/744', priceMinor: 1500, inventory: null });
    expect(page.products[1].variants).toEqual([{ externalId: 'gid://shopify/ProductVariant/801', inventoryItemId: 'gid://shopify/InventoryItem/8001', sku: 'CALL', title: 'Hunting jacket 8', priceMinor: 3000, inventory: 2 }]);
    expect(page.products[1].currency).toBe('JPY');
    expect(fake.calls).toContain('product');
  });

  it('reads one product again, and null for one the shop does not have', async () => {
    const { admin } = await start();
    expect((await admin.fetchProduct('gid://shopify/Product/1'))?.variants).toHaveLength(2);
    expect(await admin.fetchProduct('1')).not.toBeNull();
    expect(await admin.fetchProduct('gid://shopify/Product/999')).toBeNull();
    expect(await admin.fetchProduct('not an id')).toBeNull();
  });
});

describe('Shopify gear orders', () => {
  it('creates a tagged draft at 100% off and completes it as paid', async () => {
    const { admin, fake } = await start();
    const result = await admin.createGearOrder(order());
    expect(result).toMatchObject({ state: 'order', orderName: '#1001' });
    expect(result.externalOrderId).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
    expect(result.adminUrl).toMatch(new RegExp(`^https://${FAKE_SHOPIFY_DOMAIN}/admin/orders/\\d+$`));
    expect(fake.state.draftOrders).toHaveLength(1);
    expect(fake.state.draftOrders[0]).toMatchObject({
      status: 'COMPLETED',
      tags: ['hs-gear-41'],
      email: 'jake@example.com',
      note: 'Pro staff seeding, spring season',
      lineItems: [{ variantId: 101, quantity: 2 }],
      appliedDiscount: { value: 100, valueType: 'PERCENTAGE' },
      shippingAddress: { firstName: 'Jake', lastName: 'Miller', address1: '1 Ridge Rd', city: 'Austin', provinceCode: 'TX', zip: '78701', countryCode: 'US' },
    });
    expect(fake.state.orders).toHaveLength(1);
    expect(fake.state.products[0].variants[0].inventoryQuantity).toBe(3);
    // The same reference again: the order is found, nothing is written.
    const before = fake.calls.length;
    expect(await admin.createGearOrder(order())).toEqual(result);
    expect(fake.calls.slice(before)).toEqual(['orders,draftOrders']);
    expect(await admin.findGearOrder('hs-gear-41')).toEqual(result);
  });

  it('leaves a draft for the business when not completed as paid, and answers the order once the business completes it', async () => {
    const { admin, fake } = await start();
    const draft = await admin.createGearOrder(order({ completeAsPaid: false }));
    expect(draft).toMatchObject({ state: 'draft', orderName: '#D1' });
    expect(draft.externalOrderId).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    expect(draft.adminUrl).toContain('/admin/draft_orders/');
    expect(fake.state.orders).toHaveLength(0);
    // The business completes it in Shopify: the tagged order is what the reference finds now.
    fake.state.draftOrders[0].status = 'COMPLETED';
    fake.state.orders.push({ id: 5555, name: '#1042', tags: ['hs-gear-41'], draftOrderId: fake.state.draftOrders[0].id, lineItems: [] });
    fake.state.draftOrders[0].orderId = 5555;
    expect(await admin.findGearOrder('hs-gear-41')).toEqual({ externalOrderId: 'gid://shopify/Order/5555', orderName: '#1042', state: 'order', adminUrl: `https://${FAKE_SHOPIFY_DOMAIN}/admin/orders/5555` });
  });

  it('a retry after the draft was written but its answer lost finds the draft and completes it: one draft, one order', async () => {
    const { admin, fake } = await start();
    fake.dropAfterCommit('draftOrderCreate');
    await expect(admin.createGearOrder(order())).rejects.toBeInstanceOf(StoreUnavailable);
    expect(fake.state.draftOrders).toHaveLength(1);
    expect(fake.state.orders).toHaveLength(0);
    const result = await admin.createGearOrder(order());
    expect(result.state).toBe('order');
    expect(fake.state.draftOrders).toHaveLength(1);
    expect(fake.state.orders).toHaveLength(1);
    expect(fake.calls.filter((c) => c === 'draftOrderCreate')).toHaveLength(1);
  });

  it('a retry after the completion was written but its answer lost finds the order: still one order', async () => {
    const { admin, fake } = await start();
    fake.dropAfterCommit('draftOrderComplete');
    await expect(admin.createGearOrder(order())).rejects.toBeInstanceOf(StoreUnavailable);
    expect(fake.state.orders).toHaveLength(1);
    const result = await admin.createGearOrder(order());
    expect(result.externalOrderId).toBe(`gid://shopify/Order/${fake.state.orders[0].id}`);
    expect(fake.state.orders).toHaveLength(1);
    expect(fake.calls.filter((c) => c === 'draftOrderComplete')).toHaveLength(1);
  });

  it('refuses a variant without the stock before writing anything', async () => {
    const { admin, fake } = await start();
    const error = await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], quantity: 6 }] })));
    expect(error.reason).toBe('out_of_stock');
    expect(error.message).toContain('5 in stock, 6 asked');
    expect(fake.calls).not.toContain('draftOrderCreate');
    // The same variant twice counts twice.
    const twice = await refusalOf(admin.createGearOrder(order({ lines: [order().lines[0], { ...order().lines[0], quantity: 4 }] })));
    expect(twice.reason).toBe('out_of_stock');
    // A variant that sells past zero is never out of stock.
    await admin.createGearOrder(order({ reference: 'hs-gear-42', lines: [{ ...order().lines[0], externalVariantId: 'gid://shopify/ProductVariant/102', quantity: 9 }] }));
    expect(fake.state.orders).toHaveLength(1);
  });

  it('maps the stock running out between the check and the completion to out_of_stock', async () => {
    const { admin, fake } = await start();
    // Another sale takes the stock after the check: Shopify's completion refuses it.
    const original = fake.state.products[0].variants[0];
    const admin2 = admin as ShopifyAdmin;
    const check = (admin2 as unknown as { checkVariants: (input: GearOrderInput) => Promise<void> }).checkVariants.bind(admin2);
    (admin2 as unknown as { checkVariants: (input: GearOrderInput) => Promise<void> }).checkVariants = async (input) => {
      await check(input);
      original.inventoryQuantity = 1;
    };
    const error = await refusalOf(admin.createGearOrder(order()));
    expect(error.reason).toBe('out_of_stock');
    expect(fake.state.orders).toHaveLength(0);
  });

  it('refuses an unknown variant and a draft product as unknown_variant, writing nothing', async () => {
    const { admin, fake } = await start({ products: [product(1), product(2, { status: 'DRAFT' })] });
    const unknown = await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalVariantId: 'gid://shopify/ProductVariant/999' }] })));
    expect(unknown.reason).toBe('unknown_variant');
    const draft = await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalVariantId: 'gid://shopify/ProductVariant/201' }] })));
    expect(draft.reason).toBe('unknown_variant');
    const malformed = await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalVariantId: 'gid://shopify/Product/1' }] })));
    expect(malformed.reason).toBe('invalid');
    expect(fake.state.draftOrders).toHaveLength(0);
  });

  it("maps Shopify's own unknown-variant user error when a variant vanishes after the check", async () => {
    const { admin, fake } = await start();
    const admin2 = admin as unknown as { checkVariants: (input: GearOrderInput) => Promise<void> };
    admin2.checkVariants = async () => {
      fake.state.products = [];
    };
    const error = await refusalOf(admin.createGearOrder(order()));
    expect(error.reason).toBe('unknown_variant');
    expect(error.message).toContain('does not exist');
  });

  it('refuses a reference that could break out of the search syntax', async () => {
    const { admin, fake } = await start();
    expect((await refusalOf(admin.createGearOrder(order({ reference: "x' OR tag:'y" })))).reason).toBe('invalid');
    expect(fake.calls).toEqual([]);
  });
});

describe('Shopify failures', () => {
  it('a scope the app lacks refuses with missing_scope naming it', async () => {
    const { admin } = await start({ scopes: ALL_SHOPIFY_SCOPES.filter((s) => s !== 'read_products') });
    const error = await refusalOf(admin.catalogPage(null));
    expect(error.reason).toBe('missing_scope');
    expect(error.message).toContain('read_products');
  });

  it('without write_draft_orders the order is refused before anything is written', async () => {
    const { admin, fake } = await start({ scopes: ALL_SHOPIFY_SCOPES.filter((s) => s !== 'write_draft_orders') });
    expect((await refusalOf(admin.createGearOrder(order()))).reason).toBe('missing_scope');
    expect(fake.state.draftOrders).toHaveLength(0);
  });

  it('a bad token is unauthorized', async () => {
    const { admin } = await start({ token: 'shpat_wrong' });
    expect((await refusalOf(admin.catalogPage(null))).reason).toBe('unauthorized');
  });

  it('503, throttling and a dropped connection are StoreUnavailable; the next call succeeds', async () => {
    const { admin, fake } = await start();
    fake.failNext(1, 503);
    await expect(admin.catalogPage(null)).rejects.toBeInstanceOf(StoreUnavailable);
    fake.failNext(1, 429, { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' });
    await expect(admin.catalogPage(null)).rejects.toBeInstanceOf(StoreUnavailable);
    fake.throttleNext(1);
    await expect(admin.catalogPage(null)).rejects.toThrow(/throttled/i);
    expect((await admin.catalogPage(null)).products).toHaveLength(1);
  });

  it('an unreachable shop is StoreUnavailable', async () => {
    const admin = new ShopifyAdmin({ shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: FAKE_SHOPIFY_TOKEN, origin: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(admin.catalogPage(null)).rejects.toBeInstanceOf(StoreUnavailable);
  });

  it('production speaks https to the myshopify.com domain only', () => {
    expect(() => storeAdminFor({ platform: 'shopify', shopDomain: 'evil.example.com', accessToken: 'x' }, { bigcommerceApiUrl: 'https://api.bigcommerce.com' })).toThrow(StoreRefusal);
    const admin = storeAdminFor({ platform: 'shopify', shopDomain: 'Hunt-Co.myshopify.com', accessToken: 'x' }, { bigcommerceApiUrl: 'https://api.bigcommerce.com' });
    expect((admin as unknown as { endpoint: string }).endpoint).toBe('https://hunt-co.myshopify.com/admin/api/2025-10/graphql.json');
  });
});

describe('Shopify pro pricing codes', () => {
  const code = { reference: 'hs-pro-7', code: 'JAKE20', percentOff: 20, customerEmail: 'jake@example.com', startsAt: new Date('2026-03-01T00:00:00Z') };

  it('creates the customer and a code for that customer only, once', async () => {
    const { admin, fake } = await start();
    const { externalId } = await admin.createProPricingCode(code);
    expect(externalId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
    expect(fake.state.customers).toEqual([{ id: expect.any(Number), email: 'jake@example.com' }]);
    expect(fake.state.discounts).toEqual([
      { id: expect.any(Number), code: 'JAKE20', title: 'HuntStaff pro pricing hs-pro-7', status: 'ACTIVE', percentage: 0.2, customerIds: [fake.state.customers[0].id], startsAt: '2026-03-01T00:00:00.000Z', appliesOncePerCustomer: false,
        amount: null, segmentIds: [], endsAt: null, usageLimit: null, combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false }, minimum: null, items: { kind: 'all' } },
    ]);
    expect(await admin.createProPricingCode(code)).toEqual({ externalId });
    expect(fake.state.discounts).toHaveLength(1);
  });

  it('uses an existing customer, and a retry after a lost answer finds the code', async () => {
    const { admin, fake } = await start();
    fake.state.customers.push({ id: 77, email: 'jake@example.com' });
    fake.dropAfterCommit('discountCodeBasicCreate');
    await expect(admin.createProPricingCode(code)).rejects.toBeInstanceOf(StoreUnavailable);
    const { externalId } = await admin.createProPricingCode(code);
    expect(fake.state.discounts).toHaveLength(1);
    expect(fake.state.discounts[0].customerIds).toEqual([77]);
    expect(externalId).toBe(`gid://shopify/DiscountCodeNode/${fake.state.discounts[0].id}`);
    expect(fake.calls).not.toContain('customerCreate');
  });

  it("refuses a code the business already uses for something else", async () => {
    const { admin, fake } = await start();
    fake.state.discounts.push({ id: 5, code: 'jake20', title: 'Spring sale', status: 'ACTIVE', percentage: 0.1, customerIds: [], startsAt: '', appliesOncePerCustomer: false });
    const error = await refusalOf(admin.createProPricingCode(code));
    expect(error.reason).toBe('invalid');
    expect(error.message).toContain('Spring sale');
  });

  it('disables (deactivates, never deletes) the code; again is fine; an unknown one is refused', async () => {
    const { admin, fake } = await start();
    const { externalId } = await admin.createProPricingCode(code);
    await admin.disableProPricingCode(externalId);
    expect(fake.state.discounts[0].status).toBe('EXPIRED');
    await admin.disableProPricingCode(externalId);
    expect(fake.state.discounts).toHaveLength(1);
    expect((await refusalOf(admin.disableProPricingCode('gid://shopify/DiscountCodeNode/4040'))).reason).toBe('not_found');
  });

  it('without write_discounts the code is refused as missing_scope', async () => {
    const { admin } = await start({ scopes: ALL_SHOPIFY_SCOPES.filter((s) => s !== 'write_discounts') });
    expect((await refusalOf(admin.createProPricingCode(code))).reason).toBe('missing_scope');
  });
});
