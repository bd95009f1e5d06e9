import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  fraudPaths, type DecideFlagsBody, type FraudFlag, type FraudFlagsPage, type FraudFlagsQuery, type FraudSettings, type HouseholdAddressBody,
  type RotateCodeResponse, type StafferRisk, type UpdateFraudSettingsBody, type couponSiteList, type householdAddress, type repeatedRejections,
} from '@shared/contracts/fraud';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

/** Everything the flagged-orders screen shows sits under this prefix: a decision refreshes all of it. */
const fraudKey = ['fraud'] as const;
const adminFraudKey = ['admin', 'fraud'] as const;

export type HouseholdAddress = z.infer<typeof householdAddress>;
export type RepeatedRejections = z.infer<typeof repeatedRejections>;
export type CouponSiteList = z.infer<typeof couponSiteList>;

const flagsUrl = (query: FraudFlagsQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `${fraudPaths.flags}?${params.toString()}`;
};

export const fraudFlagsQuery = (query: FraudFlagsQuery) =>
  queryOptions({ queryKey: [...fraudKey, 'flags', query], queryFn: () => getJson<FraudFlagsPage>(flagsUrl(query)), placeholderData: (previous) => previous });
export const stafferRiskQuery = () =>
  queryOptions({ queryKey: [...fraudKey, 'staffers'], queryFn: () => getJson<{ staffers: StafferRisk[] }>(fraudPaths.staffers) });
export const fraudSettingsQuery = () => queryOptions({ queryKey: [...fraudKey, 'settings'], queryFn: () => getJson<FraudSettings>(fraudPaths.settings) });
export const ownFlagsQuery = () => queryOptions({ queryKey: [...fraudKey, 'own'], queryFn: () => getJson<FraudFlagsPage>(fraudPaths.ownFlags) });
export const householdAddressesQuery = () =>
  queryOptions({ queryKey: [...fraudKey, 'household'], queryFn: () => getJson<{ addresses: HouseholdAddress[] }>(fraudPaths.householdAddresses) });
export const couponSitesQuery = () => queryOptions({ queryKey: [...adminFraudKey, 'coupon-sites'], queryFn: () => getJson<CouponSiteList>(fraudPaths.adminCouponSites) });
export const repeatedRejectionsQuery = () =>
  queryOptions({ queryKey: [...adminFraudKey, 'repeated'], queryFn: () => getJson<RepeatedRejections>(fraudPaths.adminRepeated) });

export const useFraudFlags = (query: FraudFlagsQuery) => useQuery(fraudFlagsQuery(query));
export const useStafferRisk = () => useQuery(stafferRiskQuery());
export const useFraudSettings = () => useQuery(fraudSettingsQuery());
export const useOwnFlags = (enabled: boolean) => useQuery({ ...ownFlagsQuery(), enabled });
export const useHouseholdAddresses = () => useQuery(householdAddressesQuery());
export const useCouponSites = () => useQuery(couponSitesQuery());
export const useRepeatedRejections = () => useQuery(repeatedRejectionsQuery());

/** Approve or reject flags; the commissions they held change too, so the commission lists are read again. */
export function useDecideFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideFlagsBody) => apiRequest<{ decided: number; flags: FraudFlag[] }>('POST', fraudPaths.decide, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: fraudKey }), queryClient.invalidateQueries({ queryKey: ['commissions'] })]),
  });
}

export const useSaveFraudSettings = () =>
  useRefreshingMutation((body: UpdateFraudSettingsBody) => apiRequest<FraudSettings>('PUT', fraudPaths.settings, body), [...fraudKey, 'settings']);
export const useAddHouseholdAddress = () =>
  useRefreshingMutation((body: HouseholdAddressBody) => apiRequest<HouseholdAddress>('POST', fraudPaths.householdAddresses, body), [...fraudKey, 'household']);
export const useRemoveHouseholdAddress = () =>
  useRefreshingMutation((id: number) => apiRequest<void>('DELETE', fraudPaths.householdAddress.replace(':id', String(id))), [...fraudKey, 'household']);
export const useSaveCouponSites = () =>
  useRefreshingMutation((domains: string[]) => apiRequest<CouponSiteList>('PUT', fraudPaths.adminCouponSites, { domains }), [...adminFraudKey, 'coupon-sites']);

/** Rotate a leaked code; the business's code list (old one disabled, new one added) is read again. */
export const useRotateCode = () =>
  useRefreshingMutation(
    ({ id, newCode }: { id: number; newCode?: string }) => apiRequest<RotateCodeResponse>('POST', fraudPaths.rotateCode.replace(':id', String(id)), newCode ? { newCode } : {}),
    ['discount-codes'],
  );
