import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { discountCodes } from '@server/db/schema/discounts';
import { squareCatalogDiscounts } from '@server/db/schema/square';
import type { CodeRow } from '../repository';

/** The Square catalog discounts of a platform, by catalog object id: the code each one stands for. */
export async function codeByCatalogIdOf(db: Database, platformId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ catalogObjectId: squareCatalogDiscounts.catalogObjectId, code: discountCodes.code })
    .from(squareCatalogDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, squareCatalogDiscounts.discountCodeId))
    .where(eq(squareCatalogDiscounts.platformId, platformId));
  return new Map(rows.map((row) => [row.catalogObjectId, row.code]));
}

/** The catalog object already made for each code on a platform, by code id. */
export async function catalogIdByCodeOf(db: Database, platformId: number): Promise<Map<number, string>> {
  const rows = await db.select().from(squareCatalogDiscounts).where(eq(squareCatalogDiscounts.platformId, platformId));
  return new Map(rows.map((row) => [row.discountCodeId, row.catalogObjectId]));
}

/** The Square catalog discounts HuntStaff made for one code, on every Square store of the business. */
export async function catalogDiscountsOfCode(db: Database, discountCodeId: number): Promise<{ platformId: number; catalogObjectId: string }[]> {
  return db
    .select({ platformId: squareCatalogDiscounts.platformId, catalogObjectId: squareCatalogDiscounts.catalogObjectId })
    .from(squareCatalogDiscounts)
    .where(eq(squareCatalogDiscounts.discountCodeId, discountCodeId))
    .orderBy(squareCatalogDiscounts.platformId);
}

/** A business's codes that belong to a pro staffer (the ones a Square discount is made for). */
export async function stafferCodesOf(db: Database, businessId: number): Promise<CodeRow[]> {
  return db.select().from(discountCodes).where(and(eq(discountCodes.businessId, businessId), isNotNull(discountCodes.proStaffId))).orderBy(discountCodes.id);
}

/** Keeps the first catalog object stored for a code and platform (parallel calls converge), and answers it. */
export async function saveCatalogDiscount(db: Database, platformId: number, discountCodeId: number, catalogObjectId: string): Promise<string> {
  await db.insert(squareCatalogDiscounts).values({ platformId, discountCodeId, catalogObjectId }).onConflictDoNothing();
  const [row] = await db
    .select({ catalogObjectId: squareCatalogDiscounts.catalogObjectId })
    .from(squareCatalogDiscounts)
    .where(and(eq(squareCatalogDiscounts.platformId, platformId), eq(squareCatalogDiscounts.discountCodeId, discountCodeId)));
  return row?.catalogObjectId ?? catalogObjectId;
}
