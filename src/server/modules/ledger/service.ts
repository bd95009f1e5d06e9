import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { announceApplied, announcePaid } from './announce';
import * as repo from './repository';
import { decide, type CommissionFacts, type LedgerEvent, type LedgerState, type PlannedEntry } from './transitions';

/**
 * The one owner of commission money (decision record 036). Other modules say what happened — the business paid or
 * cancelled, the order changed, a payout moved, landed or failed — and this module asks the transition table and
 * appends the entries. Every function runs in the caller's transaction and locks the commissions it touches.
 */

/** Whose entry it is: the commission's id, party and currency (the database checks all four). */
const partyOf = (row: repo.LedgerRow) => ({ commissionId: row.id, businessId: row.businessId, proStaffId: row.proStaffId, currency: row.currency });

function stateOf(row: repo.LedgerRow): LedgerState {
  if (row.status === 'paid') return 'paid';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.payoutId !== null) return 'in_payout';
  return row.held ? 'held' : 'unpaid';
}

export function factsOf(row: repo.LedgerRow): CommissionFacts {
  const state = stateOf(row);
  return {
    state,
    value: state === 'cancelled' ? 0 : row.amountCents,
    payoutId: row.payoutId,
    // A rejection as fraud is the business's decision: no restore of the order brings it back (decision record 039).
    reversedBy: row.reversedBy === 'business' || row.reversedBy?.startsWith('fraud:') ? 'business' : row.reversedBy ? 'order' : null,
    adjustments: row.adjustments,
  };
}

export type Applied = {
  /** The commission as it stood before. */
  before: repo.LedgerRow;
  /** Whether any entry was appended or adjustment row opened. */
  changed: boolean;
  /** The adjustment row opened, when the change came after the commission was locked or paid. */
  adjustmentId: number | null;
};

type AdjustmentDetails = { orderId: string | null; description: string; baseMinor: number | null; rateBps: number | null; payableAt?: Date };

/**
 * Applies one event to one commission, or throws the refusal as a 409. `adjustment` describes the row to open when the
 * table answers with one (an order change after the commission was locked in a payout or paid).
 */
export async function apply(db: Database, commissionId: number, event: LedgerEvent, now: Date, adjustment?: (delta: number) => AdjustmentDetails): Promise<Applied> {
  const [row] = await repo.lock(db, [commissionId]);
  if (!row) throw new AppError('NOT_FOUND', 'Commission not found');
  const decision = decide(factsOf(row), event);
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  await repo.append(db, decision.entries.map((entry) => ({ ...entry, ...partyOf(row), createdAt: now })));
  let adjustmentId: number | null = null;
  if (decision.adjustment !== undefined) {
    if (!adjustment) throw new Error(`ledger: event ${event.type} opened an adjustment nobody described`);
    const details = adjustment(decision.adjustment);
    const opened = await repo.openAdjustment(db, {
      businessId: row.businessId, proStaffId: row.proStaffId, currency: row.currency, amountCents: decision.adjustment,
      adjustsCommissionId: row.id, createdAt: now, payableAt: details.payableAt ?? now,
      orderId: details.orderId ?? row.orderId, description: details.description, baseMinor: details.baseMinor, rateBps: details.rateBps,
    });
    adjustmentId = opened.id;
  }
  await announceApplied(db, row, event, decision.entries, adjustmentId === null ? null : { id: adjustmentId, amountMinor: decision.adjustment! });
  return { before: row, changed: decision.entries.length > 0 || adjustmentId !== null, adjustmentId };
}

/**
 * Locks the commissions until the transaction ends, for a caller that must take them before its own rows: the lock
 * order every module follows is store order → commission → what hangs off the commission (fraud flags).
 */
export async function lockCommissions(db: Database, commissionIds: number[]): Promise<void> {
  await repo.lock(db, [...new Set(commissionIds)]);
}

/** Pay now: every commission's whole value moves into the payout. Answers what each moved (the transfer is their sum). */
export async function moveIntoPayout(db: Database, payoutId: number, commissionIds: number[], now: Date): Promise<Map<number, number>> {
  const event: LedgerEvent = { type: 'moved_to_payout', payoutId };
  const moved = new Map<number, number>();
  // The table's answer for an unpaid commission, stated for any value: then one statement locks and appends.
  const plan = wholeValuePlan({ state: 'unpaid', payoutId: null, reversedBy: null, adjustments: 0 }, event);
  if (plan) {
    const result = await repo.moveUnpaid(db, commissionIds, plan, now);
    if (result.appended) {
      // Every commission, checked against the table's own answer for it (the statement wrote exactly that).
      result.ids.forEach((id, i) => {
        const decision = decide({ state: 'unpaid', value: result.values[i], payoutId: null, reversedBy: null, adjustments: 0 }, event);
        const expected = planned(plan, result.values[i]);
        if (!decision.ok || decision.adjustment !== undefined || !sameEntries(decision.entries, expected)) throw new Error(`ledger: commission #${id} was moved otherwise than the table says`);
        moved.set(id, expected.reduce((sum, entry) => sum + entry.amountMinor, 0));
      });
      return moved;
    }
  }
  // Some commission is not unpaid (the table refuses it, with its reason) or the answer depends on more than the value.
  const entries = await appendForEach(db, await repo.lockForMove(db, commissionIds), event, now);
  for (const entry of entries) moved.set(entry.commissionId, (moved.get(entry.commissionId) ?? 0) + entry.amountMinor);
  return moved;
}

/**
 * The table's answer for a commission with these facts whatever its value, when it is entries of ± that value (read
 * from its answers at two values); null when it is a refusal, opens an adjustment row or is of another form.
 */
function wholeValuePlan(facts: Omit<CommissionFacts, 'value'>, event: LedgerEvent): repo.WholeValueEntry[] | null {
  const [a, b] = [decide({ ...facts, value: 1000 }, event), decide({ ...facts, value: 2500 }, event)];
  if (!a.ok || !b.ok || a.adjustment !== undefined || b.adjustment !== undefined || a.entries.length !== b.entries.length) return null;
  const plan: repo.WholeValueEntry[] = [];
  for (const [i, entry] of a.entries.entries()) {
    const other = b.entries[i];
    const sign = entry.amountMinor === 1000 && other.amountMinor === 2500 ? 1 : entry.amountMinor === -1000 && other.amountMinor === -2500 ? -1 : null;
    if (sign === null || entry.kind !== other.kind || entry.reason !== other.reason || (entry.payoutId ?? null) !== (other.payoutId ?? null)) return null;
    plan.push({ kind: entry.kind, sign, payoutId: entry.payoutId ?? null, reason: entry.reason });
  }
  return plan;
}

const planned = (plan: repo.WholeValueEntry[], value: number): PlannedEntry[] =>
  plan.map((entry) => ({ kind: entry.kind, amountMinor: entry.sign * value, ...(entry.payoutId === null ? {} : { payoutId: entry.payoutId }), reason: entry.reason }));
const sameEntries = (a: PlannedEntry[], b: PlannedEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.kind === b[i].kind && entry.amountMinor === b[i].amountMinor && (entry.payoutId ?? null) === (b[i].payoutId ?? null) && entry.reason === b[i].reason);

export type Claim = repo.Claim;

/**
 * A pro staffer's transfer of a payout landed: what was moved for them is paid. `claim`: the caller's write that must
 * succeed first (their payout item marked paid, returning it), run in the same query as the lock; when it returns
 * nothing, nothing is paid.
 */
export async function transferLanded(db: Database, payoutId: number, proStaffId: number, now: Date, claim?: Claim): Promise<repo.LedgerRow[]> {
  const rows = await settleTransfer(db, payoutId, proStaffId, { type: 'transfer_landed', payoutId }, now, claim);
  if (rows.length > 0) await announcePaid(db, rows.map((row) => ({ ...row, amountMinor: row.amountCents })), payoutId);
  return rows;
}

/**
 * A pro staffer's transfer of a payout failed (or the whole charge did): what was moved for them is unpaid again, and
 * the refunds and restores that arrived while a commission was locked (its standing adjustment rows, including one
 * this failure just released) fold back into it, so an unpaid commission is again exactly what its order owes.
 */
export async function transferFailed(db: Database, payoutId: number, proStaffId: number, now: Date): Promise<repo.LedgerRow[]> {
  const released = await settleTransfer(db, payoutId, proStaffId, { type: 'transfer_failed', payoutId }, now);
  await foldBack(db, payoutId, released, now);
  return released;
}

/** After a failed transfer: the adjustment rows that arrived while its commissions were locked fold back into them. */
async function foldBack(db: Database, payoutId: number, released: repo.LedgerRow[], now: Date): Promise<void> {
  const touched = new Set(released.map((row) => row.adjustsCommissionId ?? row.id));
  const unpaid = (await repo.lock(db, [...touched])).filter((row) => row.adjustsCommissionId === null && stateOf(row) === 'unpaid');
  const standing = await repo.standingAdjustments(db, unpaid.map((row) => row.id));
  if (standing.length === 0) return;
  const adjustmentRows = await repo.lock(db, standing);
  const byMain = new Map<number, number>();
  const entries: repo.NewEntry[] = [];
  for (const row of adjustmentRows) {
    byMain.set(row.adjustsCommissionId!, (byMain.get(row.adjustsCommissionId!) ?? 0) + row.amountCents);
    entries.push({ ...partyOf(row), kind: 'reversed', amountMinor: -row.amountCents, reason: `folded into #${row.adjustsCommissionId}`, createdAt: now });
  }
  await repo.append(db, entries);
  for (const [mainId, folded] of byMain) {
    const [main] = await repo.lock(db, [mainId]);
    // The order's target as the table reads it: this commission's own new value plus the adjustment rows still standing.
    const target = main.amountCents + folded + main.adjustments;
    await apply(db, mainId, { type: 'order_changed', target, restored: false }, now, () => ({
      orderId: main.orderId, baseMinor: null, rateBps: null,
      description: `Refunds of commission #${mainId} that arrived while it was locked in payout #${payoutId}, left after its transfer failed`,
    }));
  }
}

async function settleTransfer(db: Database, payoutId: number, proStaffId: number, event: LedgerEvent, now: Date, claim?: repo.Claim): Promise<repo.LedgerRow[]> {
  const rows = await repo.lockInPayout(db, payoutId, proStaffId, claim);
  await appendForEach(db, rows, event, now);
  return rows;
}

/** One event for many locked commissions: every one must be allowed (else nothing is written), then one append. */
async function appendForEach(db: Database, rows: repo.LedgerRow[], event: LedgerEvent, now: Date): Promise<repo.NewEntry[]> {
  const entries: repo.NewEntry[] = [];
  for (const row of rows) {
    const decision = decide(factsOf(row), event);
    if (!decision.ok) throw new AppError(decision.code, `Commission #${row.id}: ${decision.message}`);
    for (const entry of decision.entries) entries.push({ ...entry, ...partyOf(row), createdAt: now });
  }
  await repo.append(db, entries);
  return entries;
}
