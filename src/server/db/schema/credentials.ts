import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { setNullReference, timestampColumns, idColumn } from './columns';
import { proStaffIdColumn } from './profiles';
import { users } from './users';

/**
 * A credential a pro staffer submits for the verified badge (decision record 029): a guide or outfitter licence, a
 * hunter education certificate or another, with one document. An admin approves or rejects it (reason required) and
 * may revoke an approved one; the owner may withdraw a pending one. `expired` is stored by the hourly expiry task,
 * which also takes the badge away when no approved credential is left.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: idColumn(),
    proStaffId: proStaffIdColumn(),
    type: text('type', { enum: ['guide_license', 'outfitter_license', 'hunter_education', 'other'] }).notNull(),
    /** The state or authority that issued it ("Montana FWP"). */
    issuingAuthority: text('issuing_authority').notNull(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** Last valid day (UTC); null only for a hunter education certificate, which does not expire. */
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn', 'revoked', 'expired'] }).notNull().default('pending'),
    /** The uploaded document in storage (folder `credentials/`); null once erased. Owner and admins only. */
    documentKey: text('document_key'),
    documentName: text('document_name').notNull(),
    documentType: text('document_type').notNull(),
    documentSize: integer('document_size').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: setNullReference('decided_by_user_id', () => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected or revoked. */
    decisionReason: text('decision_reason'),
    ...timestampColumns(),
  },
  (table) => [
    index('credentials_pro_staff_idx').on(table.proStaffId, table.status),
    index('credentials_pending_idx').on(table.submittedAt, table.id).where(sql`${table.status} = 'pending'`),
    index('credentials_approved_expiry_idx').on(table.expiresOn).where(sql`${table.status} = 'approved'`),
  ],
);
