import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationSummary, ConversationWith, MassMessageResult, Message, MessageAttachment } from '@shared/contracts/messaging';
import { apiPostForm, apiRequest, apiUpload } from '../../lib/api';

export const MESSAGES_PAGE_SIZE = 50;

export const messagingKeys = {
  conversations: ['/api/conversations'] as const,
  summaries: (userId: number) => ['/api/messages/conversations', userId] as const,
  thread: (conversationId: number) => ['messaging-thread', conversationId] as const,
  with: (userId: number) => ['/api/conversations/with', userId] as const,
};

export function useConversations() {
  return useQuery<Conversation[]>({ queryKey: messagingKeys.conversations });
}

export function useConversationSummaries(userId: number) {
  return useQuery<ConversationSummary[]>({ queryKey: messagingKeys.summaries(userId) });
}

export function useConversationWith(userId: number | null) {
  return useQuery<ConversationWith>({ queryKey: messagingKeys.with(userId ?? 0), enabled: userId !== null });
}

/** A conversation's messages, newest page first; pages hold messages oldest first. */
export function useThread(conversationId: number | null) {
  return useInfiniteQuery({
    queryKey: messagingKeys.thread(conversationId ?? 0),
    enabled: conversationId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      apiRequest<Message[]>(
        'GET',
        `/api/messages?conversationId=${conversationId}&limit=${MESSAGES_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
      ),
    getNextPageParam: (lastPage) => (lastPage.length === MESSAGES_PAGE_SIZE ? lastPage[0]?.id : undefined),
  });
}

export function sendMessage(body: { toUserId: number; content: string; conversationId?: number | null }) {
  return apiRequest<Message>('POST', '/api/messages', body);
}

/** The message and its files in one request: the server sends all of it or nothing (issue 18 item 4). */
export function sendMessageWithFiles(body: { toUserId: number; content: string; conversationId?: number | null }, files: File[]) {
  const form = new FormData();
  form.append('toUserId', String(body.toUserId));
  form.append('content', body.content);
  if (body.conversationId) form.append('conversationId', String(body.conversationId));
  for (const file of files) form.append('file', file);
  return apiPostForm<Message>('/api/messages/with-attachments', form);
}

export function uploadAttachment(messageId: number, file: File) {
  return apiUpload<MessageAttachment>(`/api/messages/${messageId}/attachments`, file);
}

export function markMessageRead(messageId: number) {
  return apiRequest<Message>('POST', `/api/messages/${messageId}/read`);
}

/** Viewing a thread reads it: marks every message received in it read (POST /api/conversations/:id/read). */
export function markConversationRead(conversationId: number) {
  return apiRequest<{ marked: number; unreadCount: number }>('POST', `/api/conversations/${conversationId}/read`);
}

/** `idempotencyKey` stays the same across retries of one message, so a retry never sends it twice. */
export function sendMassMessage(body: { content: string; filters: { specialties?: string[]; location?: string } }, idempotencyKey: string) {
  return apiRequest<MassMessageResult>('POST', '/api/mass-message', body, { 'Idempotency-Key': idempotencyKey });
}

export const massMessageProgressUrl = (id: number) => `/api/mass-message/${id}`;

const keyText = (key: readonly unknown[]) => key.join('/');

/** Every cached unread count (the dashboards read GET /api/messages/unread/:userId). */
export const isUnreadKey = (key: readonly unknown[]) => keyText(key).startsWith('/api/messages/unread');
const isConversationListKey = (key: readonly unknown[]) =>
  key[0] === messagingKeys.conversations[0] || keyText(key).startsWith('/api/messages/conversations') || key[0] === '/api/conversations/with';

export function refreshConversationLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => isConversationListKey(query.queryKey) });
}

export function refreshUnread(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => isUnreadKey(query.queryKey) });
}

export function refreshThread(queryClient: QueryClient, conversationId: number) {
  return queryClient.invalidateQueries({ queryKey: messagingKeys.thread(conversationId) });
}

export function setUnreadCount(queryClient: QueryClient, count: number) {
  queryClient.setQueriesData({ predicate: (query) => isUnreadKey(query.queryKey) }, { count });
}

/** A background mass send, polled until every inbox has it. */
export function useMassMessageProgress(id: number | null) {
  return useQuery<MassMessageResult>({
    queryKey: [massMessageProgressUrl(id ?? 0)],
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'sent' ? false : 500),
  });
}
