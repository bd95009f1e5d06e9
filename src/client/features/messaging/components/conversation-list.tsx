import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Conversation } from '@shared/contracts/messaging';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { describeError } from '@client/lib/api';

type Props = {
  /** GET /api/conversations: both /messages and /messaging list the same data. */
  conversations: UseQueryResult<Conversation[]>;
  selectedId: number | null;
  onSelect(conversation: Conversation): void;
  /** Each page keeps its own texts (spec section 2): what an empty list says and what an entry shows. */
  empty: ReactNode;
  renderEntry(conversation: Conversation): ReactNode;
  className?: string;
  entryClassName?: string;
};

/** The "Conversations" panel of the messages screens: loading, error and empty states, and the selectable list. */
export function ConversationList({ conversations, selectedId, onSelect, empty, renderEntry, className, entryClassName }: Props) {
  return (
    <Card className={cn('flex flex-col overflow-hidden', className)}>
      <h2 className="border-b border-bark-200 px-4 py-3 text-base font-semibold">Conversations</h2>
      <div className="overflow-y-auto">
        {conversations.isPending ? (
          <p className="p-4 text-sm text-bark-700">Loading conversations...</p>
        ) : conversations.isError ? (
          <p className="p-4 text-sm text-red-700">{describeError(conversations.error)}</p>
        ) : conversations.data.length === 0 ? (
          empty
        ) : (
          <ul aria-label="Conversations">
            {conversations.data.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  onClick={() => onSelect(conversation)}
                  aria-current={conversation.id === selectedId ? 'true' : undefined}
                  className={cn(
                    'w-full border-b border-bark-100 px-4 py-3 text-left hover:bg-bark-100',
                    entryClassName,
                    conversation.id === selectedId && 'bg-forest-100 hover:bg-forest-100',
                  )}
                >
                  {renderEntry(conversation)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge tone="blue" aria-label={`${count} unread`}>
      {count}
    </Badge>
  );
}
