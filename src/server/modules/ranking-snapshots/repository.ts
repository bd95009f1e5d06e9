import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/client';
import { rankingSnapshots } from '@server/db/schema/retention';

/**
 * Stores the month's rankings of every business in every currency in one statement: paid commissions with
 * `paid_at` in [from, to), summed per pro staffer, ranked as the live table ranks them (highest total, then most
 * paid, then first name, then id; see commissions/repository.ts `paidTotalsByProStaff`). A row that exists is
 * left alone, so running it again for the same month adds nothing. Returns how many rows were added.
 */
export async function snapshotMonth(db: Database, month: string, from: Date, to: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into ranking_snapshots (month, business_id, currency, pro_staff_id, rank, total_cents, paid_count)
    select ${month}::date, business_id, currency, pro_staff_id,
           row_number() over (partition by business_id, currency order by total desc, paid desc, first_name asc, pro_staff_id asc),
           total, paid
    from (
      select c.business_id, c.currency, c.pro_staff_id, sum(c.amount_cents)::bigint as total, count(*)::int as paid, p.first_name
      from commissions c
      join pro_staff_profiles p on p.id = c.pro_staff_id
      where c.status = 'paid' and c.paid_at >= ${from.toISOString()}::timestamptz and c.paid_at < ${to.toISOString()}::timestamptz
      group by c.business_id, c.currency, c.pro_staff_id, p.first_name
    ) totals
    on conflict do nothing
    returning 1
  `);
  return rowsOf(result).length;
}

export type SnapshotRow = Pick<typeof rankingSnapshots.$inferSelect, 'proStaffId' | 'rank' | 'totalCents' | 'paidCount' | 'currency'>;

export function snapshotOf(db: Database, businessId: number, month: string): Promise<SnapshotRow[]> {
  return db
    .select({ proStaffId: rankingSnapshots.proStaffId, rank: rankingSnapshots.rank, totalCents: rankingSnapshots.totalCents, paidCount: rankingSnapshots.paidCount, currency: rankingSnapshots.currency })
    .from(rankingSnapshots)
    .where(and(eq(rankingSnapshots.businessId, businessId), eq(rankingSnapshots.month, month)))
    .orderBy(asc(rankingSnapshots.currency), asc(rankingSnapshots.rank));
}
