import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAKE_WC_KEY, FAKE_WC_SECRET, startFakeWooCommerce, type FakeWooCommerce } from '@server/test/fake-woocommerce';
import { createBusiness, createRosteredProStaff } from '@server/test/factories';
import { FIELD_TIER, SHIPPING_ADDRESS, runTasksNow } from '@server/test/gear-setup';
import { useTestApp } from '@server/test/use-test-app';
import { wooCommerceHeaders } from '../../../../tests/fixtures/sign';
import { deliverAndProcess } from '@server/test/webhooks';

// Pay in gear on a WooCommerce store (decision record 038), through the app: REST v3 credentials, the catalog sync,
// a pro-pricing coupon limited to the staffer's email, a seeding order at total 0, and its Shipment Tracking update.

let store: FakeWooCommerce;
beforeAll(async () => {
  store = await startFakeWooCommerce({
    products: [{
      id: 31, name: 'Turkey call', type: 'simple', status: 'publish', catalog_visibility: 'visible', sku: 'CALL-31', price: '39.99', manage_stock: true, stock_quantity: 4,
      stock_status: 'instock', backorders: 'no', tags: [{ id: 1, name: 'Pro seed', slug: 'pro-seed' }], categories: [{ id: 9, name: 'Calls', slug: 'calls' }], images: [],
    }],
  });
});
afterAll(() => store.close());
const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: store.url }));

it('syncs the catalog, makes the staffer’s coupon, orders the approved gear once and follows its tracking', async () => {
  const biz = await createBusiness(t, { tier: 'professional' });
  const pro = await createRosteredProStaff(t, biz);
  const platform = (await biz.client.post('/api/integration-platforms', { name: 'Hunt Co Woo', platformType: 'woocommerce' })).body;
  const credentials = { platform: 'woocommerce', siteUrl: 'https://shop.example.com', consumerKey: FAKE_WC_KEY, consumerSecret: FAKE_WC_SECRET };
  expect((await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { ...credentials, siteUrl: 'http://shop.example.com' })).status).toBe(400);
  expect((await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { ...credentials, platform: 'shopify' })).status).toBe(400);
  expect((await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, credentials)).status).toBe(204);
  const tier = await biz.client.post('/api/gear/tiers', { ...FIELD_TIER, proPricingPercent: 30 });
  expect((await biz.client.put('/api/gear/settings', { platformId: platform.id, seedableTags: ['Pro seed'], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null })).status).toBe(200);
  expect((await biz.client.put(`/api/gear/staff/${pro.proStaffId}/tier`, { tierId: tier.body.id, reason: '' })).status).toBe(204);
  await runTasksNow(t);

  expect(store.state.coupons).toEqual([expect.objectContaining({ discount_type: 'percent', amount: '30.00', email_restrictions: [pro.user.email] })]);
  const catalog = (await biz.client.get('/api/gear/catalog')).body;
  expect(catalog).toEqual([expect.objectContaining({ title: 'Turkey call', currency: 'USD', seedable: true, variants: [expect.objectContaining({ priceMinor: 3999, inventory: 4, sku: 'CALL-31' })] })]);

  const made = await pro.client.post('/api/gear/requests', { businessId: biz.businessId, items: [{ variantId: catalog[0].variants[0].id, quantity: 2 }], shippingAddress: SHIPPING_ADDRESS });
  expect(made.status).toBe(201);
  store.dropAfterCommit(/^POST \/orders$/);
  expect((await biz.client.post('/api/gear/requests/decide', { ids: [made.body.id], decision: 'approve', reason: '' })).body.decided).toEqual([made.body.id]);
  await runTasksNow(t);
  expect(store.state.orders).toHaveLength(1);
  const order = store.state.orders[0] as { id: number; total: string; line_items: { product_id: number; quantity: number }[] };
  expect(order.total).toBe('0.00');
  expect(order.line_items).toEqual([expect.objectContaining({ product_id: 31, quantity: 2 })]);

  // WooCommerce's order.updated with the Shipment Tracking extension's item: shipped, with the carrier's link.
  const body = JSON.stringify({
    ...order, status: 'completed', date_modified_gmt: '2026-11-27T10:00:00',
    meta_data: [{ id: 1, key: '_wc_shipment_tracking_items', value: [{ tracking_provider: '', custom_tracking_provider: 'FedEx', custom_tracking_link: 'https://www.fedex.com/fedextrack/?trknbr=7712', tracking_number: '7712', date_shipped: '1795795200', tracking_id: 'a1' }] }],
  });
  const delivered = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/woocommerce/${platform.id}`, payload: body, headers: wooCommerceHeaders(platform.webhookSecret, body, 'order.updated') });
  expect(delivered.json()).toMatchObject({ action: 'recorded', reason: expect.stringMatching(/^Gear: shipment \d+ shipped/) });
  const shipment = (await pro.client.get('/api/gear/mine')).body.programs[0].requests[0].shipment;
  expect(shipment).toMatchObject({ status: 'shipped', carrier: 'FedEx', trackingNumber: '7712', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7712' });
  expect((await biz.client.get('/api/gear/compensation/business')).body.totals[0]).toMatchObject({ currency: 'USD', valueMinor: 7998 });
});
