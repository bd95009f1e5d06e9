import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type {
  CreateDiscountCodeBody, CreatePlatformBody, DiscountCode, IntegrationPlatform, IntegrationPlatformWithSecrets, ProStaffOption,
  UpdateDiscountCodeBody, UpdatePlatformBody, WebhookDelivery,
} from '@shared/contracts/discounts';
import { codeLinkPaths, type CodeCard } from '@shared/contracts/code-links';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

const codesKey = (businessId: number) => ['discount-codes', 'business', businessId] as const;
const platformsKey = (businessId: number) => ['integration-platforms', 'business', businessId] as const;

export const discountCodesQuery = (businessId: number) =>
  queryOptions({ queryKey: codesKey(businessId), queryFn: () => getJson<DiscountCode[]>(`/api/discount-codes/business/${businessId}`) });
export const platformsQuery = (businessId: number) =>
  queryOptions({
    queryKey: platformsKey(businessId),
    queryFn: () => getJson<IntegrationPlatform[]>(`/api/integration-platforms/business/${businessId}`),
  });
export const proStaffOptionsQuery = () =>
  queryOptions({ queryKey: ['discount-codes', 'pro-staff-options'], queryFn: () => getJson<ProStaffOption[]>('/api/discount-codes/pro-staff-options') });
export const deliveriesQuery = () =>
  queryOptions({
    queryKey: ['integration-platforms', 'deliveries'],
    queryFn: () => getJson<WebhookDelivery[]>('/api/integration-platforms/deliveries'),
    refetchInterval: 30_000,
  });

/** Decision record 010 §6: codes and platforms load only when the user has a businessId. */
export function useDiscountCodes(businessId: number | null) {
  return useQuery({ ...discountCodesQuery(businessId ?? 0), enabled: businessId !== null });
}

export function usePlatforms(businessId: number | null) {
  return useQuery({ ...platformsQuery(businessId ?? 0), enabled: businessId !== null });
}

export function useProStaffOptions() {
  return useQuery(proStaffOptionsQuery());
}

/** Create and update of one kind of business-owned record; both refetch the business's list of them when they succeed. */
function businessRecordMutations<TCreate, TUpdate, TCreated, TUpdated>(path: string, listKey: (businessId: number) => QueryKey) {
  return {
    useCreate: (businessId: number) =>
      useRefreshingMutation((body: TCreate) => apiRequest<TCreated>('POST', path, { ...body, businessId }), listKey(businessId)),
    useUpdate: (businessId: number) =>
      useRefreshingMutation(({ id, body }: { id: number; body: TUpdate }) => apiRequest<TUpdated>('PATCH', `${path}/${id}`, body), listKey(businessId)),
  };
}

const codeMutations = businessRecordMutations<CreateDiscountCodeBody, UpdateDiscountCodeBody, DiscountCode, DiscountCode>('/api/discount-codes', codesKey);
export const useCreateCode = codeMutations.useCreate;
export const useUpdateCode = codeMutations.useUpdate;

const platformMutations = businessRecordMutations<CreatePlatformBody, UpdatePlatformBody, IntegrationPlatformWithSecrets, IntegrationPlatform>(
  '/api/integration-platforms',
  platformsKey,
);
export const useCreatePlatform = platformMutations.useCreate;
export const useUpdatePlatform = platformMutations.useUpdate;

export type RotatableKey = 'publishable' | 'secret' | 'webhookSecret';

export function useRotateKey(businessId: number) {
  return useRefreshingMutation(
    ({ id, key = 'publishable' }: { id: number; key?: RotatableKey }) =>
      apiRequest<IntegrationPlatformWithSecrets>('POST', `/api/integration-platforms/${id}/rotate-key`, { key }),
    platformsKey(businessId),
  );
}

export function useDeletePlatform(businessId: number) {
  return useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/integration-platforms/${id}`), platformsKey(businessId));
}

/** The last 200 webhook deliveries and browser order reports, newest first. */
export function useDeliveries(enabled: boolean) {
  return useQuery({ ...deliveriesQuery(), enabled });
}

/** The pro staffer's active codes as QR cards (issue 44). */
export function useCodeCards() {
  return useQuery({ queryKey: ['code-cards'], queryFn: () => getJson<CodeCard[]>(codeLinkPaths.cards) });
}
