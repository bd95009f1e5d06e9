import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FAKE_WC_KEY, FAKE_WC_SECRET, startFakeWooCommerce, type FakeWooCommerce, type FakeWooCommerceState } from '@server/test/fake-woocommerce';
import { fixture } from '../../../../../tests/fixtures/sign';
import { storeAdminFor } from './index';
import { expectOneOrderAfterLostAnswer, expectOrderedOnce, gearOrderFactory, pageThroughCatalog, refusalOf, useStoreFake, WOOCOMMERCE_PRODUCT_794 } from './store-test-helpers';
import { StoreRefusal, StoreUnavailable, type StoreAdmin } from './types';

const fakes = useStoreFake<FakeWooCommerce>();

type Json = Record<string, unknown>;

const simple = (id: number, over: Json = {}): Json => ({
  id,
  name: `Turkey call ${id}`,
  type: 'simple',
  status: 'publish',
  catalog_visibility: 'visible',
  sku: `CALL-${id}`,
  price: '39.99',
  manage_stock: true,
  stock_quantity: 4,
  stock_status: 'instock',
  backorders: 'no',
  tags: [{ id: 1, name: 'Spring', slug: 'spring' }],
  categories: [{ id: 9, name: 'Calls', slug: 'calls' }],
  images: [{ id: 3, src: `https://shop.example/${id}.jpg` }],
  ...over,
});

function start(initial: Partial<FakeWooCommerceState> = {}, credentials: { key?: string; secret?: string } = {}): Promise<{ admin: StoreAdmin; fake: FakeWooCommerce }> {
  return fakes.start(startFakeWooCommerce({ products: [simple(10)], ...initial }), (fake) =>
    storeAdminFor({ platform: 'woocommerce', siteUrl: fake.url, consumerKey: credentials.key ?? FAKE_WC_KEY, consumerSecret: credentials.secret ?? FAKE_WC_SECRET }, { bigcommerceApiUrl: 'https://api.bigcommerce.invalid', allowHttp: true }),
  );
}

const order = gearOrderFactory({
  reference: 'hs-gear-12',
  lines: [{ externalProductId: '10', externalVariantId: '10', quantity: 2, priceMinor: 3999, title: 'Turkey call 10' }],
  shippingAddress: { name: 'Jake Miller', line1: '1 Ridge Rd', line2: 'Unit 2', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', phone: '+15125550100' },
});

describe('WooCommerce catalog', () => {
  it("reads the docs' published products, a variable product's variations and the current currency", async () => {
    const products = fixture<Json[]>('woocommerce/published/products-list.json');
    const variations = fixture<Json[]>('woocommerce/published/variations-list.json');
    const { admin } = await start({ products, variations: new Map([[799, variations]]), currency: fixture<{ code: string }>('woocommerce/published/currency-current.json').code });
    const page = await admin.catalogPage(null);
    expect(page.cursor).toBeNull();
    const byId = new Map(page.products.map((p) => [p.externalId, p]));
    expect(byId.get('794')).toEqual(WOOCOMMERCE_PRODUCT_794);
    expect(byId.get('799')?.variants).toEqual([
      { externalId: '733', inventoryItemId: null, sku: null, title: 'Green', priceMinor: 900, inventory: null },
      { externalId: '732', inventoryItemId: null, sku: null, title: 'Black', priceMinor: 900, inventory: null },
    ]);
  });

  it('pages with X-WP-TotalPages, oldest first, every product once', async () => {
    const products = Array.from({ length: 45 }, (_, i) => simple(100 + i));
    const { admin, fake } = await start({ products: [...products].reverse() });
    const { pages, seen } = await pageThroughCatalog(admin);
    expect(pages).toBe(3);
    expect(seen).toEqual(products.map((p) => String(p.id)));
    expect(fake.calls.filter((c) => c === 'GET /data/currencies/current')).toHaveLength(1);
  });

  it('reads stock as WooCommerce sells it: managed levels, out of stock, backorders, a variation managed by its parent, hidden and draft products', async () => {
    const variable = simple(20, { type: 'variable', price: '', manage_stock: true, stock_quantity: 7 });
    const { admin } = await start({
      products: [
        simple(10),
        simple(11, { manage_stock: false, stock_status: 'outofstock', stock_quantity: null }),
        simple(12, { backorders: 'notify', stock_quantity: 0 }),
        simple(13, { status: 'draft' }),
        simple(14, { catalog_visibility: 'hidden', price: '12.5' }),
        variable,
        simple(15, { type: 'grouped' }),
      ],
      variations: new Map([[20, [
        { id: 201, status: 'publish', price: '59.00', sku: 'B-L', manage_stock: 'parent', stock_quantity: null, stock_status: 'instock', backorders: 'no', attributes: [{ name: 'Size', option: 'L' }, { name: 'Camo', option: 'Mossy Oak' }] },
        { id: 202, status: 'private', price: '59.00', sku: 'B-M', manage_stock: true, stock_quantity: 3, stock_status: 'instock', backorders: 'no', attributes: [{ name: 'Size', option: 'M' }] },
      ]]]),
    });
    const products = (await admin.catalogPage(null)).products;
    const inventory = (id: string) => products.find((p) => p.externalId === id)?.variants.map((v) => v.inventory);
    expect(inventory('10')).toEqual([4]);
    expect(inventory('11')).toEqual([0]);
    expect(inventory('12')).toEqual([null]);
    expect(products.find((p) => p.externalId === '13')?.active).toBe(false);
    expect(products.find((p) => p.externalId === '14')).toMatchObject({ active: false, variants: [{ priceMinor: 1250 }] });
    expect(products.find((p) => p.externalId === '20')?.variants).toEqual([{ externalId: '201', inventoryItemId: null, sku: 'B-L', title: 'L / Mossy Oak', priceMinor: 5900, inventory: 7 }]);
    expect(products.find((p) => p.externalId === '15')?.variants).toEqual([]);
  });

  it('reads one product again, and null for one the store does not have', async () => {
    const { admin } = await start();
    expect((await admin.fetchProduct('10'))?.variants).toHaveLength(1);
    expect(await admin.fetchProduct('404')).toBeNull();
    expect(await admin.fetchProduct('../orders')).toBeNull();
  });
});

describe('WooCommerce gear orders', () => {
  it('creates a paid order whose lines are free, with the reference in its meta and billing company', async () => {
    const { admin, fake } = await start();
    const result = await admin.createGearOrder(order());
    const made = fake.state.orders[0];
    expect(result).toEqual({ externalOrderId: String(made.id), orderName: `#${String(made.number)}`, state: 'order', adminUrl: `${fake.url}/wp-admin/post.php?post=${String(made.id)}&action=edit` });
    expect(made).toMatchObject({
      status: 'processing',
      currency: 'USD',
      discount_total: '79.98',
      total: '0.00',
      customer_note: 'Pro staff seeding',
      billing: { first_name: 'Jake', last_name: 'Miller', company: 'HuntStaff hs-gear-12', email: 'jake@example.com', country: 'US' },
      shipping: { first_name: 'Jake', last_name: 'Miller', address_1: '1 Ridge Rd', address_2: 'Unit 2', city: 'Austin', state: 'TX', postcode: '78701', country: 'US' },
      line_items: [{ product_id: 10, variation_id: 0, quantity: 2, subtotal: '79.98', total: '0.00' }],
      meta_data: [{ key: '_huntstaff_reference', value: 'hs-gear-12' }],
    });
    expect(fake.state.products[0].stock_quantity).toBe(2);
    await expectOrderedOnce(admin, fake, order(), result);
    // hs-gear-1 is a substring of hs-gear-12 in search: the exact meta decides.
    expect(await admin.findGearOrder('hs-gear-1')).toBeNull();
  });

  it('a retry after the order was written but its answer lost finds it: one order', async () => {
    const { admin, fake } = await start();
    await expectOneOrderAfterLostAnswer(admin, fake, order(), 'POST /orders');
  });

  it('orders a variation by its variation id and leaves an unpaid order pending for the business', async () => {
    const { admin, fake } = await start({
      products: [simple(20, { type: 'variable', price: '' })],
      variations: new Map([[20, [{ id: 201, status: 'publish', price: '59.00', name: 'Blind - L', manage_stock: true, stock_quantity: 1, stock_status: 'instock', backorders: 'no', attributes: [] }]]]),
    });
    await admin.createGearOrder(order({ completeAsPaid: false, lines: [{ externalProductId: '20', externalVariantId: '201', quantity: 1, priceMinor: 5900, title: 'Blind L' }] }));
    expect(fake.state.orders[0]).toMatchObject({ status: 'pending', date_paid: null, line_items: [{ product_id: 20, variation_id: 201, subtotal: '59.00', total: '0.00' }] });
  });

  it('refuses stock it lacks and products it does not have before writing, since WooCommerce itself would not', async () => {
    const { admin, fake } = await start({
      products: [simple(10), simple(11, { status: 'draft' }), simple(20, { type: 'variable', price: '', manage_stock: true, stock_quantity: 1 })],
      variations: new Map([[20, [{ id: 201, status: 'publish', price: '59.00', manage_stock: 'parent', stock_quantity: null, stock_status: 'instock', backorders: 'no', attributes: [] }]]]),
    });
    const stock = await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], quantity: 5 }] })));
    expect(stock.reason).toBe('out_of_stock');
    expect(stock.message).toContain('4 in stock, 5 asked');
    const parent = await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '20', externalVariantId: '201', quantity: 2, priceMinor: 5900, title: 'Blind' }] })));
    expect(parent.reason).toBe('out_of_stock');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalProductId: '999', externalVariantId: '999' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ externalProductId: '20', externalVariantId: '299', quantity: 1, priceMinor: 1, title: 'x' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalProductId: '11', externalVariantId: '11' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ lines: [{ ...order().lines[0], externalProductId: '20', externalVariantId: '20' }] })))).reason).toBe('unknown_variant');
    expect((await refusalOf(admin.createGearOrder(order({ currency: 'CAD' })))).reason).toBe('invalid');
    expect(fake.calls).not.toContain('POST /orders');
    expect(fake.state.orders).toHaveLength(0);
  });
});

describe('WooCommerce failures', () => {
  it('a wrong key is unauthorized; a read-only key writing is missing_scope', async () => {
    const wrong = await start({}, { secret: 'cs_wrong' });
    expect((await refusalOf(wrong.admin.catalogPage(null))).reason).toBe('unauthorized');
    await fakes.close();
    const { admin, fake: readOnly } = await start({ permissions: 'read' });
    expect((await admin.catalogPage(null)).products).toHaveLength(1);
    const error = await refusalOf(admin.createGearOrder(order()));
    expect(error.reason).toBe('missing_scope');
    expect(error.message).toContain('write permissions');
    expect(readOnly.state.orders).toHaveLength(0);
  });

  it('503 and 429 are StoreUnavailable; the next call succeeds', async () => {
    const { admin, fake } = await start();
    fake.failNext(1, 503, '<html>Service Unavailable</html>');
    await expect(admin.catalogPage(null)).rejects.toBeInstanceOf(StoreUnavailable);
    fake.failNext(1, 429);
    await expect(admin.createGearOrder(order())).rejects.toBeInstanceOf(StoreUnavailable);
    expect((await admin.catalogPage(null)).products).toHaveLength(1);
  });

  it('never follows a redirect with the key pair: the business is told to connect the new address', async () => {
    const seen: string[] = [];
    const moved = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ? 'with' : 'without'} credentials`);
      res.writeHead(301, { location: 'https://elsewhere.example/wp-json/wc/v3/data/currencies/current' });
      res.end();
    });
    await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
    try {
      const admin = storeAdminFor({ platform: 'woocommerce', siteUrl: `http://127.0.0.1:${(moved.address() as AddressInfo).port}`, consumerKey: FAKE_WC_KEY, consumerSecret: FAKE_WC_SECRET }, { bigcommerceApiUrl: 'x', allowHttp: true });
      const error = await refusalOf(admin.catalogPage(null));
      expect(error.reason).toBe('invalid');
      expect(error.message).toContain('https://elsewhere.example');
      expect(seen).toEqual(['/wp-json/wc/v3/data/currencies/current with credentials']);
    } finally {
      await new Promise<void>((resolve) => moved.close(() => resolve()));
    }
  });

  it('production sends the key pair over https only', () => {
    const credentials = { platform: 'woocommerce' as const, siteUrl: 'http://shop.example', consumerKey: 'ck', consumerSecret: 'cs' };
    expect(() => storeAdminFor(credentials, { bigcommerceApiUrl: 'x' })).toThrow(StoreRefusal);
    expect(() => storeAdminFor({ ...credentials, siteUrl: 'https://user:pw@shop.example' }, { bigcommerceApiUrl: 'x' })).toThrow(StoreRefusal);
    expect(() => storeAdminFor({ ...credentials, siteUrl: 'not a url' }, { bigcommerceApiUrl: 'x' })).toThrow(StoreRefusal);
    expect(storeAdminFor({ ...credentials, siteUrl: 'https://shop.example/store/' }, { bigcommerceApiUrl: 'x' }).platform).toBe('woocommerce');
  });
});

describe('WooCommerce pro pricing codes', () => {
  const code = { reference: 'hs-pro-7', code: 'JAKE20', percentOff: 20, customerEmail: 'jake@example.com', startsAt: new Date('2026-03-01T00:00:00Z') };

  it('creates a percent coupon for that email only, once', async () => {
    const { admin, fake } = await start();
    const { externalId } = await admin.createProPricingCode(code);
    expect(fake.state.coupons).toEqual([
      expect.objectContaining({ id: Number(externalId), code: 'jake20', status: 'publish', discount_type: 'percent', amount: '20.00', individual_use: true, email_restrictions: ['jake@example.com'], meta_data: [expect.objectContaining({ key: '_huntstaff_reference', value: 'hs-pro-7' })] }),
    ]);
    expect(await admin.createProPricingCode(code)).toEqual({ externalId });
    expect(fake.state.coupons).toHaveLength(1);
  });

  it('a retry after a lost answer finds the coupon; someone else’s code is refused', async () => {
    const { admin, fake } = await start();
    fake.dropAfterCommit('POST /coupons');
    await expect(admin.createProPricingCode(code)).rejects.toBeInstanceOf(StoreUnavailable);
    await admin.createProPricingCode(code);
    expect(fake.state.coupons).toHaveLength(1);
    fake.state.coupons.push({ id: 1, code: 'spring10', status: 'publish', description: 'Spring sale', meta_data: [] });
    expect((await refusalOf(admin.createProPricingCode({ ...code, code: 'SPRING10' }))).reason).toBe('invalid');
  });

  it('disables the coupon as a draft (kept for reports); an unknown coupon is refused', async () => {
    const { admin, fake } = await start();
    const { externalId } = await admin.createProPricingCode(code);
    await admin.disableProPricingCode(externalId);
    expect(fake.state.coupons[0].status).toBe('draft');
    await admin.disableProPricingCode(externalId);
    expect((await refusalOf(admin.disableProPricingCode('4040'))).reason).toBe('not_found');
  });
});
