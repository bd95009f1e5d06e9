import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { BusinessProfile, DirectorySort, ProStaffProfile } from '@shared/contracts/profiles';
import type { SocialPlatformKey } from '@shared/specialties';
import type { Database } from '../../db/client';
import { businessProfiles, proStaffProfiles } from '../../db/schema/profiles';

const proStaffColumns = {
  id: proStaffProfiles.id,
  userId: proStaffProfiles.userId,
  firstName: proStaffProfiles.firstName,
  lastName: proStaffProfiles.lastName,
  bio: proStaffProfiles.bio,
  location: proStaffProfiles.location,
  specialties: proStaffProfiles.specialties,
  experience: proStaffProfiles.experience,
  rating: proStaffProfiles.rating,
  isVerified: proStaffProfiles.isVerified,
  portfolioUrls: proStaffProfiles.portfolioUrls,
  socialMediaLinks: proStaffProfiles.socialMediaLinks,
  profilePictureUrl: proStaffProfiles.profilePictureUrl,
  socialLinks: proStaffProfiles.socialLinks,
  socialTags: proStaffProfiles.socialTags,
  createdAt: proStaffProfiles.createdAt,
  updatedAt: proStaffProfiles.updatedAt,
};

const businessColumns = {
  id: businessProfiles.id,
  userId: businessProfiles.userId,
  companyName: businessProfiles.companyName,
  description: businessProfiles.description,
  location: businessProfiles.location,
  website: businessProfiles.website,
  industry: businessProfiles.industry,
  size: businessProfiles.size,
  profilePictureUrl: businessProfiles.profilePictureUrl,
  socialLinks: businessProfiles.socialLinks,
  createdAt: businessProfiles.createdAt,
  updatedAt: businessProfiles.updatedAt,
};

type ProStaffRow = Omit<ProStaffProfile, 'createdAt' | 'updatedAt' | 'socialLinks'> & {
  socialLinks: Partial<Record<string, string>>;
  createdAt: Date | string;
  updatedAt: Date | string;
};
type BusinessRow = Omit<BusinessProfile, 'createdAt' | 'updatedAt' | 'socialLinks'> & {
  socialLinks: Partial<Record<string, string>>;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function toProStaff(row: ProStaffRow): ProStaffProfile {
  return {
    ...row,
    rating: Number(row.rating),
    socialLinks: row.socialLinks as Partial<Record<SocialPlatformKey, string>>,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toBusiness(row: BusinessRow): BusinessProfile {
  return { ...row, socialLinks: row.socialLinks as Partial<Record<SocialPlatformKey, string>>, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

const textArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/** Prefix full-text query over the generated search vector ("bozem elk" -> 'bozem:* & elk:*'). */
function prefixQuery(words: string[]): SQL {
  return sql`${proStaffProfiles.searchVector} @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
}

export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export type DirectoryCriteria = {
  words: string[];
  /** Specialties whose name matches the free text, so "elk" finds "Elk Hunting". */
  textSpecialties: string[];
  specialties: string[];
  location?: string;
  minExperience?: number;
  verified?: boolean;
};

function directoryWhere(criteria: DirectoryCriteria): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.words.length > 0) {
    const text = prefixQuery(criteria.words);
    conditions.push(criteria.textSpecialties.length > 0 ? sql`(${text} OR ${proStaffProfiles.specialties} && ${textArray(criteria.textSpecialties)})` : text);
  }
  if (criteria.specialties.length > 0) conditions.push(sql`${proStaffProfiles.specialties} && ${textArray(criteria.specialties)}`);
  if (criteria.location) {
    const words = searchWords(criteria.location);
    // The index narrows by word prefix; ILIKE then keeps only rows whose location really contains the text.
    if (words.length > 0) conditions.push(prefixQuery(words));
    conditions.push(sql`${proStaffProfiles.location} ILIKE ${`%${escapeLike(criteria.location)}%`}`);
  }
  if (criteria.minExperience !== undefined) conditions.push(gte(proStaffProfiles.experience, criteria.minExperience));
  if (criteria.verified !== undefined) conditions.push(eq(proStaffProfiles.isVerified, criteria.verified));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/*
 * Written to match the (x DESC NULLS LAST, id) indexes. `fromFilterIndex` adds "+ 0" so the planner
 * cannot walk a sort index and must take the filter's GIN bitmap and sort the hits: the right plan when
 * few rows match, which it cannot tell for prefix text queries (it always assumes ~2% of rows).
 */
function directoryOrder(sort: DirectorySort | undefined, fromFilterIndex: boolean): SQL[] {
  const fence = fromFilterIndex ? sql` + 0` : sql``;
  switch (sort) {
    case 'rating':
      return [sql`${proStaffProfiles.rating}${fence} DESC NULLS LAST`, asc(proStaffProfiles.id)];
    case 'experience':
      return [sql`${proStaffProfiles.experience}${fence} DESC NULLS LAST`, asc(proStaffProfiles.id)];
    case 'newest':
      return [sql`${proStaffProfiles.createdAt}${fromFilterIndex ? sql` + interval '0 s'` : sql``} DESC NULLS LAST`, asc(proStaffProfiles.id)];
    default:
      return [sql`${proStaffProfiles.id}${fence}`];
  }
}

export async function listProStaff(
  db: Database,
  criteria: DirectoryCriteria,
  options: { sort?: DirectorySort; limit: number; offset: number; fromFilterIndex?: boolean },
): Promise<ProStaffProfile[]> {
  const rows = await db
    .select(proStaffColumns)
    .from(proStaffProfiles)
    .where(directoryWhere(criteria))
    .orderBy(...directoryOrder(options.sort, options.fromFilterIndex ?? false))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(toProStaff);
}

export async function countProStaff(db: Database, criteria: DirectoryCriteria): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(proStaffProfiles).where(directoryWhere(criteria));
  return Number(row?.total ?? 0);
}

export async function findProStaffById(db: Database, id: number): Promise<ProStaffProfile | null> {
  const [row] = await db.select(proStaffColumns).from(proStaffProfiles).where(eq(proStaffProfiles.id, id)).limit(1);
  return row ? toProStaff(row) : null;
}

export async function findProStaffByUserId(db: Database, userId: number): Promise<ProStaffProfile | null> {
  const [row] = await db.select(proStaffColumns).from(proStaffProfiles).where(eq(proStaffProfiles.userId, userId)).limit(1);
  return row ? toProStaff(row) : null;
}

export type ProStaffValues = {
  firstName: string;
  lastName: string;
  bio: string | null;
  location: string | null;
  specialties: string[];
  experience: number;
  portfolioUrls: string[];
  socialMediaLinks: string[];
  profilePictureUrl: string | null;
  socialLinks: Partial<Record<string, string>>;
  socialTags: string[];
};

/** Creates or replaces the user's pro staff profile; rating and verification are left alone. */
export async function upsertProStaff(db: Database, userId: number, values: ProStaffValues): Promise<{ profile: ProStaffProfile; created: boolean }> {
  const now = new Date();
  const [row] = await db
    .insert(proStaffProfiles)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: proStaffProfiles.userId, set: { ...values, updatedAt: now } })
    .returning({ ...proStaffColumns, created: sql<boolean>`(xmax = 0)` });
  const { created, ...profile } = row;
  return { profile: toProStaff(profile), created: Boolean(created) };
}

export async function setProStaffPicture(db: Database, userId: number, url: string): Promise<boolean> {
  const rows = await db
    .update(proStaffProfiles)
    .set({ profilePictureUrl: url, updatedAt: new Date() })
    .where(eq(proStaffProfiles.userId, userId))
    .returning({ id: proStaffProfiles.id });
  return rows.length > 0;
}

export async function searchProStaffByTags(db: Database, candidates: string[], limit: number): Promise<ProStaffProfile[]> {
  const rows = await db
    .select(proStaffColumns)
    .from(proStaffProfiles)
    .where(sql`${proStaffProfiles.searchTags} && ${textArray(candidates)}`)
    .orderBy(desc(proStaffProfiles.rating), asc(proStaffProfiles.id))
    .limit(limit);
  return rows.map(toProStaff);
}

export async function findBusinessById(db: Database, id: number): Promise<BusinessProfile | null> {
  const [row] = await db.select(businessColumns).from(businessProfiles).where(eq(businessProfiles.id, id)).limit(1);
  return row ? toBusiness(row) : null;
}

export async function findBusinessByUserId(db: Database, userId: number): Promise<BusinessProfile | null> {
  const [row] = await db.select(businessColumns).from(businessProfiles).where(eq(businessProfiles.userId, userId)).limit(1);
  return row ? toBusiness(row) : null;
}

export type BusinessValues = {
  companyName: string;
  description: string | null;
  location: string | null;
  website: string | null;
  industry: string | null;
  size: string | null;
  profilePictureUrl: string | null;
  socialLinks: Partial<Record<string, string>>;
};

export async function upsertBusiness(db: Database, userId: number, values: BusinessValues): Promise<{ profile: BusinessProfile; created: boolean }> {
  const now = new Date();
  const [row] = await db
    .insert(businessProfiles)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: businessProfiles.userId, set: { ...values, updatedAt: now } })
    .returning({ ...businessColumns, created: sql<boolean>`(xmax = 0)` });
  const { created, ...profile } = row;
  return { profile: toBusiness(profile), created: Boolean(created) };
}

export async function setBusinessPicture(db: Database, userId: number, url: string): Promise<boolean> {
  const rows = await db
    .update(businessProfiles)
    .set({ profilePictureUrl: url, updatedAt: new Date() })
    .where(eq(businessProfiles.userId, userId))
    .returning({ id: businessProfiles.id });
  return rows.length > 0;
}
