import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Commission, CommissionPayee, CommissionSettings, CommissionSettingsBody, CreateCommissionBody, RankingCurrencies, RankingEntry, UpdateCommissionStatusBody, YearlyTotals } from '@shared/contracts/commissions';
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
/** The currencies the business can be ranked in and its main one (rankings are per currency, record 025). */
export const rankingCurrenciesQuery = (businessId: number) =>
  queryOptions({ queryKey: [...rankingsKey(businessId), 'currencies'], queryFn: () => getJson<RankingCurrencies>(`/api/rankings/${businessId}/currencies`) });
const rankingsUrl = (businessId: number, currency: string) => `/api/rankings/${businessId}?currency=${encodeURIComponent(currency)}`;
export const rankingsQuery = (businessId: number, currency: string) =>
  queryOptions({ queryKey: [...rankingsKey(businessId), 'in', currency], queryFn: () => getJson<RankingEntry[]>(rankingsUrl(businessId, currency)) });

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

export function useRankingCurrencies(businessId: number) {
  return useQuery(rankingCurrenciesQuery(businessId));
}

/** The ranking in one currency; waits until the currency is known. */
export function useRankings(businessId: number, currency: string | null) {
  return useQuery({ ...rankingsQuery(businessId, currency ?? ''), enabled: currency !== null });
}

/** Recalculates the ranking in the currency given (the one on screen), then reloads the business's rankings. */
export function useCalculateRankings(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Null when the currencies could not be loaded: the server recalculates the business's main currency.
    mutationFn: (currency: string | null) =>
      apiRequest<RankingEntry[]>('POST', `/api/rankings/calculate/${businessId}${currency === null ? '' : `?currency=${encodeURIComponent(currency)}`}`),
    onSuccess: (entries, currency) => {
      if (currency !== null) queryClient.setQueryData(rankingsQuery(businessId, currency).queryKey, entries);
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
