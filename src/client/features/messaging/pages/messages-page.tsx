import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import type { Conversation, OtherUser } from '@shared/contracts/messaging';
import { RequireLogin } from '@client/components/require-login';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Page } from '@client/components/ui/page';
import { describeError } from '@client/lib/api';
import { useConversations, useConversationWith } from '../api';
import { ChatPanel } from '../components/chat-panel';
import { ConversationList, UnreadBadge } from '../components/conversation-list';
import { formatConversationTime } from '../format-time';
import { useMessageEvents } from '../hooks/use-message-events';

const userTypeLabel = (type: OtherUser['userType']) => (type === 'pro_staff' ? 'Pro Staff' : 'Business');
/** Threads are titled by the company name, or first and last name; the email only when there is no profile yet. */
// A stranger's email is hidden until a first message (issue 17): then the account type names them.
const displayName = (user: OtherUser) => user.name || user.email || (user.userType === 'business' ? 'Business' : 'Pro Staff');

export default function MessagesPage() {
  return <RequireLogin message="Please log in to view messages">{(user) => <Messages user={user} />}</RequireLogin>;
}

function Messages({ user }: { user: SessionUser }) {
  useMessageEvents(true);
  const [params, setParams] = useSearchParams();
  const toParam = Number(params.get('to'));
  const to = Number.isInteger(toParam) && toParam > 0 && toParam !== user.id ? toParam : null;
  const conversations = useConversations();
  const target = useConversationWith(to);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  // /messages?to=<userId>: open the conversation with that person, or a new one.
  useEffect(() => {
    if (target.data?.conversation) setSelectedId(target.data.conversation.id);
  }, [target.data]);

  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;
  const draftWith = !selected && to !== null && target.data && !target.data.conversation ? target.data.otherUser : null;
  const otherUser = selected?.otherUser ?? draftWith;

  function back() {
    setSelectedId(null);
    if (to !== null) setParams({}, { replace: true });
  }

  function choose(conversation: Conversation) {
    setSelectedId(conversation.id);
    if (to !== null) setParams({}, { replace: true });
  }

  return (
    <Page title="Messages">
      <div className="grid gap-4 md:grid-cols-3">
        {/* On phones an open conversation is its own view: the list steps aside and the composer stays on screen. */}
        <ConversationList
          conversations={conversations}
          selectedId={selectedId}
          onSelect={choose}
          className={cn('max-h-[70vh]', otherUser && 'hidden md:flex')}
          empty={<p className="p-4 text-sm text-bark-700">No conversations yet. Start by messaging someone!</p>}
          renderEntry={(conversation) => (
            <>
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-sm font-semibold text-bark-900">{displayName(conversation.otherUser)}</span>
                <UnreadBadge count={conversation.unreadCount} />
              </div>
              <div className="mt-0.5 flex items-center gap-2 text-xs text-bark-700">
                <span>{userTypeLabel(conversation.otherUser.userType)}</span>
                {conversation.otherUser.name && <span className="truncate">· {conversation.otherUser.email}</span>}
              </div>
              {conversation.lastMessage && <p className="mt-1 truncate text-sm text-bark-700">{conversation.lastMessage.content}</p>}
              <p className="mt-0.5 text-xs text-bark-500">{formatConversationTime(conversation.lastMessageAt)}</p>
            </>
          )}
        />

        <Card className={cn('flex-col overflow-hidden md:col-span-2 md:flex md:h-[70vh]', otherUser ? 'flex h-[calc(100dvh-11rem)] min-h-80' : 'hidden')}>
          <div className="border-b border-bark-200 px-4 py-3">
            {otherUser && (
              <button type="button" className="mb-1 inline-flex items-center gap-1 text-sm font-medium text-forest-700 md:hidden" onClick={back}>
                <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All conversations
              </button>
            )}
            <h2 className="text-base font-semibold">{otherUser ? `Chat with ${displayName(otherUser)}` : 'Select a conversation'}</h2>
            {otherUser && <p className="text-xs text-bark-700">{[otherUser.email, userTypeLabel(otherUser.userType)].filter(Boolean).join(' · ')}</p>}
          </div>
          {otherUser ? (
            <ChatPanel
              key={otherUser.id}
              currentUserId={user.id}
              otherUser={otherUser}
              conversationId={selected?.id ?? null}
              onConversationStarted={(id) => {
                setSelectedId(id);
                setParams({}, { replace: true });
              }}
            />
          ) : to !== null && target.isPending ? (
            <p className="p-6 text-center text-sm text-bark-700">Loading messages...</p>
          ) : to !== null && target.isError ? (
            <p className="p-6 text-center text-sm text-red-700">{describeError(target.error)}</p>
          ) : (
            <p className="p-6 text-center text-sm text-bark-700">Choose a conversation to read and reply.</p>
          )}
        </Card>
      </div>
    </Page>
  );
}
