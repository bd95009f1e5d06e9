import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { discountCodes, integrationPlatforms, storeOrders, trackingEvents } from '@server/db/schema/discounts';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';

export type CodeRow = typeof discountCodes.$inferSelect;
export type NewCode = typeof discountCodes.$inferInsert;
export type PlatformRow = typeof integrationPlatforms.$inferSelect;
export type NewPlatform = typeof integrationPlatforms.$inferInsert;
export type OrderRow = typeof storeOrders.$inferSelect;
export type NewOrder = typeof storeOrders.$inferInsert;
export type NewTrackingEvent = typeof trackingEvents.$inferInsert;
export type CodeWithStats = CodeRow & { proStaffName: string | null; usageCount: number; revenueCents: number; revenueByCurrency: { currency: string; minor: number }[] };

// ---- discount codes ----

/** Serialise a business's discount code or platform limit checks. */
export const lockBusinessCodes = transactionLock('discountCodes');
export const lockBusinessPlatforms = transactionLock('integrationPlatforms');

export async function countActiveCodes(db: Database, businessId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(discountCodes).where(and(eq(discountCodes.businessId, businessId), eq(discountCodes.isActive, true)));
  return Number(row?.n ?? 0);
}

export async function findCode(db: Database, businessId: number, code: string): Promise<CodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(and(eq(discountCodes.businessId, businessId), eq(discountCodes.code, code)));
  return row ?? null;
}

export async function getCode(db: Database, id: number): Promise<CodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ?? null;
}

/** Inserts unless the code exists for the business; null on a duplicate. */
export async function insertCode(db: Database, values: NewCode): Promise<CodeRow | null> {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCode(db: Database, id: number, values: Partial<NewCode>): Promise<CodeRow | null> {
  const [row] = await db.update(discountCodes).set({ ...values, updatedAt: new Date() }).where(eq(discountCodes.id, id)).returning();
  return row ?? null;
}

/** Codes with their use: verified, still-placed orders only, revenue kept per currency (never added across). */
export async function listCodes(db: Database, businessId: number, onlyId?: number): Promise<CodeWithStats[]> {
  const rows = await db
    .select({ code: discountCodes, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName })
    .from(discountCodes)
    .leftJoin(proStaffProfiles, eq(proStaffProfiles.id, discountCodes.proStaffId))
    .where(onlyId ? and(eq(discountCodes.businessId, businessId), eq(discountCodes.id, onlyId)) : eq(discountCodes.businessId, businessId))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const usage = await db
    .select({
      codeId: storeOrders.discountCodeId,
      currency: storeOrders.currency,
      usageCount: count(),
      revenue: sql<number>`coalesce(sum(${storeOrders.orderValueCents}), 0)::bigint`.mapWith(Number),
    })
    .from(storeOrders)
    .where(and(eq(storeOrders.businessId, businessId), eq(storeOrders.status, 'placed'), eq(storeOrders.verified, true), isNotNull(storeOrders.discountCodeId)))
    .groupBy(storeOrders.discountCodeId, storeOrders.currency);
  return rows.map((row) => {
    const mine = usage.filter((u) => u.codeId === row.code.id);
    return {
      ...row.code,
      proStaffName: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
      usageCount: mine.reduce((sum, u) => sum + Number(u.usageCount), 0),
      revenueCents: mine.filter((u) => (u.currency ?? 'USD') === 'USD').reduce((sum, u) => sum + u.revenue, 0),
      revenueByCurrency: mine
        .map((u) => ({ currency: u.currency ?? 'USD', minor: u.revenue }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  });
}

/** Whose the code is, as the staffer's notification names them: the business's company name. */
export async function companyNameOf(db: Database, businessId: number): Promise<string> {
  const [row] = await db.select({ name: businessProfiles.companyName }).from(businessProfiles).where(eq(businessProfiles.id, businessId));
  return row?.name ?? 'Your business';
}

export async function proStaffExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: proStaffProfiles.id }).from(proStaffProfiles).where(eq(proStaffProfiles.id, id));
  return Boolean(row);
}

export async function listProStaffOptions(db: Database): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: proStaffProfiles.id, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName })
    .from(proStaffProfiles)
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName))
    .limit(1000);
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}

// ---- integration platforms ----

export async function countActivePlatforms(db: Database, businessId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(integrationPlatforms)
    .where(and(eq(integrationPlatforms.businessId, businessId), eq(integrationPlatforms.isActive, true)));
  return Number(row?.n ?? 0);
}

export async function insertPlatform(db: Database, values: NewPlatform): Promise<PlatformRow> {
  const [row] = await db.insert(integrationPlatforms).values(values).returning();
  return row;
}

export async function listPlatforms(db: Database, businessId: number): Promise<PlatformRow[]> {
  return db.select().from(integrationPlatforms).where(eq(integrationPlatforms.businessId, businessId)).orderBy(desc(integrationPlatforms.createdAt), desc(integrationPlatforms.id));
}

export async function getPlatform(db: Database, id: number): Promise<PlatformRow | null> {
  const [row] = await db.select().from(integrationPlatforms).where(eq(integrationPlatforms.id, id));
  return row ?? null;
}

/** The platform holding this key hash, and whether it is its publishable or its secret key. */
export async function findPlatformByKeyHash(db: Database, keyHash: string): Promise<{ platform: PlatformRow; kind: 'publishable' | 'secret' } | null> {
  const [row] = await db
    .select()
    .from(integrationPlatforms)
    .where(or(eq(integrationPlatforms.apiKeyHash, keyHash), eq(integrationPlatforms.secretKeyHash, keyHash)))
    .limit(1);
  if (!row) return null;
  return { platform: row, kind: row.secretKeyHash === keyHash ? 'secret' : 'publishable' };
}

/** Deletes the platform; its orders, tracking events and delivery log keep their rows (platform id set null). */
export async function deletePlatform(db: Database, id: number): Promise<void> {
  await db.delete(integrationPlatforms).where(eq(integrationPlatforms.id, id));
}

export async function updatePlatform(db: Database, id: number, values: Partial<NewPlatform>): Promise<PlatformRow | null> {
  const [row] = await db.update(integrationPlatforms).set({ ...values, updatedAt: new Date() }).where(eq(integrationPlatforms.id, id)).returning();
  return row ?? null;
}

// ---- store orders and attribution ----

/** Inserts the order unless (business, order id) is known; null when it already existed. */
export async function insertOrderIfNew(db: Database, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await db.insert(storeOrders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findOrder(db: Database, businessId: number, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(storeOrders).where(and(eq(storeOrders.businessId, businessId), eq(storeOrders.orderId, orderId)));
  return row ?? null;
}

export async function userIdOfProStaff(db: Database, proStaffId: number): Promise<number | null> {
  const [row] = await db.select({ userId: proStaffProfiles.userId }).from(proStaffProfiles).where(eq(proStaffProfiles.id, proStaffId));
  return row?.userId ?? null;
}

export async function insertTrackingEvent(db: Database, values: NewTrackingEvent): Promise<void> {
  await db.insert(trackingEvents).values(values);
}
