import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryPage, FeaturedProStaffProfile } from '@shared/contracts/profiles';
import { getJson } from '@client/lib/api';
import { proStaffProfilesKey } from '../profiles/api';

export type DirectoryParams = { q?: string; specialty?: string; location?: string; sort?: string; verified?: boolean; credentialType?: string; page: number; pageSize: number };

export function directoryUrl(params: DirectoryParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.specialty) search.append('specialty', params.specialty);
  if (params.location) search.set('location', params.location);
  if (params.sort) search.set('sort', params.sort);
  if (params.verified) search.set('verified', 'true');
  if (params.credentialType) search.set('credentialType', params.credentialType);
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return `/api/pro-staff-profiles?${search.toString()}`;
}

// Under the profiles prefix: saving a profile or reviewing a pro staffer refreshes the directory.
export const directoryQuery = (params: DirectoryParams) =>
  queryOptions({ queryKey: [...proStaffProfilesKey, 'directory', params], queryFn: () => getJson<DirectoryPage>(directoryUrl(params)) });

export function useDirectory(params: DirectoryParams) {
  return useQuery({ ...directoryQuery(params), placeholderData: keepPreviousData });
}

export type FeaturedParams = { q?: string; specialty?: string; location?: string; verified?: boolean; credentialType?: string; fill?: boolean };

/** Featured placement (Elite pro staff, decision record 019); `fill` tops up with the directory's first profiles. */
export function featuredUrl(params: FeaturedParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.specialty) search.append('specialty', params.specialty);
  if (params.location) search.set('location', params.location);
  if (params.verified) search.set('verified', 'true');
  if (params.credentialType) search.set('credentialType', params.credentialType);
  if (params.fill) search.set('fill', 'true');
  const query = search.toString();
  return `/api/pro-staff-profiles/featured${query ? `?${query}` : ''}`;
}

export const featuredQuery = (params: FeaturedParams) =>
  queryOptions({
    queryKey: [...proStaffProfilesKey, 'featured', params],
    queryFn: () => getJson<FeaturedProStaffProfile[]>(featuredUrl(params)),
  });

export function useFeatured(params: FeaturedParams, enabled = true) {
  return useQuery({ ...featuredQuery(params), enabled });
}

/** Where the "Message" buttons lead: the messages page opens (or starts) that conversation. */
export const messageLink = (userId: number) => `/messages?to=${userId}`;

/** "about 50,000" for an estimated total (decision record 017), the exact figure otherwise. */
export function directoryTotal(value: number, estimated: boolean): string {
  return estimated ? `about ${value.toLocaleString('en-US')}` : String(value);
}
