import { z } from 'zod';
import { BRAND_COLOR_PATTERN } from '../brand-colour';

/** Custom branding for Enterprise businesses (decision record 045). */

export const BRAND_LOGO_URL_PREFIX = '/api/branding/logos/';
/** A logo is shown small (a header, a card): 2 MB is plenty for a raster image of that size. */
export const BRAND_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const brandLogoFilePattern = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/**
 * What a page shows of a business's branding: null when the business set none or its plan no longer includes it
 * (the settings are kept, decision record 045). `color` is `#rrggbb` with at least 4.5:1 against white text.
 */
export const brand = z
  .object({ logoUrl: z.string().nullable(), color: z.string().nullable() })
  .nullable()
  .meta({ description: 'The business’s custom branding while its plan includes it (Enterprise); null otherwise.' });
export type Brand = z.infer<typeof brand>;

export const brandingSettings = z.object({
  logoUrl: z.string().nullable(),
  color: z.string().nullable(),
  /** Whether the business's plan includes custom branding (Enterprise, or an Enterprise trial). */
  entitled: z.boolean(),
  /** The plan's name, for the locked explanation. */
  planName: z.string(),
});
export type BrandingSettings = z.infer<typeof brandingSettings>;

export const updateBrandColorBody = z.object({
  color: z.string().regex(BRAND_COLOR_PATTERN, 'Enter the colour as # and six hex digits, e.g. #1f5132').nullable(),
});
export type UpdateBrandColorBody = z.infer<typeof updateBrandColorBody>;

export const brandLogoFileParam = z.object({ file: z.string().regex(brandLogoFilePattern, 'Unknown file') });

/** The plans that include custom branding (the Enterprise column of the pricing table, src/shared/plans.ts). */
export const CUSTOM_BRANDING_TIERS: readonly string[] = ['enterprise'];
