import { useQueryClient } from '@tanstack/react-query';
import { useServerEvents } from '@client/lib/use-server-events';
import { refreshConversationLists, refreshThread, refreshUnread, setUnreadCount } from '../api';

/** Keeps messaging data live over Server-Sent Events while the calling screen is mounted. */
export function useMessageEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useServerEvents(
    {
      'message.created': (data) => {
        void refreshConversationLists(queryClient);
        if (data.conversationId) void refreshThread(queryClient, data.conversationId);
        if (typeof data.unreadCount === 'number') setUnreadCount(queryClient, data.unreadCount);
        else void refreshUnread(queryClient);
      },
      'message.read': (data) => {
        if (data.conversationId) void refreshThread(queryClient, data.conversationId);
      },
      'unread-count': (data) => {
        if (typeof data.count === 'number') setUnreadCount(queryClient, data.count);
      },
      // Catch up on anything sent before the stream (re)connected; the first open closes the gap
      // between a screen's first fetch and the subscription.
      onOpen: () => {
        void refreshConversationLists(queryClient);
        void refreshUnread(queryClient);
        void refreshThread(queryClient);
      },
    },
    enabled,
  );
}
