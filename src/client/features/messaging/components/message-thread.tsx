import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Paperclip } from 'lucide-react';
import type { Message } from '@shared/contracts/messaging';
import { formatFileSize } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { markConversationRead, markMessageRead, refreshConversationLists, refreshThread, refreshUnread, setUnreadCount, useThread } from '../api';
import { formatMessageTime } from '../format-time';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The messages of one conversation, oldest at the top, own messages on the right. */
export function MessageThread({ conversationId, currentUserId }: { conversationId: number; currentUserId: number }) {
  const thread = useThread(conversationId);
  const queryClient = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const messages = (thread.data?.pages ?? []).slice().reverse().flat();
  const lastId = messages.at(-1)?.id;

  // Keep the newest message in view inside the panel (without scrolling the whole page).
  useEffect(() => {
    const scroller = root.current?.parentElement;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [lastId]);

  // Viewing the thread reads it: whenever it shows received messages that are still unread (on opening, or
  // when one arrives while it is open) and the tab is visible, the whole thread is marked read on the server.
  const newestUnreadIncoming = messages.filter((m) => m.fromUserId !== currentUserId && !m.isRead).at(-1)?.id;
  const visible = usePageVisible();
  const markedUpTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newestUnreadIncoming === undefined || !visible || markedUpTo.current === newestUnreadIncoming) return;
    markedUpTo.current = newestUnreadIncoming;
    markConversationRead(conversationId)
      .then(async ({ unreadCount }) => {
        setUnreadCount(queryClient, unreadCount);
        await Promise.all([refreshThread(queryClient, conversationId), refreshConversationLists(queryClient)]);
      })
      .catch(() => {
        // Left unread; the next view (or a click on the message) tries again.
        markedUpTo.current = undefined;
      });
  }, [newestUnreadIncoming, visible, conversationId, queryClient]);

  async function markRead(message: Message) {
    try {
      await markMessageRead(message.id);
      await Promise.all([refreshThread(queryClient, conversationId), refreshConversationLists(queryClient), refreshUnread(queryClient)]);
    } catch (error) {
      toast({ title: 'Could not mark as read', description: describeError(error), variant: 'destructive' });
    }
  }

  if (thread.isPending) return <p className="p-6 text-center text-sm text-bark-700">Loading messages...</p>;
  if (thread.isError) return <p className="p-6 text-center text-sm text-red-700">{describeError(thread.error)}</p>;
  if (messages.length === 0) return <p className="p-6 text-center text-sm text-bark-700">No messages yet. Start the conversation!</p>;

  return (
    <div ref={root} className="flex flex-col gap-3 p-4" aria-live="polite">
      {thread.hasNextPage && (
        <Button variant="ghost" size="sm" className="self-center" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
          {thread.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
        </Button>
      )}
      {messages.map((message) => {
        const own = message.fromUserId === currentUserId;
        const unreadIncoming = !own && !message.isRead;
        const body = (
          <>
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
            {message.attachments.map((file) => (
              <a
                key={file.id}
                href={file.fileUrl}
                download={file.fileName}
                onClick={(event) => event.stopPropagation()}
                className={cn('mt-2 flex items-center gap-2 rounded-md px-2 py-1 text-xs underline-offset-2 hover:underline', own ? 'bg-forest-800' : 'bg-white')}
              >
                <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{file.fileName}</span>
                <span className="shrink-0 opacity-80">({formatFileSize(file.fileSize)})</span>
              </a>
            ))}
            <span className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', own ? 'text-forest-100' : 'text-bark-700')}>
              {formatMessageTime(message.createdAt)}
              {own &&
                (message.isRead ? (
                  <Check className="h-3.5 w-3.5" aria-label="Read" data-testid="read-tick" />
                ) : (
                  <span className="inline-block h-2 w-2 rounded-full bg-blue-400" aria-label="Unread" role="img" data-testid="unread-dot" />
                ))}
            </span>
          </>
        );
        const bubble = cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-left text-sm shadow-sm',
          own ? 'self-end rounded-br-sm bg-forest-700 text-white' : 'self-start rounded-bl-sm bg-bark-100 text-bark-900',
          unreadIncoming && 'ring-2 ring-blue-300',
        );
        return unreadIncoming ? (
          <button
            key={message.id}
            type="button"
            className={bubble}
            title="Click to mark as read"
            data-testid="message"
            onClick={() => void markRead(message)}
          >
            {body}
          </button>
        ) : (
          <div key={message.id} className={bubble} data-testid="message">
            {body}
          </div>
        );
      })}
    </div>
  );
}
