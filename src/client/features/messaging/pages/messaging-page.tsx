import { useState } from 'react';
import { Clock, MessageSquare, Paperclip, ShieldCheck } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { RequireLogin } from '@client/components/require-login';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Page } from '@client/components/ui/page';
import { useConversations } from '../api';
import { ChatPanel } from '../components/chat-panel';
import { ConversationList, UnreadBadge } from '../components/conversation-list';
import { useMessageEvents } from '../hooks/use-message-events';

const tips = [
  { icon: ShieldCheck, title: 'Be Professional', text: 'Keep messages clear and courteous; first impressions shape partnerships.' },
  { icon: Clock, title: 'Respond Quickly', text: 'Fast replies build trust and keep opportunities from going to someone else.' },
  { icon: Paperclip, title: 'Share Files', text: 'Attach PDF, DOC, DOCX, TXT or images up to 10 MB: contracts, media kits, photos.' },
];

export default function MessagingPage() {
  return <RequireLogin message="Please log in to access messaging.">{(user) => <Messaging user={user} />}</RequireLogin>;
}

function Messaging({ user }: { user: SessionUser }) {
  useMessageEvents(true);
  // The same endpoint and type as /messages (issue 19); only the texts differ, as the specification words them.
  const conversations = useConversations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;

  return (
    <Page title="Messages" description="Connect with businesses and pro staff through our secure messaging system.">
      <div className="grid gap-4 md:grid-cols-3">
        <ConversationList
          conversations={conversations}
          selectedId={selectedId}
          onSelect={(conversation) => setSelectedId(conversation.id)}
          className="max-h-[65vh]"
          entryClassName="flex items-start justify-between gap-2"
          empty={
            <div className="p-6 text-center">
              <MessageSquare className="mx-auto h-8 w-8 text-bark-500" aria-hidden="true" />
              <p className="mt-2 text-sm font-semibold">No conversations yet</p>
              <p className="mt-1 text-sm text-bark-700">Start a conversation by applying to jobs or contacting pro staff</p>
            </div>
          }
          renderEntry={(conversation) => (
            <>
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-bark-900">{conversation.otherUser.name || 'User'}</span>
                <span className="block truncate text-sm text-bark-700">{conversation.lastMessage?.content ?? 'No messages yet'}</span>
              </span>
              <UnreadBadge count={conversation.unreadCount} />
            </>
          )}
        />

        <Card className={cn('flex min-h-48 flex-col overflow-hidden md:col-span-2 md:h-[65vh]', selected && 'h-[65vh]')}>
          {selected ? (
            <>
              <div className="border-b border-bark-200 px-4 py-3">
                <h2 className="text-base font-semibold">{selected.otherUser.name || 'User'}</h2>
                <p className="text-xs text-bark-700">{selected.otherUser.email}</p>
              </div>
              <ChatPanel key={selected.id} currentUserId={user.id} otherUser={selected.otherUser} conversationId={selected.id} />
            </>
          ) : (
            <div className="flex flex-1 items-center justify-center p-6 text-center text-bark-700">
              <div>
                <MessageSquare className="mx-auto h-10 w-10 text-bark-500" aria-hidden="true" />
                <p className="mt-2">Messages will appear here</p>
              </div>
            </div>
          )}
        </Card>
      </div>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {tips.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader className="flex-row items-center gap-2">
              <Icon className="h-5 w-5 text-forest-700" aria-hidden="true" />
              <CardTitle className="text-base">{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-bark-700">{text}</CardContent>
          </Card>
        ))}
      </div>
    </Page>
  );
}
