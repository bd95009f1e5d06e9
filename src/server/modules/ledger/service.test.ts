import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import type { LedgerRow } from './repository';
import * as ledger from './service';

// The ledger service (decision record 036): what it reads of a commission, what it answers, and the fold of a failed
// transfer, entry by entry.
const t = useTestApp();

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  id: 1, businessId: 1, proStaffId: 1, currency: 'USD', status: 'pending', amountCents: 1990, payoutId: null, held: false, adjustsCommissionId: null, orderId: null,
  reversedBy: null, adjustments: 0, ...over,
});

async function commission(values: { amountCents?: number; source?: 'order' | 'manual'; orderId?: string } = {}) {
  const biz = await createBusiness(t);
  const pro = await createProStaff(t);
  const [created] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source, order_id)
    values (${biz.businessId}, ${pro.proStaffId}, ${values.amountCents ?? 1990}, '${values.source ?? 'order'}', ${values.orderId ? `'${values.orderId}'` : 'null'}) returning id`);
  return { biz, pro, id: created.id };
}
const newPayout = async (businessId: number, key: string) => (await t.database.query<{ id: number }>(`insert into payouts (business_id, key, currency, amount_cents, stripe_customer_id, stripe_payment_method_id)
  values (${businessId}, '${key}', 'USD', 1, 'cus', 'pm') returning id`))[0].id;
const inTx = <T>(work: Parameters<typeof t.database.db.transaction<T>>[0]) => t.database.db.transaction(work);
const entries = (ids: number[]) => t.database.query<{ commission_id: number; kind: string; amount_minor: number; reason: string }>(
  `select commission_id, kind, amount_minor, reason from commission_entries where commission_id in (${ids.join(',')}) order by id`);

describe('the ledger service', () => {
  it('reads a commission’s state and who reversed it from its row', () => {
    expect(ledger.factsOf(row({}))).toEqual({ state: 'unpaid', value: 1990, payoutId: null, reversedBy: null, adjustments: 0 });
    expect(ledger.factsOf(row({ payoutId: 7 })).state).toBe('in_payout');
    expect(ledger.factsOf(row({ status: 'paid', payoutId: 7 })).state).toBe('paid');
    expect(ledger.factsOf(row({ status: 'paid' })).state).toBe('paid');
    expect(ledger.factsOf(row({ status: 'cancelled', reversedBy: 'business' }))).toMatchObject({ state: 'cancelled', value: 0, reversedBy: 'business' });
    expect(ledger.factsOf(row({ status: 'cancelled', reversedBy: 'order' })).reversedBy).toBe('order');
    expect(ledger.factsOf(row({ status: 'cancelled', reversedBy: 'order restored' })).reversedBy).toBe('order');
  });

  it('answers 404 for a commission that does not exist, and says whether anything changed', async () => {
    await expect(inTx((tx) => ledger.apply(tx, 424242, { type: 'paid_outside' }, new Date()))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Commission not found' });
    const { id } = await commission();
    const same = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 1990, restored: false }, new Date()));
    expect(same).toMatchObject({ changed: false, adjustmentId: null });
    const adjusted = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 995, restored: false }, new Date()));
    expect(adjusted).toMatchObject({ changed: true, adjustmentId: null, before: { amountCents: 1990 } });
  });

  it('opens an adjustment row on a paid commission with its order id and payable at once unless told otherwise', async () => {
    const { id } = await commission({ orderId: 'A-17' });
    const at = new Date('2026-11-27T12:00:00Z');
    await inTx((tx) => ledger.apply(tx, id, { type: 'paid_outside' }, at));
    const applied = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 500, restored: false }, at, () => ({ orderId: null, baseMinor: null, rateBps: null, description: 'refund' })));
    expect(applied).toMatchObject({ changed: true, adjustmentId: expect.any(Number) });
    const [opened] = await t.database.query<{ order_id: string; payable_at: Date; amount_cents: number; adjusts_commission_id: number; source: string }>(
      `select order_id, payable_at, amount_cents, adjusts_commission_id, source from commissions where id = ${applied.adjustmentId}`);
    expect(opened).toEqual({ order_id: 'A-17', payable_at: at, amount_cents: -1490, adjusts_commission_id: id, source: 'adjustment' });
    const later = new Date('2026-12-27T12:00:00Z');
    const held = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 700, restored: true }, at, () => ({ orderId: 'B-1', baseMinor: 7000, rateBps: 1000, description: 'restore', payableAt: later })));
    expect((await t.database.query(`select order_id, payable_at from commissions where id = ${held.adjustmentId}`))[0]).toEqual({ order_id: 'B-1', payable_at: later });
  });

  it('moves a selection into a payout in one statement, each commission as the table says, or nothing when one may not move', async () => {
    const { biz, pro, id } = await commission();
    const [clawback] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, source)
      values (${biz.businessId}, ${pro.proStaffId}, -300, 'adjustment') returning id`);
    const [paid] = await t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, status, paid_at)
      values (${biz.businessId}, ${pro.proStaffId}, 700, 'paid', now()) returning id`);
    const payout = await newPayout(biz.businessId, 'move');
    const now = new Date();
    await expect(inTx((tx) => ledger.moveIntoPayout(tx, payout, [id, clawback.id, paid.id], now)))
      .rejects.toMatchObject({ code: 'CONFLICT', message: `Commission #${paid.id}: This commission is already paid; only pending commissions can change` });
    expect((await entries([id, clawback.id])).map((e) => e.kind)).toEqual(['earned', 'clawback']);
    const moved = await inTx((tx) => ledger.moveIntoPayout(tx, payout, [clawback.id, id, 424242], now));
    expect(moved).toEqual(new Map([[id, 1990], [clawback.id, -300]]));
    expect((await entries([id, clawback.id])).filter((e) => e.kind === 'moved_to_payout').map((e) => [e.commission_id, e.amount_minor, e.reason]))
      .toEqual([[id, 1990, 'pay now'], [clawback.id, -300, 'pay now']]);
    expect(await t.database.query(`select id, status, payout_id from commissions where id in (${id}, ${clawback.id}) order by id`))
      .toEqual([{ id, status: 'pending', payout_id: payout }, { id: clawback.id, status: 'pending', payout_id: payout }]);
  });

  it('folds the adjustment rows of a commission whose transfer failed back into it, entry by entry', async () => {
    const { biz, pro, id } = await commission({ orderId: 'F-1' });
    const payout = { id: await newPayout(biz.businessId, 'fold') };
    const now = new Date();
    await inTx((tx) => ledger.moveIntoPayout(tx, payout.id, [id], now));
    const refund = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 1042, restored: false }, now, () => ({ orderId: null, baseMinor: null, rateBps: null, description: 'refund' })));
    await inTx((tx) => ledger.transferFailed(tx, payout.id, pro.proStaffId, now));
    expect((await entries([id, refund.adjustmentId!])).map((e) => [e.commission_id, e.kind, e.amount_minor, e.reason])).toEqual([
      [id, 'earned', 1990, 'opened'], [id, 'moved_to_payout', 1990, 'pay now'], [refund.adjustmentId, 'clawback', -948, 'opened'],
      [id, 'transfer_failed', 1990, 'transfer failed'], [refund.adjustmentId, 'reversed', 948, `folded into #${id}`], [id, 'adjusted', -948, 'order'],
    ]);
    expect(await t.database.query(`select id, status, amount_cents, payout_id from commissions where id in (${id}, ${refund.adjustmentId}) order by id`)).toEqual([
      { id, status: 'pending', amount_cents: 1042, payout_id: null }, { id: refund.adjustmentId, status: 'cancelled', amount_cents: -948, payout_id: null },
    ]);
    // Nothing left to fold: a second failure of another payout changes nothing more.
    await inTx((tx) => ledger.transferFailed(tx, payout.id, pro.proStaffId, now));
    expect(await entries([id, refund.adjustmentId!])).toHaveLength(6);
  });

  it('folds a clawback released by its own failed payout into a commission that is unpaid again', async () => {
    const { biz, pro, id } = await commission({ orderId: 'F-2' });
    const payout = (key: string) => newPayout(biz.businessId, key);
    const now = new Date();
    const first = await payout('first');
    await inTx((tx) => ledger.moveIntoPayout(tx, first, [id], now));
    const refund = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 0, restored: false }, now, () => ({ orderId: null, baseMinor: null, rateBps: null, description: 'cancel' })));
    // The clawback goes into a second payout before the first fails; then the second fails too.
    const second = await payout('second');
    await inTx((tx) => ledger.moveIntoPayout(tx, second, [refund.adjustmentId!], now));
    await inTx((tx) => ledger.transferFailed(tx, first, pro.proStaffId, now));
    expect((await t.database.query<{ status: string }>(`select status from commissions where id = ${refund.adjustmentId}`))[0].status).toBe('pending');
    await inTx((tx) => ledger.transferFailed(tx, second, pro.proStaffId, now));
    expect(await t.database.query(`select id, status from commissions where id in (${id}, ${refund.adjustmentId}) order by id`)).toEqual([
      { id, status: 'cancelled' }, { id: refund.adjustmentId, status: 'cancelled' },
    ]);
  });

  it('leaves a paid commission’s clawback as it is when the payout that netted it fails', async () => {
    const { biz, pro, id } = await commission({ orderId: 'F-3' });
    const payout = (key: string) => newPayout(biz.businessId, key);
    const now = new Date();
    const first = await payout('paid');
    await inTx((tx) => ledger.moveIntoPayout(tx, first, [id], now));
    await inTx((tx) => ledger.transferLanded(tx, first, pro.proStaffId, now));
    const refund = await inTx((tx) => ledger.apply(tx, id, { type: 'order_changed', target: 995, restored: false }, now, () => ({ orderId: null, baseMinor: null, rateBps: null, description: 'refund' })));
    const second = await payout('nets');
    await inTx((tx) => ledger.moveIntoPayout(tx, second, [refund.adjustmentId!], now));
    await inTx((tx) => ledger.transferFailed(tx, second, pro.proStaffId, now));
    // Owed back as before, by the same row: nothing is folded into a commission that was paid.
    expect(await t.database.query(`select id, status, amount_cents, payout_id from commissions where id in (${id}, ${refund.adjustmentId}) or adjusts_commission_id = ${id} order by id`)).toEqual([
      { id, status: 'paid', amount_cents: 1990, payout_id: first }, { id: refund.adjustmentId, status: 'pending', amount_cents: -995, payout_id: null },
    ]);
  });
});
