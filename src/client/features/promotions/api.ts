import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePromotionBody,
  Promotion,
  PromotionAnalytics,
  PromotionForViewer,
  PromotionTrackResult,
  UpdatePromotionBody,
} from '@shared/contracts/promotions';
import { apiRequest, getJson } from '@client/lib/api';

const listKey = (businessId: number) => ['promotions', 'business', businessId] as const;
const analyticsKey = ['promotions', 'analytics'] as const;

export const promotionsQuery = (businessId: number) =>
  queryOptions({ queryKey: listKey(businessId), queryFn: () => getJson<Promotion[]>(`/api/promotions/business/${businessId}`) });

export const promotionAnalyticsQuery = (id: number) =>
  queryOptions({
    queryKey: [...analyticsKey, id],
    queryFn: () => getJson<PromotionAnalytics>(`/api/promotions/${id}/analytics`),
    // Spend moves while the page is open; always show fresh numbers when the dialog opens.
    staleTime: 0,
  });

export const eligiblePromotionsQuery = (placement: 'dashboard' | 'jobs') =>
  queryOptions({
    queryKey: ['promotions', 'eligible', placement],
    queryFn: () => getJson<PromotionForViewer[]>(`/api/promotions/eligible?placement=${placement}`),
  });

export function usePromotions(businessId: number) {
  return useQuery(promotionsQuery(businessId));
}

export function usePromotionAnalytics(id: number | null) {
  return useQuery({ ...promotionAnalyticsQuery(id ?? 0), enabled: id !== null });
}

function useRefresh(businessId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(businessId) }),
      queryClient.invalidateQueries({ queryKey: analyticsKey }),
    ]);
}

export function useCreatePromotion(businessId: number) {
  const refresh = useRefresh(businessId);
  return useMutation({
    mutationFn: (body: CreatePromotionBody) => apiRequest<Promotion>('POST', '/api/promotions', body),
    onSuccess: refresh,
  });
}

export function useUpdatePromotion(businessId: number) {
  const refresh = useRefresh(businessId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePromotionBody }) => apiRequest<Promotion>('PATCH', `/api/promotions/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeletePromotion(businessId: number) {
  const refresh = useRefresh(businessId);
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/promotions/${id}`),
    onSuccess: refresh,
  });
}

export function useEligiblePromotions(placement: 'dashboard' | 'jobs', enabled: boolean) {
  return useQuery({ ...eligiblePromotionsQuery(placement), enabled });
}

/** keepalive: a click usually opens the target in a new tab; the record must not be cut off. */
export async function trackPromotion(id: number, kind: 'impression' | 'click'): Promise<PromotionTrackResult | null> {
  const res = await fetch(`/api/promotions/${id}/${kind}`, { method: 'POST', credentials: 'include', keepalive: true });
  return res.ok ? ((await res.json()) as PromotionTrackResult) : null;
}
