import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, shopifyHeaders } from '../../../../tests/fixtures/sign';
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '@server/test/fake-shopify-admin';
import { FIELD_TIER, SHIPPING_ADDRESS, gearProgram, runTasksNow, shopifyCatalog, type GearProgram } from '@server/test/gear-setup';
import { createBusiness, createProStaff, createRosteredProStaff } from '@server/test/factories';
import { useTestApp } from '@server/test/use-test-app';
import { orderPayableAt } from '@server/modules/commissions/service';
import { deliverAndProcess } from '@server/test/webhooks';

// Pay in gear (issue 41, decision record 038) through the API, against the fake Shopify Admin GraphQL API.

let shop: FakeShopifyAdmin;
beforeAll(async () => {
  shop = await startFakeShopifyAdmin({ products: shopifyCatalog() });
});
afterAll(() => shop.close());
beforeEach(() => {
  shop.state.products = shopifyCatalog();
  shop.state.draftOrders.length = 0;
  shop.state.orders.length = 0;
  shop.state.discounts.length = 0;
  shop.state.customers.length = 0;
});

const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: shop.url }));

const ask = (program: GearProgram, items: { sku: string; quantity: number }[]) =>
  program.pro.client.post('/api/gear/requests', {
    businessId: program.biz.businessId, items: items.map((item) => ({ variantId: program.variant[item.sku], quantity: item.quantity })), shippingAddress: SHIPPING_ADDRESS,
  });

/** A fulfillments/* delivery for a store order, built from Shopify's published fulfillment (the bare resource). */
function fulfilment(orderGid: string, over: Record<string, unknown> = {}) {
  const body = fixture<{ fulfillment: Record<string, unknown> }>('shopify/published/fulfillment-1069019877.json').fulfillment;
  return JSON.stringify({ ...body, order_id: Number(orderGid.split('/').pop()), ...over });
}

async function deliverFulfilment(program: GearProgram, topic: string, payload: string) {
  return deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/shopify/${program.platformId}`, payload, headers: shopifyHeaders(program.webhookSecret, payload, topic) });
}

describe('gear requests', () => {
  it('takes a request within the allotment, refuses what is over it, out of stock, unseedable or malformed', async () => {
    const program = await gearProgram(t);
    expect(Object.keys(program.variant).sort()).toEqual(['RP', 'SK', 'TJ-L', 'TJ-M']);

    const made = await ask(program, [{ sku: 'TJ-L', quantity: 1 }, { sku: 'RP', quantity: 2 }]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'requested', currency: 'USD', totalMinor: 28_000, itemCount: 3, tierName: 'Field' });

    const mine = (await program.pro.client.get('/api/gear/mine')).body.programs[0];
    expect(mine.allotment).toMatchObject({ limitMinor: 50_000, usedMinor: 28_000, remainingMinor: 22_000, itemsLimit: 6, itemsUsed: 3 });
    expect(mine.tier.name).toBe('Field');

    const over = await ask(program, [{ sku: 'TJ-L', quantity: 2 }]);
    expect(over.status).toBe(409);
    expect(over.body.error.details).toMatchObject({ reason: 'allotment', limitMinor: 50_000, usedMinor: 28_000 });

    const soldOut = await ask(program, [{ sku: 'TJ-M', quantity: 1 }]);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error.details).toEqual({ reason: 'out_of_stock', variantIds: [program.variant['TJ-M']] });

    const knife = await ask(program, [{ sku: 'SK', quantity: 1 }]);
    expect(knife.status).toBe(400);


    for (const body of [{}, { businessId: program.biz.businessId, items: [], shippingAddress: SHIPPING_ADDRESS }, { businessId: true, items: [{ variantId: 1, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS }]) {
      expect((await program.pro.client.post('/api/gear/requests', body)).status).toBe(400);
    }
    const badAddress = await program.pro.client.post('/api/gear/requests', { businessId: program.biz.businessId, items: [{ variantId: program.variant.RP, quantity: 1 }], shippingAddress: { ...SHIPPING_ADDRESS, country: 'USA', name: '\u0000' } });
    expect(badAddress.status).toBe(400);
  });

  it('counts items when the tier limits items only', async () => {
    const program = await gearProgram(t, { allotmentMinor: 0, itemsPerYear: 2 });
    expect((await ask(program, [{ sku: 'RP', quantity: 2 }])).status).toBe(201);
    const items = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    expect(items.status).toBe(409);
    expect(items.body.error.details).toEqual({ reason: 'allotment_items', itemsLimit: 2, itemsUsed: 2 });
  });

  it('is refused to staff off the roster or not placed in a tier, and a staffer sees only their own', async () => {
    const program = await gearProgram(t);
    const stranger = await createProStaff(t);
    const refused = await stranger.client.post('/api/gear/requests', { businessId: program.biz.businessId, items: [{ variantId: program.variant.RP, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS });
    expect(refused.status).toBe(403);
    expect((await stranger.client.get(`/api/gear/businesses/${program.biz.businessId}/catalog`)).status).toBe(403);

    const unplaced = await createRosteredProStaff(t, program.biz);
    const noTier = await unplaced.client.post('/api/gear/requests', { businessId: program.biz.businessId, items: [{ variantId: program.variant.RP, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS });
    expect(noTier.status).toBe(409);
    expect(noTier.body.error.message).toMatch(/not placed you in a program tier/);

    const made = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    expect((await unplaced.client.post(`/api/gear/requests/${made.body.id}/cancel`)).status).toBe(404);
    expect((await unplaced.client.get('/api/gear/mine')).body.programs[0].requests).toEqual([]);
    const cancelled = await program.pro.client.post(`/api/gear/requests/${made.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await program.pro.client.post(`/api/gear/requests/${made.body.id}/cancel`)).status).toBe(409);
    expect((await program.pro.client.get('/api/gear/mine')).body.programs[0].allotment.usedMinor).toBe(0);
  });

  it('never lets parallel requests and edits overrun the allotment', async () => {
    const program = await gearProgram(t, { itemsPerYear: null });
    // 50,000 allotment, 12,000 a jacket-and-nothing… the pack is 8,000: at most six of ten parallel requests fit.
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(program, [{ sku: 'RP', quantity: 1 }])));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 409, 409, 409, 409]);
    const ids = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id as number);
    // The business raises several of them at once: only what fits goes through.
    const edits = await Promise.all(ids.slice(0, 3).map((id) => program.biz.client.put(`/api/gear/requests/${id}/items`, { items: [{ variantId: program.variant.RP, quantity: 2 }] })));
    expect(edits.filter((edit) => edit.status === 200)).toHaveLength(0);
    const [row] = await t.database.query<{ used: number }>(`select coalesce(sum(i.quantity * i.unit_price_minor), 0)::int as used from gear_request_items i join gear_requests r on r.id = i.request_id where r.status in ('requested', 'approved')`);
    expect(row.used).toBeLessThanOrEqual(50_000);
    expect(row.used).toBe(48_000);
  });
});

describe('approval and the seeding order', () => {
  it('approves in bulk, creates one completed $0 order per request in the store, follows its fulfilment and posts the gear value', async () => {
    const campaign = { title: 'Field season', brief: 'Seeded gear', opensOn: new Date().toISOString().slice(0, 10), closesOn: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10), audience: 'roster', memberIds: [] };
    const program = await gearProgram(t);
    const created = await program.biz.client.post('/api/campaigns', campaign);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const task = await program.biz.client.post(`/api/campaigns/${created.body.id}/tasks`, { kind: 'social_post', title: 'Post your seeded gear', platform: 'instagram', requiredTag: '#huntco' });
    const taskId = task.body.tasks.at(-1).id as number;
    const settings = await program.biz.client.put('/api/gear/settings', { platformId: program.platformId, seedableTags: ['pro-seed'], seedableCollections: [], completeOrders: true, owedTaskId: taskId, owedDueDays: 14, owedDueOn: null });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    const first = await ask(program, [{ sku: 'TJ-L', quantity: 1 }]);
    const second = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    const decided = await program.biz.client.post('/api/gear/requests/decide', { ids: [first.body.id, second.body.id, first.body.id], decision: 'approve', reason: '' });
    expect(decided.body).toEqual({ decided: [first.body.id, second.body.id], refused: [] });
    const again = await program.biz.client.post('/api/gear/requests/decide', { ids: [first.body.id], decision: 'reject', reason: 'x' });
    expect(again.body.refused).toEqual([{ id: first.body.id, code: 'CONFLICT', message: 'This request is already approved.' }]);

    await runTasksNow(t);
    expect(shop.state.orders).toHaveLength(2);
    expect(shop.state.draftOrders.every((draft) => draft.status === 'COMPLETED' && draft.tags.some((tag) => /^hs-gear-\d+$/.test(tag)))).toBe(true);
    const queue = (await program.biz.client.get('/api/gear/requests?status=approved')).body;
    const jacket = queue.find((request: { id: number }) => request.id === first.body.id);
    expect(jacket.shipment).toMatchObject({ status: 'ordered', obligations: [{ taskId, status: 'waiting_for_delivery', dueOn: null }] });
    expect(jacket.shipment.orderName).toMatch(/^#\d+/);

    const orderGid = (await t.database.query<{ external_order_id: string }>(`select external_order_id from gear_shipments where request_id = ${first.body.id}`))[0].external_order_id;
    const shipped = await deliverFulfilment(program, 'fulfillments/create', fulfilment(orderGid, { tracking_company: 'UPS' }));
    expect(shipped.json()).toMatchObject({ action: 'recorded', reason: expect.stringMatching(/shipped/) });
    const delivered = await deliverFulfilment(program, 'fulfillments/update', fulfilment(orderGid, { shipment_status: 'delivered', updated_at: '2026-11-20T10:00:00-05:00' }));
    expect(delivered.json().reason).toMatch(/delivered/);
    // A late, repeated "shipped" never moves it back.
    await deliverFulfilment(program, 'fulfillments/update', fulfilment(orderGid));

    const mine = (await program.pro.client.get('/api/gear/mine')).body.programs[0];
    const shipment = mine.requests.find((request: { id: number }) => request.id === first.body.id).shipment;
    expect(shipment).toMatchObject({
      status: 'delivered', carrier: 'UPS', trackingNumber: 'MS1562678', trackingUrl: 'https://www.my-shipping-company.com/?tracking_number=MS1562678', adminUrl: null,
      obligations: [{ taskId, taskTitle: 'Post your seeded gear', dueOn: '2026-12-04', status: expect.stringMatching(/open|overdue/) }],
    });

    const given = (await program.biz.client.get('/api/gear/compensation/business')).body;
    expect(given.totals).toEqual([expect.objectContaining({ proStaffId: program.pro.proStaffId, currency: 'USD', valueMinor: 20_000 })]);
    expect(given.entries.map((entry: { kind: string; amountMinor: number }) => [entry.kind, entry.amountMinor]).sort()).toEqual([['gear_seeded', 12_000], ['gear_seeded', 8_000]]);
    expect(given.notice).toMatch(/fair market value/);
    const yearly = (await program.biz.client.get(`/api/commissions/business/yearly-totals?year=${new Date().getUTCFullYear()}`)).body;
    expect(yearly.totals).toEqual([expect.objectContaining({ proStaffId: program.pro.proStaffId, paidCents: 0, gearValueCents: 20_000, gearValue: '200.00' })]);
    expect((await program.pro.client.get('/api/gear/compensation/mine')).body.totals[0].valueMinor).toBe(20_000);
    const csv = (await program.pro.client.get('/api/gear/compensation/mine/statement')).body as string;
    expect(csv.split('\r\n')[0]).toBe('Date,Business,Pro staff,Kind,Currency,Gear value,Reason');
    expect(csv).toMatch(/Gear received \(non-cash\),USD,120\.00,Gear request #\d+/);
    const notices = await t.database.query<{ title: string }>(`select title from notifications where kind = 'gear' order by id`);
    expect(notices.map((row) => row.title)).toEqual(expect.arrayContaining(['Jake Morrison requested gear', 'Your gear request was approved', 'Your gear shipped', 'Your gear was delivered']));
  });

  it('brands the decision email to the staffer with the business’s brand while its plan includes it (record 045)', async () => {
    const program = await gearProgram(t);
    await t.database.query(`update users set subscription_tier = 'enterprise' where id = ${program.biz.user.id}`);
    expect((await program.biz.client.put('/api/branding/color', { color: '#1f5132' })).status).toBe(200);
    const [{ name }] = await t.database.query<{ name: string }>(`select company_name as name from business_profiles where id = ${program.biz.businessId}`);
    const asked = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    await t.app.ctx.tasks.drain();
    t.mailer.sent.splice(0);
    expect((await program.biz.client.post('/api/gear/requests/decide', { ids: [asked.body.id], decision: 'reject', reason: 'Out of season' })).status).toBe(200);
    await t.app.ctx.tasks.drain();
    const [mail] = t.mailer.sent.filter((sent) => sent.to === program.pro.user.email);
    expect(mail!.subject).toBe(`${name}: Your gear request was declined`);
    expect(mail!.text.startsWith(`${name}\n`)).toBe(true);
    expect(mail!.text).toContain('Out of season');
    expect(mail!.text).toContain(`Sent by ${name} to its pro staff through HuntStaff.`);
  });

  it('re-checks stock at approval, answers each refusal, and frees the allotment of an order the store refuses', async () => {
    const program = await gearProgram(t);
    const jacket = await ask(program, [{ sku: 'TJ-L', quantity: 2 }]);
    const pack = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    // The store's inventory webhook: the large jacket sold out since the request.
    const level = JSON.stringify({ inventory_item_id: 800101, location_id: 1, available: 1, updated_at: '2026-11-27T10:00:00Z' });
    await deliverFulfilment(program, 'inventory_levels/update', level);
    const decided = await program.biz.client.post('/api/gear/requests/decide', { ids: [jacket.body.id, pack.body.id], decision: 'approve', reason: '' });
    expect(decided.body.decided).toEqual([pack.body.id]);
    expect(decided.body.refused).toEqual([expect.objectContaining({ id: jacket.body.id, code: 'CONFLICT', message: expect.stringMatching(/Not enough in stock: Timber Jacket \(Large\)/) })]);

    // The store refuses the pack's order (the variant was deleted there): failed, told, and its value free again.
    shop.state.products = shop.state.products.filter((product) => product.id !== 7002);
    await runTasksNow(t);
    const failed = (await program.biz.client.get('/api/gear/requests?status=approved')).body[0].shipment;
    expect(failed).toMatchObject({ status: 'failed', failureReason: expect.any(String) });
    expect(shop.state.orders).toHaveLength(0);
    const mine = (await program.pro.client.get('/api/gear/mine')).body.programs[0];
    expect(mine.allotment.usedMinor).toBe(24_000);
    expect(mine.requests.find((request: { id: number }) => request.id === pack.body.id).shipment.failureReason).not.toMatch(/variant/i);
  });

  it('makes one order when the store is down or the answer is lost, retrying until it answers', async () => {
    const program = await gearProgram(t);
    const made = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    shop.failNext(2, 503);
    shop.dropAfterCommit('draftOrderCreate');
    expect((await program.biz.client.post('/api/gear/requests/decide', { ids: [made.body.id], decision: 'approve', reason: '' })).body.decided).toEqual([made.body.id]);
    await runTasksNow(t);
    expect(shop.state.draftOrders).toHaveLength(1);
    expect(shop.state.orders).toHaveLength(1);
    const [task] = await t.database.query<{ status: string; attempts: number }>(`select status, attempts from background_tasks where kind = 'gear.order.create'`);
    expect(task).toEqual({ status: 'done', attempts: expect.any(Number) });
    expect(task.attempts).toBeGreaterThanOrEqual(3);
    expect((await program.biz.client.get('/api/gear/requests')).body[0].shipment.status).toBe('ordered');
  });

  it('refuses to approve before a store with credentials is chosen, and a business acts only on its own requests', async () => {
    const program = await gearProgram(t);
    const made = await ask(program, [{ sku: 'RP', quantity: 1 }]);
    const other = await createBusiness(t);
    const theirs = await other.client.post('/api/gear/requests/decide', { ids: [made.body.id], decision: 'reject', reason: '' });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ decided: [], refused: [{ id: made.body.id, code: 'NOT_FOUND', message: 'Gear request not found' }] });
    expect((await other.client.post('/api/gear/requests/decide', { ids: [made.body.id], decision: 'approve', reason: '' })).status).toBe(409);
    expect((await other.client.put(`/api/gear/requests/${made.body.id}/items`, { items: [{ variantId: program.variant.RP, quantity: 1 }] })).status).toBe(404);
    expect((await other.client.get('/api/gear/requests')).body).toEqual([]);
    expect((await program.pro.client.post('/api/gear/requests/decide', { ids: [made.body.id], decision: 'approve', reason: '' })).status).toBe(403);
    expect((await t.anonymous().get('/api/gear/requests')).status).toBe(401);
  });
});

describe('tiers and pro pricing', () => {
  it('moves staff between tiers in the agreement history, creates the personal code in the store, replaces it and disables it', async () => {
    const program = await gearProgram(t);
    await runTasksNow(t);
    expect(shop.state.discounts).toHaveLength(1);
    expect(shop.state.discounts[0]).toMatchObject({ percentage: 0.4, status: 'ACTIVE' });
    expect(shop.state.customers.map((customer) => customer.email)).toEqual([program.pro.user.email]);
    expect((await program.pro.client.get('/api/gear/mine')).body.programs[0].proPricing).toMatchObject({ percentOff: 40, status: 'active', code: expect.stringMatching(/^PRO-MORRISON-/) });

    const elite = await program.biz.client.post('/api/gear/tiers', { ...FIELD_TIER, name: 'Elite', proPricingPercent: 50, allotmentMinor: 150_000 });
    expect((await program.biz.client.put(`/api/gear/staff/${program.pro.proStaffId}/tier`, { tierId: elite.body.id, reason: 'Great season' })).status).toBe(204);
    await runTasksNow(t);
    expect(shop.state.discounts.map((discount) => [discount.percentage, discount.status])).toEqual([[0.4, 'EXPIRED'], [0.5, 'ACTIVE']]);
    const agreementId = (await t.database.query<{ id: number }>(`select id from agreements where pro_staff_id = ${program.pro.proStaffId}`))[0].id;
    const history = (await program.pro.client.get(`/api/agreements/${agreementId}/history`)).body;
    expect(JSON.stringify(history)).toContain('Moved from Field to Elite: Great season');

    const tiers = (await program.biz.client.get('/api/gear/tiers')).body;
    expect(tiers.map((tier: { name: string; staffCount: number }) => [tier.name, tier.staffCount])).toEqual([['Field', 0], ['Elite', 1]]);
    expect((await program.biz.client.delete(`/api/gear/tiers/${elite.body.id}`)).status).toBe(409);
    expect((await program.biz.client.delete(`/api/gear/tiers/${program.tierId}`)).status).toBe(204);

    // The agreement ends: the daily task disables the code in the store.
    expect((await program.biz.client.post(`/api/agreements/${agreementId}/end`, { reason: 'Season over' })).status).toBe(200);
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'gear.pro-pricing.end', { dedupeKey: 'test-end' });
    await runTasksNow(t);
    expect(shop.state.discounts.every((discount) => discount.status === 'EXPIRED')).toBe(true);
  });

  it('shows a tier’s staff only the campaigns the tier lists (all when it lists none)', async () => {
    const program = await gearProgram(t);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const open = (title: string) => program.biz.client.post('/api/campaigns', { title, brief: 'b', opensOn: day(0), closesOn: day(30), audience: 'roster', memberIds: [] });
    const elk = (await open('Elk calls')).body.id as number;
    const duck = (await open('Duck calls')).body.id as number;
    const titles = async () => ((await program.pro.client.get('/api/campaigns')).body as { title: string }[]).map((c) => c.title).sort();
    expect(await titles()).toEqual(['Duck calls', 'Elk calls']);
    expect((await program.biz.client.put(`/api/gear/tiers/${program.tierId}`, { ...FIELD_TIER, campaignIds: [elk] })).status).toBe(200);
    expect(await titles()).toEqual(['Elk calls']);
    expect((await program.pro.client.get(`/api/campaigns/${duck}`)).status).toBe(404);
    expect((await program.pro.client.get(`/api/campaigns/${elk}`)).status).toBe(200);
  });

  it('sets the rate of a placed staffer’s new codes and the hold of their order commissions', async () => {
    const program = await gearProgram(t, { commissionRateBps: 1500, holdDays: 45 });
    const code = await program.biz.client.post('/api/discount-codes', { code: 'JAKE15', description: 'Jake', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: program.pro.proStaffId });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    expect(code.body.commissionRate).toBe(15);
    const now = new Date('2026-11-27T12:00:00Z');
    expect((await orderPayableAt(t.app.ctx.db, program.biz.businessId, now, program.pro.proStaffId)).toISOString()).toBe('2027-01-11T12:00:00.000Z');
    const [other] = await Promise.all([createRosteredProStaff(t, program.biz)]);
    expect((await orderPayableAt(t.app.ctx.db, program.biz.businessId, now, other.proStaffId)).getTime()).toBeLessThan(new Date('2027-01-11T12:00:00Z').getTime());
  });

  it('validates tiers: names, allotment, promotion target, renewal day, at most ten', async () => {
    const biz = await createBusiness(t);
    const post = (body: Record<string, unknown>) => biz.client.post('/api/gear/tiers', { ...FIELD_TIER, ...body });
    expect((await post({})).status).toBe(201);
    expect((await post({ name: 'field' })).body.error.details).toEqual([{ path: 'name', message: 'Another tier has this name' }]);
    expect((await post({ name: 'Pro', allotmentMinor: 0, itemsPerYear: null })).status).toBe(400);
    expect((await post({ name: 'Pro', renewsOn: '13-01' })).status).toBe(400);
    expect((await post({ name: 'Pro', currency: 'usd dollars' })).status).toBe(400);
    expect((await post({ name: 'Pro', allotmentMinor: 9_999_999_999 })).status).toBe(400);
    expect((await post({ name: 'Pro', promotion: { toTierId: 999_999, metric: 'approved_posts', threshold: 5 } })).status).toBe(400);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post({ name: `Tier ${i}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(9);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
  });

  it('promotes staff whose approved posts reach the tier’s threshold, once, and tells both sides', async () => {
    const program = await gearProgram(t);
    const elite = await program.biz.client.post('/api/gear/tiers', { ...FIELD_TIER, name: 'Elite' });
    const field = (await program.biz.client.get('/api/gear/tiers')).body.find((tier: { name: string }) => tier.name === 'Field');
    expect((await program.biz.client.put(`/api/gear/tiers/${field.id}`, { ...FIELD_TIER, promotion: { toTierId: elite.body.id, metric: 'approved_posts', threshold: 1 } })).status).toBe(200);
    const run = () => t.app.ctx.tasks.enqueue(t.app.ctx.db, 'gear.tiers.promote', { dedupeKey: `promote-${Math.random()}` }).then(() => runTasksNow(t));
    await run();
    expect((await program.biz.client.get('/api/gear/tiers')).body.find((tier: { name: string }) => tier.name === 'Elite').staffCount).toBe(0);
    // One approved social post in the business's campaign.
    await t.database.query(`insert into campaigns (business_id, title, brief, opens_on, closes_on, audience) values (${program.biz.businessId}, 'C', 'B', current_date, current_date + 30, 'roster')`);
    await t.database.query(`insert into campaign_tasks (campaign_id, kind, title) select id, 'social_post', 'Post' from campaigns where business_id = ${program.biz.businessId}`);
    await t.database.query(`insert into campaign_task_submissions (task_id, pro_staff_id, status, url) select id, ${program.pro.proStaffId}, 'approved', 'https://instagram.com/p/1' from campaign_tasks`);
    await run();
    await run();
    expect((await program.biz.client.get('/api/gear/tiers')).body.find((tier: { name: string }) => tier.name === 'Elite').staffCount).toBe(1);
    const titles = (await t.database.query<{ title: string }>(`select title from notifications where kind = 'gear' and title like '%promoted%'`)).map((row) => row.title);
    expect(titles.sort()).toEqual(['Jake Morrison was promoted to Elite', 'You were promoted to Elite']);
  });
});
