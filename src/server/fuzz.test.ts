import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, TestClient, type TestApp } from './test/test-app';
import { createBusiness, createProStaff } from './test/factories';

// Posts random and malformed input to every JSON route as every kind of caller.
// Invariants: never a 5xx, and a refused (4xx) request leaves every table as it was.

const SKIP = new Set(['GET /api/events']); // a stream that never ends by itself
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 6);

let t: TestApp;
let callers: { name: string; client: TestClient }[];

beforeAll(async () => {
  t = await createTestApp();
  const business = await createBusiness(t, { tier: 'enterprise' });
  const proStaff = await createProStaff(t, { tier: 'elite' });
  callers = [
    { name: 'anonymous', client: new TestClient(t.app) },
    { name: 'business', client: business.client },
    { name: 'pro_staff', client: proStaff.client },
  ];
});

afterAll(async () => {
  await t.close();
});

async function tableFingerprint(): Promise<string> {
  const tables = await t.database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  if (tables.length === 0) return '';
  const counts = await t.database.query<{ n: number }>(tables.map((table) => `select count(*)::int as n from "${table.tablename}"`).join(' union all '));
  return tables.map((table, i) => `${table.tablename}=${counts[i].n}`).join(',');
}

const pathValue = fc.oneof(fc.constantFrom('1', '2', '0', '-1', 'abc', '99999999999', '1.5', '%20', 'null'), fc.integer({ min: 1, max: 5 }).map(String));
const body = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom('id', 'email', 'password', 'title', 'content', 'amount', 'status', 'tier', 'code', 'rating', 'budget', 'userId', 'toUserId'), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.double())),
);

describe('fuzzing every API route', () => {
  it('never answers 5xx and never half-writes on a refused request', async () => {
    const routes = t.app.apiRoutes.filter((route) => !SKIP.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), fc.array(pathValue, { minLength: 4, maxLength: 4 }), body, async (caller, params, payload) => {
          let index = 0;
          const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(params[index++ % params.length])).replace(/\*$/, 'x');
          const before = await tableFingerprint();
          const raw = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: caller.client.cookie ? { cookie: caller.client.cookie, 'content-type': 'application/json' } : { 'content-type': 'application/json' },
            payload: ['GET', 'DELETE'].includes(route.method) ? undefined : JSON.stringify(payload),
          });
          // 503 is the deliberate answer of features whose provider is not configured (e.g. Stripe).
          const unconfigured = raw.statusCode === 503 && raw.body.includes('SERVICE_UNAVAILABLE');
          if (raw.statusCode >= 500 && !unconfigured) failures.push(`${route.method} ${url} as ${caller.name} -> ${raw.statusCode} ${raw.body.slice(0, 200)}`);
          if (raw.statusCode >= 400 && raw.statusCode < 500 && (await tableFingerprint()) !== before) {
            failures.push(`${route.method} ${url} as ${caller.name} -> ${raw.statusCode} but rows changed`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
      );
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
