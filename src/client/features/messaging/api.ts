import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationWith, MassMessageResult, Message, MessageAttachment } from '@shared/contracts/messaging';
import { apiPostForm, apiRequest, apiUpload, getJson } from '@client/lib/api';

export const MESSAGES_PAGE_SIZE = 50;

/** Prefixes: every conversation list (the list and "the conversation with"), every thread, every unread count. */
const conversationListsKey = ['conversations'] as const;
const threadsKey = ['messages', 'thread'] as const;
const unreadKey = ['messages', 'unread'] as const;

export const conversationsQuery = () =>
  queryOptions({ queryKey: [...conversationListsKey, 'list'], queryFn: () => getJson<Conversation[]>('/api/conversations') });

export const conversationWithQuery = (userId: number) =>
  queryOptions({ queryKey: [...conversationListsKey, 'with', userId], queryFn: () => getJson<ConversationWith>(`/api/conversations/with/${userId}`) });

/** GET /api/messages/unread/:userId (the dashboards' stat cards). */
export const unreadCountQuery = (userId: number) =>
  queryOptions({ queryKey: [...unreadKey, userId], queryFn: () => getJson<{ count: number }>(`/api/messages/unread/${userId}`) });

/** A conversation's messages, newest page first; pages hold messages oldest first. */
export const threadQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: [...threadsKey, conversationId],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      getJson<Message[]>(`/api/messages?conversationId=${conversationId}&limit=${MESSAGES_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`),
    getNextPageParam: (lastPage) => (lastPage.length === MESSAGES_PAGE_SIZE ? lastPage[0]?.id : undefined),
  });

export function useConversations() {
  return useQuery(conversationsQuery());
}

export function useConversationWith(userId: number | null) {
  return useQuery({ ...conversationWithQuery(userId ?? 0), enabled: userId !== null });
}

export function useThread(conversationId: number | null) {
  return useInfiniteQuery({ ...threadQuery(conversationId ?? 0), enabled: conversationId !== null });
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

export function refreshConversationLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: conversationListsKey });
}

export function refreshUnread(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: unreadKey });
}

/** One thread, or every cached thread when no id is given. */
export function refreshThread(queryClient: QueryClient, conversationId?: number) {
  return queryClient.invalidateQueries({ queryKey: conversationId === undefined ? threadsKey : threadQuery(conversationId).queryKey });
}

export function setUnreadCount(queryClient: QueryClient, count: number) {
  queryClient.setQueriesData<{ count: number }>({ queryKey: unreadKey }, { count });
}

/** A background mass send, polled until every inbox has it. */
export const massMessageProgressQuery = (id: number) =>
  queryOptions({
    queryKey: ['mass-message', id],
    queryFn: () => getJson<MassMessageResult>(massMessageProgressUrl(id)),
    refetchInterval: (query) => (query.state.data?.status === 'sent' ? false : 500),
  });

export function useMassMessageProgress(id: number | null) {
  return useQuery({ ...massMessageProgressQuery(id ?? 0), enabled: id !== null });
}
