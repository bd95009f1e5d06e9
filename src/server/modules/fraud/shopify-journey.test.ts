import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_SHOPIFY_DOMAIN, FAKE_SHOPIFY_TOKEN, startFakeShopifyAdmin, type FakeJourneySummary, type FakeShopifyAdmin, type ShopifyScope, ALL_SHOPIFY_SCOPES } from '@server/test/fake-shopify-admin';
import { businessWithStore, commissionsOf, type StorePlatform } from '@server/test/store-setup';
import { restoreAfterEach, useTestApp } from '@server/test/use-test-app';
import { deliverAndProcess } from '@server/test/webhooks';
import { journeySettings } from './shopify-journey';
import { fixture, shopifyHeaders } from '../../../../tests/fixtures/sign';

// Issue 43 (b): the coupon-site referrer signal also reads Shopify's customerJourneySummary, fetched through the
// GraphQL Admin API in the queued processing of the order webhook, where the business connected its admin access.

let shopify: FakeShopifyAdmin;
beforeAll(async () => {
  shopify = await startFakeShopifyAdmin();
});
afterAll(() => shopify.close());
beforeEach(() => {
  shopify.state.journeys.length = 0;
  shopify.state.scopes = new Set(ALL_SHOPIFY_SCOPES);
  shopify.calls.length = 0;
});
restoreAfterEach(journeySettings);

const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: shopify.url }));
const journey = () => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../tests/fixtures/fraud/shopify-customer-journey-summary.json'), 'utf8')) as FakeJourneySummary;
/** The published orders/create sample: no referring_site or landing_site, the codes WELCOME5 and jake10. */
const order = () => fixture<Record<string, unknown>>('shopify/orders-create.json');
/** Past 2^53: the adapter and the fake read it from the GID as text. */
const ORDER_ID = '820982911946154508';

async function store(options: { connected: boolean }) {
  const world = await businessWithStore(t, 'shopify', 'JAKE10');
  if (options.connected) {
    const saved = await world.biz.client.put(`/api/gear/stores/${world.platform.id}/credentials`, { platform: 'shopify', shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: FAKE_SHOPIFY_TOKEN });
    expect(saved.status, JSON.stringify(saved.body)).toBe(204);
  }
  return world;
}

async function deliver(platform: StorePlatform, payload: Record<string, unknown>, topic = 'orders/create') {
  const body = JSON.stringify(payload);
  const res = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, topic) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

type Flag = { signal: string; held: boolean; evidence: Record<string, unknown> };
const flagsOf = async (world: Awaited<ReturnType<typeof store>>) => (await world.biz.client.get('/api/fraud/flags')).body.flags as Flag[];
const journeyCalls = () => shopify.calls.filter((call) => call === 'order');

async function staffEmail(proStaffId: number): Promise<string> {
  const [row] = await t.database.query<{ email: string }>(`select u.email from users u join pro_staff_profiles p on p.user_id = u.id where p.id = ${proStaffId}`);
  return row.email;
}

describe('Shopify customerJourneySummary in the coupon-site referrer signal', () => {
  it('flags an order whose journey came from a coupon site although the webhook carries no referrer', async () => {
    const world = await store({ connected: true });
    shopify.state.journeys.push({ orderId: ORDER_ID, name: '#9999', summary: journey() });
    expect(await deliver(world.platform, order())).toMatchObject({ action: 'created' });
    expect(journeyCalls()).toEqual(['order']);
    const flags = await flagsOf(world);
    expect(flags).toEqual([expect.objectContaining({ signal: 'coupon_referrer', held: true, evidence: { referrer: 'couponfollow.com', listed: 'couponfollow.com' } })]);
  });

  it('asks nothing where the business has not connected its Shopify admin access, and the order is not flagged', async () => {
    const world = await store({ connected: false });
    shopify.state.journeys.push({ orderId: ORDER_ID, name: '#9999', summary: journey() });
    expect(await deliver(world.platform, order())).toMatchObject({ action: 'created' });
    expect(shopify.calls).toEqual([]);
    expect(await flagsOf(world)).toEqual([]);
  });

  it('asks once per order: not for a later delivery of an order that has its commission, nor for an order without a code of ours', async () => {
    const world = await store({ connected: true });
    shopify.state.journeys.push({ orderId: ORDER_ID, name: '#9999', summary: { ...journey(), firstVisit: null } });
    await deliver(world.platform, order());
    await deliver(world.platform, order(), 'orders/updated');
    await deliver(world.platform, { ...order(), admin_graphql_api_id: 'gid://shopify/Order/820982911946154509', discount_codes: [{ code: 'WELCOME5', amount: '5.00', type: 'fixed_amount' }], discount_applications: [] });
    expect(journeyCalls()).toEqual(['order']);
    // The last visit was typed in: nothing to flag.
    expect(await flagsOf(world)).toEqual([]);
  });

  it('a summary Shopify has not finished (not ready) adds nothing', async () => {
    const world = await store({ connected: true });
    shopify.state.journeys.push({ orderId: ORDER_ID, name: '#9999', summary: { ready: false, momentsCount: null, firstVisit: null, lastVisit: null } });
    expect(await deliver(world.platform, order())).toMatchObject({ action: 'created' });
    expect(journeyCalls()).toEqual(['order']);
    expect(await flagsOf(world)).toEqual([]);
  });

  const failures: [string, () => void, RegExp][] = [
    ['refused (the app lacks read_orders)', () => { shopify.state.scopes = new Set(ALL_SHOPIFY_SCOPES.filter((scope) => scope !== 'read_orders') as ShopifyScope[]); }, /refused: missing_scope/],
    ['throttled', () => shopify.throttleNext(1), /StoreUnavailable/],
    ['down (503)', () => shopify.failNext(1), /StoreUnavailable/],
    ['too slow (past the timeout)', () => { journeySettings.timeoutMs = 300; shopify.slowNext(1, 3_000); }, /StoreUnavailable/],
  ];
  for (const [what, arrange, failure] of failures) {
    it(`when Shopify is ${what}, the commission and the other signals stand, and the log names no token`, async () => {
      const world = await store({ connected: true });
      shopify.state.journeys.push({ orderId: ORDER_ID, name: '#9999', summary: journey() });
      arrange();
      const warn = vi.spyOn(t.app.ctx.log, 'warn');
      const email = await staffEmail(world.jake.proStaffId);
      const started = Date.now();
      expect(await deliver(world.platform, { ...order(), email, customer: { ...(order().customer as object), email } })).toMatchObject({ action: 'created' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await commissionsOf(t, world.biz.businessId)).toHaveLength(1);
      expect((await flagsOf(world)).map((flag) => flag.signal)).toEqual(['own_use']);
      const logged = warn.mock.calls.filter(([, message]) => typeof message === 'string' && message.includes('customer journey'));
      expect(logged).toHaveLength(1);
      expect(logged[0][0]).toMatchObject({ platformId: world.platform.id, orderId: ORDER_ID, failure: expect.stringMatching(failure) });
      expect(JSON.stringify(logged)).not.toContain(FAKE_SHOPIFY_TOKEN);
      expect(JSON.stringify(logged)).not.toContain(email);
    });
  }
});
