import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { commissions } from '@server/db/schema/commissions';
import { rankings } from '@server/modules/commissions/service';
import { previousMonth, snapshotPreviousMonth, SNAPSHOT_TASK } from './service';
import { snapshotOf } from './repository';

const t = useTestApp();

describe('monthly ranking snapshots', () => {
  it('stores last month\'s table as the live rankings showed it, per currency, once', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const other = await createBusiness(t, { tier: 'professional' });
    const ann = await createProStaff(t, { firstName: 'Ann' });
    const bo = await createProStaff(t, { firstName: 'Bo' });
    const now = new Date(Date.UTC(2026, 2, 3, 1)); // 3 March 2026: February is snapshotted.
    const inFebruary = new Date(Date.UTC(2026, 1, 14));
    const paid = (businessId: number, proStaffId: number, amountCents: number, paidAt: Date, currency = 'USD') =>
      ({ businessId, proStaffId, amountCents, currency, status: 'paid' as const, paidAt });
    await t.database.db.insert(commissions).values([
      paid(business.businessId, ann.proStaffId, 5000, inFebruary),
      paid(business.businessId, bo.proStaffId, 7000, inFebruary),
      paid(business.businessId, ann.proStaffId, 4000, inFebruary),
      paid(business.businessId, ann.proStaffId, 900, inFebruary, 'EUR'),
      // Outside February, or not paid: not counted.
      paid(business.businessId, bo.proStaffId, 99_999, new Date(Date.UTC(2026, 2, 1))),
      paid(business.businessId, bo.proStaffId, 99_999, new Date(Date.UTC(2026, 0, 31, 23, 59))),
      { businessId: business.businessId, proStaffId: bo.proStaffId, amountCents: 99_999, status: 'pending' as const },
      paid(other.businessId, bo.proStaffId, 100, inFebruary),
    ]);

    expect(await snapshotPreviousMonth(t.app.ctx, now)).toEqual({ month: '2026-02-01', added: 4 });
    const stored = await snapshotOf(t.database.db, business.businessId, '2026-02-01');
    expect(stored).toEqual([
      { currency: 'EUR', rank: 1, proStaffId: ann.proStaffId, totalCents: 900, paidCount: 1 },
      { currency: 'USD', rank: 1, proStaffId: ann.proStaffId, totalCents: 9000, paidCount: 2 },
      { currency: 'USD', rank: 2, proStaffId: bo.proStaffId, totalCents: 7000, paidCount: 1 },
    ]);
    // The same order and totals as the live table showed for February.
    const live = await rankings(t.app.ctx, { ...business.user, businessId: business.businessId } as never, business.businessId, inFebruary, 'USD');
    expect(live.map((entry) => [entry.proStaffId, entry.rank, entry.totalCommissionsCents])).toEqual(
      stored.filter((row) => row.currency === 'USD').map((row) => [row.proStaffId, row.rank, row.totalCents]),
    );

    // Later in March (or a second instance): nothing added, nothing changed.
    expect(await snapshotPreviousMonth(t.app.ctx, new Date(Date.UTC(2026, 2, 20)))).toEqual({ month: '2026-02-01', added: 0 });
    expect(await snapshotOf(t.database.db, business.businessId, '2026-02-01')).toEqual(stored);
  });

  it('takes the month before, across a year end', () => {
    expect(previousMonth(new Date(Date.UTC(2027, 0, 1, 0, 5)))).toEqual({ month: '2026-12-01', from: new Date(Date.UTC(2026, 11, 1)), to: new Date(Date.UTC(2027, 0, 1)) });
  });

  it('runs as a daily scheduled task on the queue', async () => {
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, new Date());
    await t.app.ctx.tasks.drain();
    const [row] = await t.database.query<{ status: string; result: Record<string, unknown> }>(`select status, result from background_tasks where kind = '${SNAPSHOT_TASK}'`);
    expect(row).toMatchObject({ status: 'done', result: { month: previousMonth(new Date()).month, added: 0 } });
  });
});
