import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, shopifyHeaders } from '../../../../tests/fixtures/sign';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '@server/test/fake-shopify-admin';
import { SHIPPING_ADDRESS, gearProgram, runTasksNow, shopifyCatalog, type GearProgram } from '@server/test/gear-setup';
import { useTestApp } from '@server/test/use-test-app';
import { deliverAndProcess } from '@server/test/webhooks';
import { startReceiver, type Receiver } from '@server/test/webhook-receiver';

// Gear events (decision records 038, 044): a decided request and a shipment's first "shipped" are announced once
// each, from the transaction that decided them; a repeated fulfilment webhook announces nothing more.
let shop: FakeShopifyAdmin;
let receiver: Receiver;
beforeAll(async () => {
  shop = await startFakeShopifyAdmin({ products: shopifyCatalog() });
});
afterAll(() => shop.close());
beforeEach(async () => {
  shop.state.products = shopifyCatalog();
  shop.state.draftOrders.length = 0;
  shop.state.orders.length = 0;
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: shop.url }));

const ask = (program: GearProgram, sku: string) =>
  program.pro.client.post('/api/gear/requests', { businessId: program.biz.businessId, items: [{ variantId: program.variant[sku], quantity: 1 }], shippingAddress: SHIPPING_ADDRESS });

function fulfilment(program: GearProgram, orderGid: string, topic: string, over: Record<string, unknown> = {}) {
  const body = fixture<{ fulfillment: Record<string, unknown> }>('shopify/published/fulfillment-1069019877.json').fulfillment;
  const payload = JSON.stringify({ ...body, order_id: Number(orderGid.split('/').pop()), ...over });
  return deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${program.platformId}`, payload, headers: shopifyHeaders(program.webhookSecret, payload, topic) });
}

const events = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

describe('gear events', () => {
  it('announces each decision once and the first shipment once, to an Enterprise brand’s endpoint', async () => {
    const program = await gearProgram(t);
    await t.database.query(`update users set subscription_tier = 'enterprise' where id = ${program.biz.user.id}`);
    expect((await program.biz.client.post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['gear.request_decided', 'gear.shipped'] })).status).toBe(201);
    const jacket = (await ask(program, 'TJ-L')).body.id as number;
    const knife = (await ask(program, 'RP')).body.id as number;
    // Parallel decisions of one request: one is decided, the others refused, one event.
    const answers = await Promise.all([
      program.biz.client.post('/api/gear/requests/decide', { ids: [jacket], decision: 'approve', reason: '' }),
      program.biz.client.post('/api/gear/requests/decide', { ids: [jacket], decision: 'approve', reason: '' }),
    ]);
    expect(answers.flatMap((a) => a.body.decided)).toEqual([jacket]);
    expect((await program.biz.client.post('/api/gear/requests/decide', { ids: [knife], decision: 'reject', reason: 'Out of season' })).body.decided).toEqual([knife]);
    await runTasksNow(t);
    expect(events().map((e) => [e.type, e.data.requestId, e.data.decision])).toEqual([
      ['gear.request_decided', jacket, 'approved'],
      ['gear.request_decided', knife, 'rejected'],
    ]);
    expect(events()[1].data).toMatchObject({ reason: 'Out of season', proStaffId: program.pro.proStaffId, currency: 'USD' });

    const orderGid = (await t.database.query<{ external_order_id: string }>(`select external_order_id from gear_shipments where request_id = ${jacket}`))[0].external_order_id;
    await fulfilment(program, orderGid, 'fulfillments/create', { tracking_company: 'UPS' });
    await fulfilment(program, orderGid, 'fulfillments/update');
    await fulfilment(program, orderGid, 'fulfillments/update', { shipment_status: 'delivered', updated_at: '2026-11-20T10:00:00-05:00' });
    await runTasksNow(t);
    const shipped = events().filter((e) => e.type === 'gear.shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0].data).toMatchObject({ requestId: jacket, proStaffId: program.pro.proStaffId, carrier: 'UPS', shippedAt: expect.any(String) });
  });
});
