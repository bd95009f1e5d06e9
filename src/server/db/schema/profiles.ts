import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, timestampColumns, cascadingReference } from './columns';
import { users } from './users';

export type SocialLinks = Partial<Record<string, string>>;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const businessProfiles = pgTable('business_profiles', {
  id: idColumn(),
  userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  description: text('description'),
  location: text('location'),
  website: text('website'),
  industry: text('industry'),
  size: text('size'),
  profilePictureUrl: text('profile_picture_url'),
  socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  /**
   * Custom branding (Enterprise, decision record 045): the logo's storage key (`brand-logos/<random>.<ext>`) and the
   * `#rrggbb` colour. Kept when the plan lapses; shown only while the owner's effective plan is Enterprise.
   */
  brandLogoKey: text('brand_logo_key'),
  brandColor: text('brand_color'),
  /** When the owner's account was erased (decision record 027): the row stays as "Deleted user", found by nobody. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The handle in a profile URL: its last path segment, lower-cased, without a leading @ (e.g. instagram.com/@Jake/ -> jake). */
const handleOf = (platform: string) =>
  `regexp_replace(lower(social_links ->> '${platform}'), '^(.*/)?@?([^/?#]+)/*([?#].*)?$', '\\2')`;
const taggedPlatforms = ['instagram', 'facebook', 'youtube', 'twitter', 'tiktok', 'linkedin'];

/*
 * The social tag index, kept by the database so every writer (API, seed, scripts) stays in step:
 * each handle appears bare ("jake") and platform-qualified ("instagram:jake"), next to the pro's own
 * hashtags ("#elkhunting"). Searches are GIN array overlap lookups.
 */
const searchTagsExpression = sql.raw(
  `array_remove(social_tags || ARRAY[${taggedPlatforms
    .flatMap((p) => [`'${p}:' || ${handleOf(p)}`, handleOf(p)])
    .join(', ')}], NULL)`,
);

export const proStaffProfiles = pgTable(
  'pro_staff_profiles',
  {
    id: idColumn(),
    userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    bio: text('bio'),
    location: text('location'),
    specialties: text('specialties').array().notNull().default([]),
    experience: integer('experience').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    /** The verified badge: at least one approved, unexpired credential (decision record 029); kept by the credentials module. */
    isVerified: boolean('is_verified').notNull().default(false),
    /** The types of those credentials, for the directory's credential filter (decision record 029). */
    verifiedCredentialTypes: text('verified_credential_types').array().notNull().default([]),
    portfolioUrls: text('portfolio_urls').array().notNull().default([]),
    socialMediaLinks: text('social_media_links').array().notNull().default([]),
    profilePictureUrl: text('profile_picture_url'),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    /** Hashtags the pro uses, normalised to lower case with a leading '#'. */
    socialTags: text('social_tags').array().notNull().default([]),
    searchTags: text('search_tags').array().generatedAlwaysAs(searchTagsExpression),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(bio, '') || ' ' || coalesce(location, ''))`,
    ),
    /** When the owner's account was erased (decision record 027): the row stays as "Deleted user", found by nobody. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('pro_staff_profiles_specialties_idx').using('gin', table.specialties),
    index('pro_staff_profiles_verified_types_idx').using('gin', table.verifiedCredentialTypes),
    index('pro_staff_profiles_search_tags_idx').using('gin', table.searchTags),
    index('pro_staff_profiles_search_vector_idx').using('gin', table.searchVector),
    index('pro_staff_profiles_rating_idx').on(table.rating.desc(), table.id),
    index('pro_staff_profiles_experience_idx').on(table.experience.desc(), table.id),
    index('pro_staff_profiles_created_at_idx').on(table.createdAt.desc(), table.id),
  ],
);

/** The business a row belongs to; the row goes with the business. */
export const businessIdColumn = () => cascadingReference('business_id', () => businessProfiles.id);

/** The pro staffer a row belongs to; the row goes with the profile. */
export const proStaffIdColumn = () => cascadingReference('pro_staff_id', () => proStaffProfiles.id);
