import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { apiTokens } from '@server/db/schema/api-tokens';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';

// Enterprise API tokens (decision record 043): the only module that reads or writes `api_tokens`.

export type ApiTokenRow = Omit<typeof apiTokens.$inferSelect, 'tokenHash' | 'createdByUserId' | 'businessId'>;

/** One business's token creations at a time: the live-token limit is checked against a state nobody else is writing. */
export const lockApiTokens = transactionLock('apiTokens');

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  tokenPrefix: apiTokens.tokenPrefix,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdAt: apiTokens.createdAt,
};

export async function listTokens(db: Database, businessId: number): Promise<ApiTokenRow[]> {
  return db.select(listColumns).from(apiTokens).where(eq(apiTokens.businessId, businessId)).orderBy(desc(apiTokens.id)).limit(500);
}

export async function countLiveTokens(db: Database, businessId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.businessId, businessId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return row?.count ?? 0;
}

export async function insertToken(
  db: Database,
  values: { businessId: number; userId: number; name: string; tokenPrefix: string; tokenHash: string; scopes: string[]; expiresAt: Date; now: Date },
): Promise<ApiTokenRow> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      businessId: values.businessId,
      createdByUserId: values.userId,
      name: values.name,
      tokenPrefix: values.tokenPrefix,
      tokenHash: values.tokenHash,
      scopes: values.scopes,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning(listColumns);
  return row!;
}

/** Revokes the business's token; answers whether the business has such a token at all (revoked before or now). */
export async function revokeToken(db: Database, businessId: number, id: number, now: Date): Promise<boolean> {
  // One statement: a token revoked twice keeps its first time, and another business's id matches nothing.
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.businessId, businessId)))
    .returning({ id: apiTokens.id });
  return Boolean(row);
}

/**
 * The token with this hash and the account it acts as: the business's owner. `ownerUsable` is false while the owner's
 * account is scheduled for deletion or erased (its sessions ended then too, record 027).
 */
export async function findByHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      businessId: apiTokens.businessId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      ownerUserId: businessProfiles.userId,
      ownerUsable: sql<boolean>`${users.deletionScheduledFor} is null and ${users.deletedAt} is null`,
    })
    .from(apiTokens)
    .innerJoin(businessProfiles, eq(businessProfiles.id, apiTokens.businessId))
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Records a use, unless one was recorded since `staleBefore` (another instance, a parallel request) or it is revoked. */
export async function touchToken(db: Database, id: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
}

