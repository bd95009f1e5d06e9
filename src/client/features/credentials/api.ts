import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Credential, CredentialFields, PublicCredential, QueuedCredential } from '@shared/contracts/credentials';
import { apiPostForm, apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';
import { proStaffProfilesKey } from '@client/features/profiles/api';

// Verified credentials (decision record 029): each endpoint's fetcher, query options and hook side by side.

const credentialsKey = ['credentials'] as const;
/** The admin page's queries live under ['admin'], so its Refresh button reloads the queue too. */
const queueKey = ['admin', 'credentials'] as const;

export const myCredentialsQuery = () => queryOptions({ queryKey: [...credentialsKey, 'mine'], queryFn: () => getJson<Credential[]>('/api/credentials') });
export const publicCredentialsQuery = (proStaffId: number) =>
  queryOptions({ queryKey: [...proStaffProfilesKey, 'credentials', proStaffId], queryFn: () => getJson<PublicCredential[]>(`/api/pro-staff-profiles/${proStaffId}/credentials`) });
export const credentialQueueQuery = (status: 'pending' | 'approved') =>
  queryOptions({ queryKey: [...queueKey, status], queryFn: () => getJson<QueuedCredential[]>(`/api/admin/credentials?status=${status}`), refetchInterval: 30_000 });

export const useMyCredentials = () => useQuery(myCredentialsQuery());
export const usePublicCredentials = (proStaffId: number, enabled = true) => useQuery({ ...publicCredentialsQuery(proStaffId), enabled });
export const useCredentialQueue = (status: 'pending' | 'approved') => useQuery(credentialQueueQuery(status));

/** The fields and the document as one multipart request. */
export function submitCredential({ fields, file }: { fields: CredentialFields; file: File }): Promise<Credential> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value ?? '');
  form.append('file', file);
  return apiPostForm<Credential>('/api/credentials', form);
}

export const useSubmitCredential = () => useRefreshingMutation(submitCredential, credentialsKey);
export const useWithdrawCredential = () => useRefreshingMutation((id: number) => apiRequest<Credential>('POST', `/api/credentials/${id}/withdraw`), credentialsKey);

/** Any decision changes the queue, the badge and so the directory. */
function useDecision<TVariables>(mutationFn: (variables: TVariables) => Promise<Credential>) {
  return useRefreshingMutation(mutationFn, ['admin']);
}
export const useApproveCredential = () => useDecision((id: number) => apiRequest<Credential>('POST', `/api/admin/credentials/${id}/approve`));
export const useRejectCredential = () =>
  useDecision(({ id, reason }: { id: number; reason: string }) => apiRequest<Credential>('POST', `/api/admin/credentials/${id}/reject`, { reason }));
export const useRevokeCredential = () =>
  useDecision(({ id, reason }: { id: number; reason: string }) => apiRequest<Credential>('POST', `/api/admin/credentials/${id}/revoke`, { reason }));
