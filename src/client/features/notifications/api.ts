import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationsPage, UpdateNotificationSettingsBody } from '@shared/contracts/notifications';
import { apiRequest, getJson } from '@client/lib/api';

// The notification centre (decision record 030): each endpoint's fetcher, query options and hook side by side.

const notificationsKey = ['notifications'] as const;
const unreadKey = [...notificationsKey, 'unread'] as const;
const settingsKey = ['notification-settings'] as const;

export const unreadNotificationsQuery = () =>
  queryOptions({ queryKey: unreadKey, queryFn: () => getJson<{ count: number }>('/api/notifications/unread-count') });

export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQuery(), enabled });
}

/** The list, 30 at a time, newest first ("Show older" loads the next page). */
export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list', { unreadOnly }],
    queryFn: ({ pageParam }) => getJson<NotificationsPage>(`/api/notifications?limit=30${unreadOnly ? '&unread=true' : ''}${pageParam ? `&before=${pageParam}` : ''}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** A pushed count (or a change made here): the bell shows it at once, the list refetches. */
export function setUnreadNotifications(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(unreadKey, { count });
  void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ count: number }>('POST', `/api/notifications/${id}/read`),
    onSuccess: (result) => setUnreadNotifications(queryClient, result.count),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ count: number }>('POST', '/api/notifications/read-all'),
    onSuccess: (result) => setUnreadNotifications(queryClient, result.count),
  });
}

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: settingsKey, queryFn: () => getJson<NotificationSettings>('/api/notification-settings') });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/** The settings with a change applied (only what the change names). */
export function mergeSettings(before: NotificationSettings, body: UpdateNotificationSettingsBody): NotificationSettings {
  return {
    email: { ...before.email, ...Object.fromEntries(Object.entries(body.email ?? {}).filter(([, on]) => on !== undefined)) },
    weeklyDigest: body.weeklyDigest ?? before.weeklyDigest,
  };
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) => apiRequest<NotificationSettings>('PATCH', '/api/notification-settings', body),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
