// Counter sales (issue 44, decision record 040): the time from a signed Square notification or Shopify POS delivery
// reaching the app to the staffer's commission existing, on PostgreSQL, with the app's own background worker (as in
// production: the route queues, the worker fetches and credits). The fake Square API answers after a realistic
// 150–450 ms (network and Square's own time); a Shopify POS order carries its amounts, so it needs no fetch.
// Deliveries are paced (BENCH_COUNTER_RATE a second) like a busy expo weekend's tills, not a burst.
//   node --import tsx bench/counter-sales.ts      (BENCH_COUNTER_SALES=60 each; --smoke: 4 each)
// Target: p95 from delivery to credited commission under 60 s for each kind, every sale credited exactly once.
import crypto from 'node:crypto';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { createBusiness, createProStaff } from '../src/server/test/factories';
import { startTestApp, type TestApp } from '../src/server/test/test-app';
import { FAKE_SQUARE_SIGNATURE_KEY, FAKE_SQUARE_TOKEN, startFakeSquare } from '../src/server/test/fake-square';
import { fixture, shopifyHeaders, squareHeaders } from '../tests/fixtures/sign';
import { throwawayDatabase } from './lib/throwaway-database';
import { failOnTiming, sized } from './lib/smoke';

const SALES = sized('BENCH_COUNTER_SALES', 60, 4);
const RATE = Number(process.env.BENCH_COUNTER_RATE ?? 4);
const TARGET_P95_MS = 60_000;
const PUBLIC_URL = 'https://huntstaff.bench';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function must<T extends { status: number }>(res: T, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify((res as { body?: unknown }).body)}`);
  return res;
}

/** A business with a store of `platformType`, a staffer and the code JAKE10 (10%) for them. */
async function store(t: TestApp, platformType: 'square' | 'shopify') {
  const biz = await createBusiness(t, { tier: 'professional' });
  const jake = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  const platform = must(await biz.client.post('/api/integration-platforms', { name: `Bench ${platformType}`, platformType }), 201, 'platform').body as { id: number; webhookSecret: string };
  must(await biz.client.post('/api/discount-codes', { code: 'JAKE10', description: 'Jake', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: jake.proStaffId, commissionRate: 10 }), 201, 'code');
  return { biz, platform };
}

async function main() {
  const throwaway = process.env.BENCH_DATABASE_URL ? null : await throwawayDatabase('hs_bench_counter');
  const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  const square = await startFakeSquare({ latencyMs: () => 150 + Math.random() * 300 });
  const database = await openDatabase({ url });
  let t: TestApp | undefined;
  try {
    await runMigrations(database);
    t = await startTestApp(database, { DATABASE_URL: url, BACKGROUND_WORKER: 'true', STORE_ADMIN_ORIGIN: square.url, PUBLIC_URL });
    const app = t;
    const squareStore = await store(app, 'square');
    must(await squareStore.biz.client.put(`/api/gear/stores/${squareStore.platform.id}/credentials`, { platform: 'square', accessToken: FAKE_SQUARE_TOKEN, signatureKey: FAKE_SQUARE_SIGNATURE_KEY, environment: 'production' }), 204, 'credentials');
    const shopifyStore = await store(app, 'shopify');
    const template = (fixture('square/retrieve-order.json') as { order: Record<string, unknown> }).order;
    const credited = async (orderId: string) =>
      (await database.query<{ n: number }>(`select count(*)::int as n from commissions where order_id = '${orderId}' and source = 'order'`))[0].n;

    /** Sends one sale of `kind`, then waits until its commission exists: milliseconds from sending. */
    const sale = async (kind: 'square' | 'pos', i: number): Promise<number> => {
      const started = performance.now();
      let orderId: string;
      if (kind === 'square') {
        orderId = `BENCH${crypto.randomBytes(9).toString('hex').toUpperCase()}`;
        square.orders.set(orderId, { ...template, id: orderId });
        const body = fixture('square/order-updated.json') as { event_id: string; data: { id: string; object: { order_updated: { order_id: string } } } };
        body.event_id = crypto.randomUUID();
        body.data.id = orderId;
        body.data.object.order_updated.order_id = orderId;
        const raw = JSON.stringify(body);
        const path = `/api/webhooks/square/${squareStore.platform.id}`;
        must(await app.app.inject({ method: 'POST', url: path, payload: raw, headers: squareHeaders(FAKE_SQUARE_SIGNATURE_KEY, `${PUBLIC_URL}${path}`, raw) }).then((r) => ({ status: r.statusCode, body: r.body })), 200, 'square delivery');
      } else {
        orderId = String(9_100_000_000 + i);
        const order = {
          ...fixture('shopify/orders-create.json'), id: Number(orderId), admin_graphql_api_id: `gid://shopify/Order/${orderId}`, source_name: 'pos', location_id: 655441491,
          discount_codes: [{ code: 'JAKE10', amount: '10.00', type: 'percentage' }],
        };
        const raw = JSON.stringify(order);
        must(await app.app.inject({ method: 'POST', url: `/api/webhooks/shopify/${shopifyStore.platform.id}`, payload: raw, headers: shopifyHeaders(shopifyStore.platform.webhookSecret, raw, 'orders/create') }).then((r) => ({ status: r.statusCode, body: r.body })), 200, 'pos delivery');
      }
      for (;;) {
        if ((await credited(orderId)) > 0) return performance.now() - started;
        if (performance.now() - started > 5 * TARGET_P95_MS) throw new Error(`${kind} order ${orderId} was not credited in ${5 * TARGET_P95_MS / 1000} s`);
        await sleep(50);
      }
    };

    let pass = true;
    let correct = true;
    for (const kind of ['square', 'pos'] as const) {
      const runs: Promise<number>[] = [];
      for (let i = 0; i < SALES; i++) {
        runs.push(sale(kind, i));
        await sleep(1000 / RATE);
      }
      const times = await Promise.all(runs);
      const platformId = kind === 'square' ? squareStore.platform.id : shopifyStore.platform.id;
      const [{ orders, commissions }] = await database.query<{ orders: number; commissions: number }>(
        `select (select count(*)::int from store_orders where platform_id = ${platformId}) as orders,
                (select count(*)::int from commissions c join store_orders o on o.order_id = c.order_id and o.business_id = c.business_id where o.platform_id = ${platformId} and c.source = 'order') as commissions`,
      );
      const once = orders === SALES && commissions === SALES;
      const p95 = percentile(times, 95);
      const ok = p95 < TARGET_P95_MS;
      pass &&= ok && once;
      correct &&= once;
      console.log(
        `counter-sales ${kind === 'square' ? 'Square (order fetched, 150–450 ms a call)' : 'Shopify POS'}: ${SALES} sales at ${RATE}/s, delivery to commission ` +
          `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target < ${TARGET_P95_MS / 1000} s); credited once each: ${once ? 'yes' : `NO (${orders} orders, ${commissions} commissions)`}`,
      );
    }
    console.log(`counter-sales: ${pass ? 'PASS' : 'FAIL'}`);
    if (!correct) process.exitCode = 1;
    else if (!pass) failOnTiming();
  } finally {
    await t?.close();
    await database.close();
    await square.close();
    await throwaway?.drop();
  }
}

await main();
