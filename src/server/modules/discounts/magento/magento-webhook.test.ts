import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { deliverAndProcess } from '@server/test/webhooks';
import { createProStaff } from '@server/test/factories';
import { businessWithStore, commissionsOf, ordersOf, type StorePlatform } from '@server/test/store-setup';
import { FAKE_MAGENTO_TOKEN, startFakeMagento, type FakeMagento } from '@server/test/fake-magento';
import { bigCommerceHeaders, fixture } from '../../../../../tests/fixtures/sign';

// The Adobe Commerce webhook (the fast path next to the poll, decision record 040) and the Magento credentials.

type Json = Record<string, unknown>;
let fake: FakeMagento;
beforeAll(async () => {
  fake = await startFakeMagento({ orders: [] });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.orders.length = 0;
  fake.creditMemos.length = 0;
  fake.calls.length = 0;
  const pages = ['magento/orders-search-page-1.json', 'magento/orders-search-page-2.json'].flatMap((name) => fixture<{ items: Json[] }>(name).items);
  fake.orders.push(...pages);
  fake.creditMemos.push(...fixture<{ items: Json[] }>('magento/creditmemos.json').items);
});
const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: fake.url }));

const credentials = { platform: 'magento', baseUrl: 'https://shop.example.com', accessToken: FAKE_MAGENTO_TOKEN };
async function magentoStore(save = true) {
  const setup = await businessWithStore(t, 'magento', 'JAKE10');
  if (save) expect((await setup.biz.client.put(`/api/gear/stores/${setup.platform.id}/credentials`, credentials)).status).toBe(204);
  return setup;
}
const notify = (platform: StorePlatform, body: unknown, headers: Record<string, string> = bigCommerceHeaders(platform.webhookSecret)) =>
  deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/magento/${platform.id}`, payload: typeof body === 'string' ? body : JSON.stringify(body), headers });
const saveEvent = (orderId: unknown) => ({ eventName: 'observer.sales_order_save_after', data: { order: { entity_id: orderId, grand_total: 99999 } } });

describe('Magento webhook', () => {
  it('fetches the order it names and credits it from the API’s amounts, never the notification’s', async () => {
    const { biz, platform } = await magentoStore();
    const answer = (await notify(platform, saveEvent(101))).json();
    expect(answer).toEqual({ received: true, action: 'created', orderId: '101', commissionId: expect.any(Number) });
    expect(fake.calls).toEqual(['GET /orders/101']);
    expect((await commissionsOf(t, biz.businessId)).map((c) => [c.amount_cents, c.currency])).toEqual([[1800, 'USD']]);
    // Plugin-shaped and hand-made notifications name the order elsewhere; 103 has two codes, JAKE10 second.
    expect((await notify(platform, { order: { entity_id: 103 } })).json()).toMatchObject({ action: 'created', orderId: '103' });
    expect((await ordersOf(t, biz.businessId)).map((o) => [o.order_id, o.codes_seen, o.order_value_cents, o.currency])).toEqual([
      ['101', ['JAKE10'], 18000, 'USD'],
      ['103', ['WELCOME5', 'JAKE10'], 6800, 'EUR'],
    ]);
  });

  it('follows a credit memo when the order says money went back', async () => {
    const { biz, platform } = await magentoStore();
    await notify(platform, saveEvent(101));
    fake.putOrder({ ...fake.orders[0], base_subtotal_refunded: 40, base_total_refunded: 38.88 });
    expect((await notify(platform, saveEvent(101))).json()).toMatchObject({ action: 'adjusted' });
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([1440]);
  });

  it('refuses a wrong or missing secret (401) and another platform type or id (404), storing nothing', async () => {
    const { biz, platform } = await magentoStore();
    const { platform: shopify } = await businessWithStore(t, 'shopify');
    expect((await notify(platform, saveEvent(101), bigCommerceHeaders('wrong-secret'))).statusCode).toBe(401);
    expect((await notify(platform, saveEvent(101), { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect((await notify({ ...shopify, webhookSecret: shopify.webhookSecret }, saveEvent(101))).statusCode).toBe(404);
    expect((await notify({ ...platform, id: 999999 }, saveEvent(101))).statusCode).toBe(404);
    expect(fake.calls).toEqual([]);
    expect(await ordersOf(t, biz.businessId)).toEqual([]);
  });

  it('records a signed notification it cannot use as ignored, with the reason, and answers 200', async () => {
    const { platform } = await magentoStore();
    const cases: [unknown, string][] = [
      ['not json\u0000', 'The body is not a JSON object'],
      [{ data: { order: { entity_id: true } } }, 'The notification names no order entity_id'],
      [{ data: { order: { entity_id: 1e300 } } }, 'The notification names no order entity_id'],
      [{ order_id: '12\u00003' }, 'The notification names no order entity_id'],
      [saveEvent(424242), 'Magento has no such order (404)'],
    ];
    for (const [body, reason] of cases) {
      const delivered = await notify(platform, body);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toMatchObject({ action: 'ignored', reason });
    }
    const { platform: noToken } = await magentoStore(false);
    expect((await notify(noToken, saveEvent(101))).json()).toMatchObject({ action: 'ignored', reason: 'No Magento access token is saved for this store: the order cannot be fetched' });
  });

  it('retries when Magento is down: the task fails, and a later attempt credits the order', async () => {
    const { biz, platform } = await magentoStore();
    fake.failNext(1, 503);
    expect((await notify(platform, saveEvent(101))).json()).toMatchObject({ taskStatus: 'queued', attempts: 1 });
    await t.database.query(`update background_tasks set run_at = now() where status = 'queued'`);
    await t.app.ctx.tasks.drain();
    expect((await commissionsOf(t, biz.businessId)).map((c) => c.amount_cents)).toEqual([1800]);
  });
});

describe('Magento credentials', () => {
  it('validates the address and token, and keeps them sealed', async () => {
    const { biz, platform } = await magentoStore(false);
    const put = (body: unknown) => biz.client.put(`/api/gear/stores/${platform.id}/credentials`, body);
    expect((await put({ ...credentials, baseUrl: 'http://shop.example.com' })).status).toBe(400);
    expect((await put({ ...credentials, baseUrl: 'not a url' })).status).toBe(400);
    expect((await put({ ...credentials, accessToken: 'short' })).status).toBe(400);
    expect((await put({ ...credentials, accessToken: true })).status).toBe(400);
    expect((await put({ ...credentials, accessToken: 'x'.repeat(201) })).status).toBe(400);
    expect((await put({ platform: 'magento', baseUrl: 'https://shop.example.com' })).status).toBe(400);
    expect((await put({ ...credentials, platform: 'squarespace' })).status).toBe(400);
    expect((await put(credentials)).status).toBe(204);
    const [row] = await t.database.query<{ store_address: string; sealed: string }>(`select store_address, sealed from store_admin_credentials where platform_id = ${platform.id}`);
    expect(row.store_address).toBe('https://shop.example.com');
    expect(row.sealed).not.toContain(FAKE_MAGENTO_TOKEN);
  });

  it('is for the store’s own business only: signed out 401, pro staff 403, another business 404, another platform type 400', async () => {
    const { platform } = await magentoStore(false);
    const url = `/api/gear/stores/${platform.id}/credentials`;
    expect((await t.anonymous().put(url, credentials)).status).toBe(401);
    expect((await (await createProStaff(t)).client.put(url, credentials)).status).toBe(403);
    const other = await businessWithStore(t, 'shopify');
    expect((await other.biz.client.put(url, credentials)).status).toBe(404);
    expect((await other.biz.client.put(`/api/gear/stores/${other.platform.id}/credentials`, credentials)).status).toBe(400);
  });
});
