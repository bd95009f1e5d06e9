import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { discountCodes } from '@server/db/schema/discounts';
import { businessProfiles } from '@server/db/schema/profiles';
import type { CodeRow } from '../repository';

export type CodeWithBusiness = { code: CodeRow; businessName: string };

/** Codes, each with its business's name. */
function codesWithBusiness(db: Database) {
  return db
    .select({ code: discountCodes, businessName: businessProfiles.companyName })
    .from(discountCodes)
    .innerJoin(businessProfiles, eq(businessProfiles.id, discountCodes.businessId));
}

/** The staffer's active codes, oldest first (the order they were given). */
export async function activeCodesOf(db: Database, proStaffId: number): Promise<CodeWithBusiness[]> {
  return codesWithBusiness(db)
    .where(and(eq(discountCodes.proStaffId, proStaffId), eq(discountCodes.isActive, true)))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
}

/** The business's code `code` (already normalised). */
export async function findCodeWithBusiness(db: Database, businessId: number, code: string): Promise<CodeWithBusiness | null> {
  const [row] = await codesWithBusiness(db).where(and(eq(discountCodes.businessId, businessId), eq(discountCodes.code, code)));
  return row ?? null;
}
