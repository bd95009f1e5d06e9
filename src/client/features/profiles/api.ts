import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessProfile, ProStaffProfile } from '@shared/contracts/profiles';
import { getJson, getJsonOrNull } from '@client/lib/api';

/** Every cached read of GET /api/pro-staff-profiles... (own, public, directory, featured) sits under this prefix. */
export const proStaffProfilesKey = ['pro-staff-profiles'] as const;

/** The user's own profile, or null before they have created one. The dashboards read the same cache entry. */
export const ownProStaffProfileQuery = (userId: number) =>
  queryOptions({
    queryKey: [...proStaffProfilesKey, 'user', userId],
    queryFn: () => getJsonOrNull<ProStaffProfile>(`/api/pro-staff-profiles/user/${userId}`),
  });

export const ownBusinessProfileQuery = (userId: number) =>
  queryOptions({
    queryKey: ['business-profiles', 'user', userId],
    queryFn: () => getJsonOrNull<BusinessProfile>(`/api/business-profiles/user/${userId}`),
  });

export const proStaffProfileQuery = (id: number) =>
  queryOptions({ queryKey: [...proStaffProfilesKey, 'id', id], queryFn: () => getJson<ProStaffProfile>(`/api/pro-staff-profiles/${id}`) });

export type TagSearch = { tag: string; platform: string };

export const socialTagSearchQuery = (search: TagSearch) =>
  queryOptions({
    queryKey: ['social-media-tags', search.tag, search.platform],
    queryFn: () =>
      getJson<ProStaffProfile[]>(
        `/api/social-media-tags/search?${new URLSearchParams({ tag: search.tag, ...(search.platform !== 'all' ? { platform: search.platform } : {}) })}`,
      ),
  });

export function useOwnProStaffProfile(userId: number) {
  return useQuery(ownProStaffProfileQuery(userId));
}

export function useOwnBusinessProfile(userId: number) {
  return useQuery(ownBusinessProfileQuery(userId));
}

export function useProStaffProfile(id: number) {
  return useQuery({ ...proStaffProfileQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** Where the "Message" buttons lead: the messages page opens (or starts) that conversation. */
export const messageLink = (userId: number) => `/messages?to=${userId}`;
