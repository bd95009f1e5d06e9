import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateEndpointBody, Delivery, Endpoint, EndpointWithSecret, UpdateEndpointBody } from '@shared/contracts/webhooks-out';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Outgoing webhooks (decision record 044): each endpoint's fetcher, query options and hook side by side.

const webhooksKey = ['webhooks-out'] as const;

export const endpointsQuery = () => queryOptions({ queryKey: [...webhooksKey, 'endpoints'], queryFn: () => getJson<Endpoint[]>('/api/webhook-endpoints') });
export const deliveriesQuery = () => queryOptions({ queryKey: [...webhooksKey, 'deliveries'], queryFn: () => getJson<Delivery[]>('/api/webhook-deliveries') });

export const useEndpoints = () => useQuery(endpointsQuery());
export const useDeliveries = () => useQuery({ ...deliveriesQuery(), refetchInterval: 5000 });

export const useCreateEndpoint = () => useRefreshingMutation((body: CreateEndpointBody) => apiRequest<EndpointWithSecret>('POST', '/api/webhook-endpoints', body), webhooksKey);
export const useUpdateEndpoint = () =>
  useRefreshingMutation(({ id, body }: { id: number; body: UpdateEndpointBody }) => apiRequest<Endpoint>('PATCH', `/api/webhook-endpoints/${id}`, body), webhooksKey);
export const useDeleteEndpoint = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/webhook-endpoints/${id}`), webhooksKey);
export const useRotateSecret = () => useRefreshingMutation((id: number) => apiRequest<EndpointWithSecret>('POST', `/api/webhook-endpoints/${id}/rotate-secret`, {}), webhooksKey);
export const useResend = () => useRefreshingMutation((id: number) => apiRequest<{ queued: true }>('POST', `/api/webhook-deliveries/${id}/resend`, {}), webhooksKey);
