import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { payouts } from './payouts';

/**
 * The commission ledger (decision record 036): every change to money owed to a pro staffer is one entry here, in the
 * commission's currency and integer minor units. Entries are never updated or deleted (a trigger refuses it, migration
 * 0025); a commission's amount, status, paid date and payout are derived from its entries, and `commissions` keeps
 * them only as a projection that the database rewrites on every new entry.
 */
export const ledgerEntryKinds = [
  /** Money owed on a new commission (order, task reward, manual): posted by the database when the commission is inserted. */
  'earned',
  /** A change of what a commission is worth while it is unpaid: a partial refund (negative) or what is owed growing back. */
  'adjusted',
  /** What is left of an unpaid commission taken back: cancelled by the business or by the order (cancelled, deleted, refunded). */
  'reversed',
  /** A commission the order cancelled, owed again because the store restored the order. */
  'restored',
  /** A negative adjustment row: money the pro staffer owes back after payment, netted off their next payout. */
  'clawback',
  /** The whole unpaid value put into a payout being processed: locked, nothing else may change it. */
  'moved_to_payout',
  /** The payout's transfer landed: what was moved is paid. */
  'paid',
  /** The payout's transfer failed (or its charge): what was moved is unpaid again. */
  'transfer_failed',
  /** The business paid it outside HuntStaff (Mark paid). */
  'paid_outside',
  /** Held for fraud review (decision record 039): no value change, not payable until released. */
  'held',
  /** Released from fraud review: payable again (approved, expired, or rejected and then reversed). */
  'released',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: idColumn(),
    /**
     * Its commission: the foreign key on (commission, business, pro staffer, currency) of migration 0025 checks it (0028
     * dropped the plain one it implies). Never cascades: a commission with entries cannot be deleted (accounts holding
     * them are anonymised, record 027).
     */
    commissionId: integer('commission_id').notNull(),
    /** Its commission's, checked by a foreign key on (commission, business, pro staffer, currency) in migration 0025. */
    businessId: integer('business_id').notNull(),
    proStaffId: integer('pro_staff_id').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    /** Signed minor units: the change of value for value kinds, the amount moved for payout kinds. */
    amountMinor: integer('amount_minor').notNull(),
    payoutId: integer('payout_id').references(() => payouts.id),
    /** Why, in a few words (`order refunded`, `business`, `order restored`, `migrated`…). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('commission_entries_commission_idx').on(table.commissionId, table.id),
    index('commission_entries_payout_idx').on(table.payoutId),
    index('commission_entries_party_idx').on(table.businessId, table.proStaffId, table.currency),
  ],
);
