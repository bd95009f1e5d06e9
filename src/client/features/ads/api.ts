import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdTrackResult, Advertisement, CreateAdBody, UpdateAdBody } from '@shared/contracts/ads';
import { apiRequest, getJson } from '@client/lib/api';

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

/** Both lists: one's own ads and the active ones. */
function useRefreshAds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adsKey });
}

export function useCreateAd() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: (body: CreateAdBody) => apiRequest<Advertisement>('POST', '/api/advertisements', body),
    onSuccess: refresh,
  });
}

export function useUpdateAd() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAdBody }) => apiRequest<Advertisement>('PUT', `/api/advertisements/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteAd() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/advertisements/${id}`),
    onSuccess: refresh,
  });
}

export const trackAd = (id: number, kind: 'click' | 'impression') => apiRequest<AdTrackResult>('POST', `/api/advertisements/${id}/${kind}`);
