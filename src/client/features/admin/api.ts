import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, PlatformStats, RecentUser } from '@shared/contracts/admin';
import type { DemoRequest } from '@shared/contracts/demo-requests';
import type { ReconciliationReport } from '@shared/contracts/reconciliation';
import type { TasksOverview } from '@shared/contracts/tasks';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

/** Decision record 010 §9: the admin dashboard refreshes every 30 seconds. */
export const ADMIN_REFRESH_MS = 30_000;

/** Everything the admin screen shows sits under this prefix; its Refresh button invalidates it. */
export const adminKey = ['admin'] as const;

const polled = { refetchInterval: ADMIN_REFRESH_MS, staleTime: 0 } as const;

export const adminAnalyticsQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'analytics'], queryFn: () => getJson<AdminAnalytics>('/api/admin/analytics'), ...polled });
export const recentUsersQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'recent-users'], queryFn: () => getJson<RecentUser[]>('/api/admin/recent-users'), ...polled });
export const platformStatsQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'platform-stats'], queryFn: () => getJson<PlatformStats>('/api/admin/platform-stats'), ...polled });
export const demoRequestsQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'demo-requests'], queryFn: () => getJson<DemoRequest[]>('/api/admin/demo-requests'), ...polled });

export const useAdminAnalytics = (enabled: boolean) => useQuery({ ...adminAnalyticsQuery(), enabled });
export const useRecentUsers = (enabled: boolean) => useQuery({ ...recentUsersQuery(), enabled });
export const usePlatformStats = (enabled: boolean) => useQuery({ ...platformStatsQuery(), enabled });
export const useDemoRequests = () => useQuery(demoRequestsQuery());
export const backgroundTasksQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'background-tasks'], queryFn: () => getJson<TasksOverview>('/api/admin/background-tasks'), ...polled });
export const useBackgroundTasks = () => useQuery(backgroundTasksQuery());
/** Queues a dead task again (POST /api/admin/background-tasks/:id/retry); the panel refreshes after. */
export const useRetryTask = () =>
  useRefreshingMutation((id: number) => apiRequest<{ id: number; status: 'queued' }>('POST', `/api/admin/background-tasks/${id}/retry`), [...adminKey, 'background-tasks']);

/**
 * Payouts recorded as paid against Stripe's transfers (decision record 037). Read live from Stripe, so never polled:
 * it loads when the admin page opens, when the range changes, and on the page's Refresh.
 */
export const reconciliationQuery = (range: { from?: string; to?: string }) => {
  const search = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return queryOptions({
    queryKey: [...adminKey, 'reconciliation', range.from ?? null, range.to ?? null],
    queryFn: () => getJson<ReconciliationReport>(`/api/admin/reconciliation${search.size > 0 ? `?${search}` : ''}`),
    staleTime: 60_000,
    retry: false,
  });
};
export const useReconciliation = (range: { from?: string; to?: string }) => useQuery(reconciliationQuery(range));
