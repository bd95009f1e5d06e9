import { useState } from 'react';
import { Clock, MessageSquare, Paperclip, ShieldCheck } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { RequireLogin } from '../../../components/require-login';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Page } from '../../../components/ui/page';
import { describeError } from '../../../lib/api';
import { useConversationSummaries } from '../api';
import { ChatPanel } from '../components/chat-panel';
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
  const conversations = useConversationSummaries(user.id);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;

  return (
    <Page title="Messages" description="Connect with businesses and pro staff through our secure messaging system.">
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="flex max-h-[65vh] flex-col overflow-hidden">
          <h2 className="border-b border-bark-200 px-4 py-3 text-base font-semibold">Conversations</h2>
          <div className="overflow-y-auto">
            {conversations.isPending ? (
              <p className="p-4 text-sm text-bark-700">Loading conversations...</p>
            ) : conversations.isError ? (
              <p className="p-4 text-sm text-red-700">{describeError(conversations.error)}</p>
            ) : conversations.data.length === 0 ? (
              <div className="p-6 text-center">
                <MessageSquare className="mx-auto h-8 w-8 text-bark-500" aria-hidden="true" />
                <p className="mt-2 text-sm font-semibold">No conversations yet</p>
                <p className="mt-1 text-sm text-bark-700">Start a conversation by applying to jobs or contacting pro staff</p>
              </div>
            ) : (
              <ul aria-label="Conversations">
                {conversations.data.map((conversation) => (
                  <li key={conversation.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(conversation.id)}
                      aria-current={conversation.id === selectedId ? 'true' : undefined}
                      className={cn(
                        'flex w-full items-start justify-between gap-2 border-b border-bark-100 px-4 py-3 text-left hover:bg-bark-100',
                        conversation.id === selectedId && 'bg-forest-100 hover:bg-forest-100',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-semibold text-bark-900">{conversation.otherUser.name || 'User'}</span>
                        <span className="block truncate text-sm text-bark-700">{conversation.lastMessage ?? 'No messages yet'}</span>
                      </span>
                      {conversation.unreadCount > 0 && (
                        <Badge tone="blue" aria-label={`${conversation.unreadCount} unread`}>
                          {conversation.unreadCount}
                        </Badge>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Card>

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
