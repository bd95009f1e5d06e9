import { DIRECTORY_PAGE_SIZE, DIRECTORY_UNPAGED_LIMIT, FEATURED_LIMIT } from '@shared/directory-paging';
import { plansFor } from '@shared/plans';
import {
  AVATAR_URL_PREFIX,
  avatarFilePattern,
  type BusinessProfile,
  type BusinessProfileInput,
  type DirectoryFilters,
  type DirectoryPage,
  type FeaturedFilters,
  type FeaturedProStaffProfile,
  type ProStaffProfile,
  type ProStaffProfileInput,
} from '@shared/contracts/profiles';
import { proStaffSpecialties } from '@shared/specialties';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { planOf } from '@server/lib/entitlements';
import * as repo from './repository';

/** Most results a tag search returns; enough for a screen, bounded for the database. */
export const TAG_SEARCH_LIMIT = 100;

export type DirectoryResult =
  | { paged: false; items: ProStaffProfile[]; total: number; totalEstimated: boolean }
  | { paged: true; page: DirectoryPage };

function criteriaFor(filters: Omit<DirectoryFilters, 'sort' | 'page' | 'pageSize'>): repo.DirectoryCriteria {
  const words = filters.q ? repo.searchWords(filters.q) : [];
  const needle = filters.q?.toLowerCase();
  return {
    words,
    textSpecialties: needle ? proStaffSpecialties.filter((name) => name.toLowerCase().includes(needle)) : [],
    specialties: filters.specialty,
    location: filters.location,
    minExperience: filters.minExperience,
    verified: filters.verified,
    credentialType: filters.credentialType,
  };
}

/*
 * Counting every match is the expensive half of a directory page on a large table (the rows come off an
 * index with a LIMIT). Decision record 017: on a big table a huge result set is not counted at all; its
 * total is estimated from a sample of the table's pages and shown as "about 50,000". Small results are
 * always counted exactly. Totals of at least COUNT_CACHE_MIN (and the sample figures) are reused for
 * COUNT_CACHE_TTL_MS per filter set.
 */
export const directoryCounting = {
  /** Tables with fewer rows than this (by the planner's statistics) are always counted exactly. */
  estimateFromTableRows: 200_000,
  /** Sampled totals at or above this are shown as estimates; below it the matches are counted. */
  estimateMin: 10_000,
  /** Share of the table's pages the sample reads. */
  samplePercent: 1,
};
const COUNT_CACHE_MIN = 1000;
const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX_ENTRIES = 500;
/**
 * Walking the sort index must be expected to read at most a third as many rows as there are matches, or
 * at most WALK_ROWS_CHEAP rows: reading the matches from a filter index costs at least its candidates,
 * which an unindexed filter (verified, minimum experience) can make many times the matches.
 */
const WALK_ADVANTAGE = 3;
const WALK_ROWS_CHEAP = 2000;

type Total = { total: number; estimated: boolean };
type CacheEntry = { total?: Total; sampled?: number; expires: number };
const countCaches = new WeakMap<AppContext, Map<string, CacheEntry>>();
const tableRows = new WeakMap<AppContext, { rows: number; expires: number }>();

/** 48,213 -> 48,000: an estimate shows only the digits it can vouch for. */
export function roundEstimate(value: number): number {
  if (value < 100) return value;
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

async function rowsInTable(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const hit = tableRows.get(ctx);
  if (hit && hit.expires > now) return hit.rows;
  const rows = await repo.estimatedProStaffRows(ctx.db);
  tableRows.set(ctx, { rows, expires: now + COUNT_CACHE_TTL_MS });
  return rows;
}

function cacheOf(ctx: AppContext) {
  let cache = countCaches.get(ctx);
  if (!cache) countCaches.set(ctx, (cache = new Map()));
  return cache;
}

async function countDirectory(ctx: AppContext, criteria: repo.DirectoryCriteria, rows: number): Promise<Total> {
  const cache = cacheOf(ctx);
  const key = JSON.stringify(criteria);
  const now = Date.now();
  let entry = cache.get(key);
  if (entry && entry.expires <= now) entry = undefined;
  if (entry?.total) return entry.total;
  const remember = (update: Partial<CacheEntry>) => {
    if (!cache.has(key) && cache.size >= COUNT_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    entry = { ...entry, ...update, expires: entry?.expires ?? now + COUNT_CACHE_TTL_MS };
    cache.set(key, entry);
  };
  if (rows >= directoryCounting.estimateFromTableRows) {
    if (!repo.hasDirectoryFilters(criteria)) {
      const total = { total: roundEstimate(rows), estimated: true };
      remember({ total });
      return total;
    }
    const sampled = entry?.sampled ?? (await repo.sampleCountProStaff(ctx.db, criteria, directoryCounting.samplePercent));
    if (sampled >= directoryCounting.estimateMin) {
      const total = { total: roundEstimate(sampled), estimated: true };
      remember({ total });
      return total;
    }
    remember({ sampled });
  }
  const total = { total: await repo.countProStaff(ctx.db, criteria), estimated: false };
  if (total.total >= COUNT_CACHE_MIN) remember({ total });
  return total;
}

/** Walk the sort index when a page is expected to fill well before the matches run out (see DirectoryPlan). */
function planFor(criteria: repo.DirectoryCriteria, total: number, rows: number, offset: number, limit: number): repo.DirectoryPlan {
  if (!repo.hasDirectoryFilters(criteria)) return 'planner';
  const expectedWalk = ((offset + limit) * Math.max(rows, total)) / Math.max(total, 1);
  return expectedWalk <= Math.max(total / WALK_ADVANTAGE, WALK_ROWS_CHEAP) ? 'sort-index' : 'filter-index';
}

export async function listDirectory(ctx: AppContext, filters: DirectoryFilters): Promise<DirectoryResult> {
  const criteria = criteriaFor(filters);
  const paged = filters.page !== undefined || filters.pageSize !== undefined;
  const page = filters.page ?? 1;
  const pageSize = paged ? (filters.pageSize ?? DIRECTORY_PAGE_SIZE) : DIRECTORY_UNPAGED_LIMIT;
  const offset = (page - 1) * pageSize;
  const rows = await rowsInTable(ctx);
  // The total decides the plan, so it comes first (from the cache when the filter set was seen lately).
  let { total, estimated } = await countDirectory(ctx, criteria, rows);
  const items = total === 0 ? [] : await repo.listProStaff(ctx.db, criteria, { sort: filters.sort, limit: pageSize, offset, plan: planFor(criteria, total, rows, offset, pageSize) });
  if (estimated && (items.length < pageSize || total < offset + items.length)) {
    // A short page is the end of the list: the total is known exactly after all.
    if (items.length < pageSize && items.length > 0) ({ total, estimated } = { total: offset + items.length, estimated: false });
    else total = Math.max(total, offset + items.length);
  }
  if (!paged) return { paged: false, items, total, totalEstimated: estimated };
  return { paged: true, page: { items, total, totalEstimated: estimated, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)) } };
}

/** The pro staff tiers whose plan includes featured placement, read through the plan lookup (planOf). */
export function featuredTiers(): string[] {
  return plansFor('pro_staff')
    .filter((plan) => planOf({ userType: 'pro_staff', subscriptionTier: plan.id }).limits.featuredPlacement)
    .map((plan) => plan.id);
}

/**
 * Featured placement (decision record 019): up to FEATURED_LIMIT profiles matching the filters whose owner's
 * effective plan (a running trial counts) includes it. With `fill` (the landing page) the directory's first
 * profiles top the list up, marked not featured.
 */
export async function listFeatured(ctx: AppContext, filters: FeaturedFilters): Promise<FeaturedProStaffProfile[]> {
  const { fill, ...directoryFilters } = filters;
  const featured = await repo.listFeaturedProStaff(ctx.db, criteriaFor(directoryFilters), featuredTiers(), FEATURED_LIMIT);
  const items = featured.map((profile) => ({ ...profile, featured: true }));
  if (!fill || items.length >= FEATURED_LIMIT) return items;
  const directory = await listDirectory(ctx, { ...directoryFilters, page: 1, pageSize: FEATURED_LIMIT + items.length });
  const rest = (directory.paged ? directory.page.items : directory.items).filter((profile) => !items.some((item) => item.id === profile.id));
  return [...items, ...rest.map((profile) => ({ ...profile, featured: false }))].slice(0, FEATURED_LIMIT);
}

/** The profile a lookup found; a missing one is a 404 naming `what`. */
function found<T>(profile: T | null, what: string): T {
  if (!profile) throw notFound(what);
  return profile;
}

export async function getProStaff(ctx: AppContext, id: number): Promise<ProStaffProfile> {
  return found(await repo.findProStaffById(ctx.db, id), 'Profile');
}

export async function getProStaffByUser(ctx: AppContext, userId: number): Promise<ProStaffProfile> {
  return found(await repo.findProStaffByUserId(ctx.db, userId), 'Profile');
}

export async function getBusiness(ctx: AppContext, id: number): Promise<BusinessProfile> {
  return found(await repo.findBusinessById(ctx.db, id), 'Business profile');
}

export async function getBusinessByUser(ctx: AppContext, userId: number): Promise<BusinessProfile> {
  return found(await repo.findBusinessByUserId(ctx.db, userId), 'Business profile');
}

function assertOwnUserId(user: SessionUser, userId: number | undefined) {
  if (userId !== undefined && userId !== user.id) throw new AppError('FORBIDDEN', 'You can only edit your own profile');
}

/** The storage key behind one of our avatar URLs, or null for anything else. */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const file = url.slice(AVATAR_URL_PREFIX.length);
  return avatarFilePattern.test(file) ? `avatars/${file}` : null;
}

async function removeReplacedAvatar(ctx: AppContext, previous: string | null | undefined, next: string | null) {
  const key = avatarKeyOf(previous);
  if (!key || previous === next) return;
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'could not delete a replaced avatar');
  }
}

export async function saveProStaff(ctx: AppContext, user: SessionUser, input: ProStaffProfileInput): Promise<{ profile: ProStaffProfile; created: boolean }> {
  assertOwnUserId(user, input.userId);
  const previous = await repo.findProStaffByUserId(ctx.db, user.id);
  const socialLinks = input.socialLinks;
  const result = await repo.upsertProStaff(ctx.db, user.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    bio: input.bio,
    location: input.location,
    specialties: input.specialties,
    experience: input.experience,
    portfolioUrls: input.portfolioUrls,
    socialMediaLinks: Object.values(socialLinks).filter((url): url is string => Boolean(url)),
    profilePictureUrl: input.profilePictureUrl,
    socialLinks,
    socialTags: input.socialTags,
  });
  await removeReplacedAvatar(ctx, previous?.profilePictureUrl, input.profilePictureUrl);
  // A new profile changes every total; edits may move a profile in or out of a filter.
  countCaches.delete(ctx);
  return result;
}

export async function saveBusiness(ctx: AppContext, user: SessionUser, input: BusinessProfileInput): Promise<{ profile: BusinessProfile; created: boolean }> {
  assertOwnUserId(user, input.userId);
  const previous = await repo.findBusinessByUserId(ctx.db, user.id);
  const result = await repo.upsertBusiness(ctx.db, user.id, {
    companyName: input.companyName,
    description: input.description,
    location: input.location,
    website: input.website,
    industry: input.industry,
    size: input.size,
    profilePictureUrl: input.profilePictureUrl,
    socialLinks: input.socialLinks,
  });
  await removeReplacedAvatar(ctx, previous?.profilePictureUrl, input.profilePictureUrl);
  return result;
}

/** Points the user's existing profile (if any) at a freshly uploaded avatar. */
export async function applyAvatar(ctx: AppContext, user: SessionUser, url: string): Promise<boolean> {
  if (user.userType === 'pro_staff') {
    const previous = await repo.findProStaffByUserId(ctx.db, user.id);
    if (!previous) return false;
    await repo.setProStaffPicture(ctx.db, user.id, url);
    await removeReplacedAvatar(ctx, previous.profilePictureUrl, url);
    return true;
  }
  const previous = await repo.findBusinessByUserId(ctx.db, user.id);
  if (!previous) return false;
  await repo.setBusinessPicture(ctx.db, user.id, url);
  await removeReplacedAvatar(ctx, previous.profilePictureUrl, url);
  return true;
}

/** Decision record 010 §6: businesses search pro staff by social tag; the free plan lists it as not included. */
export async function searchByTag(ctx: AppContext, user: SessionUser, tag: string, platform: string | undefined): Promise<ProStaffProfile[]> {
  if (user.userType !== 'business') throw new AppError('FORBIDDEN', 'Only business accounts can search by social tag');
  const plan = planOf(user);
  if (/not (included|available)/i.test(plan.featureMap.socialSearch ?? '')) {
    throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan does not include social media search.`, {
      plan: plan.id,
      upgradeUrl: '/subscription',
    });
  }
  const candidates = platform ? [`${platform}:${tag}`, `#${tag}`] : [tag, `#${tag}`];
  return repo.searchProStaffByTags(ctx.db, candidates, TAG_SEARCH_LIMIT);
}
