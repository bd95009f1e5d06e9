import { expect, it } from 'vitest';
import { DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '@server/db/seed/demo-accounts';
import { seedDemoData } from '@server/db/seed/demo-data';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';

const t = useTestApp();

async function signIn(email: string) {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

it('seeds a gear program both sides can read: tiers, a placed staffer, the catalog, shipments in every state and their gear value', async () => {
  await seedDemoData(t.database.db);
  const business = await signIn(DEMO_BUSINESS_EMAIL);
  const tiers = (await business.get('/api/gear/tiers')).body;
  expect(tiers.map((tier: { name: string; staffCount: number }) => [tier.name, tier.staffCount])).toEqual([['Field', 0], ['Pro', 1], ['Elite', 0]]);
  const settings = (await business.get('/api/gear/settings')).body;
  expect(settings).toMatchObject({ storeReady: false, productCount: 5, seedableTags: ['pro-staff'], owedDueDays: 14 });
  const catalog = (await business.get('/api/gear/catalog')).body as { title: string; seedable: boolean }[];
  expect(catalog.filter((product) => product.seedable)).toHaveLength(4);
  const requests = (await business.get('/api/gear/requests')).body as { status: string; shipment: { status: string; obligations: { status: string }[] } | null }[];
  expect(requests.map((request) => [request.status, request.shipment?.status ?? null])).toEqual([['requested', null], ['approved', 'in_transit'], ['approved', 'delivered']]);
  expect(requests[2].shipment!.obligations.map((o) => o.status)).toEqual(['done']);
  expect(requests[1].shipment!.obligations.map((o) => o.status)).toEqual(['waiting_for_delivery']);
  // A demo cannot reach a store: approving says what is missing instead of failing later.
  const approve = await business.post('/api/gear/requests/decide', { ids: [1], decision: 'approve', reason: '' });
  expect(approve.status).toBe(409);

  const sarah = await signIn('sarah.whitfield@example.com');
  const program = (await sarah.get('/api/gear/mine')).body.programs[0];
  expect(program).toMatchObject({ companyName: 'Timberline Outfitters', tier: { name: 'Pro' }, proPricing: { code: 'PRO-WHITFIELD-35TL', percentOff: 35, status: 'active' } });
  expect(program.allotment).toMatchObject({ currency: 'USD', limitMinor: 60_000, usedMinor: 36_800 + 11_900 + 6_500, itemsUsed: 4 });
  const received = (await sarah.get('/api/gear/compensation/mine')).body;
  const thisYear = received.totals.reduce((sum: number, total: { valueMinor: number }) => sum + total.valueMinor, 0);
  expect([0, 11_900, 36_800, 48_700]).toContain(thisYear); // (entries dated by their order: 40 and 6 days ago)
});
