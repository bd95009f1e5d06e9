import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdTrackResult, Advertisement, CreateAdBody, UpdateAdBody } from '@shared/contracts/ads';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

const adsKey = ['advertisements'] as const;

export const myAdsQuery = () => queryOptions({ queryKey: [...adsKey, 'mine'], queryFn: () => getJson<Advertisement[]>('/api/advertisements') });
export const activeAdsQuery = () =>
  queryOptions({ queryKey: [...adsKey, 'active'], queryFn: () => getJson<Advertisement[]>('/api/advertisements/active') });

export function useMyAds() {
  return useQuery(myAdsQuery());
}

export function useActiveAds() {
  return useQuery(activeAdsQuery());
}

// Every change refreshes both lists under adsKey: one's own ads and the active ones.
export const useCreateAd = () => useRefreshingMutation((body: CreateAdBody) => apiRequest<Advertisement>('POST', '/api/advertisements', body), adsKey);

export const useUpdateAd = () =>
  useRefreshingMutation(({ id, body }: { id: number; body: UpdateAdBody }) => apiRequest<Advertisement>('PUT', `/api/advertisements/${id}`, body), adsKey);

export const useDeleteAd = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/advertisements/${id}`), adsKey);

export const trackAd = (id: number, kind: 'click' | 'impression') => apiRequest<AdTrackResult>('POST', `/api/advertisements/${id}/${kind}`);
