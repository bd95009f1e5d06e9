import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { startTestApp } from '@server/test/test-app';
import { businessWithStore, commissionsOf, ordersOf } from '@server/test/store-setup';
import { FAKE_MAGENTO_TOKEN, startFakeMagento, type FakeMagento } from '@server/test/fake-magento';
import { fixture } from '../../../../../tests/fixtures/sign';
import { MAGENTO_POLL_STORE_TASK, pollStore, queueStorePolls } from './poll-service';
import { toMagentoTime } from './order-reader';

// The Magento order poll (decision record 040) against a local Magento REST API that pages, sorts and filters as
// Magento does, including answering the last page again past the end.

type Json = Record<string, unknown>;
let fake: FakeMagento;
beforeAll(async () => {
  fake = await startFakeMagento();
});
afterAll(() => fake.close());
let start = Date.now();
beforeEach(() => {
  start = Date.now();
  fake.orders.length = 0;
  fake.creditMemos.length = 0;
  fake.calls.length = 0;
});
const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: fake.url }));

const template = () => (fixture<{ items: Json[] }>('magento/orders-search-page-1.json')).items[0];
/** `offset` seconds (plus two) after the store was connected: after the poll's starting cursor. */
const second = (offset: number) => toMagentoTime(new Date(start + (offset + 2) * 1000));
/** The fixture's order 101 (JAKE10, USD 200 - 20 = 180.00 merchandise) as order `id`, updated at `updatedAt`. */
const order = (id: number, updatedAt: string, extra: Json = {}): Json => ({ ...template(), entity_id: id, increment_id: `00000${id}`, updated_at: updatedAt, ...extra });

async function magentoStore() {
  const setup = await businessWithStore(t, 'magento', 'JAKE10');
  const saved = await setup.biz.client.put(`/api/gear/stores/${setup.platform.id}/credentials`, { platform: 'magento', baseUrl: 'https://shop.example.com/', accessToken: FAKE_MAGENTO_TOKEN });
  expect(saved.status).toBe(204);
  start = Date.now();
  return setup;
}

const cursorOf = async (platformId: number) =>
  (await t.database.query<{ updated_at: string; seen_ids: string[] }>(`select updated_at, seen_ids from magento_poll_cursors where platform_id = ${platformId}`))[0];
/** Pages of 10 instead of 100: the same paths with a tenth of the orders. */
const PAGE = { pageSize: 10 };
const poll = (ctx: Parameters<typeof pollStore>[0], platformId: number) => pollStore(ctx, platformId, PAGE);
const pollDeliveries = (businessId: number) =>
  t.database.query<{ order_id: string; outcome: string }>(`select order_id, outcome from webhook_deliveries where business_id = ${businessId} and topic = 'magento/poll' order by id`);

describe('Magento order poll', () => {
  it('credits the orders of two pages once, oldest first, and remembers where it stopped', async () => {
    const { biz, platform } = await magentoStore();
    for (let i = 1; i <= 15; i++) fake.orders.push(order(1000 + i, second(i), i % 2 ? {} : { coupon_code: null }));
    const outcome = await poll(t.app.ctx, platform.id);
    expect(outcome).toMatchObject({ pages: 2, applied: 15, stopped: 'done' });
    // Page 1, then page 1 again from the moved cursor (an order updated meanwhile cannot shift one past us).
    expect(fake.calls).toEqual(['GET /orders', 'GET /orders']);
    const commissions = await commissionsOf(t, biz.businessId);
    expect(commissions).toHaveLength(8);
    expect(new Set(commissions.map((c) => `${c.amount_cents} ${c.currency} ${c.status}`))).toEqual(new Set(['1800 USD pending']));
    expect(await cursorOf(platform.id)).toEqual({ updated_at: second(15), seen_ids: ['1015'] });
    // Nothing new: one call, nothing applied, nothing logged.
    expect(await poll(t.app.ctx, platform.id)).toMatchObject({ pages: 1, applied: 0 });
    expect(await pollDeliveries(biz.businessId)).toHaveLength(15);
  });

  it('lowers the commission when a later poll finds a credit memo, and cancels a canceled order', async () => {
    const { biz, platform } = await magentoStore();
    fake.orders.push(order(101, second(1)), order(104, second(2)));
    await poll(t.app.ctx, platform.id);
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.order_id, c.amount_cents, c.status])).toEqual([['101', 1800, 'pending'], ['104', 1800, 'pending']]);
    // Order 101 gets the fixture's credit memo (36.00 merchandise back); 104 is canceled.
    fake.creditMemos.push(...fixture<{ items: Json[] }>('magento/creditmemos.json').items);
    fake.putOrder(order(101, second(30), { base_subtotal_refunded: 40, base_total_refunded: 38.88 }));
    fake.putOrder(order(104, second(31), { state: 'canceled', status: 'canceled' }));
    expect(await poll(t.app.ctx, platform.id)).toMatchObject({ applied: 2 });
    expect(fake.calls.filter((call) => call === 'GET /creditmemos')).toHaveLength(1);
    const rows = await commissionsOf(t, biz.businessId);
    expect(rows.map((c) => [c.order_id, c.amount_cents, c.status])).toEqual([['101', 1440, 'pending'], ['104', 1800, 'cancelled']]);
    // The same memo seen again counts once.
    fake.putOrder(order(101, second(40), { base_subtotal_refunded: 40, base_total_refunded: 38.88 }));
    await poll(t.app.ctx, platform.id);
    expect((await commissionsOf(t, biz.businessId))[0].amount_cents).toBe(1440);
  });

  it('reads orders updated in the same second across a page boundary once, even more than a page of them', async () => {
    const { biz, platform } = await magentoStore();
    // 7 orders a second apart, then 16 in one second: that second's orders straddle pages 1, 2 and 3.
    for (let i = 1; i <= 7; i++) fake.orders.push(order(2000 + i, second(i)));
    for (let i = 1; i <= 16; i++) fake.orders.push(order(3000 + i, second(100)));
    expect(await poll(t.app.ctx, platform.id)).toMatchObject({ applied: 23, stopped: 'done' });
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(23);
    const cursor = await cursorOf(platform.id);
    expect(cursor.updated_at).toBe(second(100));
    expect(cursor.seen_ids).toHaveLength(16);
    // A later order in that same second is still read; the 16 are not read again.
    fake.orders.push(order(3200, second(100)));
    expect(await poll(t.app.ctx, platform.id)).toMatchObject({ applied: 1 });
    const logged = await pollDeliveries(biz.businessId);
    expect(new Set(logged.map((d) => d.order_id)).size).toBe(logged.length);
  });

  it('continues from the cursor after a restart, on a new app instance over the same database', async () => {
    const { biz, platform } = await magentoStore();
    for (let i = 1; i <= 3; i++) fake.orders.push(order(4000 + i, second(i)));
    await poll(t.app.ctx, platform.id);
    await t.app.close();
    const restarted = await startTestApp(t.database, { STORE_ADMIN_ORIGIN: fake.url });
    try {
      fake.orders.push(order(4004, second(3)), order(4005, second(9)));
      expect(await poll(restarted.app.ctx, platform.id)).toMatchObject({ applied: 2 });
      expect((await commissionsOf(t, biz.businessId)).map((c) => c.order_id)).toEqual(['4001', '4002', '4003', '4004', '4005']);
      expect((await pollDeliveries(biz.businessId)).map((d) => d.order_id)).toEqual(['4001', '4002', '4003', '4004', '4005']);
    } finally {
      await restarted.close();
    }
  });

  it('two polls at once, on two instances, apply each order once', async () => {
    const { biz, platform } = await magentoStore();
    for (let i = 1; i <= 35; i++) fake.orders.push(order(5000 + i, second(i)));
    const other = await startTestApp(t.database, { STORE_ADMIN_ORIGIN: fake.url });
    try {
      const outcomes = await Promise.all([poll(t.app.ctx, platform.id), poll(other.app.ctx, platform.id), poll(t.app.ctx, platform.id)]);
      expect(outcomes.reduce((sum, o) => sum + o.applied, 0)).toBe(35);
      expect(outcomes.some((o) => o.stopped === 'moved-by-another-poll')).toBe(true);
    } finally {
      await other.close();
    }
    expect(await commissionsOf(t, biz.businessId)).toHaveLength(35);
    expect(await pollDeliveries(biz.businessId)).toHaveLength(35);
  });

  it('leaves the cursor where it was when Magento is down, and the retried task credits the orders once', async () => {
    const { biz, platform } = await magentoStore();
    fake.orders.push(order(6001, second(1)), order(6002, second(2)));
    expect(await queueStorePolls(t.app.ctx)).toEqual({ queued: 1 });
    // Queued once per period, however often the schedule fires.
    expect(await queueStorePolls(t.app.ctx)).toEqual({ queued: 0 });
    fake.failNext(1, 503);
    await t.app.ctx.tasks.drain();
    const [task] = await t.database.query<{ id: number; status: string; attempts: number; last_error: string }>(`select id, status, attempts, last_error from background_tasks where kind = '${MAGENTO_POLL_STORE_TASK}'`);
    expect(task).toMatchObject({ status: 'queued', attempts: 1 });
    expect(task.last_error).toContain('Magento API answered 503');
    const before = await cursorOf(platform.id);
    expect(before.seen_ids).toEqual([]);
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    await t.database.query(`update background_tasks set run_at = now() where id = ${task.id}`);
    await t.app.ctx.tasks.drain();
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.order_id)).toEqual(['6001', '6002']);
    expect((await cursorOf(platform.id)).seen_ids).toEqual(['6002']);
  });

  it('a refused token is logged for the business and moves nothing; other platforms and stores without credentials are not polled', async () => {
    const { biz, platform } = await magentoStore();
    await businessWithStore(t, 'magento'); // no credentials: never polled
    const shopify = await businessWithStore(t, 'shopify');
    fake.orders.push(order(7001, second(1)));
    await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { platform: 'magento', baseUrl: 'https://shop.example.com', accessToken: 'a-revoked-token-of-some-length' });
    expect(await queueStorePolls(t.app.ctx)).toEqual({ queued: 1 });
    await t.app.ctx.tasks.drain();
    const log = (await biz.client.get('/api/integration-platforms/deliveries')).body as { topic: string; outcome: string; reason: string }[];
    expect(log[0]).toMatchObject({ topic: 'magento/poll', outcome: 'ignored', reason: 'Magento refused the access token (401) for the orders' });
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
    // A platform that is not a Magento store, one that does not exist, a payload id that is no id at all.
    for (const id of [shopify.platform.id, 999999, Number('x'), 2 ** 40, -1]) expect(await pollStore(t.app.ctx, id)).toMatchObject({ stopped: 'not-pollable' });
  });
});
