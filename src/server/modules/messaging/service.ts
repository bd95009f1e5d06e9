import path from 'node:path';
import type { SessionUser } from '@shared/contracts/auth';
import {
  ATTACHMENT_MAX_BYTES,
  messageEventTypes,
  type Conversation,
  type ConversationSummary,
  type ConversationWith,
  type Message,
  type MessageAttachment,
} from '@shared/contracts/messaging';
import { formatFileSize } from '@shared/format';
import type { AppContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { assertWithinLimit, planOf, startOfMonthUtc } from '../../lib/entitlements';
import { publishAll, type AddressedEvent } from '../../lib/events';
import { sniffFileType } from '../../lib/file-type';
import { RateLimiter } from '../../lib/rate-limit';
import { newStorageKey } from '../../lib/storage';
import * as repo from './repository';
import { resetMassMessageThrottling } from './service-mass';

const MAX_ATTACHMENTS_PER_MESSAGE = 10;
// Flood guards on top of the monthly plan quotas (which unlimited plans do not have).
const directSends = new RateLimiter(60, 60_000);

/** For tests: module state outlives a test app. */
export function resetMessagingThrottling() {
  directSends.clear();
  resetMassMessageThrottling();
}

function throttle(limiter: RateLimiter, userId: number, what: string) {
  const key = String(userId);
  if (!limiter.hit(key)) {
    const retryAfterSeconds = limiter.retryAfterSeconds(key);
    throw new AppError('RATE_LIMITED', `You are sending ${what} too quickly. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
  }
}
const allowedAttachmentExts = new Set(['pdf', 'doc', 'docx', 'txt', 'jpg', 'png', 'gif']);

export const attachmentUrl = (id: number) => `/api/messages/attachments/${id}`;

function toConversation(row: repo.ConversationRow): Conversation {
  return {
    id: row.id,
    otherUser: row.otherUser,
    lastMessage: row.lastMessage ? { content: row.lastMessage.content, createdAt: row.lastMessage.createdAt.toISOString() } : null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
  };
}

function toAttachment(row: repo.AttachmentRow): MessageAttachment {
  return { id: row.id, messageId: row.messageId, fileName: row.fileName, fileSize: row.fileSize, fileType: row.fileType, fileUrl: attachmentUrl(row.id) };
}

function toMessage(row: repo.MessageRow, attachments: repo.AttachmentRow[] = []): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    content: row.content,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    attachments: attachments.map(toAttachment),
  };
}

function assertSelf(user: SessionUser, userId: number) {
  if (user.id !== userId) throw forbidden('You can only see your own messages');
}

export async function listConversations(ctx: AppContext, user: SessionUser): Promise<Conversation[]> {
  return (await repo.listConversations(ctx.db, user.id)).map(toConversation);
}

export async function listConversationSummaries(ctx: AppContext, user: SessionUser, userId: number): Promise<ConversationSummary[]> {
  assertSelf(user, userId);
  return (await repo.listConversations(ctx.db, user.id)).map((row) => ({
    ...toConversation(row),
    lastMessage: row.lastMessage?.content ?? null,
  }));
}

export async function conversationWith(ctx: AppContext, user: SessionUser, otherUserId: number): Promise<ConversationWith> {
  if (otherUserId === user.id) throw new AppError('VALIDATION', 'You cannot message yourself');
  const otherUser = await repo.findUser(ctx.db, otherUserId);
  if (!otherUser) throw notFound('User');
  const [existing] = await repo.listConversations(ctx.db, user.id, otherUserId);
  // A stranger's email stays hidden until the two share a conversation: any id could be looked up (issue 17).
  if (!existing) return { otherUser: { ...otherUser, email: null }, conversation: null };
  return { otherUser, conversation: toConversation(existing) };
}

async function participantConversation(ctx: AppContext, user: SessionUser, conversationId: number) {
  const conversation = await repo.findConversation(ctx.db, conversationId);
  if (!conversation) throw notFound('Conversation');
  if (conversation.userAId !== user.id && conversation.userBId !== user.id) throw forbidden('You are not part of this conversation');
  return conversation;
}

export async function listMessages(
  ctx: AppContext,
  user: SessionUser,
  query: { conversationId: number; before?: number; limit: number },
): Promise<Message[]> {
  await participantConversation(ctx, user, query.conversationId);
  const rows = await repo.listMessages(ctx.db, query.conversationId, query.limit, query.before);
  const attachments = await repo.listAttachments(ctx.db, rows.map((row) => row.id));
  return rows.map((row) => toMessage(row, attachments.filter((a) => a.messageId === row.id)));
}

export async function sendMessage(
  ctx: AppContext,
  user: SessionUser,
  body: { toUserId: number; content: string; conversationId?: number | null },
): Promise<Message> {
  if (body.toUserId === user.id) throw new AppError('VALIDATION', 'You cannot message yourself');
  throttle(directSends, user.id, 'messages');
  const recipient = await repo.findUser(ctx.db, body.toUserId);
  if (!recipient) throw notFound('Recipient');
  if (body.conversationId) {
    const conversation = await participantConversation(ctx, user, body.conversationId);
    const other = conversation.userAId === user.id ? conversation.userBId : conversation.userAId;
    if (other !== body.toUserId) throw new AppError('VALIDATION', 'That conversation is with someone else');
  }
  const now = new Date();
  const message = await ctx.db.transaction(async (tx) => {
    await repo.lockUserQuota(tx, user.id);
    const used = await repo.countDirectMessagesSince(tx, user.id, startOfMonthUtc(now));
    assertWithinLimit(user, 'messagesPerMonth', used);
    const conversationId = await repo.upsertConversation(tx, user.id, body.toUserId, now);
    return repo.insertMessage(tx, { conversationId, fromUserId: user.id, toUserId: body.toUserId, content: body.content, createdAt: now });
  });
  const unread = await repo.countUnread(ctx.db, body.toUserId);
  await notify(ctx, [
    {
      userId: body.toUserId,
      event: { type: messageEventTypes.created, data: { messageId: message.id, conversationId: message.conversationId, fromUserId: user.id, unreadCount: unread } },
    },
    // The sender's other tabs refresh their lists too.
    { userId: user.id, event: { type: messageEventTypes.created, data: { messageId: message.id, conversationId: message.conversationId, fromUserId: user.id } } },
  ]);
  return toMessage(message);
}

export async function markRead(ctx: AppContext, user: SessionUser, messageId: number): Promise<Message> {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message) throw notFound('Message');
  if (message.toUserId !== user.id) throw forbidden('Only the recipient can mark a message as read');
  if (!message.isRead) {
    await repo.markRead(ctx.db, messageId, new Date());
    const unread = await repo.countUnread(ctx.db, user.id);
    await notify(ctx, [
      { userId: message.fromUserId, event: { type: messageEventTypes.read, data: { messageId, conversationId: message.conversationId } } },
      { userId: user.id, event: { type: messageEventTypes.unreadCount, data: { count: unread } } },
    ]);
  }
  return toMessage({ ...message, isRead: true });
}

/**
 * Viewing a thread reads it: every message the viewer received in the conversation is marked read,
 * the sender's ticks and the viewer's unread badge update live.
 */
export async function markConversationRead(ctx: AppContext, user: SessionUser, conversationId: number): Promise<{ marked: number; unreadCount: number }> {
  const conversation = await participantConversation(ctx, user, conversationId);
  const marked = await repo.markConversationRead(ctx.db, conversationId, user.id, new Date());
  const unread = await repo.countUnread(ctx.db, user.id);
  if (marked > 0) {
    const other = conversation.userAId === user.id ? conversation.userBId : conversation.userAId;
    await notify(ctx, [
      { userId: other, event: { type: messageEventTypes.read, data: { conversationId } } },
      { userId: user.id, event: { type: messageEventTypes.unreadCount, data: { count: unread } } },
    ]);
  }
  return { marked, unreadCount: unread };
}

export async function unreadCount(ctx: AppContext, user: SessionUser, userId: number): Promise<{ count: number }> {
  assertSelf(user, userId);
  return { count: await repo.countUnread(ctx.db, user.id) };
}

// Realtime delivery is best effort: a failed push must not fail the request that already committed.
async function notify(ctx: AppContext, events: AddressedEvent[]) {
  try {
    await publishAll(ctx.events, events);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not publish message events');
  }
}

export type UploadedFile = { fileName: string; data: Buffer };

/** Checked before the upload is read, so a stranger's 10 MB body is refused unread. */
export async function assertCanAttach(ctx: AppContext, user: SessionUser, messageId: number) {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message) throw notFound('Message');
  if (message.fromUserId !== user.id) throw forbidden('Only the sender can attach files to a message');
  return message;
}

export async function addAttachment(ctx: AppContext, user: SessionUser, messageId: number, file: UploadedFile): Promise<MessageAttachment> {
  const message = await assertCanAttach(ctx, user, messageId);
  if (file.data.length === 0) throw new AppError('VALIDATION', 'The file is empty');
  if (file.data.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Attachments can be at most 10 MB');
  const sniffed = sniffFileType(file.data);
  if (!sniffed || !allowedAttachmentExts.has(sniffed.ext)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach a PDF, DOC, DOCX, TXT, JPG, PNG or GIF file');
  }
  if ((await repo.countAttachments(ctx.db, messageId)) >= MAX_ATTACHMENTS_PER_MESSAGE) {
    throw new AppError('VALIDATION', `A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`);
  }
  const limit = planOf(user).limits.fileStorageBytes;
  if (limit !== null) {
    const used = await repo.attachmentBytesUsed(ctx.db, user.id);
    if (used + file.data.length > limit) {
      const plan = planOf(user);
      const allowance = limit === 0 ? 'does not include file sharing' : `includes ${formatFileSize(limit)} of file sharing and ${formatFileSize(Math.max(limit - used, 0))} is left`;
      throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan ${allowance}.`, {
        plan: plan.id,
        limit,
        used,
        upgradeUrl: '/subscription',
      });
    }
  }
  const key = newStorageKey('attachments', sniffed.ext);
  await ctx.storage.put(key, file.data);
  try {
    const row = await repo.insertAttachment(ctx.db, {
      messageId,
      uploaderId: user.id,
      fileName: safeFileName(file.fileName, sniffed.ext),
      fileSize: file.data.length,
      fileType: sniffed.mime,
      storageKey: key,
    });
    await notify(ctx, [
      { userId: message.toUserId, event: { type: messageEventTypes.created, data: { messageId, conversationId: message.conversationId, fromUserId: user.id } } },
    ]);
    return toAttachment(row);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The person's own file name without folders or control characters, ending in the sniffed type. */
function safeFileName(name: string, ext: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  const fallback = `attachment.${ext}`;
  if (!base) return fallback;
  const current = path.extname(base).slice(1).toLowerCase();
  const sameType = current === ext || (ext === 'jpg' && current === 'jpeg');
  return sameType ? base : `${base}.${ext}`;
}

export async function attachmentForDownload(ctx: AppContext, user: SessionUser, attachmentId: number) {
  const attachment = await repo.findAttachment(ctx.db, attachmentId);
  if (!attachment || (attachment.fromUserId !== user.id && attachment.toUserId !== user.id)) throw notFound('Attachment');
  const stored = await ctx.storage.get(attachment.storageKey);
  if (!stored) throw notFound('Attachment');
  return { ...attachment, stream: stored.stream, size: stored.size };
}

export async function initialUnread(ctx: AppContext, userId: number): Promise<number> {
  return repo.countUnread(ctx.db, userId);
}
