import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDiscountCodeBody, CreatePlatformBody, DiscountCode, IntegrationPlatform, IntegrationPlatformWithSecrets, ProStaffOption,
  UpdateDiscountCodeBody, UpdatePlatformBody, WebhookDelivery,
} from '@shared/contracts/discounts';
import { apiRequest, getJson } from '@client/lib/api';

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

export function useCreateCode(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiscountCodeBody) => apiRequest<DiscountCode>('POST', '/api/discount-codes', { ...body, businessId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey(businessId) }),
  });
}

export function useUpdateCode(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDiscountCodeBody }) => apiRequest<DiscountCode>('PATCH', `/api/discount-codes/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey(businessId) }),
  });
}

export function useCreatePlatform(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlatformBody) => apiRequest<IntegrationPlatformWithSecrets>('POST', '/api/integration-platforms', { ...body, businessId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey(businessId) }),
  });
}

export function useUpdatePlatform(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePlatformBody }) => apiRequest<IntegrationPlatform>('PATCH', `/api/integration-platforms/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey(businessId) }),
  });
}

export type RotatableKey = 'publishable' | 'secret' | 'webhookSecret';

export function useRotateKey(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, key = 'publishable' }: { id: number; key?: RotatableKey }) =>
      apiRequest<IntegrationPlatformWithSecrets>('POST', `/api/integration-platforms/${id}/rotate-key`, { key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey(businessId) }),
  });
}

export function useDeletePlatform(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/integration-platforms/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsKey(businessId) }),
  });
}

/** The last 200 webhook deliveries and browser order reports, newest first. */
export function useDeliveries(enabled: boolean) {
  return useQuery({ ...deliveriesQuery(), enabled });
}
