import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CatalogProduct, GearCompensation, GearOverview, GearRequest, GearRequestStatus, GearSettings, GearSettingsFields, MyGear, NewGearRequest,
  ProgramTier, StoreAdminCredentialsInput, TierFields, editGearRequest, gearDecision, gearDecisionResult,
} from '@shared/contracts/gear';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Pay in gear (issue 41): each endpoint's fetcher, query options and hook side by side. Everything sits under ['gear'],
// so any change refreshes what the screens show (an approval moves the allotments, the overview and the shipments).

const gearKey = ['gear'] as const;
/** Gear moves while a page is open (the other side's requests and decisions, the store's webhooks): re-read on every visit. */
const fresh = { staleTime: 0 } as const;

export type GearDecision = z.input<typeof gearDecision>;
export type GearDecisionResult = z.infer<typeof gearDecisionResult>;
export type GearRequestItems = z.input<typeof editGearRequest>['items'];
export type RequestStatusFilter = GearRequestStatus | 'all';

const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return search ? `${path}?${search}` : path;
};

// Pro staff
export const myGearQuery = () => queryOptions({ ...fresh, queryKey: [...gearKey, 'mine'], queryFn: () => getJson<MyGear>('/api/gear/mine') });
export const businessCatalogQuery = (businessId: number) =>
  queryOptions({ ...fresh, queryKey: [...gearKey, 'catalog', 'business', businessId], queryFn: () => getJson<CatalogProduct[]>(`/api/gear/businesses/${businessId}/catalog`) });

export const useMyGear = (enabled = true) => useQuery({ ...myGearQuery(), enabled });
export const useBusinessCatalog = (businessId: number, enabled: boolean) => useQuery({ ...businessCatalogQuery(businessId), enabled });
export const useRequestGear = () => useRefreshingMutation((body: NewGearRequest) => apiRequest<GearRequest>('POST', '/api/gear/requests', body), gearKey);
export const useCancelGearRequest = () => useRefreshingMutation((id: number) => apiRequest<GearRequest>('POST', `/api/gear/requests/${id}/cancel`), gearKey);

// Business: tiers
export const tiersQuery = () => queryOptions({ ...fresh, queryKey: [...gearKey, 'tiers'], queryFn: () => getJson<ProgramTier[]>('/api/gear/tiers') });
export const useTiers = () => useQuery(tiersQuery());
export const useCreateTier = () => useRefreshingMutation((body: TierFields) => apiRequest<ProgramTier>('POST', '/api/gear/tiers', body), gearKey);
export const useUpdateTier = () => useRefreshingMutation(({ id, body }: { id: number; body: TierFields }) => apiRequest<ProgramTier>('PUT', `/api/gear/tiers/${id}`, body), gearKey);
export const useDeleteTier = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/gear/tiers/${id}`), gearKey);
export const usePlaceInTier = () =>
  useRefreshingMutation(({ proStaffId, tierId, reason }: { proStaffId: number; tierId: number; reason: string }) =>
    apiRequest<void>('PUT', `/api/gear/staff/${proStaffId}/tier`, { tierId, reason }), gearKey);

// Business: settings, store and catalog
export const gearSettingsQuery = () => queryOptions({ ...fresh, queryKey: [...gearKey, 'settings'], queryFn: () => getJson<GearSettings>('/api/gear/settings') });
export const catalogQuery = (filters: { q?: string; seedable?: 'true' | 'false' }) =>
  queryOptions({ ...fresh, queryKey: [...gearKey, 'catalog', 'own', filters], queryFn: () => getJson<CatalogProduct[]>(withQuery('/api/gear/catalog', filters)) });
export const useGearSettings = () => useQuery(gearSettingsQuery());
export const useCatalog = (filters: { q?: string; seedable?: 'true' | 'false' }, enabled = true) => useQuery({ ...catalogQuery(filters), enabled });
export const useSaveGearSettings = () => useRefreshingMutation((body: GearSettingsFields) => apiRequest<GearSettings>('PUT', '/api/gear/settings', body), gearKey);
export const useSaveStoreCredentials = () =>
  useRefreshingMutation(({ platformId, body }: { platformId: number; body: StoreAdminCredentialsInput }) =>
    apiRequest<void>('PUT', `/api/gear/stores/${platformId}/credentials`, body), gearKey);
export const useSyncCatalog = () => useRefreshingMutation(() => apiRequest<{ message: string }>('POST', '/api/gear/catalog/sync'), gearKey);

// Business: requests, shipments, overview
export const gearRequestsQuery = (status: RequestStatusFilter) =>
  queryOptions({ ...fresh, queryKey: [...gearKey, 'requests', status], queryFn: () => getJson<GearRequest[]>(`/api/gear/requests?status=${status}`) });
export const gearOverviewQuery = (season: number) =>
  queryOptions({ ...fresh, queryKey: [...gearKey, 'overview', season], queryFn: () => getJson<GearOverview>(`/api/gear/overview?season=${season}`) });
export const useGearRequests = (status: RequestStatusFilter) => useQuery(gearRequestsQuery(status));
export const useGearOverview = (season: number) => useQuery(gearOverviewQuery(season));
export const useEditGearRequest = () =>
  useRefreshingMutation(({ id, items }: { id: number; items: GearRequestItems }) => apiRequest<GearRequest>('PUT', `/api/gear/requests/${id}/items`, { items }), gearKey);
export const useDecideGearRequests = () => useRefreshingMutation((body: GearDecision) => apiRequest<GearDecisionResult>('POST', '/api/gear/requests/decide', body), gearKey);

// Gear value in the books (non-cash compensation, decision record 038)
export const compensationQuery = (side: 'mine' | 'business', year: number) =>
  queryOptions({ ...fresh, queryKey: [...gearKey, 'compensation', side, year], queryFn: () => getJson<GearCompensation>(`/api/gear/compensation/${side}?year=${year}`) });
export const useGearCompensation = (side: 'mine' | 'business', year: number) => useQuery(compensationQuery(side, year));
