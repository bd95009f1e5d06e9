import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BusinessProfile, DirectorySort, ProStaffProfile } from '@shared/contracts/profiles';
import type { SocialPlatformKey } from '@shared/specialties';
import { rowsOf, type Database } from '@server/db/client';
import { isoInstant } from '@server/db/rows';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { planTrials } from '@server/db/schema/billing';
import { users } from '@server/db/schema/users';
import { effectiveTier } from '@server/lib/entitlements';
import { brandColumns, withBrand, type BrandColumns } from '../branding/brand-columns';

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
  verifiedCredentialTypes: proStaffProfiles.verifiedCredentialTypes,
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
  // Custom branding (decision record 045): shown only while the owner's plan includes it.
  ...brandColumns,
  createdAt: businessProfiles.createdAt,
  updatedAt: businessProfiles.updatedAt,
};

type ProStaffRow = Omit<ProStaffProfile, 'createdAt' | 'updatedAt' | 'socialLinks' | 'verifiedCredentialTypes'> & {
  verifiedCredentialTypes: string[];
  socialLinks: Partial<Record<string, string>>;
  createdAt: Date | string;
  updatedAt: Date | string;
};
type BusinessRow = Omit<BusinessProfile, 'createdAt' | 'updatedAt' | 'socialLinks' | 'brand'> & BrandColumns & {
  socialLinks: Partial<Record<string, string>>;
  createdAt: Date | string;
  updatedAt: Date | string;
};

function toProStaff(row: ProStaffRow): ProStaffProfile {
  return {
    ...row,
    rating: Number(row.rating),
    socialLinks: row.socialLinks as Partial<Record<SocialPlatformKey, string>>,
    verifiedCredentialTypes: row.verifiedCredentialTypes as ProStaffProfile['verifiedCredentialTypes'],
    createdAt: isoInstant(row.createdAt),
    updatedAt: isoInstant(row.updatedAt),
  };
}

function toBusiness(branded: BusinessRow): BusinessProfile {
  const row = withBrand(branded);
  return { ...row, socialLinks: row.socialLinks as Partial<Record<SocialPlatformKey, string>>, createdAt: isoInstant(row.createdAt), updatedAt: isoInstant(row.updatedAt) };
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
  /** An approved, unexpired credential of this type (decision record 029). */
  credentialType?: string;
};

/**
 * How a directory page is read (decision record 017), chosen from the number of matches:
 * - 'planner': no filters, PostgreSQL walks the sort index.
 * - 'sort-index': many matches; walk the sort index and test each row until the page is full. Every
 *   filter is fenced (`coalesce(..., false)`) so the planner cannot swap in a filter index: it always
 *   guesses ~2% for prefix text queries and would sort tens of thousands of hits.
 * - 'filter-index': few matches; read them from the filter indexes (GIN) and sort them. The sort key is
 *   fenced ("+ 0") so the planner cannot walk a sort index instead.
 */
export type DirectoryPlan = 'planner' | 'sort-index' | 'filter-index';

const fenced = (condition: SQL, fence: boolean) => (fence ? sql`coalesce(${condition}, false)` : condition);

/**
 * Not an erased account (decision record 027): its profile row stays as "Deleted user" for the commissions and
 * messages that point at it, but nobody finds or opens it. A column of the profile itself, set at erasure, rather
 * than a look-up in users: a plain filter on the row the tuned plans of record 017 already read, whose estimate
 * does not depend on the users table's statistics (a NOT IN over users fell to a per-row subplan, 6.8 s a page, on
 * 1,000,000 freshly loaded users) nor on how many accounts were ever erased.
 */
const notErased = (table: typeof proStaffProfiles | typeof businessProfiles) => isNull(table.erasedAt);

/**
 * Where a directory query's values go: bound as parameters of this query, or left as placeholders of a query
 * prepared once per shape and filled from `directoryValues` (see `listProStaff`).
 */
type Bind = (name: keyof DirectoryValues) => SQL;
function bindValuesOf(criteria: DirectoryCriteria): Bind {
  const values = directoryValues(criteria);
  return (name) => sql`${sql.param(values[name])}`;
}
const bindPlaceholders: Bind = (name) => sql`${sql.placeholder(name)}`;

/** The filters a directory query has, in the order its WHERE lists them: with the sort and plan, its SQL's shape. */
type DirectoryFilter = 'text' | 'textOrSpecialty' | 'specialties' | 'location' | 'locationWords' | 'minExperience' | 'verified' | 'credentialType';

function directoryFilters(criteria: DirectoryCriteria): DirectoryFilter[] {
  const filters: DirectoryFilter[] = [];
  if (criteria.words.length > 0) filters.push(criteria.textSpecialties.length > 0 ? 'textOrSpecialty' : 'text');
  if (criteria.specialties.length > 0) filters.push('specialties');
  if (criteria.location) {
    filters.push('location');
    if (searchWords(criteria.location).length > 0) filters.push('locationWords');
  }
  if (criteria.minExperience !== undefined) filters.push('minExperience');
  if (criteria.verified !== undefined) filters.push('verified');
  if (criteria.credentialType) filters.push('credentialType');
  return filters;
}

const prefixMatch = (query: SQL) => sql`${proStaffProfiles.searchVector} @@ to_tsquery('simple', ${query})`;

function filterCondition(filter: DirectoryFilter, walk: boolean, bind: Bind): SQL {
  switch (filter) {
    case 'text':
      return fenced(prefixMatch(bind('textQuery')), walk);
    case 'textOrSpecialty':
      return fenced(sql`(${prefixMatch(bind('textQuery'))} OR ${proStaffProfiles.specialties} && ${bind('textSpecialties')}::text[])`, walk);
    case 'specialties':
      return fenced(sql`${proStaffProfiles.specialties} && ${bind('specialties')}::text[]`, walk);
    // The trigram index on (location, specialties) narrows by the ILIKE; the word-prefix test (kept so a
    // location matches only at the start of a word, as before) is always fenced: a filter, not an index.
    case 'location':
      return fenced(sql`${proStaffProfiles.location} ILIKE ${bind('locationPattern')}`, walk);
    case 'locationWords':
      return fenced(prefixMatch(bind('locationQuery')), true);
    case 'minExperience':
      return fenced(sql`${proStaffProfiles.experience} >= ${bind('minExperience')}`, walk);
    case 'verified':
      return fenced(sql`${proStaffProfiles.isVerified} = ${bind('verified')}`, walk);
    case 'credentialType':
      return fenced(sql`${proStaffProfiles.verifiedCredentialTypes} @> array[${bind('credentialType')}]::text[]`, walk);
  }
}

function directoryWhere(criteria: DirectoryCriteria, plan: DirectoryPlan, bind: Bind = bindValuesOf(criteria)): SQL | undefined {
  const walk = plan === 'sort-index';
  return and(notErased(proStaffProfiles), ...directoryFilters(criteria).map((filter) => filterCondition(filter, walk, bind)));
}

export const hasDirectoryFilters = (criteria: DirectoryCriteria) => directoryFilters(criteria).length > 0;

/* Written to match the (x DESC NULLS LAST, id) indexes; "+ 0" keeps the planner off them (see DirectoryPlan). */
function directoryOrder(sort: DirectorySort | undefined, plan: DirectoryPlan): SQL[] {
  const fromFilterIndex = plan === 'filter-index';
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

const prefixQueryText = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');

type DirectoryValues = {
  textQuery: string;
  textSpecialties: string[];
  specialties: string[];
  locationPattern: string | null;
  locationQuery: string | null;
  minExperience: number | null;
  verified: boolean | null;
  credentialType: string | null;
};

/** The values `directoryWhere` binds, by name; "bozem elk" -> 'bozem:* & elk:*' (prefix full-text query). */
function directoryValues(criteria: DirectoryCriteria): DirectoryValues {
  return {
    textQuery: prefixQueryText(criteria.words),
    textSpecialties: criteria.textSpecialties,
    specialties: criteria.specialties,
    locationPattern: criteria.location ? `%${escapeLike(criteria.location)}%` : null,
    locationQuery: criteria.location ? prefixQueryText(searchWords(criteria.location)) : null,
    minExperience: criteria.minExperience ?? null,
    verified: criteria.verified ?? null,
    credentialType: criteria.credentialType ?? null,
  };
}

function prepareDirectoryPage(db: Database, criteria: DirectoryCriteria, sort: DirectorySort | undefined, plan: DirectoryPlan) {
  return (
    db
      .select(proStaffColumns)
      .from(proStaffProfiles)
      .where(directoryWhere(criteria, plan, bindPlaceholders))
      .orderBy(...directoryOrder(sort, plan))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      // No name: node-postgres sends it as PostgreSQL's unnamed statement, planned anew with each request's values.
      // A named statement would switch to one generic plan for every value after five runs, and the fenced plans
      // of record 017 exist because one plan does not fit 500 and 50,000 matches alike.
      .prepare('')
  );
}

/**
 * Queries Drizzle builds once per database and shape, then runs with each request's values. Building a directory
 * query took about 0.2 ms, a fifth of a warm request's time at 100,000 profiles (decision record 017, "26 November
 * 2026: queries built once per shape, rows read raw"); a few hundred shapes at most, since a shape never holds a value.
 */
function builtOncePerShape<Query>() {
  const byDatabase = new WeakMap<Database, Map<string, Query>>();
  return (db: Database, shape: string, build: () => Query): Query => {
    let queries = byDatabase.get(db);
    if (!queries) byDatabase.set(db, (queries = new Map()));
    let query = queries.get(shape);
    if (!query) queries.set(shape, (query = build()));
    return query;
  };
}
const directoryPages = builtOncePerShape<ReturnType<typeof prepareDirectoryPage>>();
const directoryCounts = builtOncePerShape<ReturnType<typeof prepareDirectoryCount>>();

/** Both drivers' prepared queries (NodePgPreparedQuery, PglitePreparedQuery) answer `all` with the driver's own rows. */
type RawRowsQuery = { all(values: Record<string, unknown>): Promise<Record<string, unknown>[]> };

/** proStaffColumns by the names PostgreSQL answers with, for rows read raw (see `listProStaff`). */
const proStaffColumnNames = Object.entries(proStaffColumns).map(([key, column]) => [key, column.name] as const);

/**
 * A raw row as both drivers answer `all()`: arrays, JSON, numbers and booleans parsed, instants as PostgreSQL's
 * text (as Drizzle reads them before making Dates), which `toProStaff` turns into ISO strings either way.
 */
function proStaffFromRaw(raw: Record<string, unknown>): ProStaffProfile {
  const row: Record<string, unknown> = {};
  for (const [key, name] of proStaffColumnNames) row[key] = raw[name];
  return toProStaff(row as ProStaffRow);
}

/**
 * The profiles a prepared `select(proStaffColumns)` finds, read raw: Drizzle's own mapping looks up each of a page's
 * 400-odd values' decoder anew, about a tenth of a warm request's work; `toProStaff` already reads the only values
 * whose raw form differs (the instants).
 */
async function readProfilesRaw(query: unknown, values: Record<string, unknown>): Promise<ProStaffProfile[]> {
  const rows = await (query as RawRowsQuery).all(values);
  return rows.map(proStaffFromRaw);
}

export async function listProStaff(
  db: Database,
  criteria: DirectoryCriteria,
  options: { sort?: DirectorySort; limit: number; offset: number; plan: DirectoryPlan },
): Promise<ProStaffProfile[]> {
  const filters = directoryFilters(criteria);
  const page = directoryPages(db, `${options.plan}:${options.sort ?? ''}:${filters.join(',')}`, () => prepareDirectoryPage(db, criteria, options.sort, options.plan));
  return readProfilesRaw(page, { ...directoryValues(criteria), limit: options.limit, offset: options.offset });
}

/**
 * Up to `limit` profiles, in directory order (id), whose owner's effective tier (subscription, or a running
 * trial on Free) is one of `tiers`. Driven from the owners, not from the profiles: the paid subscribers by
 * the partial index on users.subscription_tier, the running trials by plan_trials_ends_at_idx, then each
 * profile by its user_id; so it reads the featured accounts only, however large the directory. The filters are
 * fenced and the order key is "+ 0" so the planner cannot walk the 1,000,000-row profile indexes instead.
 */
export async function listFeaturedProStaff(db: Database, criteria: DirectoryCriteria, tiers: string[], limit: number): Promise<ProStaffProfile[]> {
  if (tiers.length === 0) return [];
  const candidates = sql`select ${users.id} from ${users} where ${inArray(users.subscriptionTier, tiers)} and ${users.userType} = 'pro_staff'
    union all select ${planTrials.userId} from ${planTrials} where ${planTrials.endsAt} > now() and ${inArray(planTrials.tier, tiers)}`;
  const rows = await db
    .select(proStaffColumns)
    .from(proStaffProfiles)
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(and(sql`${proStaffProfiles.userId} in (${candidates})`, inArray(effectiveTier, tiers), directoryWhere(criteria, 'sort-index')))
    .orderBy(sql`${proStaffProfiles.id} + 0`)
    .limit(limit);
  return rows.map(toProStaff);
}

function prepareDirectoryCount(db: Database, criteria: DirectoryCriteria) {
  // Unnamed, as the page (see prepareDirectoryPage): each count is planned with its own values.
  return db.select({ total: sql<number>`count(*)::int` }).from(proStaffProfiles).where(directoryWhere(criteria, 'planner', bindPlaceholders)).prepare('');
}

export async function countProStaff(db: Database, criteria: DirectoryCriteria): Promise<number> {
  const count = directoryCounts(db, directoryFilters(criteria).join(','), () => prepareDirectoryCount(db, criteria));
  const [row] = await count.execute(directoryValues(criteria));
  return Number(row?.total ?? 0);
}

/**
 * Matches in a `percent` sample of the table's pages (TABLESAMPLE SYSTEM), scaled up: a few milliseconds
 * however many rows match. REPEATABLE keeps the figure the same from one request to the next.
 */
export async function sampleCountProStaff(db: Database, criteria: DirectoryCriteria, percent: number): Promise<number> {
  const where = directoryWhere(criteria, 'sort-index');
  const result = await db.execute(
    sql`select count(*)::int as hits from pro_staff_profiles tablesample system (${sql.raw(String(Number(percent)))}) repeatable (17) ${where ? sql`where ${where}` : sql``}`,
  );
  const [row] = rowsOf<{ hits: number }>(result);
  return Math.round((Number(row?.hits ?? 0) * 100) / percent);
}

/** The planner's row count for the table (kept by ANALYZE and autovacuum); 0 before the first one. */
export async function estimatedProStaffRows(db: Database): Promise<number> {
  const result = await db.execute(sql`select reltuples::float8 as rows from pg_class where oid = 'pro_staff_profiles'::regclass`);
  const [row] = rowsOf<{ rows: number }>(result);
  return Math.max(0, Number(row?.rows ?? 0));
}

/** Profile lookups by id or user id find no erased account's profile (a 404 for its public page). */
export async function findProStaffById(db: Database, id: number): Promise<ProStaffProfile | null> {
  const [row] = await db.select(proStaffColumns).from(proStaffProfiles).where(and(eq(proStaffProfiles.id, id), notErased(proStaffProfiles))).limit(1);
  return row ? toProStaff(row) : null;
}

export async function findProStaffByUserId(db: Database, userId: number): Promise<ProStaffProfile | null> {
  const [row] = await db.select(proStaffColumns).from(proStaffProfiles).where(and(eq(proStaffProfiles.userId, userId), notErased(proStaffProfiles))).limit(1);
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

function prepareTagSearch(db: Database) {
  return (
    db
      .select(proStaffColumns)
      .from(proStaffProfiles)
      .where(and(sql`${proStaffProfiles.searchTags} && ${sql.placeholder('tags')}::text[]`, notErased(proStaffProfiles)))
      .orderBy(desc(proStaffProfiles.rating), asc(proStaffProfiles.id))
      .limit(sql.placeholder('limit'))
      // Unnamed, as the directory's: planned with its tags each time, so a generic plan never walks the rating index
      // of a million profiles looking for one handle.
      .prepare('')
  );
}
const tagSearches = builtOncePerShape<ReturnType<typeof prepareTagSearch>>();

export async function searchProStaffByTags(db: Database, candidates: string[], limit: number): Promise<ProStaffProfile[]> {
  return readProfilesRaw(tagSearches(db, 'tags', () => prepareTagSearch(db)), { tags: candidates, limit });
}

export async function findBusinessById(db: Database, id: number): Promise<BusinessProfile | null> {
  const [row] = await db.select(businessColumns).from(businessProfiles).where(and(eq(businessProfiles.id, id), notErased(businessProfiles))).limit(1);
  return row ? toBusiness(row) : null;
}

export async function findBusinessByUserId(db: Database, userId: number): Promise<BusinessProfile | null> {
  const [row] = await db.select(businessColumns).from(businessProfiles).where(and(eq(businessProfiles.userId, userId), notErased(businessProfiles))).limit(1);
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
