import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messageEventTypes } from '@shared/contracts/messaging';
import { messagingKeys, refreshConversationLists, refreshThread, refreshUnread, setUnreadCount } from '../api';

type EventData = { conversationId?: number; unreadCount?: number; count?: number };

// One EventSource per tab however many components listen; closed when the last one unmounts.
let source: EventSource | null = null;
let users = 0;

function parse(event: MessageEvent): EventData {
  try {
    return JSON.parse(String(event.data)) as EventData;
  } catch {
    return {};
  }
}

function open(queryClient: QueryClient): EventSource {
  const es = new EventSource('/api/events', { withCredentials: true });
  es.addEventListener(messageEventTypes.created, (event) => {
    const data = parse(event as MessageEvent);
    void refreshConversationLists(queryClient);
    if (data.conversationId) void refreshThread(queryClient, data.conversationId);
    if (typeof data.unreadCount === 'number') setUnreadCount(queryClient, data.unreadCount);
    else void refreshUnread(queryClient);
  });
  es.addEventListener(messageEventTypes.read, (event) => {
    const data = parse(event as MessageEvent);
    if (data.conversationId) void refreshThread(queryClient, data.conversationId);
  });
  es.addEventListener(messageEventTypes.unreadCount, (event) => {
    const data = parse(event as MessageEvent);
    if (typeof data.count === 'number') setUnreadCount(queryClient, data.count);
  });
  // Catch up on anything sent before the stream (re)connected; the first open closes the gap
  // between a screen's first fetch and the subscription.
  es.addEventListener('open', () => {
    void refreshConversationLists(queryClient);
    void refreshUnread(queryClient);
    void queryClient.invalidateQueries({ queryKey: [messagingKeys.thread(0)[0]] });
  });
  return es;
}

/** Keeps messaging data live over Server-Sent Events while the calling screen is mounted. */
export function useMessageEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    users += 1;
    source ??= open(queryClient);
    return () => {
      users -= 1;
      if (users === 0) {
        source?.close();
        source = null;
      }
    };
  }, [enabled, queryClient]);
}
