import { eq, sql } from 'drizzle-orm';
import { BRAND_LOGO_URL_PREFIX, CUSTOM_BRANDING_TIERS, type Brand } from '@shared/contracts/branding';
import type { Database } from '@server/db/client';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { effectiveTier } from '@server/lib/entitlements';

const brandingTiers = sql.join(CUSTOM_BRANDING_TIERS.map((tier) => sql`${tier}`), sql`, `);

/**
 * Whether a business's branding shows: its owner's effective plan (subscription, or a running trial) includes it,
 * read when the page is read, so a downgrade hides the branding at once and an upgrade brings it back (record 045).
 * A correlated lookup of one user row by its key, so any query over `business_profiles` can select it.
 */
const brandShown = sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${businessProfiles.userId} and (${effectiveTier}) in (${brandingTiers}))`;

/** Columns to add to any select over `business_profiles`; `brandOf` turns them into what a page shows. */
export const brandColumns = {
  brandLogoKey: businessProfiles.brandLogoKey,
  brandColor: businessProfiles.brandColor,
  brandShown,
};

export type BrandColumns = { brandLogoKey: string | null; brandColor: string | null; brandShown: boolean | null };

export const logoUrlOf = (key: string | null): string | null => (key ? `${BRAND_LOGO_URL_PREFIX}${key.slice(key.indexOf('/') + 1)}` : null);

export function brandOf(row: BrandColumns): Brand {
  if (!row.brandShown || (!row.brandLogoKey && !row.brandColor)) return null;
  return { logoUrl: logoUrlOf(row.brandLogoKey), color: row.brandColor };
}

/** Drops the three brand columns from a row and adds `brand`. */
export function withBrand<T extends BrandColumns>({ brandLogoKey, brandColor, brandShown: shown, ...rest }: T): Omit<T, keyof BrandColumns> & { brand: Brand } {
  return { ...rest, brand: brandOf({ brandLogoKey, brandColor, brandShown: shown }) };
}

export async function findSettings(db: Database, businessId: number): Promise<{ brandLogoKey: string | null; brandColor: string | null } | null> {
  const [row] = await db
    .select({ brandLogoKey: businessProfiles.brandLogoKey, brandColor: businessProfiles.brandColor })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, businessId))
    .limit(1);
  return row ?? null;
}

/** The brand of one business as its pages show it (for emails and pages that do not select it with their rows). */
export async function findBrand(db: Database, businessId: number): Promise<Brand> {
  const [row] = await db.select(brandColumns).from(businessProfiles).where(eq(businessProfiles.id, businessId)).limit(1);
  return row ? brandOf(row) : null;
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
