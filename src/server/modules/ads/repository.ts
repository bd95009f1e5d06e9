import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { transactionLock } from '@server/db/locks';
import { advertisements, adViews } from '@server/db/schema/ads';
import type { AdAudience, AdStatus, AdType, Advertisement } from '@shared/contracts/ads';

const columns = {
  id: advertisements.id,
  userId: advertisements.userId,
  title: advertisements.title,
  description: advertisements.description,
  adType: advertisements.adType,
  targetAudience: advertisements.targetAudience,
  budget: advertisements.budgetCents,
  duration: advertisements.durationDays,
  contactInfo: advertisements.contactInfo,
  location: advertisements.location,
  tags: advertisements.tags,
  status: advertisements.status,
  impressions: advertisements.impressions,
  clicks: advertisements.clicks,
  endDate: advertisements.endDate,
  createdAt: advertisements.createdAt,
  updatedAt: advertisements.updatedAt,
};

type Row = Omit<Advertisement, 'endDate' | 'createdAt' | 'updatedAt'> & { endDate: Date; createdAt: Date; updatedAt: Date };
export type AdRecord = Row;

export type AdValues = {
  title: string;
  description: string;
  adType: AdType;
  targetAudience: AdAudience;
  budgetCents: number;
  durationDays: number;
  contactInfo: string;
  location: string | null;
  tags: string[];
  status: AdStatus;
  endDate: Date;
};

export async function listByUser(db: Database, userId: number): Promise<Row[]> {
  return db.select(columns).from(advertisements).where(eq(advertisements.userId, userId)).orderBy(desc(advertisements.createdAt), desc(advertisements.id));
}

/** Running ads a viewer of this type may see: active, not expired, aimed at them (or their own). */
export async function listActiveFor(db: Database, viewer: { id: number; userType: 'business' | 'pro_staff' }, now: Date): Promise<Row[]> {
  return db
    .select(columns)
    .from(advertisements)
    .where(
      and(
        eq(advertisements.status, 'active'),
        gt(advertisements.endDate, now),
        or(eq(advertisements.userId, viewer.id), inArray(advertisements.targetAudience, ['both', viewer.userType])),
      ),
    )
    .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
    .limit(200);
}

export async function findById(db: Database, id: number): Promise<Row | null> {
  return firstRow(db.select(columns).from(advertisements).where(eq(advertisements.id, id)));
}

/** Serialises a user's ad limit checks. */
export const lockUserAds = transactionLock('advertisements');

/** Ads that take a plan slot: not completed and not yet ended. */
export async function countLive(db: Database, userId: number, now: Date, exceptId?: number): Promise<number> {
  const conditions = [eq(advertisements.userId, userId), ne(advertisements.status, 'completed'), gt(advertisements.endDate, now)];
  if (exceptId !== undefined) conditions.push(ne(advertisements.id, exceptId));
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(advertisements).where(and(...conditions));
  return Number(row?.count ?? 0);
}

export async function insert(db: Database, userId: number, values: AdValues): Promise<Row> {
  const [row] = await db.insert(advertisements).values({ userId, ...values }).returning(columns);
  return row;
}

export async function update(db: Database, id: number, values: Partial<AdValues>, now: Date): Promise<Row> {
  const [row] = await db.update(advertisements).set({ ...values, updatedAt: now }).where(eq(advertisements.id, id)).returning(columns);
  return row;
}

export async function remove(db: Database, id: number): Promise<void> {
  await db.delete(advertisements).where(eq(advertisements.id, id));
}

/** Records the view once per viewer, ad, day and kind; bumps the ad's counter only the first time. */
export async function track(db: Database, adId: number, viewerUserId: number, day: string, kind: 'impression' | 'click'): Promise<{ counted: boolean; impressions: number; clicks: number }> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(adViews).values({ adId, viewerUserId, day, kind }).onConflictDoNothing().returning({ adId: adViews.adId });
    const counted = inserted.length > 0;
    // Only today's rows matter for the once-a-day rule; drop older ones for this ad as we go.
    if (counted) await tx.delete(adViews).where(and(eq(adViews.adId, adId), lt(adViews.day, day)));
    const counter = kind === 'click' ? { clicks: sql`${advertisements.clicks} + 1` } : { impressions: sql`${advertisements.impressions} + 1` };
    const [row] = counted
      ? await tx.update(advertisements).set(counter).where(eq(advertisements.id, adId)).returning({ impressions: advertisements.impressions, clicks: advertisements.clicks })
      : await tx.select({ impressions: advertisements.impressions, clicks: advertisements.clicks }).from(advertisements).where(eq(advertisements.id, adId));
    return { counted, impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 };
  });
}
