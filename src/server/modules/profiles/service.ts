import { DIRECTORY_PAGE_SIZE, DIRECTORY_UNPAGED_LIMIT } from '@shared/directory-paging';
import {
  AVATAR_URL_PREFIX,
  avatarFilePattern,
  type BusinessProfile,
  type BusinessProfileInput,
  type DirectoryFilters,
  type DirectoryPage,
  type ProStaffProfile,
  type ProStaffProfileInput,
} from '@shared/contracts/profiles';
import { proStaffSpecialties } from '@shared/specialties';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { planOf } from '../../lib/entitlements';
import * as repo from './repository';

/** Most results a tag search returns; enough for a screen, bounded for the database. */
export const TAG_SEARCH_LIMIT = 100;

export type DirectoryResult =
  | { paged: false; items: ProStaffProfile[]; total: number }
  | { paged: true; page: DirectoryPage };

function criteriaFor(filters: DirectoryFilters): repo.DirectoryCriteria {
  const words = filters.q ? repo.searchWords(filters.q) : [];
  const needle = filters.q?.toLowerCase();
  return {
    words,
    textSpecialties: needle ? proStaffSpecialties.filter((name) => name.toLowerCase().includes(needle)) : [],
    specialties: filters.specialty,
    location: filters.location,
    minExperience: filters.minExperience,
    verified: filters.verified,
  };
}

/*
 * Counting every match is the expensive half of a directory page on a large table (the rows come off an
 * index with a LIMIT). Big totals are shown as a heading and change slowly, so totals of at least
 * COUNT_CACHE_MIN are reused for COUNT_CACHE_TTL_MS per filter set; small totals are always exact.
 */
const COUNT_CACHE_MIN = 1000;
const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX_ENTRIES = 500;
/** Below this many text matches, sorting the matches beats walking a sort index until a page is full. */
const FEW_TEXT_MATCHES = 2000;
const countCaches = new WeakMap<AppContext, Map<string, { total: number; expires: number }>>();

async function countDirectory(ctx: AppContext, criteria: repo.DirectoryCriteria): Promise<number> {
  let cache = countCaches.get(ctx);
  if (!cache) countCaches.set(ctx, (cache = new Map()));
  const key = JSON.stringify(criteria);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.total;
  const total = await repo.countProStaff(ctx.db, criteria);
  if (total >= COUNT_CACHE_MIN) {
    if (cache.size >= COUNT_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { total, expires: now + COUNT_CACHE_TTL_MS });
  }
  return total;
}

export async function listDirectory(ctx: AppContext, filters: DirectoryFilters): Promise<DirectoryResult> {
  const criteria = criteriaFor(filters);
  const paged = filters.page !== undefined || filters.pageSize !== undefined;
  const page = filters.page ?? 1;
  const pageSize = paged ? (filters.pageSize ?? DIRECTORY_PAGE_SIZE) : DIRECTORY_UNPAGED_LIMIT;
  const options = { sort: filters.sort, limit: pageSize, offset: (page - 1) * pageSize };
  let items: ProStaffProfile[];
  let total: number;
  if (criteria.words.length > 0 || criteria.location) {
    // Text filters: the total decides the plan (few hits: read them from the text index and sort).
    total = await countDirectory(ctx, criteria);
    items = total === 0 ? [] : await repo.listProStaff(ctx.db, criteria, { ...options, fromFilterIndex: total <= FEW_TEXT_MATCHES });
  } else {
    [items, total] = await Promise.all([repo.listProStaff(ctx.db, criteria, options), countDirectory(ctx, criteria)]);
  }
  if (!paged) return { paged: false, items, total };
  return { paged: true, page: { items, total, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)) } };
}

export async function getProStaff(ctx: AppContext, id: number): Promise<ProStaffProfile> {
  const profile = await repo.findProStaffById(ctx.db, id);
  if (!profile) throw notFound('Profile');
  return profile;
}

export async function getProStaffByUser(ctx: AppContext, userId: number): Promise<ProStaffProfile> {
  const profile = await repo.findProStaffByUserId(ctx.db, userId);
  if (!profile) throw notFound('Profile');
  return profile;
}

export async function getBusiness(ctx: AppContext, id: number): Promise<BusinessProfile> {
  const profile = await repo.findBusinessById(ctx.db, id);
  if (!profile) throw notFound('Business profile');
  return profile;
}

export async function getBusinessByUser(ctx: AppContext, userId: number): Promise<BusinessProfile> {
  const profile = await repo.findBusinessByUserId(ctx.db, userId);
  if (!profile) throw notFound('Business profile');
  return profile;
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

/** Spec 6: businesses search pro staff by social tag; the free plan lists it as not included. */
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
