import { describe, expect, it } from 'vitest';
import { ALL_BIGCOMMERCE_SCOPES, FAKE_BIGCOMMERCE_STORE_HASH, FAKE_BIGCOMMERCE_TOKEN, startFakeBigCommerceCatalog, type BigCommerceScope, type FakeBigCommerceCatalog } from '@server/test/fake-bigcommerce-catalog';
import { fixture } from '../../../../../tests/fixtures/sign';
import { BigCommerceAdmin } from './bigcommerce';
import { storeAdminFor } from './index';
import { parseFulfilment } from './webhooks';
import { expectOneOrderAfterLostAnswer, expectOrderedOnce, gearOrderFactory, pageThroughCatalog, refusalOf, useStoreFake } from './store-test-helpers';
import { StoreUnavailable } from './types';

const fakes = useStoreFake<FakeBigCommerceCatalog>();

type Json = Record<string, unknown>;

const product = (id: number, over: Json = {}): Json => ({
  id,
  name: `Decoy ${id}`,
  type: 'physical',
  price: 89.99,
  is_visible: true,
  availability: 'available',
  inventory_tracking: 'variant',
  inventory_level: 0,
  categories: [18, 23],
  variants: [
    { id: id * 10 + 1, product_id: id, sku: `DEC-${id}-M`, price: null, inventory_level: 6, purchasing_disabled: false, option_values: [{ label: 'Mallard', option_display_name: 'Species' }] },
    { id: id * 10 + 2, product_id: id, sku: `DEC-${id}-P`, price: 94.5, inventory_level: 4, purchasing_disabled: false, option_values: [{ label: 'Pintail', option_display_name: 'Species' }] },
  ],
  images: [
    { id: 1, is_thumbnail: false, url_standard: `https://cdn.bigcommerce.example/${id}-side.jpg` },
    { id: 2, is_thumbnail: true, url_standard: `https://cdn.bigcommerce.example/${id}.jpg` },
  ],
  ...over,
});

function start(initial: { products?: Json[]; scopes?: BigCommerceScope[]; shipments?: Json[] } = {}, token = FAKE_BIGCOMMERCE_TOKEN): Promise<{ admin: BigCommerceAdmin; fake: FakeBigCommerceCatalog }> {
  const categories = [{ category_id: 18, name: 'Decoys' }, { category_id: 23, name: 'Waterfowl' }];
  return fakes.start(startFakeBigCommerceCatalog({ products: initial.products ?? [product(1)], categories, scopes: initial.scopes, shipments: initial.shipments }), (fake) => {
    const admin = storeAdminFor({ platform: 'bigcommerce', storeHash: FAKE_BIGCOMMERCE_STORE_HASH, accessToken: token }, { bigcommerceApiUrl: fake.url });
    expect(admin).toBeInstanceOf(BigCommerceAdmin);
    return admin as BigCommerceAdmin;
  });
}

const order = gearOrderFactory({
  reference: 'hs-gear-77',
  lines: [
    { externalProductId: '1', externalVariantId: '11', quantity: 2, priceMinor: 8999, title: 'Decoy Mallard' },
    { externalProductId: '1', externalVariantId: '12', quantity: 1, priceMinor: 9450, title: 'Decoy Pintail' },
  ],
  shippingAddress: { name: 'Jake Miller', line1: '1 Ridge Rd', line2: null, city: 'Austin', region: 'Texas', postalCode: '78701', country: 'US', phone: null },
});

describe('BigCommerce catalog', () => {
  it('pages by meta.pagination, oldest first, with variants, thumbnail, category names and the store currency', async () => {
    const products = Array.from({ length: 120 }, (_, i) => product(i + 1, i === 2 ? { is_visible: false } : {}));
    const { admin, fake } = await start({ products: [...products].reverse() });
    const { pages, seen } = await pageThroughCatalog(admin);
    expect(pages).toBe(3);
    expect(seen).toEqual(products.map((p) => String(p.id)));
    expect(fake.calls.filter((c) => c === 'GET /v2/store')).toHaveLength(1);

    const first = (await admin.catalogPage(null)).products;
    expect(first[0]).toEqual({
      externalId: '1',
      title: 'Decoy 1',
      imageUrl: 'https://cdn.bigcommerce.example/1.jpg',
      tags: [],
      collections: ['Decoys', 'Waterfowl'],
      currency: 'USD',
      active: true,
      variants: [
        { externalId: '11', inventoryItemId: null, sku: 'DEC-1-M', title: 'Mallard', priceMinor: 8999, inventory: 6 },
        { externalId: '12', inventoryItemId: null, sku: 'DEC-1-P', title: 'Pintail', priceMinor: 9450, inventory: 4 },
      ],
    });
    expect(first[2].active).toBe(false);
  });

  it('reads product-level and untracked stock, and leaves out variants that cannot be purchased', async () => {
    const { admin } = await start({
      products: [
        product(1, { inventory_tracking: 'product', inventory_level: 3 }),
        product(2, { inventory_tracking: 'none', availability: 'disabled' }),
        product(3, { variants: [{ id: 31, price: null, inventory_level: 1, purchasing_disabled: true, option_values: [] }, { id: 32, price: 1.005, inventory_level: 2, option_values: [] }] }),
      ],
    });
    const products = (await admin.catalogPage(null)).products;
    expect(products[0].variants.map((v) => v.inventory)).toEqual([3, 3]);
    expect(products[1]).toMatchObject({ active: false, variants: [{ inventory: null }, { inventory: null }] });
    // One purchasable variant left; BigCommerce's extra decimals are rounded half up.
    expect(products[2].variants).toEqual([{ externalId: '32', inventoryItemId: null, sku: null, title: 'Decoy 3', priceMinor: 101, inventory: 2 }]);
  });

  it('reads one product again, and null for one the store does not have', async () => {
    const { admin } = await start();
    expect((await admin.fetchProduct('1'))?.collections).toEqual(['Decoys', 'Waterfowl']);
    expect(await admin.fetchProduct('999')).toBeNull();
  });
});

describe('BigCommerce gear orders', () => {
  it('creates an order at retail with the subtotal as its discount and the reference in external_order_id', async () => {
    const { admin, fake } = await start();
    const result = await admin.createGearOrder(order());
    const made = fake.state.orders[0];
    expect(result).toEqual({ externalOrderId: String(made.id), orderName: `#${String(made.id)}`, state: 'order', adminUrl: `https://store-${FAKE_BIGCOMMERCE_STORE_HASH}.mybigcommerce.com/manage/orders/${String(made.id)}` });
    expect(made).toMatchObject({
      status_id: 11,
      customer_id: 0,
      subtotal_ex_tax: '274.4800',
      discount_amount: '274.4800',
      total_inc_tax: '0.0000',
      external_source: 'HuntStaff',
      external_order_id: 'hs-gear-77',
      billing_address: { first_name: 'Jake', last_name: 'Miller', street_1: '1 Ridge Rd', city: 'Austin', state: 'Texas', zip: '78701', country_iso2: 'US', email: 'jake@example.com' },
      products_sent: [
        { product_id: 1, variant_id: 11, quantity: 2, price_ex_tax: '89.99', price_inc_tax: '89.99' },
        { product_id: 1, variant_id: 12, quantity: 1, price_ex_tax: '94.50', price_inc_tax: '94.50' },
      ],
    });
    expect(String(made.staff_notes)).toContain('hs-gear-77');
    await expectOrderedOnce(admin, fake, order(), result);
    expect(await admin.findGearOrder('hs-gear-78')).toBeNull();
  });

  it('a retry after the order was written but its answer lost finds it by external_order_id: one order', async () => {
    const { admin, fake } = await start();
    await expectOneOrderAfterLostAnswer(admin, fake, order(), 'POST /v2/orders');
  });

  it('refuses missing stock and unknown variants before writing, and maps BigCommerce’s own 409 OutOfStock', async () => {
    const { admin, fake } = await start({ products: [product(1), product(2, { availability: 'disabled' })] });
    const stock = await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '1', externalVariantId: '12', quantity: 5, priceMinor: 9450, title: 'Decoy Pintail' }] })));
    expect(stock.reason).toBe('out_of_stock');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '1', externalVariantId: '99', quantity: 1, priceMinor: 1, title: 'x' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '404', externalVariantId: '11', quantity: 1, priceMinor: 1, title: 'x' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '2', externalVariantId: '21', quantity: 1, priceMinor: 1, title: 'x' }] })))).reason).toBe('unknown_variant');
    expect(fake.calls).not.toContain('POST /v2/orders');
    // Stock sold between the check and the order: BigCommerce's 409.
    (admin as unknown as { checkLines: () => Promise<void> }).checkLines = async () => undefined;
    const race = await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '1', externalVariantId: '12', quantity: 5, priceMinor: 9450, title: 'Decoy Pintail' }] })));
    expect(race.reason).toBe('out_of_stock');
    expect(race.message).toContain('out of stock');
    expect(fake.state.orders).toHaveLength(0);
  });

  it('reads a shipment for a thin store/shipment/created delivery (the docs’ published samples)', async () => {
    const shipment = fixture<Json>('bigcommerce/published/shipment-11.json');
    const { admin } = await start({ shipments: [shipment] });
    const delivery = parseFulfilment('bigcommerce', 'store/shipment/created', fixture('bigcommerce/published/store_shipment_created.json'));
    expect(delivery).toMatchObject({ externalOrderId: '251', shipmentId: '12', status: 'shipped', trackingNumber: null });
    // The docs' shipment sample is shipment 11 of order 228.
    expect(await admin.fetchShipment('228', '11')).toEqual({
      externalOrderId: '228',
      reference: null,
      status: 'shipped',
      trackingNumber: 'EJ958083578US',
      trackingUrl: 'http://trkcnfrm1.smi.usps.com/PTSInternetWeb/InterLabelInquiry.do?strOrigTrackNum=EJ958083578US',
      carrier: 'USPS',
      at: new Date('2019-03-13T16:35:37Z'),
      shipmentId: '11',
    });
    expect(await admin.fetchShipment(delivery!.externalOrderId, delivery!.shipmentId!)).toBeNull();
  });
});

describe('BigCommerce failures', () => {
  it('an API account without the orders scope is missing_scope; a bad token unauthorized; 503 unavailable', async () => {
    const { admin, fake } = await start({ scopes: ALL_BIGCOMMERCE_SCOPES.filter((s) => s !== 'orders') });
    expect((await admin.catalogPage(null)).products).toHaveLength(1);
    const error = await refusalOf(admin.createGearOrder(order()));
    expect(error.reason).toBe('missing_scope');
    expect(error.message).toContain('required scope');
    fake.failNext(1, 503, [{ status: 503, message: 'Service Unavailable' }]);
    await expect(admin.catalogPage(null)).rejects.toBeInstanceOf(StoreUnavailable);
    await fake.close();
    const wrong = await start({}, 'wrong-token');
    expect((await refusalOf(wrong.admin.catalogPage(null))).reason).toBe('unauthorized');
  });
});

describe('BigCommerce pro pricing codes', () => {
  const code = { reference: 'hs-pro-9', code: 'JAKE20', percentOff: 20, customerEmail: 'jake@example.com', startsAt: new Date('2026-03-01T00:00:00Z') };

  it('creates a percentage coupon on every category, once; a retry after a lost answer finds it', async () => {
    const { admin, fake } = await start();
    fake.dropAfterCommit('POST /v2/coupons');
    await expect(admin.createProPricingCode(code)).rejects.toBeInstanceOf(StoreUnavailable);
    const { externalId } = await admin.createProPricingCode(code);
    expect(fake.state.coupons).toEqual([expect.objectContaining({ id: Number(externalId), name: 'HuntStaff hs-pro-9', code: 'JAKE20', type: 'percentage_discount', amount: '20.0000', enabled: true, applies_to: { entity: 'categories', ids: [0] } })]);
    expect(await admin.createProPricingCode(code)).toEqual({ externalId });
    expect(fake.state.coupons).toHaveLength(1);
  });

  it("refuses someone else's code and codes BigCommerce cannot hold", async () => {
    const { admin, fake } = await start();
    fake.state.coupons.push({ id: 5, name: 'Spring sale', code: 'jake20', type: 'per_total_discount', amount: '5.0000', enabled: true, applies_to: { entity: 'categories', ids: [0] } });
    expect((await refusalOf(admin.createProPricingCode(code))).reason).toBe('invalid');
    expect((await refusalOf(admin.createProPricingCode({ ...code, code: 'JAKE/20' }))).reason).toBe('invalid');
  });

  it('disables the coupon and keeps what it applies to; again is fine; an unknown coupon is refused', async () => {
    const { admin, fake } = await start();
    const { externalId } = await admin.createProPricingCode(code);
    await admin.disableProPricingCode(externalId);
    expect(fake.state.coupons[0]).toMatchObject({ enabled: false, applies_to: { entity: 'categories', ids: [0] } });
    const puts = fake.calls.filter((c) => c.startsWith('PUT')).length;
    await admin.disableProPricingCode(externalId);
    expect(fake.calls.filter((c) => c.startsWith('PUT'))).toHaveLength(puts);
    expect((await refusalOf(admin.disableProPricingCode('4040'))).reason).toBe('not_found');
  });
});
