import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Commission, CommissionPayee, CreateCommissionBody, RankingEntry, UpdateCommissionStatusBody } from '@shared/contracts/commissions';
import { apiRequest } from '../../lib/api';

export const BUSINESS_COMMISSIONS_KEY = ['/api/commissions/business'] as const;
export const PRO_STAFF_COMMISSIONS_KEY = ['/api/commissions/pro-staff'] as const;
export const rankingsKey = (businessId: number) => ['/api/rankings', businessId] as const;

export function useBusinessCommissions(enabled: boolean) {
  return useQuery<Commission[]>({ queryKey: BUSINESS_COMMISSIONS_KEY, enabled });
}

export function useProStaffCommissions(enabled: boolean) {
  return useQuery<Commission[]>({ queryKey: PRO_STAFF_COMMISSIONS_KEY, enabled });
}

export function usePayees(search: string) {
  return useQuery<CommissionPayee[]>({
    queryKey: ['/api/commissions/payees', search],
    queryFn: () => apiRequest<CommissionPayee[]>('GET', `/api/commissions/payees?search=${encodeURIComponent(search)}`),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export function useCreateCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommissionBody) => apiRequest<Commission>('POST', '/api/commissions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUSINESS_COMMISSIONS_KEY }),
  });
}

export function useUpdateCommissionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & UpdateCommissionStatusBody) =>
      apiRequest<Commission>('PATCH', `/api/commissions/${id}/status`, { status }),
    onSuccess: async (commission) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BUSINESS_COMMISSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: rankingsKey(commission.businessId) }),
      ]);
    },
  });
}

export function useRankings(businessId: number | null) {
  return useQuery<RankingEntry[]>({ queryKey: rankingsKey(businessId ?? 0), enabled: businessId !== null });
}

export function useCalculateRankings(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RankingEntry[]>('POST', `/api/rankings/calculate/${businessId}`),
    onSuccess: (entries) => {
      queryClient.setQueryData(rankingsKey(businessId), entries);
      return queryClient.invalidateQueries({ queryKey: rankingsKey(businessId) });
    },
  });
}
