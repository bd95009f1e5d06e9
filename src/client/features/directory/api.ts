import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { DirectoryPage, FeaturedProStaffProfile } from '@shared/contracts/profiles';

export type DirectoryParams = { q?: string; specialty?: string; location?: string; sort?: string; verified?: boolean; page: number; pageSize: number };

export function directoryUrl(params: DirectoryParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.specialty) search.append('specialty', params.specialty);
  if (params.location) search.set('location', params.location);
  if (params.sort) search.set('sort', params.sort);
  if (params.verified) search.set('verified', 'true');
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  return `/api/pro-staff-profiles?${search.toString()}`;
}

export function useDirectory(params: DirectoryParams) {
  return useQuery<DirectoryPage>({ queryKey: [directoryUrl(params)], placeholderData: keepPreviousData });
}

export type FeaturedParams = { q?: string; specialty?: string; location?: string; verified?: boolean; fill?: boolean };

/** Featured placement (Elite pro staff, decision record 019); `fill` tops up with the directory's first profiles. */
export function featuredUrl(params: FeaturedParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.specialty) search.append('specialty', params.specialty);
  if (params.location) search.set('location', params.location);
  if (params.verified) search.set('verified', 'true');
  if (params.fill) search.set('fill', 'true');
  const query = search.toString();
  return `/api/pro-staff-profiles/featured${query ? `?${query}` : ''}`;
}

export function useFeatured(params: FeaturedParams, enabled = true) {
  return useQuery<FeaturedProStaffProfile[]>({ queryKey: [featuredUrl(params)], enabled });
}

/** Where the "Message" buttons lead: the messages page opens (or starts) that conversation. */
export const messageLink = (userId: number) => `/messages?to=${userId}`;

/** "about 50,000" for an estimated total (decision record 017), the exact figure otherwise. */
export function directoryTotal(value: number, estimated: boolean): string {
  return estimated ? `about ${value.toLocaleString('en-US')}` : String(value);
}
