import { describe, expect, it } from 'vitest';
import { deliverAndProcess } from '@server/test/webhooks';
import { useTestApp } from '@server/test/use-test-app';
import { createRosteredProStaff, type SignedIn } from '@server/test/factories';
import { businessWithStore, commissionsOf, type StorePlatform as Platform } from '@server/test/store-setup';
import { boothForm, createBooth } from '@server/test/booth-setup';
import { applyVerifiedOrder } from '@server/modules/discounts/attribution-service';
import { eq } from 'drizzle-orm';
import { integrationPlatforms } from '@server/db/schema/discounts';
import { fixture, shopifyHeaders } from '../../../../tests/fixtures/sign';

// Booth credit (decision record 040): counter sales at a booth's location inside its hours are split among its staff.
const t = useTestApp();

const LOCATION = 655441491;

/** A signed Shopify POS order rung up at `at` (local time with offset), `subtotal` dollars, optional codes. */
function posOrder(id: number, at: string, subtotal: string, extra: Record<string, unknown> = {}) {
  return {
    ...fixture('shopify/orders-create.json'), id, admin_graphql_api_id: `gid://shopify/Order/${id}`, source_name: 'pos', location_id: LOCATION,
    created_at: at, subtotal_price: subtotal, current_subtotal_price: subtotal, discount_codes: [], discount_applications: [], ...extra,
  };
}

function deliver(platform: Platform, payload: unknown, topic = 'orders/create') {
  const body = JSON.stringify(payload);
  return deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${platform.id}`, payload: body, headers: shopifyHeaders(platform.webhookSecret, body, topic) });
}

async function boothSetup(names: string[], rule: 'equal' | 'by_hours' | 'code_holder' = 'equal', hours: number[] = []) {
  const setup = await businessWithStore(t, 'shopify', 'JAKE10');
  const staff: (SignedIn & { proStaffId: number })[] = [];
  for (const firstName of names) staff.push(await createRosteredProStaff(t, setup.biz, { firstName }));
  const booth = await createBooth(setup.biz, { splitRule: rule, staff: staff.map((s, i) => ({ proStaffId: s.proStaffId, hoursWorked: hours[i] ?? 0 })) });
  return { ...setup, staff, booth };
}

const boothCommissions = async (businessId: number) => (await commissionsOf(t, businessId)).filter((c) => c.source === 'booth');

describe('booth credit', () => {
  it('splits an odd amount equally to the cent: the shares sum to the whole, the extra cent to the lowest id', async () => {
    const { biz, staff, booth, platform } = await boothSetup(['Ana', 'Ben', 'Cal']);
    expect((await deliverPos(platform, 5001, '2027-01-15T10:30:00-07:00', '100.01')).json()).toMatchObject({ action: 'created' });
    // 10% of 100.01 = 1000 cents (rounded), split 334/333/333.
    const rows = await boothCommissions(biz.businessId);
    expect(rows.map((r) => [r.pro_staff_id, r.amount_cents])).toEqual([[staff[0].proStaffId, 334], [staff[1].proStaffId, 333], [staff[2].proStaffId, 333]]);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(1000);
    expect(rows[0].description).toContain('Event booth Denver Sportsman Expo, order 5001');
    // In each staffer's own commissions, labelled with the event.
    const mine = await staff[1].client.get('/api/commissions/pro-staff');
    expect(mine.body).toMatchObject([{ source: 'booth', amountCents: 333, description: expect.stringContaining('Denver Sportsman Expo') }]);
    // The report, by day of the event's zone, at once.
    const report = await biz.client.get(`/api/booth-events/${booth.id}/report`);
    expect(report.body.days).toEqual([{
      date: '2027-01-15', currency: 'USD', sales: 1, codeSales: 0, units: 2, revenueMinor: 10001, commissionMinor: 1000, codes: [],
      staffers: staff.map((s, i) => ({ proStaffId: s.proStaffId, name: `${['Ana', 'Ben', 'Cal'][i]} Hunter`, commissionMinor: i === 0 ? 334 : 333 })),
    }]);
    const csv = await biz.client.get(`/api/booth-events/${booth.id}/report.csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\r\n')[1]).toBe('2027-01-15,USD,1,0,2,100.01,10.00,,Ana Hunter: 3.34; Ben Hunter: 3.33; Cal Hunter: 3.33');
  });

  it('a code a later delivery fills in on a sale already split at the booth earns nothing: never both', async () => {
    const { biz, staff, platform } = await boothSetup(['Ana', 'Ben']);
    await deliverPos(platform, 5020, '2027-01-15T10:00:00-07:00', '100.00');
    const update = posOrder(5020, '2027-01-15T10:00:00-07:00', '100.00', { discount_codes: [{ code: 'JAKE10' }] });
    expect((await deliver(platform, update, 'orders/updated')).statusCode).toBe(200);
    const rows = await commissionsOf(t, biz.businessId);
    expect(rows.map((r) => [r.source, r.pro_staff_id, r.amount_cents])).toEqual([['booth', staff[0].proStaffId, 500], ['booth', staff[1].proStaffId, 500]]);
  });

  it('splits by hours worked', async () => {
    const { biz, staff, platform } = await boothSetup(['Ana', 'Ben'], 'by_hours', [6, 2]);
    await deliverPos(platform, 5002, '2027-01-15T16:59:00-07:00', '100.00');
    expect((await boothCommissions(biz.businessId)).map((r) => [r.pro_staff_id, r.amount_cents])).toEqual([[staff[0].proStaffId, 750], [staff[1].proStaffId, 250]]);
  });

  it('code or booth, never both: a code earns its holder only; a code of someone off the booth is a code sale in the report', async () => {
    const { biz, jake, staff, platform, booth } = await boothSetup(['Ana', 'Ben']);
    await deliverPos(platform, 5003, '2027-01-15T11:00:00-07:00', '100.00', { discount_codes: [{ code: 'JAKE10' }] });
    expect((await commissionsOf(t, biz.businessId)).map((r) => [r.source, r.pro_staff_id, r.amount_cents])).toEqual([['order', jake.proStaffId, 1000]]);
    const anaCode = await biz.client.post('/api/discount-codes', { code: 'ANA15', description: 'Ana', discountType: 'percentage', discountValue: 15, platform: 'All platforms', proStaffId: staff[0].proStaffId, commissionRate: 15 });
    expect(anaCode.status).toBe(201);
    await deliverPos(platform, 5004, '2027-01-15T11:05:00-07:00', '100.00', { discount_codes: [{ code: 'ANA15' }] });
    expect((await commissionsOf(t, biz.businessId)).map((r) => [r.source, r.pro_staff_id, r.amount_cents])).toEqual([['order', jake.proStaffId, 1000], ['order', staff[0].proStaffId, 1500]]);
    const report = await biz.client.get(`/api/booth-events/${booth.id}/report`);
    expect(report.body.days[0]).toMatchObject({ sales: 2, codeSales: 2, codes: ['ANA15', 'JAKE10'], commissionMinor: 2500 });
  });

  it('code_holder rule: only codes earn at the booth; a sale without a code is in the report but earns nobody', async () => {
    const { biz, platform, booth } = await boothSetup(['Ana', 'Ben'], 'code_holder');
    const res = await deliverPos(platform, 5005, '2027-01-15T12:00:00-07:00', '100.00');
    expect(res.json()).toMatchObject({ action: 'recorded' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect((await biz.client.get(`/api/booth-events/${booth.id}/report`)).body.days[0]).toMatchObject({ sales: 1, codeSales: 0, commissionMinor: 0 });
    const log = await biz.client.get('/api/integration-platforms/deliveries');
    expect(log.body[0].reason).toBe('Sale at the booth of Denver Sportsman Expo: only codes earn there');
  });

  it('overlapping booths at one location: the one that started latest takes the sale, never both', async () => {
    const { biz, staff, platform } = await boothSetup(['Ana']);
    const ben = await createRosteredProStaff(t, biz, { firstName: 'Ben' });
    const later = await createBooth(biz, { name: 'Afternoon demo', days: [{ date: '2027-01-15', windows: [{ from: '12:00', to: '14:00' }] }], staff: [{ proStaffId: ben.proStaffId, hoursWorked: 2 }] });
    await deliverPos(platform, 5006, '2027-01-15T13:00:00-07:00', '50.00');
    await deliverPos(platform, 5007, '2027-01-15T15:00:00-07:00', '50.00');
    expect((await boothCommissions(biz.businessId)).map((r) => [r.order_id, r.pro_staff_id, r.amount_cents])).toEqual([['5006', ben.proStaffId, 500], ['5007', staff[0].proStaffId, 500]]);
    expect((await biz.client.get(`/api/booth-events/${later.id}/report`)).body.days).toMatchObject([{ sales: 1 }]);
  });

  it('a sale one minute outside the hours, at another location or online gets no booth credit', async () => {
    const { biz, platform, booth } = await boothSetup(['Ana', 'Ben']);
    await deliverPos(platform, 5008, '2027-01-15T08:59:00-07:00', '100.00');
    await deliverPos(platform, 5009, '2027-01-15T17:00:00-07:00', '100.00');
    await deliverPos(platform, 5010, '2027-01-15T10:00:00-07:00', '100.00', { location_id: 1 });
    await deliverPos(platform, 5011, '2027-01-15T10:00:00-07:00', '100.00', { location_id: null, source_name: 'web' });
    expect(await commissionsOf(t, biz.businessId)).toEqual([]);
    expect((await biz.client.get(`/api/booth-events/${booth.id}/report`)).body.days).toEqual([]);
  });

  it('a counter sale rung up on one of the booth’s POS devices, or by its register staff, is the booth’s wherever the location', async () => {
    const { biz, staff, platform } = await boothSetup(['Ana', 'Ben']);
    await biz.client.request('PUT', `/api/booth-events/${(await biz.client.get('/api/booth-events')).body[0].id}`, boothForm({ locationIds: [], deviceIds: ['71', '902'], staff: staff.map((s) => ({ proStaffId: s.proStaffId, hoursWorked: 0 })) }));
    await deliverPos(platform, 5030, '2027-01-15T10:00:00-07:00', '100.00', { location_id: 1, device_id: 71, user_id: null });
    await deliverPos(platform, 5031, '2027-01-15T10:05:00-07:00', '100.00', { location_id: null, device_id: null, user_id: 902 });
    // Online orders carry no POS device: a device id on one is not read.
    await deliverPos(platform, 5032, '2027-01-15T10:10:00-07:00', '100.00', { source_name: 'web', location_id: null, device_id: 71 });
    await deliverPos(platform, 5033, '2027-01-15T10:15:00-07:00', '100.00', { location_id: 1, device_id: 72, user_id: 903 });
    expect((await boothCommissions(biz.businessId)).map((r) => [r.order_id, r.amount_cents])).toEqual([['5030', 500], ['5030', 500], ['5031', 500], ['5031', 500]]);
  });

  it('a refund lowers every booth commission; a cancellation cancels them all', async () => {
    const { biz, platform, booth } = await boothSetup(['Ana', 'Ben', 'Cal']);
    await deliverPos(platform, 5012, '2027-01-15T10:00:00-07:00', '100.00');
    expect((await boothCommissions(biz.businessId)).map((r) => r.amount_cents)).toEqual([334, 333, 333]);
    const refund = { id: 77, admin_graphql_api_id: 'gid://shopify/Refund/77', refund_line_items: [{ subtotal: '40.00' }] };
    expect((await deliverPos(platform, 5012, '2027-01-15T10:00:00-07:00', '100.00', { refunds: [refund] }, 'orders/updated')).json()).toMatchObject({ action: 'adjusted' });
    expect((await boothCommissions(biz.businessId)).map((r) => r.amount_cents)).toEqual([200, 200, 200]);
    expect((await biz.client.get(`/api/booth-events/${booth.id}/report`)).body.days[0]).toMatchObject({ revenueMinor: 6000, commissionMinor: 600 });
    await deliverPos(platform, 5012, '2027-01-15T10:00:00-07:00', '100.00', { refunds: [refund], cancelled_at: '2027-01-16T10:00:00-07:00' }, 'orders/cancelled');
    expect((await boothCommissions(biz.businessId)).map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await biz.client.get(`/api/booth-events/${booth.id}/report`)).body.days[0]).toMatchObject({ revenueMinor: 0, commissionMinor: 0 });
  });

  it('parallel deliveries of the same order credit the booth once', async () => {
    const { biz, platform } = await boothSetup(['Ana', 'Ben']);
    const [row] = await t.app.ctx.db.select().from(integrationPlatforms).where(eq(integrationPlatforms.id, platform.id));
    const facts = {
      platform: row, source: 'shopify' as const, orderId: '5013', codes: [], baseMinor: 10_001, currency: 'USD',
      channel: 'pos' as const, locationId: String(LOCATION), placedAt: new Date('2027-01-15T18:00:00Z'), units: 1,
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => applyVerifiedOrder(t.app.ctx, facts, { topic: 'orders/create' })));
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
    expect((await boothCommissions(biz.businessId)).map((r) => r.amount_cents)).toEqual([500, 500]);
  });
});

function deliverPos(platform: Platform, id: number, at: string, subtotal: string, extra: Record<string, unknown> = {}, topic = 'orders/create') {
  return deliver(platform, posOrder(id, at, subtotal, extra), topic);
}
