import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixture, fixtureText } from '../../../../../tests/fixtures/sign';
import { WOOCOMMERCE_PRODUCT_794 } from './store-test-helpers';
import { parseCatalogUpdate, parseFulfilment } from './webhooks';
import type { StorePlatform } from './types';

/**
 * The webhook readers against the platforms' published samples (tests/fixtures/<platform>/published, sources in each
 * README) and against bytes no store should send.
 */

/** The Admin REST samples wrap the resource ({"fulfillment": {...}}); a webhook body is the bare resource, cut out unchanged. */
function unwrapped(name: string, key: string): string {
  const text = fixtureText(name);
  const prefix = `{"${key}": `;
  expect(text.startsWith(prefix)).toBe(true);
  const inner = text.slice(prefix.length, text.trimEnd().length - 1);
  JSON.parse(inner);
  return inner;
}

describe('Shopify fulfilments (published fulfillment samples)', () => {
  it('a successful fulfilment with tracking is shipped, for the order as a GID', () => {
    const body = unwrapped('shopify/published/fulfillment-1069019877.json', 'fulfillment');
    expect(parseFulfilment('shopify', 'fulfillments/create', body)).toEqual({
      externalOrderId: 'gid://shopify/Order/450789469',
      reference: null,
      status: 'shipped',
      trackingNumber: 'MS1562678',
      trackingUrl: 'https://www.my-shipping-company.com/?tracking_number=MS1562678',
      carrier: null,
      at: new Date('2025-04-02T16:38:43Z'),
    });
    // The parsed object reads the same as the raw text.
    expect(parseFulfilment('shopify', 'FULFILLMENTS/UPDATE', JSON.parse(body))).toMatchObject({ status: 'shipped', trackingNumber: 'MS1562678' });
  });

  it('cancelled, without tracking, delivered, in transit, failed', () => {
    expect(parseFulfilment('shopify', 'fulfillments/update', unwrapped('shopify/published/fulfillment-1069019879-cancelled.json', 'fulfillment'))).toMatchObject({ status: 'cancelled', carrier: 'UPS' });
    expect(parseFulfilment('shopify', 'fulfillments/create', unwrapped('shopify/published/fulfillment-1069019875-no-tracking.json', 'fulfillment'))).toMatchObject({ status: 'shipped', trackingNumber: null, trackingUrl: null, carrier: null });
    const base = JSON.parse(unwrapped('shopify/published/fulfillment-1069019877.json', 'fulfillment')) as Record<string, unknown>;
    expect(parseFulfilment('shopify', 'fulfillments/update', { ...base, shipment_status: 'delivered' })?.status).toBe('delivered');
    expect(parseFulfilment('shopify', 'fulfillments/update', { ...base, shipment_status: 'out_for_delivery' })?.status).toBe('in_transit');
    expect(parseFulfilment('shopify', 'fulfillments/update', { ...base, shipment_status: 'label_printed' })?.status).toBe('shipped');
    expect(parseFulfilment('shopify', 'fulfillments/update', { ...base, status: 'failure' })).toBeNull();
    expect(parseFulfilment('shopify', 'fulfillments/update', { ...base, status: 'pending' })).toBeNull();
  });

  it("keeps a tracking number's characters but not its control characters, and takes the first of a list", () => {
    const list = fixture<{ fulfillments: Record<string, unknown>[] }>('shopify/published/fulfillments-1069019880-list.json');
    const update = parseFulfilment('shopify', 'fulfillments/create', { ...list.fulfillments[0], tracking_number: null });
    expect(update?.trackingNumber).toBe('#☠1☢ --- 4321');
    expect(update?.trackingUrl).toMatch(/^https:\/\/www\.ups\.com\/WebTracking\?/);
  });

  it('reads an order id past 2^53 exactly from the raw text', () => {
    const raw = '{"id": 5, "order_id": 820982911946154508, "status": "success", "line_items": [{"order_id": 1}]}';
    expect(parseFulfilment('shopify', 'fulfillments/create', raw)?.externalOrderId).toBe('gid://shopify/Order/820982911946154508');
    // Parsed without its text the digits are gone: nothing rather than a wrong order.
    expect(parseFulfilment('shopify', 'fulfillments/create', JSON.parse(raw))).toBeNull();
  });
});

describe('Shopify catalog updates (published product and inventory level samples)', () => {
  it('a product update is the product (collections unknown) in the shop currency, or a refetch without it', () => {
    const body = unwrapped('shopify/published/product-632910392.json', 'product');
    const update = parseCatalogUpdate('shopify', 'products/update', body, 'USD');
    expect(update).toMatchObject({ kind: 'product', collectionsUnknown: true, product: { externalId: 'gid://shopify/Product/632910392', title: 'IPod Nano - 8GB', active: true, currency: 'USD', collections: [], tags: ['Emotive', 'Flash Memory', 'MP3', 'Music'], imageUrl: 'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano.png?v=1735835399' } });
    if (update?.kind !== 'product') throw new Error('a product');
    expect(update.product.variants[0]).toEqual({ externalId: 'gid://shopify/ProductVariant/808950810', inventoryItemId: 'gid://shopify/InventoryItem/808950810', sku: 'IPOD2008PINK', title: 'Pink', priceMinor: 19900, inventory: null });
    const deny = JSON.parse(body) as { variants: Record<string, unknown>[] };
    deny.variants[0].inventory_policy = 'deny';
    const denied = parseCatalogUpdate('shopify', 'products/create', deny, 'USD');
    expect(denied?.kind === 'product' && denied.product.variants.map((v) => v.inventory)).toEqual([10, null, null, null]);
    expect(parseCatalogUpdate('shopify', 'products/update', body)).toEqual({ kind: 'refetch_product', externalId: 'gid://shopify/Product/632910392' });
  });

  it("an inventory level names the inventory item and its location's level; a deleted product its id", () => {
    expect(parseCatalogUpdate('shopify', 'inventory_levels/update', unwrapped('shopify/published/inventory-level-808950810.json', 'inventory_level'))).toEqual({
      kind: 'inventory',
      externalVariantId: null,
      inventoryItemId: 'gid://shopify/InventoryItem/808950810',
      available: 6,
      locationId: 'gid://shopify/Location/655441491',
    });
    expect(parseCatalogUpdate('shopify', 'products/delete', '{"id": 632910392}')).toEqual({ kind: 'product_deleted', externalId: 'gid://shopify/Product/632910392' });
  });
});

describe('WooCommerce (published order and product samples; tracking meta hand-written)', () => {
  it('a processing order without tracking says nothing; a completed one is shipped', () => {
    expect(parseFulfilment('woocommerce', 'order.updated', fixtureText('woocommerce/published/order-727.json'))).toBeNull();
    const completed = fixture<Record<string, unknown>[]>('woocommerce/published/orders-list.json')[1];
    expect(parseFulfilment('woocommerce', 'order.updated', JSON.stringify(completed))).toEqual({
      externalOrderId: '723',
      reference: null,
      status: 'shipped',
      trackingNumber: null,
      trackingUrl: null,
      carrier: null,
      at: new Date('2017-03-21T19:54:51Z'),
    });
  });

  it("reads the Shipment Tracking extension's newest item and our reference", () => {
    expect(parseFulfilment('woocommerce', 'order.updated', fixtureText('woocommerce/order-723-shipment-tracking.json'))).toEqual({
      externalOrderId: '723',
      reference: 'hs-gear-723',
      status: 'shipped',
      trackingNumber: 'RF 12345',
      trackingUrl: 'https://track.ridgefreight.example/?n=RF%2012345',
      carrier: 'Ridge Freight',
      at: new Date('2017-03-21T19:54:51Z'),
    });
    const cancelled = { ...fixture<Record<string, unknown>>('woocommerce/published/order-727.json'), status: 'cancelled' };
    expect(parseFulfilment('woocommerce', 'order.updated', cancelled)?.status).toBe('cancelled');
    expect(parseFulfilment('woocommerce', 'order.deleted', '{"id":727}')).toBeNull();
  });

  it('a simple product update is the product; a variable one or no currency is a refetch; deleted is deleted', () => {
    expect(parseCatalogUpdate('woocommerce', 'product.updated', fixtureText('woocommerce/published/product-794.json'), 'usd')).toEqual({
      kind: 'product',
      product: WOOCOMMERCE_PRODUCT_794,
    });
    const variable = fixture<Record<string, unknown>[]>('woocommerce/published/products-list.json')[0];
    expect(parseCatalogUpdate('woocommerce', 'product.created', variable, 'USD')).toEqual({ kind: 'refetch_product', externalId: '799' });
    expect(parseCatalogUpdate('woocommerce', 'product.updated', { id: 733, type: 'variation', parent_id: 22 }, 'USD')).toEqual({ kind: 'refetch_product', externalId: '22' });
    expect(parseCatalogUpdate('woocommerce', 'product.updated', fixtureText('woocommerce/published/product-794.json'))).toEqual({ kind: 'refetch_product', externalId: '794' });
    expect(parseCatalogUpdate('woocommerce', 'product.deleted', '{"id":794}')).toEqual({ kind: 'product_deleted', externalId: '794' });
  });
});

describe('BigCommerce (published callback samples)', () => {
  it('shipment created is shipped with the shipment to fetch; a status update to cancelled or shipped says so', () => {
    expect(parseFulfilment('bigcommerce', 'store/shipment/created', fixtureText('bigcommerce/published/store_shipment_created.json'))).toEqual({
      externalOrderId: '251',
      reference: null,
      status: 'shipped',
      trackingNumber: null,
      trackingUrl: null,
      carrier: null,
      at: new Date(1561482857 * 1000),
      shipmentId: '12',
    });
    const status = fixture<{ data: { status: Record<string, number> } }>('bigcommerce/published/store_order_statusUpdated.json');
    expect(parseFulfilment('bigcommerce', 'store/order/statusUpdated', status)).toBeNull();
    status.data.status.new_status_id = 5;
    expect(parseFulfilment('bigcommerce', '', status)).toMatchObject({ externalOrderId: '250', status: 'cancelled' });
    status.data.status.new_status_id = 2;
    expect(parseFulfilment('bigcommerce', '', status)).toMatchObject({ status: 'shipped' });
  });

  it('thin product deliveries are refetches; a variant level set absolutely is its level; one changed by an order is a refetch', () => {
    expect(parseCatalogUpdate('bigcommerce', 'store/product/updated', fixtureText('bigcommerce/published/store_product_updated.json'))).toEqual({ kind: 'refetch_product', externalId: '205' });
    expect(parseCatalogUpdate('bigcommerce', 'store/product/deleted', fixtureText('bigcommerce/published/store_product_deleted.json'))).toEqual({ kind: 'product_deleted', externalId: '205' });
    expect(parseCatalogUpdate('bigcommerce', 'store/product/inventory/updated', fixtureText('bigcommerce/published/store_product_inventory_updated.json'))).toEqual({ kind: 'refetch_product', externalId: '167' });
    const sku = fixture<{ data: { inventory: Record<string, unknown> } }>('bigcommerce/published/store_sku_inventory_updated.json');
    expect(parseCatalogUpdate('bigcommerce', 'store/sku/inventory/updated', sku)).toEqual({ kind: 'inventory', externalVariantId: '509', inventoryItemId: null, available: 5 });
    sku.data.inventory.method = 'relative';
    expect(parseCatalogUpdate('bigcommerce', 'store/sku/inventory/updated', sku)).toEqual({ kind: 'refetch_product', externalId: '206' });
  });
});

describe('bytes no store should send', () => {
  const platforms: StorePlatform[] = ['shopify', 'woocommerce', 'bigcommerce'];
  const topics = ['fulfillments/create', 'products/update', 'inventory_levels/update', 'order.updated', 'product.updated', 'store/shipment/created', 'store/sku/inventory/updated', 'store/product/updated'];

  it('null, arrays, scalars, broken JSON, NUL bytes, huge numbers and strings where numbers go answer null', () => {
    const bodies: unknown[] = [
      null,
      undefined,
      [],
      [{ order_id: 1 }],
      'null',
      '[1,2]',
      '"text"',
      '{"order_id": 1',
      '\u0000\u0000',
      Buffer.from([0xff, 0xfe, 0x00]),
      42,
      true,
      '{"order_id": 1e400, "status": "success"}',
      '{"order_id": -5, "status": "success"}',
      '{"order_id": "12abc", "status": "success"}',
      '{"order_id": 1.5, "status": "success"}',
      '{"id": "x", "data": {"id": "12", "orderId": [1], "type": "shipment"}}',
      { data: null, scope: 'store/shipment/created' },
      { data: { type: 'shipment', id: {}, orderId: 1 } },
      { id: { nested: true }, status: 'completed' },
      'x'.repeat(6_000_000),
    ];
    for (const platform of platforms) for (const topic of topics) for (const body of bodies) {
      expect(() => parseFulfilment(platform, topic, body)).not.toThrow();
      expect(() => parseCatalogUpdate(platform, topic, body, 'USD')).not.toThrow();
      expect(parseFulfilment(platform, topic, body)).toBeNull();
    }
  });

  it('strips NUL and control characters from text; keeps the id; refuses a javascript: tracking link', () => {
    const body = { order_id: 7, status: 'success', tracking_number: 'AB\u0000C\u0007D', tracking_company: '\u0000', tracking_url: 'javascript:alert(1)', tracking_urls: ['data:text/html,x'], updated_at: 'not a date' };
    const update = parseFulfilment('shopify', 'fulfillments/create', body);
    expect(update).toMatchObject({ externalOrderId: 'gid://shopify/Order/7', trackingNumber: 'AB C D', carrier: null, trackingUrl: null });
    expect(update?.at).toBeInstanceOf(Date);
    expect(Number.isNaN(update!.at.getTime())).toBe(false);
  });

  it('prices and counts that are not numbers are left out, not guessed', () => {
    const body = { id: 1, title: 'x', status: 'active', variants: [{ id: 2, price: '1e3' }, { id: 3, price: '19.99', inventory_policy: 'deny', inventory_quantity: '5' }, { id: 4, price: 19.99, inventory_policy: 'deny', inventory_quantity: 1e20 }] };
    const update = parseCatalogUpdate('shopify', 'products/update', body, 'USD');
    if (update?.kind !== 'product') throw new Error('a product');
    expect(update.product.variants.map((v) => [v.externalId, v.priceMinor, v.inventory])).toEqual([
      ['gid://shopify/ProductVariant/3', 1999, null],
      ['gid://shopify/ProductVariant/4', 1999, null],
    ]);
    expect(parseCatalogUpdate('bigcommerce', 'store/sku/inventory/updated', { data: { inventory: { method: 'absolute', value: '5', variant_id: 9, product_id: 8 } } })).toEqual({ kind: 'refetch_product', externalId: '8' });
    expect(parseCatalogUpdate('shopify', 'inventory_levels/update', { inventory_item_id: 1, available: 'lots' })).toMatchObject({ available: null });
  });

  it('any JSON value or text never throws', () => {
    fc.assert(
      fc.property(fc.constantFrom(...platforms), fc.constantFrom(...topics), fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (platform, topic, body) => {
        parseFulfilment(platform, topic, body);
        parseCatalogUpdate(platform, topic, body, 'USD');
        parseFulfilment(platform, topic, JSON.stringify(body) ?? '');
      }),
      { numRuns: 400 },
    );
  });
});
