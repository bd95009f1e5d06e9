import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { promotionDailyStats, promotions, promotionViews } from '@server/db/schema/promotions';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import type { PromotionAudience, PromotionType } from '@shared/contracts/promotions';

const columns = {
  id: promotions.id,
  businessId: promotions.businessId,
  title: promotions.title,
  description: promotions.description,
  targetUrl: promotions.targetUrl,
  imageUrl: promotions.imageUrl,
  promotionType: promotions.promotionType,
  targetAudience: promotions.targetAudience,
  targetSpecialties: promotions.targetSpecialties,
  targetLocation: promotions.targetLocation,
  budgetCents: promotions.budgetCents,
  dailyBudgetCents: promotions.dailyBudgetCents,
  costPerClickCents: promotions.costPerClickCents,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  isActive: promotions.isActive,
  totalImpressions: promotions.totalImpressions,
  totalClicks: promotions.totalClicks,
  totalSpentCents: promotions.totalSpentCents,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
};

export type PromotionRecord = {
  id: number;
  businessId: number;
  title: string;
  description: string;
  targetUrl: string | null;
  imageUrl: string | null;
  promotionType: PromotionType;
  targetAudience: PromotionAudience;
  targetSpecialties: string[];
  targetLocation: string | null;
  budgetCents: number;
  dailyBudgetCents: number | null;
  costPerClickCents: number;
  startDate: string;
  endDate: string;
  isActive: boolean;
  totalImpressions: number;
  totalClicks: number;
  totalSpentCents: number;
  createdAt: Date;
  updatedAt: Date;
};

export type PromotionValues = Pick<
  PromotionRecord,
  | 'title' | 'description' | 'targetUrl' | 'imageUrl' | 'promotionType' | 'targetAudience' | 'targetSpecialties' | 'targetLocation'
  | 'budgetCents' | 'dailyBudgetCents' | 'costPerClickCents' | 'startDate' | 'endDate' | 'isActive'
>;

const spentTodayFor = (today: string) =>
  sql<number>`coalesce((select ${promotionDailyStats.spentCents} from ${promotionDailyStats} where ${promotionDailyStats.promotionId} = ${promotions.id} and ${promotionDailyStats.day} = ${today}), 0)`.mapWith(Number);

export async function listByBusiness(db: Database, businessId: number, today: string): Promise<(PromotionRecord & { spentTodayCents: number })[]> {
  return db
    .select({ ...columns, spentTodayCents: spentTodayFor(today) })
    .from(promotions)
    .where(eq(promotions.businessId, businessId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
}

export async function findById(db: Database, id: number, today: string): Promise<(PromotionRecord & { spentTodayCents: number }) | null> {
  return firstRow(db.select({ ...columns, spentTodayCents: spentTodayFor(today) }).from(promotions).where(eq(promotions.id, id)));
}

/** Locks the row for the rest of the transaction so concurrent clicks cannot overspend. */
export async function findForUpdate(db: Database, id: number, today: string): Promise<(PromotionRecord & { spentTodayCents: number }) | null> {
  const [row] = await db.select(columns).from(promotions).where(eq(promotions.id, id)).for('update').limit(1);
  if (!row) return null;
  const [stats] = await db
    .select({ spentCents: promotionDailyStats.spentCents })
    .from(promotionDailyStats)
    .where(and(eq(promotionDailyStats.promotionId, id), eq(promotionDailyStats.day, today)));
  return { ...row, spentTodayCents: stats?.spentCents ?? 0 };
}

/** Promotions that can still be shown and paid for today, with the advertiser's name (audience is checked by the caller). */
export async function listDeliverable(db: Database, today: string): Promise<(PromotionRecord & { companyName: string })[]> {
  const spentToday = spentTodayFor(today);
  return db
    .select({ ...columns, companyName: businessProfiles.companyName })
    .from(promotions)
    .innerJoin(businessProfiles, eq(businessProfiles.id, promotions.businessId))
    .where(
      and(
        eq(promotions.isActive, true),
        lte(promotions.startDate, today),
        gte(promotions.endDate, today),
        sql`${promotions.totalSpentCents} + ${promotions.costPerClickCents} <= ${promotions.budgetCents}`,
        sql`(${promotions.dailyBudgetCents} is null or ${spentToday} + ${promotions.costPerClickCents} <= ${promotions.dailyBudgetCents})`,
      ),
    )
    .orderBy(desc(promotions.costPerClickCents), asc(promotions.id))
    .limit(500);
}

export async function findViewerProfile(db: Database, proStaffId: number): Promise<{ specialties: string[]; location: string | null } | null> {
  return firstRow(
    db
      .select({ specialties: proStaffProfiles.specialties, location: proStaffProfiles.location })
      .from(proStaffProfiles)
      .where(eq(proStaffProfiles.id, proStaffId)),
  );
}

export async function insert(db: Database, businessId: number, values: PromotionValues): Promise<PromotionRecord> {
  const [row] = await db.insert(promotions).values({ businessId, ...values }).returning(columns);
  return row;
}

export async function update(db: Database, id: number, values: Partial<PromotionValues>, now: Date): Promise<void> {
  await db.update(promotions).set({ ...values, updatedAt: now }).where(eq(promotions.id, id));
}

export async function remove(db: Database, id: number): Promise<void> {
  await db.delete(promotions).where(eq(promotions.id, id));
}

/** True the first time this viewer does `kind` on this promotion today. Older dedupe rows are dropped as it goes. */
export async function recordView(db: Database, promotionId: number, viewerUserId: number, day: string, kind: 'impression' | 'click'): Promise<boolean> {
  const inserted = await db.insert(promotionViews).values({ promotionId, viewerUserId, day, kind }).onConflictDoNothing().returning({ id: promotionViews.promotionId });
  if (inserted.length === 0) return false;
  await db.delete(promotionViews).where(and(eq(promotionViews.promotionId, promotionId), lt(promotionViews.day, day)));
  return true;
}

export async function addImpression(db: Database, promotionId: number, day: string): Promise<void> {
  await db.update(promotions).set({ totalImpressions: sql`${promotions.totalImpressions} + 1` }).where(eq(promotions.id, promotionId));
  await db
    .insert(promotionDailyStats)
    .values({ promotionId, day, impressions: 1 })
    .onConflictDoUpdate({ target: [promotionDailyStats.promotionId, promotionDailyStats.day], set: { impressions: sql`${promotionDailyStats.impressions} + 1` } });
}

export async function addClick(db: Database, promotionId: number, day: string, chargeCents: number): Promise<void> {
  await db
    .update(promotions)
    .set({ totalClicks: sql`${promotions.totalClicks} + 1`, totalSpentCents: sql`${promotions.totalSpentCents} + ${chargeCents}` })
    .where(eq(promotions.id, promotionId));
  await db
    .insert(promotionDailyStats)
    .values({ promotionId, day, clicks: 1, spentCents: chargeCents })
    .onConflictDoUpdate({
      target: [promotionDailyStats.promotionId, promotionDailyStats.day],
      set: { clicks: sql`${promotionDailyStats.clicks} + 1`, spentCents: sql`${promotionDailyStats.spentCents} + ${chargeCents}` },
    });
}

export async function dailyStats(db: Database, promotionId: number, from: string, to: string): Promise<{ day: string; impressions: number; clicks: number; spentCents: number }[]> {
  return db
    .select({ day: promotionDailyStats.day, impressions: promotionDailyStats.impressions, clicks: promotionDailyStats.clicks, spentCents: promotionDailyStats.spentCents })
    .from(promotionDailyStats)
    .where(and(eq(promotionDailyStats.promotionId, promotionId), gte(promotionDailyStats.day, from), lte(promotionDailyStats.day, to)))
    .orderBy(asc(promotionDailyStats.day));
}
