import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdTrackResult, Advertisement, CreateAdBody, UpdateAdBody } from '@shared/contracts/ads';
import { apiRequest } from '../../lib/api';

const MY_ADS = ['/api/advertisements'];
const ACTIVE_ADS = ['/api/advertisements/active'];

export function useMyAds() {
  return useQuery<Advertisement[]>({ queryKey: MY_ADS });
}

export function useActiveAds() {
  return useQuery<Advertisement[]>({ queryKey: ACTIVE_ADS });
}

function useRefreshAds() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: MY_ADS }), queryClient.invalidateQueries({ queryKey: ACTIVE_ADS })]);
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
