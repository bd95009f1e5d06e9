import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { businessProfiles } from '@server/db/schema/profiles';

import { brandColumns, brandOf } from './brand-columns';
import type { Brand } from '@shared/contracts/branding';

export { logoUrlOf } from './brand-columns';

/** The business as the sender of an email to its pro staff: its name and, while its plan includes it, its brand. */
export async function senderOf(db: Database, businessId: number): Promise<{ businessName: string; brand: Brand } | null> {
  const [row] = await db.select({ businessName: businessProfiles.companyName, ...brandColumns }).from(businessProfiles).where(eq(businessProfiles.id, businessId)).limit(1);
  return row ? { businessName: row.businessName, brand: brandOf(row) } : null;
}

export async function findSettings(db: Database, businessId: number): Promise<{ brandLogoKey: string | null; brandColor: string | null } | null> {
  const [row] = await db
    .select({ brandLogoKey: businessProfiles.brandLogoKey, brandColor: businessProfiles.brandColor })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, businessId))
    .limit(1);
  return row ?? null;
}

export async function setColor(db: Database, businessId: number, color: string | null, now: Date): Promise<void> {
  await db.update(businessProfiles).set({ brandColor: color, updatedAt: now }).where(eq(businessProfiles.id, businessId));
}

/** Sets the logo key under a row lock and answers the key it replaced (its file is deleted after the commit). */
export async function replaceLogoKey(db: Database, businessId: number, key: string | null, now: Date): Promise<string | null> {
  const [current] = await db
    .select({ key: businessProfiles.brandLogoKey })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, businessId))
    .for('update');
  await db.update(businessProfiles).set({ brandLogoKey: key, updatedAt: now }).where(eq(businessProfiles.id, businessId));
  return current?.key ?? null;
}
