import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { commissionsOf, ordersOf } from '@server/test/store-setup';
import { startFakeSquarespace, type FakeSquarespace } from '@server/test/fake-squarespace';
import { squarespaceEnv, squarespaceOrderFixture, squarespaceStore, squarespaceStoreWithKey } from '@server/test/squarespace-setup';
import { fixture, fixtureText, squarespaceHeaders } from '../../../../../tests/fixtures/sign';

// Squarespace notifications through the real route and the task queue (decision record 040): the route checks
// Squarespace-Signature and queues; the worker fetches the order from the (fake) Orders API and applies it.

let fake: FakeSquarespace;
beforeAll(async () => {
  fake = await startFakeSquarespace();
});
afterAll(() => fake.close());
const ORDER_ID = '585d498fdee9f31a60284a37';
beforeEach(() => {
  fake.orders.clear();
  fake.subscriptions.clear();
  fake.orders.set(ORDER_ID, squarespaceOrderFixture('JAKE10'));
});
const t = useTestApp(() => squarespaceEnv(fake));

const send = (platformId: number, body: string, headers: Record<string, string>) =>
  deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/squarespace/${platformId}`, payload: body, headers });
const signed = (platformId: number, secret: string, body: string) => send(platformId, body, squarespaceHeaders(secret, body));
/** A notification of `topic` with its own id (the fixture's id would be a redelivery). */
const notification = (topic: string, id: string, data: Record<string, unknown> = { orderId: ORDER_ID }) =>
  JSON.stringify({ ...fixture('squarespace/notification-order-create.json'), id, topic, data });

describe('Squarespace order notifications', () => {
  it('credits a signed order.create from the fetched order: subtotal less discounts, merchandise only', async () => {
    const { biz, jake, platform, secret } = await squarespaceStore(t, fake);
    const delivery = await signed(platform.id, secret, fixtureText('squarespace/notification-order-create.json'));
    expect(delivery.json()).toMatchObject({ action: 'created', orderId: ORDER_ID });
    // 100.00 − 10.00 = 90.00 USD; Jake's 10% is 9.00.
    expect(await commissionsOf(t, biz.businessId)).toMatchObject([{ pro_staff_id: jake.proStaffId, amount_cents: 900, currency: 'USD', status: 'pending' }]);
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: ORDER_ID, code: 'JAKE10', order_value_cents: 9000, verified: true }]);
    expect(fake.calls).toContain(`GET /1.0/commerce/orders/{id}`);
  });

  it('lowers the commission by the merchandise share of a refund, and cancels it when the order is CANCELED', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    await signed(platform.id, secret, notification('order.create', 'n-1'));
    // Half the grand total refunded: half the merchandise, 45.00, is taken back.
    fake.orders.set(ORDER_ID, squarespaceOrderFixture('JAKE10', { refundedTotal: { value: '52.60', currency: 'USD' } }));
    expect((await signed(platform.id, secret, notification('order.update', 'n-2'))).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([450]);
    // The same running refund read again changes nothing.
    await signed(platform.id, secret, notification('order.update', 'n-3'));
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([450]);
    fake.orders.set(ORDER_ID, squarespaceOrderFixture('JAKE10', { fulfillmentStatus: 'CANCELED' }));
    await signed(platform.id, secret, notification('order.update', 'n-4'));
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.status)).toEqual(['cancelled']);
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    const body = fixtureText('squarespace/notification-order-create.json');
    const forged = squarespaceHeaders('00'.repeat(32), body);
    expect((await send(platform.id, body, forged)).statusCode).toBe(401);
    const { 'squarespace-signature': _dropped, ...unsigned } = squarespaceHeaders(secret, body);
    expect((await send(platform.id, body, unsigned)).statusCode).toBe(401);
    // Signed for other bytes.
    expect((await send(platform.id, `${body} `, squarespaceHeaders(secret, body))).statusCode).toBe(401);
    // A platform of another type at that id is not found.
    expect((await send(platform.id + 999, body, squarespaceHeaders(secret, body))).statusCode).toBe(404);
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    expect(await t.database.query('select 1 from background_tasks')).toEqual([]);
  });

  it('counts a redelivered notification (same id) once, even sent in parallel', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    const body = fixtureText('squarespace/notification-order-create.json');
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/api/webhooks/squarespace/${platform.id}`, payload: body, headers: squarespaceHeaders(secret, body) })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().action).sort()).toEqual(['duplicate', 'duplicate', 'queued']);
    await t.app.ctx.tasks.drain();
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(1);
  });

  it('retries while the Orders API fails (outage, 429) and credits the order once it answers', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    fake.failNext(1, 503);
    const delivery = await signed(platform.id, secret, notification('order.create', 'n-outage'));
    expect(delivery.queued).toMatchObject({ action: 'queued' });
    expect(delivery.json()).toMatchObject({ taskStatus: 'queued', attempts: 1, lastError: 'AppError: The Squarespace API answered 503 for the order; it will be retried' });
    fake.failNext(1, 429);
    await t.database.query('update background_tasks set run_at = now()');
    await t.app.ctx.tasks.drain();
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    await t.database.query('update background_tasks set run_at = now()');
    await t.app.ctx.tasks.drain();
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([900]);
  });

  it('answers 200 and logs as ignored what is signed but unusable', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    const ignored = async (body: string) => (await signed(platform.id, secret, body)).json() as { action: string; reason: string };
    expect(await ignored(fixtureText('squarespace/notification-extension-uninstall.json'))).toMatchObject({ action: 'ignored', reason: 'Topic extension.uninstall is not used' });
    expect(await ignored(notification('order.create', 'n-nul', { orderId: null }))).toMatchObject({ action: 'ignored', reason: 'The notification has no data.orderId' });
    expect(await ignored(notification('order.create', 'n-bool', { orderId: true }))).toMatchObject({ action: 'ignored', reason: 'The notification has no data.orderId' });
    expect(await ignored(notification('order.create', 'n-nul-id', { orderId: 'nope\u0000' }))).toMatchObject({ action: 'ignored', reason: 'The notification has no data.orderId' });
    expect(await ignored(notification('order.create\u0000', 'n-nul-topic'))).toMatchObject({ action: 'ignored', reason: 'Topic order.create? is not used' });
    expect(await ignored(notification('order.create', 'n-404', { orderId: '9'.repeat(24) }))).toMatchObject({ action: 'ignored', reason: 'Squarespace has no such order (404)' });
    expect(await ignored(JSON.stringify({ id: 'x\u0000', topic: 'order.create', data: { orderId: 12 } }))).toMatchObject({ action: 'ignored', reason: 'Squarespace has no such order (404)' });
    expect(await ignored('[1,2]')).toMatchObject({ action: 'ignored', reason: 'The body is not a JSON object' });
    fake.orders.set(ORDER_ID, squarespaceOrderFixture('JAKE10', { testmode: true }));
    expect(await ignored(notification('order.create', 'n-test'))).toMatchObject({ action: 'ignored', reason: 'A test-mode order (testmode: true) is not a sale' });
    fake.orders.set(ORDER_ID, squarespaceOrderFixture('JAKE10', { subtotal: { value: '1e400', currency: 'USD' } }));
    expect(await ignored(notification('order.create', 'n-huge'))).toMatchObject({ action: 'ignored', reason: 'The order amounts are not amounts in USD' });
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { outcome: string }[];
    expect(log.map((d) => d.outcome)).toEqual(Array(10).fill('ignored'));
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
  });

  it('without a saved key keeps the order awaiting a verified amount', async () => {
    const { biz, platform } = await squarespaceStoreWithKey(t);
    await t.database.query(`delete from store_admin_credentials where platform_id = ${platform.id}`);
    // The platform's own secret is not hex until Subscribe: sign as if a subscription secret were set.
    const secret = 'ab'.repeat(32);
    await t.database.query(`update integration_platforms set webhook_secret = '${secret}' where id = ${platform.id}`);
    const delivery = await signed(platform.id, secret, notification('order.create', 'n-nokey'));
    expect(delivery.json()).toMatchObject({ action: 'recorded', orderId: ORDER_ID });
    expect(await ordersOf(t, biz.businessId)).toMatchObject([{ order_id: ORDER_ID, order_value_cents: null }]);
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
  });
});
