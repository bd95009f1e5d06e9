import { useQuery } from '@tanstack/react-query';
import type { AdminCoachingSession, BookCoachingBody, CoachingSession, ConfirmCoachingBody, MyCoaching } from '@shared/contracts/coaching';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

const mineKey = ['coaching'] as const;
// Under the admin page's ['admin'] prefix, so its Refresh button reloads the queue too.
const queueKey = ['admin', 'coaching'] as const;

export const useMyCoaching = (enabled: boolean) => useQuery({ queryKey: mineKey, queryFn: () => getJson<MyCoaching>('/api/coaching/sessions'), enabled });
export const useBookCoaching = () => useRefreshingMutation((body: BookCoachingBody) => apiRequest<CoachingSession>('POST', '/api/coaching/sessions', body), mineKey);
export const useCancelCoaching = () => useRefreshingMutation((id: number) => apiRequest<CoachingSession>('POST', `/api/coaching/sessions/${id}/cancel`), mineKey);

export const useCoachingQueue = () => useQuery({ queryKey: queueKey, queryFn: () => getJson<AdminCoachingSession[]>('/api/admin/coaching/sessions'), refetchInterval: 30_000 });
export const useConfirmCoaching = () =>
  useRefreshingMutation(({ id, ...body }: ConfirmCoachingBody & { id: number }) => apiRequest<CoachingSession>('POST', `/api/admin/coaching/sessions/${id}/confirm`, body), queueKey);
export const useAdminCancelCoaching = () => useRefreshingMutation((id: number) => apiRequest<CoachingSession>('POST', `/api/admin/coaching/sessions/${id}/cancel`), queueKey);
