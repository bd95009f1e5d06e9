import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { businessWithStore, commissionsOf, ordersOf, type StorePlatform } from '@server/test/store-setup';
import { FAKE_SQUARE_SIGNATURE_KEY, FAKE_SQUARE_TOKEN, startFakeSquare, type FakeSquare } from '@server/test/fake-square';
import { fixture, squareHeaders } from '../../../../../tests/fixtures/sign';
import { squareSignature, verifySquareSignature } from './signature';

// Square (issue 44, decision record 040): a signed notification is checked against the notification URL and the raw
// body, queued, and the worker fetches the order from the (fake) Square API and credits it as a counter sale.

const PUBLIC_URL = 'https://huntstaff.test';
let fake: FakeSquare;
beforeAll(async () => {
  fake = await startFakeSquare();
});
afterAll(() => fake.close());
const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: fake.url, PUBLIC_URL }));

type Order = Record<string, any>;
const ORDER_ID = 'eA3vssLHKJrv9H0IdJCM3gNqfdcZY';
let order: Order;
beforeEach(() => {
  fake.reset();
  order = (fixture('square/retrieve-order.json') as { order: Order }).order;
  fake.orders.set(ORDER_ID, order);
});

async function squareStore(options: { credentials?: boolean } = {}) {
  const store = await businessWithStore(t, 'square', 'JAKE10');
  if (options.credentials !== false) {
    const saved = await store.biz.client.put(`/api/gear/stores/${store.platform.id}/credentials`, {
      platform: 'square', accessToken: FAKE_SQUARE_TOKEN, signatureKey: FAKE_SQUARE_SIGNATURE_KEY, environment: 'production',
    });
    expect(saved.status).toBe(204);
  }
  return store;
}

const notificationUrl = (platform: StorePlatform) => `${PUBLIC_URL}/api/webhooks/square/${platform.id}`;
const send = (platform: StorePlatform, body: string, options: { key?: string; url?: string; headers?: Record<string, string> } = {}) =>
  deliverAndProcess(t.app, {
    method: 'POST', url: `/api/webhooks/square/${platform.id}`, payload: body,
    headers: options.headers ?? squareHeaders(options.key ?? FAKE_SQUARE_SIGNATURE_KEY, options.url ?? notificationUrl(platform), body),
  });
/** A fixture event for `orderId`, with its own event_id. */
function event(name: string, orderId: string, eventId: string): string {
  const body = fixture(`square/${name}.json`) as Order;
  const object = body.data.object as Order;
  const kind = Object.keys(object)[0];
  object[kind].order_id = orderId;
  return JSON.stringify({ ...body, event_id: eventId });
}

describe('Square signature', () => {
  it('matches the test vector of Square’s own SDKs (notification URL followed by the body)', () => {
    const body = Buffer.from('{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}');
    const url = 'https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9';
    expect(squareSignature('Ibxx_5AKakO-3qeNVR61Dw', url, body)).toBe('GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=');
    expect(verifySquareSignature('Ibxx_5AKakO-3qeNVR61Dw', url, body, 'GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=')).toBe(true);
    expect(verifySquareSignature('Ibxx_5AKakO-3qeNVR61Dw', 'https://webhook.site/webhooks', body, 'GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=')).toBe(false);
    // The SDK tests' second vector: escaped characters in the body are signed as sent.
    expect(squareSignature('signature-key', 'https://webhook.site/webhooks', Buffer.from('{"data":{"type":"webhooks","id":"fake_id"}}'))).toBe('W3FlCNk5IA3ZQ2LHTWoajvzfaDu/OwY2tNHIHC3IUOA=');
    expect(verifySquareSignature('signature-key', 'https://webhook.site/webhooks', body, undefined)).toBe(false);
  });
});

describe('Square order webhook', () => {
  it('credits a signed order.updated from the retrieved order: a counter sale at its location', async () => {
    const { biz, jake, platform } = await squareStore();
    const answer = await send(platform, JSON.stringify(fixture('square/order-updated.json')));
    expect(answer.queued).toMatchObject({ action: 'queued' });
    expect(answer.json()).toMatchObject({ action: 'created', orderId: ORDER_ID });
    // 10% of USD 117.00 (gross 130.00 less the 13.00 discount, before the 9.36 tax).
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 1170, currency: 'USD' }]);
    const [row] = await t.database.query<Record<string, unknown>>(`select source, channel, location_id, units, placed_at, order_value_cents from store_orders where business_id = ${biz.businessId}`);
    expect(row).toMatchObject({ source: 'square', channel: 'pos', location_id: 'FPYCBCHYMXFK1', units: 3, order_value_cents: 11700 });
    expect(new Date(row.placed_at as string).toISOString()).toBe('2026-10-03T15:42:06.421Z');
    expect(fake.calls).toContain(`GET /v2/orders/${ORDER_ID}`);
  });

  it('credits a payment.updated for the order it names, and lowers the commission on refund.updated', async () => {
    const { biz, platform } = await squareStore();
    expect((await send(platform, event('payment-updated', ORDER_ID, 'p-1'))).json()).toMatchObject({ action: 'created', orderId: ORDER_ID });
    // Half the order's total refunded (tax included): half its merchandise, USD 58.50, comes off.
    order.refunds = [{ id: 'r-1', status: 'COMPLETED', amount_money: { amount: 6318, currency: 'USD' }, tender_id: 'EnZdNAlWCmfh6Mt5FMNST1o7taB' }];
    expect((await send(platform, event('refund-updated', ORDER_ID, 'r-1-event'))).json()).toMatchObject({ action: 'adjusted', orderId: ORDER_ID });
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([585]);
    // A cancelled order cancels the commission.
    order.state = 'CANCELED';
    await send(platform, event('order-updated', ORDER_ID, 'o-cancel'));
    expect((await commissionsOf(t, biz.businessId))[0].status).toBe('cancelled');
  });

  it('matches a discount by the catalog object made for the code, whatever the till calls it', async () => {
    const { biz, platform } = await squareStore();
    const made = await biz.client.post(`/api/integration-platforms/${platform.id}/square-discounts`, {});
    expect(made.status).toBe(200);
    const catalogObjectId = made.body.discounts[0].catalogObjectId as string;
    order.discounts = [{ ...order.discounts[0], name: 'Pro staff 10%', catalog_object_id: catalogObjectId }];
    expect((await send(platform, event('order-updated', ORDER_ID, 'e-1'))).json()).toMatchObject({ action: 'created' });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ code: 'JAKE10', codes_seen: ['JAKE10'] }]);
  });

  it('matches a discount named like the code in any case; an unknown name earns nothing', async () => {
    const { biz, platform } = await squareStore();
    order.discounts = [{ ...order.discounts[0], name: 'Summer sale' }, { ...order.discounts[0], uid: 'x', name: 'jake10' }];
    expect((await send(platform, event('order-updated', ORDER_ID, 'e-2'))).json()).toMatchObject({ action: 'created' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([1170]);
  });

  it('refuses a bad signature, one computed over another URL, and one without a saved signature key (401, nothing queued)', async () => {
    const { biz, platform } = await squareStore();
    const body = JSON.stringify(fixture('square/order-updated.json'));
    expect((await send(platform, body, { key: 'another-signature-key' })).statusCode).toBe(401);
    expect((await send(platform, body, { url: `http://localhost:5000/api/webhooks/square/${platform.id}` })).statusCode).toBe(401);
    expect((await send(platform, body, { headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    // The platform's own webhook secret is not Square's key.
    expect((await send(platform, body, { key: platform.webhookSecret })).statusCode).toBe(401);
    const bare = await squareStore({ credentials: false });
    expect((await send(bare.platform, body)).statusCode).toBe(401);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    // Another type's platform id is not a Square webhook address.
    const shop = await businessWithStore(t, 'shopify');
    expect((await send(shop.platform, body)).statusCode).toBe(404);
  });

  it('answers a redelivered event_id as a duplicate', async () => {
    const { biz, platform } = await squareStore();
    const body = JSON.stringify(fixture('square/order-updated.json'));
    expect((await send(platform, body)).json()).toMatchObject({ action: 'created' });
    expect((await send(platform, body)).json()).toMatchObject({ action: 'duplicate' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });

  it('retries while Square is down, and credits the order when it is back', async () => {
    const { biz, platform } = await squareStore();
    fake.failNext(1, 503);
    const answer = await send(platform, JSON.stringify(fixture('square/order-updated.json')));
    expect(answer.json()).toMatchObject({ taskStatus: 'queued', attempts: 1, lastError: expect.stringContaining('The Square API answered 503') });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    fake.failNext(1, 429);
    await t.database.query(`update background_tasks set run_at = now()`);
    await t.app.ctx.tasks.drain();
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    await t.database.query(`update background_tasks set run_at = now()`);
    await t.app.ctx.tasks.drain();
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([1170]);
  });

  it('records what it cannot use as ignored (200): other events, no order id, an unknown order, an open unpaid order, nasty bodies', async () => {
    const { biz, platform } = await squareStore();
    const ignored = async (body: string) => (await send(platform, body)).json() as { action: string; reason: string };
    expect(await ignored(JSON.stringify({ type: 'customer.created', event_id: 'c-1', data: {} }))).toMatchObject({ action: 'ignored', reason: 'Event customer.created is not used' });
    expect(await ignored(JSON.stringify({ type: 'payment.updated', event_id: 'p-x', data: { object: { payment: { order_id: true } } } }))).toMatchObject({ action: 'ignored', reason: 'The payment.updated event names no order' });
    expect(await ignored(event('order-updated', 'NO-SUCH-ORDER', 'n-1'))).toMatchObject({ action: 'ignored', reason: 'Square has no such order (404)' });
    order.state = 'OPEN';
    order.net_amount_due_money = { amount: 12636, currency: 'USD' };
    expect(await ignored(event('order-updated', ORDER_ID, 'o-open'))).toMatchObject({ action: 'ignored', reason: 'The Square order is open and not paid yet' });
    expect(await ignored('not json\u0000')).toMatchObject({ action: 'ignored', reason: 'The body is not a JSON object' });
    expect(await ignored(JSON.stringify({ type: 'order.updated', event_id: 'huge', data: { object: { order_updated: { order_id: 1e308 } } } }))).toMatchObject({ action: 'ignored' });
    order.state = 'COMPLETED';
    order.line_items[0].gross_sales_money = { amount: 1e300, currency: 'USD' };
    expect(await ignored(event('order-updated', ORDER_ID, 'o-huge'))).toMatchObject({ action: 'ignored', reason: 'The line amounts are not amounts in USD' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
  });

  it('records a refused access token as ignored', async () => {
    const { biz, platform } = await squareStore();
    await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { platform: 'square', accessToken: 'EAAA_wrong_token_0123456789', signatureKey: FAKE_SQUARE_SIGNATURE_KEY });
    expect((await send(platform, JSON.stringify(fixture('square/order-updated.json')))).json()).toMatchObject({ action: 'ignored', reason: expect.stringContaining('Square refused the access token (401 UNAUTHORIZED)') });
  });
});
