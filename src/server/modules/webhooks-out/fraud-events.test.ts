import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { startReceiver, type Receiver } from '@server/test/webhook-receiver';
import { raiseFlags } from '@server/modules/fraud/flags-service';

// Fraud events (decision records 039, 044): a raised flag and its decision are announced once each, from the
// transaction that made them, to the business's own endpoints; a decision asked for in parallel is announced once.
const t = useTestApp();
const ctx = () => (t.app as unknown as { ctx: AppContext }).ctx;
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

async function flaggedOrder(orderId: string) {
  const biz = await createBusiness(t, { tier: 'enterprise' });
  expect((await biz.client.post('/api/webhook-endpoints', { url: receiver.url, eventTypes: ['fraud.flag_raised', 'fraud.flag_decided'] })).status).toBe(201);
  const pro = await createProStaff(t);
  const [commission] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source, order_id)
    values (${biz.businessId}, ${pro.proStaffId}, 1990, 'order', '${orderId}') returning id`);
  const order = { businessId: biz.businessId, orderId, platform: 'shopify', discountCodeId: null, code: 'SAM15', proStaffId: pro.proStaffId, commissionId: commission.id };
  const raised = await ctx().db.transaction((tx) => raiseFlags(ctx(), tx as unknown as Database, order, [{ signal: 'own_use', evidence: { matched: 'email' } }], new Date()));
  return { biz, pro, commissionId: commission.id, flagIds: raised.flags.map((flag) => flag.id) };
}

const events = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });

describe('fraud events', () => {
  it('announces the raised flag, then one decision however many decide at once', async () => {
    const { biz, pro, commissionId, flagIds } = await flaggedOrder('ORD-F1');
    await t.app.ctx.tasks.drain();
    expect(events()).toEqual([expect.objectContaining({ type: 'fraud.flag_raised', data: expect.objectContaining({ flagId: flagIds[0], orderId: 'ORD-F1', signal: 'own_use', mode: 'hold', commissionId, proStaffId: pro.proStaffId }) })]);
    const answers = await Promise.all(Array.from({ length: 3 }, () => biz.client.post('/api/fraud/flags/decide', { flagIds, decision: 'reject', reason: 'Own code' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    await t.app.ctx.tasks.drain();
    expect(events().map((e) => e.type)).toEqual(['fraud.flag_raised', 'fraud.flag_decided']);
    expect(events()[1].data).toMatchObject({ flagId: flagIds[0], decision: 'rejected', resolution: 'business', reason: 'Own code', commissionId });
  });

  it('an approval is announced with its resolution, and another business hears nothing', async () => {
    const first = await flaggedOrder('ORD-F2');
    const other = await createBusiness(t, { tier: 'enterprise' });
    expect((await other.client.post('/api/fraud/flags/decide', { flagIds: first.flagIds, decision: 'approve' })).status).toBeGreaterThanOrEqual(400);
    expect((await first.biz.client.post('/api/fraud/flags/decide', { flagIds: first.flagIds, decision: 'approve' })).status).toBe(200);
    await t.app.ctx.tasks.drain();
    expect(events().map((e) => [e.type, e.data.decision ?? null])).toEqual([['fraud.flag_raised', null], ['fraud.flag_decided', 'approved']]);
  });
});
