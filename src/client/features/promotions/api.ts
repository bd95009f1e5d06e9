import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePromotionBody,
  Promotion,
  PromotionAnalytics,
  PromotionForViewer,
  PromotionTrackResult,
  UpdatePromotionBody,
} from '@shared/contracts/promotions';
import { apiRequest } from '../../lib/api';

const listKey = (businessId: number) => ['/api/promotions/business', businessId];

export function usePromotions(businessId: number) {
  return useQuery<Promotion[]>({ queryKey: listKey(businessId) });
}

export function usePromotionAnalytics(id: number | null) {
  return useQuery<PromotionAnalytics>({
    queryKey: ['/api/promotions', id ?? 0, 'analytics'],
    enabled: id !== null,
    // Spend moves while the page is open; always show fresh numbers when the dialog opens.
    staleTime: 0,
  });
}

function useRefresh(businessId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(businessId) }),
      queryClient.invalidateQueries({ queryKey: ['/api/promotions'] }),
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
  return useQuery<PromotionForViewer[]>({ queryKey: [`/api/promotions/eligible?placement=${placement}`], enabled });
}

/** keepalive: a click usually opens the target in a new tab; the record must not be cut off. */
export async function trackPromotion(id: number, kind: 'impression' | 'click'): Promise<PromotionTrackResult | null> {
  const res = await fetch(`/api/promotions/${id}/${kind}`, { method: 'POST', credentials: 'include', keepalive: true });
  return res.ok ? ((await res.json()) as PromotionTrackResult) : null;
}
