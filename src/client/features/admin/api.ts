import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, PlatformStats, RecentUser } from '@shared/contracts/admin';

/** Spec 9: the admin dashboard refreshes every 30 seconds. */
export const ADMIN_REFRESH_MS = 30_000;

const polling = (enabled: boolean) => ({ enabled, refetchInterval: ADMIN_REFRESH_MS, staleTime: 0 }) as const;

export const useAdminAnalytics = (enabled: boolean) => useQuery<AdminAnalytics>({ queryKey: ['/api/admin/analytics'], ...polling(enabled) });
export const useRecentUsers = (enabled: boolean) => useQuery<RecentUser[]>({ queryKey: ['/api/admin/recent-users'], ...polling(enabled) });
export const usePlatformStats = (enabled: boolean) => useQuery<PlatformStats>({ queryKey: ['/api/admin/platform-stats'], ...polling(enabled) });
