import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenList, CreateApiTokenBody, CreatedApiToken } from '@shared/contracts/api-tokens';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Enterprise API tokens (decision record 043): each endpoint's fetcher, query options and hook side by side.

const tokensKey = ['api-tokens'] as const;

export const apiTokensQuery = () => queryOptions({ queryKey: tokensKey, queryFn: () => getJson<ApiTokenList>('/api/api-tokens') });
export const useApiTokens = () => useQuery(apiTokensQuery());

export const useCreateApiToken = () => useRefreshingMutation((body: CreateApiTokenBody) => apiRequest<CreatedApiToken>('POST', '/api/api-tokens', body), tokensKey);
export const useRevokeApiToken = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/api-tokens/${id}`), tokensKey);
