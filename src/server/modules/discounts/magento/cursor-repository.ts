import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { integrationPlatforms } from '@server/db/schema/discounts';
import { storeAdminCredentials } from '@server/db/schema/gear';
import { magentoPollCursors } from '@server/db/schema/magento';

/** Where one store's poll has got to: the last updated_at processed and the entity ids processed at that second. */
export type PollCursor = { updatedAt: string; seenIds: string[] };

const columns = { updatedAt: magentoPollCursors.updatedAt, seenIds: magentoPollCursors.seenIds };

/** Active Magento stores whose credentials were saved: the ones the scheduled poll visits. */
export async function pollablePlatformIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: integrationPlatforms.id })
    .from(integrationPlatforms)
    .innerJoin(storeAdminCredentials, eq(storeAdminCredentials.platformId, integrationPlatforms.id))
    .where(and(eq(integrationPlatforms.platformType, 'magento'), eq(integrationPlatforms.isActive, true)))
    .orderBy(integrationPlatforms.id);
  return rows.map((row) => row.id);
}

/** The store's cursor, made at `start` the first time (two first polls at once make one row). */
export async function cursorOf(db: Database, platformId: number, start: string): Promise<PollCursor> {
  await db.insert(magentoPollCursors).values({ platformId, updatedAt: start, seenIds: [] }).onConflictDoNothing();
  const [row] = await db.select(columns).from(magentoPollCursors).where(eq(magentoPollCursors.platformId, platformId));
  return row;
}

/** The cursor row, locked until the transaction ends: one page of one store is applied at a time. */
export async function lockCursor(tx: Database, platformId: number): Promise<PollCursor | null> {
  const [row] = await tx.select(columns).from(magentoPollCursors).where(eq(magentoPollCursors.platformId, platformId)).for('update');
  return row ?? null;
}

export async function moveCursor(tx: Database, platformId: number, cursor: PollCursor, now: Date): Promise<void> {
  await tx.update(magentoPollCursors).set({ updatedAt: cursor.updatedAt, seenIds: cursor.seenIds, polledAt: now }).where(eq(magentoPollCursors.platformId, platformId));
}
