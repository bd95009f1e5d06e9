import type { OtherUser } from '@shared/contracts/messaging';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';

type Props = {
  currentUserId: number;
  otherUser: OtherUser;
  conversationId: number | null;
  onConversationStarted?: (conversationId: number) => void;
};

/** The thread and composer for one conversation (or a new one that starts with the first message). */
export function ChatPanel({ currentUserId, otherUser, conversationId, onConversationStarted }: Props) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversationId === null ? (
          <p className="p-6 text-center text-sm text-bark-700">No messages yet. Start the conversation!</p>
        ) : (
          <MessageThread conversationId={conversationId} currentUserId={currentUserId} />
        )}
      </div>
      <MessageComposer
        key={otherUser.id}
        toUserId={otherUser.id}
        conversationId={conversationId}
        onSent={(id) => {
          if (id !== conversationId) onConversationStarted?.(id);
        }}
      />
    </div>
  );
}
