import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CredentialStatus, CredentialType } from '@shared/contracts/credentials';
import type { Database } from '@server/db/client';
import { credentials } from '@server/db/schema/credentials';
import { proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { transactionLock } from '@server/db/locks';

// Verified credentials (decision record 029): the only module that writes credentials and the badge columns.

const columns = {
  id: credentials.id,
  proStaffId: credentials.proStaffId,
  type: credentials.type,
  issuingAuthority: credentials.issuingAuthority,
  number: credentials.number,
  issuedOn: credentials.issuedOn,
  expiresOn: credentials.expiresOn,
  status: credentials.status,
  documentKey: credentials.documentKey,
  documentName: credentials.documentName,
  documentType: credentials.documentType,
  documentSize: credentials.documentSize,
  submittedAt: credentials.submittedAt,
  decidedAt: credentials.decidedAt,
  decisionReason: credentials.decisionReason,
};

export type CredentialRow = {
  id: number;
  proStaffId: number;
  type: CredentialType;
  issuingAuthority: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  status: CredentialStatus;
  documentKey: string | null;
  documentName: string;
  documentType: string;
  documentSize: number;
  submittedAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
};

export type QueueRow = CredentialRow & { firstName: string; lastName: string; email: string; isVerified: boolean };

/** One credential change of a pro staffer at a time (held until the transaction ends). */
export const lockProStaffCredentials = transactionLock('credentialsProStaff');

export async function insertCredential(
  db: Database,
  values: Pick<CredentialRow, 'proStaffId' | 'type' | 'issuingAuthority' | 'number' | 'issuedOn' | 'expiresOn' | 'documentKey' | 'documentName' | 'documentType' | 'documentSize'> & { now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db.insert(credentials).values({ ...rest, submittedAt: now, createdAt: now, updatedAt: now }).returning({ id: credentials.id });
  return row.id;
}

export async function findCredential(db: Database, id: number): Promise<CredentialRow | null> {
  const [row] = await db.select(columns).from(credentials).where(eq(credentials.id, id)).limit(1);
  return (row as CredentialRow | undefined) ?? null;
}

export async function listForProStaff(db: Database, proStaffId: number): Promise<CredentialRow[]> {
  return (await db.select(columns).from(credentials).where(eq(credentials.proStaffId, proStaffId)).orderBy(desc(credentials.submittedAt), desc(credentials.id))) as CredentialRow[];
}

/** The admin queue: oldest first for pending (first come, first reviewed), newest decisions first for approved. */
export async function listQueue(db: Database, status: 'pending' | 'approved', limit: number): Promise<QueueRow[]> {
  const rows = await db
    .select({ ...columns, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName, email: users.email, isVerified: proStaffProfiles.isVerified })
    .from(credentials)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, credentials.proStaffId))
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(and(eq(credentials.status, status), isNull(proStaffProfiles.erasedAt)))
    .orderBy(status === 'pending' ? asc(credentials.submittedAt) : desc(credentials.decidedAt), asc(credentials.id))
    .limit(limit);
  return rows as QueueRow[];
}

/** Approved credentials anyone may see on a profile: type and issuer only (the caller picks the fields it shows). */
export async function listApprovedForProStaff(db: Database, proStaffId: number): Promise<Pick<CredentialRow, 'type' | 'issuingAuthority' | 'expiresOn'>[]> {
  return (await db
    .select({ type: credentials.type, issuingAuthority: credentials.issuingAuthority, expiresOn: credentials.expiresOn })
    .from(credentials)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, credentials.proStaffId))
    .where(and(eq(credentials.proStaffId, proStaffId), eq(credentials.status, 'approved'), isNull(proStaffProfiles.erasedAt)))
    .orderBy(asc(credentials.type), asc(credentials.id))) as Pick<CredentialRow, 'type' | 'issuingAuthority' | 'expiresOn'>[];
}

/** Moves a credential from one of `from` to `to`; false when it was no longer in one of them (someone else acted first). */
export async function transition(
  db: Database,
  id: number,
  from: CredentialStatus[],
  to: CredentialStatus,
  decision: { decidedByUserId?: number | null; reason?: string | null },
  now: Date,
): Promise<boolean> {
  const set: Partial<typeof credentials.$inferInsert> = { status: to, updatedAt: now };
  if (decision.decidedByUserId !== undefined) {
    set.decidedByUserId = decision.decidedByUserId;
    set.decidedAt = now;
    set.decisionReason = decision.reason ?? null;
  }
  const rows = await db.update(credentials).set(set).where(and(eq(credentials.id, id), inArray(credentials.status, from))).returning({ id: credentials.id });
  return rows.length > 0;
}

/**
 * The badge from the credentials, as one statement: verified when at least one credential is approved and not past
 * its expiry day, with the types of those credentials. Idempotent; run after every change under the staffer's lock.
 */
export async function recomputeBadge(db: Database, proStaffId: number, today: string): Promise<{ isVerified: boolean; types: string[] }> {
  const live = sql`select distinct c.type from credentials c where c.pro_staff_id = ${proStaffId} and c.status = 'approved'
    and (c.expires_on is null or c.expires_on >= ${today}::date)`;
  const [row] = await db
    .update(proStaffProfiles)
    .set({
      isVerified: sql`exists (${live})`,
      verifiedCredentialTypes: sql`array(select t.type from (${live}) t order by t.type)`,
    })
    .where(eq(proStaffProfiles.id, proStaffId))
    .returning({ isVerified: proStaffProfiles.isVerified, types: proStaffProfiles.verifiedCredentialTypes });
  return row ?? { isVerified: false, types: [] };
}

/** Staffers with an approved credential past its last valid day (the partial index on expires_on finds them). */
export async function proStaffWithLapsed(db: Database, today: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ proStaffId: credentials.proStaffId })
    .from(credentials)
    .where(and(eq(credentials.status, 'approved'), lt(credentials.expiresOn, today)))
    .limit(limit);
  return rows.map((row) => row.proStaffId);
}

/** Marks one staffer's approved credentials past their last valid day expired; answers how many. */
export async function expireLapsed(db: Database, proStaffId: number, today: string, now: Date): Promise<number> {
  const rows = await db
    .update(credentials)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(credentials.proStaffId, proStaffId), eq(credentials.status, 'approved'), lt(credentials.expiresOn, today)))
    .returning({ id: credentials.id });
  return rows.length;
}

export async function ownerOfProStaff(db: Database, proStaffId: number): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(proStaffProfiles)
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(eq(proStaffProfiles.id, proStaffId))
    .limit(1);
  return row ?? null;
}
