import {
  AVATAR_URL_PREFIX,
  avatarFilePattern,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_UNPAGED_LIMIT,
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

export async function listDirectory(ctx: AppContext, filters: DirectoryFilters): Promise<DirectoryResult> {
  const criteria = criteriaFor(filters);
  if (filters.page === undefined && filters.pageSize === undefined) {
    const { items, total } = await repo.listProStaff(ctx.db, criteria, { sort: filters.sort, limit: DIRECTORY_UNPAGED_LIMIT, offset: 0 });
    return { paged: false, items, total };
  }
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? DIRECTORY_PAGE_SIZE;
  const { items, total } = await repo.listProStaff(ctx.db, criteria, { sort: filters.sort, limit: pageSize, offset: (page - 1) * pageSize });
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
    throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan does not include social media search. Upgrade at /subscription.`, {
      plan: plan.id,
      upgradeUrl: '/subscription',
    });
  }
  const candidates = platform ? [`${platform}:${tag}`, `#${tag}`] : [tag, `#${tag}`];
  return repo.searchProStaffByTags(ctx.db, candidates, TAG_SEARCH_LIMIT);
}
