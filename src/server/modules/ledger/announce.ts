import type { Database } from '@server/db/client';
import { recordOutgoingEvent, recordOutgoingEvents } from '@server/modules/webhooks-out/outbox';
import type { LedgerEvent, PlannedEntry } from './transitions';

/**
 * The commission events of outgoing webhooks (decision record 044), written into the outbox where the ledger decides
 * the change, in the same transaction: `commission.created` where a commission row is inserted (its opening entry is
 * the database's), `commission.adjusted` and `commission.paid` from the entries `apply` and `transferLanded` append.
 */

type Party = { id: number; businessId: number; proStaffId: number; currency: string };

export function announceCreated(db: Database, row: Party & { amountCents: number; source?: string | null; orderId?: string | null }): Promise<number> {
  return recordOutgoingEvent(db, row.businessId, 'commission.created', {
    commissionId: row.id, proStaffId: row.proStaffId, amountMinor: row.amountCents, currency: row.currency,
    source: row.source ?? 'manual', orderId: row.orderId ?? null,
  });
}

/** What `apply` decided for one commission, announced when it changed money (holds and releases are fraud events). */
export async function announceApplied(db: Database, row: Party, event: LedgerEvent, entries: PlannedEntry[], adjustment: { id: number; amountMinor: number } | null): Promise<void> {
  if (entries.length === 0 && adjustment === null) return;
  const base = { commissionId: row.id, proStaffId: row.proStaffId, currency: row.currency };
  if (event.type === 'paid_outside') {
    await recordOutgoingEvent(db, row.businessId, 'commission.paid', { ...base, amountMinor: entries.reduce((sum, entry) => sum + entry.amountMinor, 0), payoutId: null, paidOutside: true });
    return;
  }
  if (event.type !== 'cancelled_by_business' && event.type !== 'order_changed' && event.type !== 'rejected_as_fraud') return;
  await recordOutgoingEvent(db, row.businessId, 'commission.adjusted', {
    ...base,
    reason: event.type === 'order_changed' ? (event.restored ? 'order_restored' : 'order_changed') : event.type,
    changeMinor: entries.reduce((sum, entry) => sum + entry.amountMinor, 0),
    // A change after the commission was locked or paid is a new adjustment row (a clawback when negative).
    adjustmentCommissionId: adjustment?.id ?? null,
    adjustmentMinor: adjustment?.amountMinor ?? null,
  });
}

/** A payout's transfer landed: each of these commissions is paid. */
export async function announcePaid(db: Database, rows: (Party & { amountMinor: number })[], payoutId: number): Promise<void> {
  const byBusiness = new Map<number, Record<string, unknown>[]>();
  for (const row of rows) {
    const list = byBusiness.get(row.businessId) ?? [];
    list.push({ commissionId: row.id, proStaffId: row.proStaffId, currency: row.currency, amountMinor: row.amountMinor, payoutId, paidOutside: false });
    byBusiness.set(row.businessId, list);
  }
  for (const [businessId, list] of byBusiness) await recordOutgoingEvents(db, businessId, 'commission.paid', list);
}
