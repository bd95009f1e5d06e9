import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDiscountCodeBody, CreatePlatformBody, DiscountCode, IntegrationPlatform, IntegrationPlatformWithSecrets, ProStaffOption,
  UpdateDiscountCodeBody, UpdatePlatformBody, WebhookDelivery,
} from '@shared/contracts/discounts';
import { apiRequest } from '../../lib/api';

const codesKey = (businessId: number) => ['/api/discount-codes/business', businessId];
const platformsKey = (businessId: number) => ['/api/integration-platforms/business', businessId];

/** Spec 6: codes and platforms load only when the user has a businessId. */
export function useDiscountCodes(businessId: number | null) {
  return useQuery<DiscountCode[]>({ queryKey: codesKey(businessId ?? 0), enabled: businessId !== null });
}

export function usePlatforms(businessId: number | null) {
  return useQuery<IntegrationPlatform[]>({ queryKey: platformsKey(businessId ?? 0), enabled: businessId !== null });
}

export function useProStaffOptions() {
  return useQuery<ProStaffOption[]>({ queryKey: ['/api/discount-codes/pro-staff-options'] });
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
  return useQuery<WebhookDelivery[]>({ queryKey: ['/api/integration-platforms/deliveries'], enabled, refetchInterval: 30_000 });
}
