import { z } from 'zod';
import { brand } from './branding';
import { optionalText, timestamps } from './common';
import { socialPlatformKeys, tagSearchPlatforms, type SocialPlatformKey } from '../specialties';
import { DIRECTORY_MAX_PAGE_SIZE } from '../directory-paging';
import { credentialTypes } from './credentials';

/** Where uploaded avatars are served; a profile may only point at one of ours. */
export const AVATAR_URL_PREFIX = '/api/uploads/avatars/';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarFilePattern = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;


const httpUrl = (message = 'Enter a full URL starting with https://') =>
  z
    .string()
    .trim()
    .max(500, 'URL is too long')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, message);

const platformHosts: Record<Exclude<SocialPlatformKey, 'website'>, { label: string; hosts: string[] }> = {
  instagram: { label: 'Instagram', hosts: ['instagram.com', 'instagr.am'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  twitter: { label: 'Twitter / X', hosts: ['twitter.com', 'x.com'] },
  tiktok: { label: 'TikTok', hosts: ['tiktok.com'] },
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com'] },
};

export const socialPlatformLabels: Record<SocialPlatformKey, string> = {
  ...Object.fromEntries(Object.entries(platformHosts).map(([key, value]) => [key, value.label])),
  website: 'Website',
} as Record<SocialPlatformKey, string>;

function hostMatches(value: string, hosts: string[]): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase();
    return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  } catch {
    return false;
  }
}

/** One social link: empty means "not set" (decision record 010 §5: empty values ignored). */
const socialLinkField = (key: SocialPlatformKey) => {
  const base = key === 'website' ? httpUrl() : httpUrl().refine((value) => hostMatches(value, platformHosts[key].hosts), `Enter a link to your ${platformHosts[key].label} profile (${platformHosts[key].hosts[0]}/…)`);
  return z.union([z.literal('').transform(() => undefined), base]).optional().nullable().transform((value) => value ?? undefined);
};

export const socialLinksField = z
  .object(Object.fromEntries(socialPlatformKeys.map((key) => [key, socialLinkField(key)])) as Record<SocialPlatformKey, ReturnType<typeof socialLinkField>>)
  .strict()
  .prefault({})
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, value]) => value)) as Partial<Record<SocialPlatformKey, string>>);

const specialtiesField = z
  .array(z.string().trim().min(1, 'Specialty cannot be empty').max(60, 'Specialty is too long'))
  .max(20, 'List at most 20 specialties')
  .default([])
  .transform((list) => [...new Set(list)]);

/** "#ElkHunting", "@elkhunting" or "elkhunting" -> "elkhunting". */
export function normalizeTag(value: string): string {
  return value.trim().replace(/^[@#]+/, '').trim().toLowerCase();
}

const socialTagsField = z
  .array(
    z
      .string()
      .transform(normalizeTag)
      .pipe(z.string().min(1, 'Tag cannot be empty').max(60, 'Tag is too long').regex(/^[\p{L}\p{N}_.-]+$/u, 'Tags use letters, numbers, _ . and - only')),
  )
  .max(30, 'List at most 30 tags')
  .default([])
  .transform((list) => [...new Set(list.map((tag) => `#${tag}`))]);

const profilePictureField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || (value.startsWith(AVATAR_URL_PREFIX) && avatarFilePattern.test(value.slice(AVATAR_URL_PREFIX.length))), 'Upload the picture with the profile picture button');

/** Decision record 010 §5: years of experience is an integer, min 0. */
const experienceField = z
  .number({ error: 'Years of experience must be a number' })
  .int('Years of experience must be a whole number')
  .min(0, 'Years of experience cannot be negative')
  .max(80, 'Years of experience must be at most 80');

export const proStaffProfileBody = z.object({
  /** Sent by the original client; when present it must be the caller's own id. */
  userId: z.number().int().positive().optional(),
  firstName: z.string().trim().min(1, 'First name is required').max(60, 'First name must be at most 60 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(60, 'Last name must be at most 60 characters'),
  bio: optionalText(2000),
  location: optionalText(120),
  specialties: specialtiesField,
  experience: experienceField.default(0),
  portfolioUrls: z.array(httpUrl()).max(12, 'List at most 12 portfolio links').default([]),
  profilePictureUrl: profilePictureField,
  socialLinks: socialLinksField,
  socialTags: socialTagsField,
});
export type ProStaffProfileBody = z.input<typeof proStaffProfileBody>;
export type ProStaffProfileInput = z.output<typeof proStaffProfileBody>;

export const businessProfileBody = z.object({
  userId: z.number().int().positive().optional(),
  companyName: z.string().trim().min(1, 'Company name is required').max(120, 'Company name must be at most 120 characters'),
  description: optionalText(2000),
  location: optionalText(120),
  website: z.union([z.literal('').transform(() => null), httpUrl()]).nullish().transform((value) => value ?? null),
  industry: optionalText(80),
  size: optionalText(60),
  profilePictureUrl: profilePictureField,
  socialLinks: socialLinksField,
});
export type BusinessProfileBody = z.input<typeof businessProfileBody>;
export type BusinessProfileInput = z.output<typeof businessProfileBody>;

export const directorySorts = ['rating', 'experience', 'newest'] as const;
export type DirectorySort = (typeof directorySorts)[number];

const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const directoryQuery = z.object({
  q: queryText(100),
  specialty: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => [...new Set((value === undefined ? [] : Array.isArray(value) ? value : [value]).map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(60, 'Specialty is too long')).max(15, 'Filter by at most 15 specialties')),
  location: queryText(120),
  minExperience: z.coerce.number().int('minExperience must be a whole number').min(0, 'minExperience cannot be negative').max(80).optional(),
  verified: z.enum(['true', 'false']).optional().transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Only staffers with an approved, unexpired credential of this type (decision record 029). */
  credentialType: z.enum(credentialTypes, 'Unknown credential type').optional(),
  sort: z.enum(directorySorts).optional(),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).optional(),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1, 'pageSize must be at least 1').max(DIRECTORY_MAX_PAGE_SIZE, `pageSize must be at most ${DIRECTORY_MAX_PAGE_SIZE}`).optional(),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;
export type DirectoryFilters = z.output<typeof directoryQuery>;

export const tagSearchQuery = z.object({
  tag: z
    .string({ error: 'Enter a tag to search for' })
    .transform(normalizeTag)
    .pipe(z.string().min(1, 'Enter a tag to search for').max(60, 'Tag is too long')),
  platform: z.enum([...tagSearchPlatforms, 'all']).optional().transform((value) => (value === 'all' ? undefined : value)),
});
export type TagSearchQuery = z.input<typeof tagSearchQuery>;

/**
 * Featured placement (Elite pro staff, decision record 019): the directory's filters, without sort or paging.
 * `fill=true` (the landing page) tops the list up with the directory's first profiles when fewer are featured.
 */
export const featuredQuery = directoryQuery.omit({ sort: true, page: true, pageSize: true }).extend({
  fill: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type FeaturedFilters = z.output<typeof featuredQuery>;

const socialLinksOut = z.partialRecord(z.enum(socialPlatformKeys), z.string());

export const proStaffProfile = z.object({
  id: z.number(),
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  specialties: z.array(z.string()),
  experience: z.number(),
  rating: z.number(),
  isVerified: z.boolean(),
  /** Types of the approved, unexpired credentials behind the badge (decision record 029). */
  verifiedCredentialTypes: z.array(z.enum(credentialTypes)),
  portfolioUrls: z.array(z.string()),
  socialMediaLinks: z.array(z.string()),
  profilePictureUrl: z.string().nullable(),
  socialLinks: socialLinksOut,
  socialTags: z.array(z.string()),
  ...timestamps,
});
export type ProStaffProfile = z.infer<typeof proStaffProfile>;

/** A featured list entry: `featured` is true when the owner's plan includes featured placement. */
export const featuredProStaffProfile = proStaffProfile.extend({ featured: z.boolean() });
export type FeaturedProStaffProfile = z.infer<typeof featuredProStaffProfile>;

export const businessProfile = z.object({
  id: z.number(),
  userId: z.number(),
  companyName: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  size: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  socialLinks: socialLinksOut,
  brand,
  ...timestamps,
});
export type BusinessProfile = z.infer<typeof businessProfile>;

export const directoryPage = z.object({
  items: z.array(proStaffProfile),
  total: z.number(),
  /** True when `total` is an estimate (a huge result on a big table, decision record 017): show "about". */
  totalEstimated: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type DirectoryPage = z.infer<typeof directoryPage>;

export const avatarUploadResult = z.object({ url: z.string(), appliedToProfile: z.boolean() });
export type AvatarUploadResult = z.infer<typeof avatarUploadResult>;
