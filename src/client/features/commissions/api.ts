import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Commission, CommissionPayee, CommissionSettings, CommissionSettingsBody, CreateCommissionBody, RankingEntry, UpdateCommissionStatusBody, YearlyTotals } from '@shared/contracts/commissions';
import type { BusinessPayouts, PayNowBody, Payout, PayoutAccount, PayoutAccountLink, ProStaffPayouts } from '@shared/contracts/payouts';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

const businessCommissionsKey = ['commissions', 'business'] as const;
const rankingsKey = (businessId: number) => ['rankings', businessId] as const;

export const businessCommissionsQuery = () =>
  queryOptions({ queryKey: businessCommissionsKey, queryFn: () => getJson<Commission[]>('/api/commissions/business') });
export const proStaffCommissionsQuery = () =>
  queryOptions({ queryKey: ['commissions', 'pro-staff'], queryFn: () => getJson<Commission[]>('/api/commissions/pro-staff') });
export const payeesQuery = (search: string) =>
  queryOptions({
    queryKey: ['commissions', 'payees', search],
    queryFn: () => getJson<CommissionPayee[]>(`/api/commissions/payees?search=${encodeURIComponent(search)}`),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
export const rankingsQuery = (businessId: number) =>
  queryOptions({ queryKey: rankingsKey(businessId), queryFn: () => getJson<RankingEntry[]>(`/api/rankings/${businessId}`) });

export function useBusinessCommissions(enabled: boolean) {
  return useQuery({ ...businessCommissionsQuery(), enabled });
}

export function useProStaffCommissions(enabled: boolean) {
  return useQuery({ ...proStaffCommissionsQuery(), enabled });
}

export function usePayees(search: string) {
  return useQuery(payeesQuery(search));
}

export const useCreateCommission = () =>
  useRefreshingMutation((body: CreateCommissionBody) => apiRequest<Commission>('POST', '/api/commissions', body), businessCommissionsKey);

export function useUpdateCommissionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & UpdateCommissionStatusBody) =>
      apiRequest<Commission>('PATCH', `/api/commissions/${id}/status`, { status }),
    onSuccess: async (commission) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: businessCommissionsKey }),
        queryClient.invalidateQueries({ queryKey: rankingsKey(commission.businessId) }),
      ]);
    },
  });
}

export function useRankings(businessId: number | null) {
  return useQuery({ ...rankingsQuery(businessId ?? 0), enabled: businessId !== null });
}

export function useCalculateRankings(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RankingEntry[]>('POST', `/api/rankings/calculate/${businessId}`),
    onSuccess: (entries) => {
      queryClient.setQueryData(rankingsQuery(businessId).queryKey, entries);
      return queryClient.invalidateQueries({ queryKey: rankingsKey(businessId) });
    },
  });
}

const settingsKey = ['commissions', 'settings'] as const;
export const commissionSettingsQuery = () =>
  queryOptions({ queryKey: settingsKey, queryFn: () => getJson<CommissionSettings>('/api/commission-settings') });
export const useCommissionSettings = () => useQuery(commissionSettingsQuery());
export const useSaveCommissionSettings = () =>
  useRefreshingMutation((body: CommissionSettingsBody) => apiRequest<CommissionSettings>('PUT', '/api/commission-settings', body), ['commissions']);

export const yearlyTotalsQuery = (year: number) =>
  queryOptions({ queryKey: ['commissions', 'yearly-totals', year], queryFn: () => getJson<YearlyTotals>(`/api/commissions/business/yearly-totals?year=${year}`) });
export const useYearlyTotals = (year: number) => useQuery(yearlyTotalsQuery(year));

// ---- payouts (decision record 025) ----

const payoutsKey = ['payouts'] as const;
export const payoutAccountQuery = () => queryOptions({ queryKey: [...payoutsKey, 'account'], queryFn: () => getJson<PayoutAccount>('/api/payout-account') });
export const businessPayoutsQuery = () => queryOptions({ queryKey: [...payoutsKey, 'business'], queryFn: () => getJson<BusinessPayouts>('/api/payouts/business') });
export const proStaffPayoutsQuery = () => queryOptions({ queryKey: [...payoutsKey, 'pro-staff'], queryFn: () => getJson<ProStaffPayouts>('/api/payouts/pro-staff') });
export const usePayoutAccount = () => useQuery(payoutAccountQuery());
export const useBusinessPayouts = (enabled: boolean) => useQuery({ ...businessPayoutsQuery(), enabled });
export const useProStaffPayouts = (enabled: boolean) => useQuery({ ...proStaffPayoutsQuery(), enabled });

/** Pay now: the payout's outcome refreshes the commissions, the payouts and the rankings. */
export function usePayNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayNowBody) => apiRequest<Payout>('POST', '/api/payouts', body),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['commissions'] }),
      queryClient.invalidateQueries({ queryKey: payoutsKey }),
      queryClient.invalidateQueries({ queryKey: ['rankings'] }),
    ]),
  });
}

export const createPayoutAccountLink = () => apiRequest<PayoutAccountLink>('POST', '/api/payout-account/link');

/** After a payout or an account change pushed by the server. */
export const refreshPayouts = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: payoutsKey }), queryClient.invalidateQueries({ queryKey: ['commissions'] })]);
