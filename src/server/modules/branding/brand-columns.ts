import { sql } from 'drizzle-orm';
import { BRAND_LOGO_URL_PREFIX, CUSTOM_BRANDING_TIERS, type Brand } from '@shared/contracts/branding';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { effectiveTier } from '@server/lib/entitlements';

// The brand as a query fragment (decision record 045), like `effectiveTier` in lib/entitlements: the profiles, jobs
// and agreements repositories select it with their own rows, so a list of postings costs no query per business.

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
