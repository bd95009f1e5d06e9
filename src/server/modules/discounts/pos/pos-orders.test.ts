import { describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { businessWithStore, commissionsOf, type StorePlatform } from '@server/test/store-setup';
import { fixture, fixtureText, shopifyHeaders } from '../../../../../tests/fixtures/sign';

// Shopify POS sales (issue 44, tests/fixtures/shopify/pos): the published orders with source_name "pos", location_id,
// device_id and user_id, signed as Shopify signs them and sent through the real route and the task queue.

const t = useTestApp();
const CODED = 'shopify/pos/pos-order-1073459990.json';
const UNCODED = 'shopify/pos/pos-order-1073459991.json';
const LOCATION = '655441491';

type Delivery = { topic: string; orderId: string | null; outcome: string; reason: string | null; channel: string | null; locationId: string | null };
const deliveries = async (client: { get: (url: string) => Promise<{ body: unknown }> }) => (await client.get('/api/integration-platforms/deliveries')).body as Delivery[];
const send = (platform: StorePlatform, body: string, topic: string) =>
  deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, topic) });
const saleOf = (businessId: number) =>
  t.database.query<{ order_id: string; code: string | null; channel: string; location_id: string | null; units: number | null; order_value_cents: number; currency: string; status: string }>(
    `select order_id, code, channel, location_id, units, order_value_cents, currency, status from store_orders where business_id = ${businessId} order by id`,
  );
type Refund = { refund: Record<string, unknown> & { refund_line_items: Record<string, unknown>[] } };
/**
 * Shopify's published refund 509562969 pointed at `orderId` (a refunds/create body is the bare refund); with `subtotal`,
 * another refund (id + 1) returning its first line for that amount only.
 */
function refundOf(orderId: number, subtotal?: number): string {
  const { refund } = fixture<Refund>('shopify/published/refund-509562969.json');
  if (subtotal === undefined) return JSON.stringify({ ...refund, order_id: orderId });
  const { subtotal_set: _set, ...line } = refund.refund_line_items[0];
  const id = Number(refund.id) + 1;
  return JSON.stringify({ ...refund, id, admin_graphql_api_id: `gid://shopify/Refund/${id}`, order_id: orderId, transactions: [], refund_line_items: [{ ...line, subtotal }] });
}

describe('Shopify POS orders', () => {
  it('credits a counter sale with the staffer’s code like an online one, and keeps its channel and location', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    const body = fixtureText(CODED);
    expect((await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders('wrong', body, 'orders/create') })).statusCode).toBe(401);
    expect((await send(platform, body, 'orders/create')).json()).toMatchObject({ action: 'created', orderId: '1073459990' });
    expect(await saleOf(biz.businessId)).toEqual([
      { order_id: '1073459990', code: 'FAKE30', channel: 'pos', location_id: LOCATION, units: expect.any(Number), order_value_cents: 18109, currency: 'USD', status: 'placed' },
    ]);
    // The same 10% of subtotal_price 181.09 an online sale earns.
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1811, currency: 'USD', status: 'pending' }]);
    expect(await deliveries(biz.client)).toMatchObject([{ topic: 'orders/create', outcome: 'created', channel: 'pos', locationId: LOCATION }]);
  });

  it('records a counter sale without a code, with no commission', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    expect((await send(platform, fixtureText(UNCODED), 'orders/create')).json()).toMatchObject({ action: 'recorded', orderId: '1073459991', commissionId: null });
    expect(await saleOf(biz.businessId)).toMatchObject([{ code: null, channel: 'pos', location_id: LOCATION, order_value_cents: 22497, currency: 'EUR' }]);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect(await deliveries(biz.client)).toMatchObject([{ outcome: 'recorded', reason: 'No discount code on the order', channel: 'pos', locationId: LOCATION }]);
  });

  it('lowers the commission of a refunded counter sale once, however often the refund is delivered', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    await send(platform, fixtureText(CODED), 'orders/create');
    // A partial refund at the counter: 81.09 of the 181.09 back, so 10% of 100.00 is owed.
    expect((await send(platform, refundOf(1073459990, 81.09), 'refunds/create')).json()).toMatchObject({ action: 'adjusted', orderId: '1073459990' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ amount_cents: 1000, status: 'pending' }]);
    // Then refund 509562969 returns 195.66 + 195.67 more: more than what was left: the unpaid commission is cancelled.
    const refund = refundOf(1073459990);
    expect((await send(platform, refund, 'refunds/create')).json()).toMatchObject({ action: 'adjusted', orderId: '1073459990' });
    expect((await send(platform, refund, 'refunds/create')).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ amount_cents: 1000, status: 'cancelled' }]);
    expect(await saleOf(biz.businessId)).toMatchObject([{ channel: 'pos', status: 'placed' }]);
    // The refund's own delivery shows the order's channel too: it is the POS order's row.
    expect((await deliveries(biz.client)).map((d) => [d.topic, d.outcome, d.channel])).toEqual([
      ['refunds/create', 'duplicate', 'pos'], ['refunds/create', 'adjusted', 'pos'], ['refunds/create', 'adjusted', 'pos'], ['orders/create', 'created', 'pos'],
    ]);
  });

  it('shows an online order as online and an ignored delivery without an order as neither', async () => {
    const { biz, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    const online = fixtureText('shopify/published/order-1073459981.json');
    const bare = JSON.stringify((JSON.parse(online) as { order: unknown }).order);
    await send(platform, bare, 'orders/create');
    await send(platform, '[]', 'orders/create');
    expect((await deliveries(biz.client)).map((d) => [d.outcome, d.channel, d.locationId])).toEqual([['ignored', null, null], ['created', 'online', null]]);
  });

  it('names the channel and location in both parties’ commission lists and statements', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'FAKE30');
    await send(platform, fixtureText(CODED), 'orders/create');
    const online = JSON.stringify((JSON.parse(fixtureText('shopify/published/order-1073459981.json')) as { order: unknown }).order);
    await send(platform, online, 'orders/create');
    for (const [client, side] of [[biz.client, 'business'], [jake.client, 'pro-staff']] as const) {
      expect(((await client.get(`/api/commissions/${side}`)).body as { orderId: string; channel: string; locationId: string | null }[]).map((c) => [c.orderId, c.channel, c.locationId]).sort())
        .toEqual([['1073459981', 'online', null], ['1073459990', 'pos', LOCATION]]);
      const rows = (await client.get(`/api/commissions/${side}/statement`)).raw.body.trimEnd().split('\r\n').map((line) => line.split(','));
      expect(rows[0].slice(-2)).toEqual(['Channel', 'Location']);
      expect(rows.slice(1).map((row) => [row[5], ...row.slice(-2)]).sort()).toEqual([['1073459981', 'Online', ''], ['1073459990', 'POS', LOCATION]]);
    }
  });

  it('keeps another business’s POS order out of this business’s log', async () => {
    const one = await businessWithStore(t, 'shopify', 'FAKE30');
    const other = await businessWithStore(t, 'shopify', 'FAKE30');
    await send(one.platform, fixtureText(CODED), 'orders/create');
    expect(await deliveries(other.biz.client)).toEqual([]);
    expect((await other.biz.client.get('/api/integration-platforms/deliveries')).status).toBe(200);
  });
});
