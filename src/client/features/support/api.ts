import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountManager, AccountManagersOverview, SupportTicket, SupportTicketStatus } from '@shared/contracts/support';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Under the admin page's ['admin'] prefix, so its Refresh button reloads these too.
const ticketsKey = ['admin', 'support-tickets'] as const;
const managersKey = ['admin', 'account-managers'] as const;

export const useSupportTickets = () => useQuery(queryOptions({ queryKey: ticketsKey, queryFn: () => getJson<SupportTicket[]>('/api/admin/support/tickets'), refetchInterval: 30_000 }));
export const useReplyTicket = () =>
  useRefreshingMutation(({ id, message }: { id: number; message: string }) => apiRequest<SupportTicket>('POST', `/api/admin/support/tickets/${id}/replies`, { message }), ticketsKey);
export const useTicketStatus = () =>
  useRefreshingMutation(({ id, status }: { id: number; status: SupportTicketStatus }) => apiRequest<SupportTicket>('PUT', `/api/admin/support/tickets/${id}/status`, { status }), ticketsKey);

export const useAccountManagers = () => useQuery({ queryKey: managersKey, queryFn: () => getJson<AccountManagersOverview>('/api/admin/account-managers') });
export const useAssignManager = () =>
  useRefreshingMutation(
    ({ userId, managerUserId, managerName }: { userId: number; managerUserId: number | null; managerName?: string }) =>
      apiRequest<AccountManagersOverview>('PUT', `/api/admin/account-managers/${userId}`, { managerUserId, managerName }),
    managersKey,
  );

export const useMyAccountManager = (enabled: boolean) => useQuery({ queryKey: ['account-manager'], queryFn: () => getJson<AccountManager>('/api/account-manager'), enabled });
