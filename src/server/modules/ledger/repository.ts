import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { commissions } from '@server/db/schema/commissions';
import { commissionEntries, type LedgerEntryKind } from '@server/db/schema/ledger';

export type LedgerRow = {
  id: number;
  businessId: number;
  proStaffId: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled';
  amountCents: number;
  payoutId: number | null;
  /** Held for fraud review (decision record 039). */
  held: boolean;
  adjustsCommissionId: number | null;
  orderId: string | null;
  /** `reason` of the newest reversal, when there is one. */
  reversedBy: string | null;
  /** Net value of this commission's adjustment rows. */
  adjustments: number;
};

// The outer row is named in full: Drizzle leaves single-table columns unqualified, which a subquery would misread.
const lastReversal = sql<string | null>`(select e.reason from ${commissionEntries} e where e.commission_id = commissions.id and e.kind = 'reversed' order by e.id desc limit 1)`;
const adjustmentsValue = sql<number>`(select coalesce(sum(e.amount_minor), 0)::bigint from ${commissionEntries} e join ${commissions} a on a.id = e.commission_id
  where a.adjusts_commission_id = commissions.id and e.kind in ('earned', 'adjusted', 'reversed', 'restored', 'clawback'))`.mapWith(Number);

const ledgerColumns = {
  id: commissions.id,
  businessId: commissions.businessId,
  proStaffId: commissions.proStaffId,
  currency: commissions.currency,
  status: commissions.status,
  amountCents: commissions.amountCents,
  payoutId: commissions.payoutId,
  held: commissions.held,
  adjustsCommissionId: commissions.adjustsCommissionId,
  orderId: commissions.orderId,
};

/** The commissions, locked until the transaction ends, with what the state machine reads of them. */
export function lock(db: Database, ids: number[]): Promise<LedgerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...ledgerColumns, reversedBy: lastReversal, adjustments: adjustmentsValue })
    .from(commissions)
    .where(inArray(commissions.id, ids))
    .orderBy(asc(commissions.id))
    .for('update', { of: commissions });
}

/**
 * Locked as `lock` does, for the payout events, whose rules read neither who reversed a commission nor its adjustment
 * rows (both are 0/null here): the hot path of a payout of thousands of commissions stays one plain indexed read.
 */
function lockPlain(db: Pick<Database, 'select'>, where: SQL | undefined, name: string): Promise<LedgerRow[]> {
  return db
    .select({ ...ledgerColumns, reversedBy: sql<string | null>`null`, adjustments: sql<number>`0`.mapWith(Number) })
    .from(commissions)
    .where(where)
    .orderBy(asc(commissions.id))
    .for('update', { of: commissions })
    .prepare(name)
    .execute();
}

/** Pay now's selection, locked. */
export function lockForMove(db: Database, ids: number[]): Promise<LedgerRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : lockPlain(db, sql`${commissions.id} = any(${sql.param(ids)}::integer[])`, 'ledger_lock_for_move');
}

/** Entries stated for any value: each amount is `sign` × the commission's value. */
export type WholeValueEntry = { kind: LedgerEntryKind; sign: 1 | -1; payoutId: number | null; reason: string };

/**
 * Pay now's selection, locked, and when every one of them is unpaid (pending, in no payout, not held for review), `entries` appended for
 * each in the same statement: one round trip, and no row travels to the app and back. Answers whether they were
 * appended, and every locked commission's id and value (oldest first), which the caller checks against the table.
 */
export async function moveUnpaid(db: Database, ids: number[], entries: WholeValueEntry[], now: Date): Promise<{ appended: boolean; ids: number[]; values: number[] }> {
  if (ids.length === 0) return { appended: false, ids: [], values: [] };
  const result = (await db._.session
    .prepareQuery(
      {
        sql: `with locked as (select id, business_id, pro_staff_id, currency, amount_cents, status, payout_id, held from commissions where id = any($1::integer[]) order by id for update),
          unpaid as (select coalesce(bool_and(status = 'pending' and payout_id is null and not held), false) as every from locked),
          appended as (insert into commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
            select l.id, l.business_id, l.pro_staff_id, l.currency, e.kind, e.sign * l.amount_cents, e.payout_id, e.reason, $6::timestamptz
            from locked l cross join unnest($2::text[], $3::integer[], $4::integer[], $5::text[]) with ordinality e(kind, sign, payout_id, reason, n)
            where (select every from unpaid) order by l.id, e.n returning 1)
          select (select every from unpaid) as appended, coalesce(array_agg(id order by id), '{}') as ids, coalesce(array_agg(amount_cents order by id), '{}') as values
          from locked`,
        params: [ids, entries.map((e) => e.kind), entries.map((e) => e.sign), entries.map((e) => e.payoutId), entries.map((e) => e.reason), now.toISOString()],
      },
      undefined,
      'ledger_move_unpaid',
      false,
    )
    .execute()) as { rows: { appended: boolean; ids: number[]; values: number[] }[] };
  const [row] = result.rows;
  return { appended: row.appended, ids: row.ids, values: row.values };
}

/**
 * A statement the caller runs first, in the same query as a lock: `text` with its own $1…$n for `params`, returning a
 * row when it did its write. `name` names the text (the query is prepared once per connection under it).
 */
export type Claim = { name: string; text: string; params: unknown[] };

type LockedRow = { id: number; business_id: number; pro_staff_id: number; currency: string; status: LedgerRow['status']; amount_cents: number; payout_id: number | null; adjusts_commission_id: number | null; order_id: string | null };
const lockInPayoutText = new Map<string, string>();

/**
 * A pro staffer's commissions in one payout that still wait for its transfer, locked, oldest first, read as `lockPlain`
 * does. With a `claim` (the caller's own write, such as their payout item marked paid), it runs in the same query,
 * first, and nothing is locked unless it returned a row: one round trip instead of two. The text is written out and
 * kept per claim, not built for every transfer.
 */
export async function lockInPayout(db: Database, payoutId: number, proStaffId: number, claim?: Claim): Promise<LedgerRow[]> {
  const name = claim ? `ledger_lock_in_payout_after_${claim.name}` : 'ledger_lock_in_payout';
  const own = claim?.params.length ?? 0;
  let text = lockInPayoutText.get(name);
  if (!text) {
    text = `${claim ? `with claimed as (${claim.text}) ` : ''}select id, business_id, pro_staff_id, currency, status, amount_cents, payout_id, adjusts_commission_id, order_id
      from commissions where payout_id = $${own + 1} and pro_staff_id = $${own + 2} and status = 'pending'${claim ? ' and exists (select 1 from claimed)' : ''}
      order by id for update of commissions`;
    lockInPayoutText.set(name, text);
  }
  const result = (await db._.session.prepareQuery({ sql: text, params: [...(claim?.params ?? []), payoutId, proStaffId] }, undefined, name, false).execute()) as { rows: LockedRow[] };
  return result.rows.map((row) => ({
    id: row.id, businessId: row.business_id, proStaffId: row.pro_staff_id, currency: row.currency, status: row.status, amountCents: row.amount_cents,
    payoutId: row.payout_id, held: false, adjustsCommissionId: row.adjusts_commission_id, orderId: row.order_id, reversedBy: null, adjustments: 0,
  }));
}

/** Adjustment rows of these commissions that are unpaid and in no payout. */
export async function standingAdjustments(db: Database, commissionIds: number[]): Promise<number[]> {
  if (commissionIds.length === 0) return [];
  const rows = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(inArray(commissions.adjustsCommissionId, commissionIds), eq(commissions.status, 'pending'), sql`${commissions.payoutId} is null`))
    .orderBy(asc(commissions.id));
  return rows.map((row) => row.id);
}

export type NewEntry = { commissionId: number; businessId: number; proStaffId: number; currency: string; kind: LedgerEntryKind; amountMinor: number; payoutId?: number | null; reason: string; createdAt: Date };

/**
 * Appends entries in one statement, however many (one array per column, so a payout of thousands is nine bind
 * parameters); the database refuses one whose party or currency is not its commission's (a foreign key on all four)
 * and projects the commissions' derived columns from their entries (migrations 0025, 0028).
 */
export async function append(db: Database, entries: NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = (pick: (entry: NewEntry) => unknown) => entries.map(pick);
  await db._.session
    .prepareQuery(
      {
        sql: `insert into commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
          select * from unnest($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::text[], $6::integer[], $7::integer[], $8::text[], $9::timestamptz[])`,
        params: [
          column((e) => e.commissionId), column((e) => e.businessId), column((e) => e.proStaffId), column((e) => e.currency), column((e) => e.kind),
          column((e) => e.amountMinor), column((e) => e.payoutId ?? null), column((e) => e.reason), column((e) => e.createdAt.toISOString()),
        ],
      },
      undefined,
      'ledger_append',
      false,
    )
    .execute();
}

/** Opens an adjustment row linked to `main`: the database posts its opening entry (clawback when negative). */
export async function openAdjustment(db: Database, values: typeof commissions.$inferInsert): Promise<typeof commissions.$inferSelect> {
  const [row] = await db.insert(commissions).values({ ...values, source: 'adjustment', status: 'pending' }).returning();
  return row;
}
