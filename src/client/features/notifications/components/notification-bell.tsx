import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useServerEvents } from '@client/lib/use-server-events';
import { setUnreadNotifications, useUnreadNotifications } from '../api';

/**
 * The header's bell: a link to the notification centre with the unread count, kept live by the event stream
 * (`notifications.changed` carries the new count; a reconnect refetches it).
 */
export function NotificationBell({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications(signedIn);
  useServerEvents(
    {
      'notifications.changed': (data) => {
        if (typeof data.unreadCount === 'number') setUnreadNotifications(queryClient, data.unreadCount);
      },
      onOpen: () => void unread.refetch(),
    },
    signedIn,
  );
  if (!signedIn) return null;
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      onClick={onNavigate}
      aria-label={label}
      title={label}
      className="relative rounded-md p-2 text-forest-50 hover:bg-forest-800"
      data-testid="notification-bell"
    >
      <Bell className="h-5 w-5" aria-hidden />
      {count > 0 && (
        <span aria-hidden className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-blaze-500 px-1 text-center text-xs font-bold leading-5 text-white">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
