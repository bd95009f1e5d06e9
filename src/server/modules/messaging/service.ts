import type { SessionUser } from '@shared/contracts/auth';
import {
  messageEventTypes,
  type Conversation,
  type ConversationSummary,
  type ConversationWith,
  type Message,
  type MessageAttachment,
} from '@shared/contracts/messaging';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { assertWithinLimit, startOfMonthUtc } from '@server/lib/entitlements';
import type { AddressedEvent } from '@server/lib/events';
import { publishBestEffort } from '@server/lib/publish';
import { newStorageKey } from '@server/lib/storage';
import * as repo from './repository';
import { assertStorageQuota, validateAttachments, type CheckedFile, type UploadedFile } from './attachment-rules';
import { toConversation, toAttachment, toMessage } from './mappers';


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

type SendBody = { toUserId: number; content: string; conversationId?: number | null };

/** Who may be messaged: someone else who exists, and, in a given conversation, its other participant. */
async function assertCanMessage(ctx: AppContext, user: SessionUser, body: SendBody) {
  if (body.toUserId === user.id) throw new AppError('VALIDATION', 'You cannot message yourself');
  // Flood guard on top of the monthly plan quota (which unlimited plans do not have).
  await ctx.rateLimits.directMessagesByUser.consume(String(user.id), (seconds) => `You are sending messages too quickly. Try again in ${seconds} seconds.`);
  const recipient = await repo.findUser(ctx.db, body.toUserId);
  if (!recipient) throw notFound('Recipient');
  if (body.conversationId) {
    const conversation = await participantConversation(ctx, user, body.conversationId);
    const other = conversation.userAId === user.id ? conversation.userBId : conversation.userAId;
    if (other !== body.toUserId) throw new AppError('VALIDATION', 'That conversation is with someone else');
  }
}

/** Inside a transaction: the monthly message quota, the conversation and the message row. */
async function insertDirectMessage(tx: Database, user: SessionUser, body: SendBody, now: Date) {
  await repo.lockUserQuota(tx, user.id);
  const used = await repo.countDirectMessagesSince(tx, user.id, startOfMonthUtc(now));
  assertWithinLimit(user, 'messagesPerMonth', used);
  const conversationId = await repo.upsertConversation(tx, user.id, body.toUserId, now);
  return repo.insertMessage(tx, { conversationId, fromUserId: user.id, toUserId: body.toUserId, content: body.content, createdAt: now });
}

async function notifyNewMessage(ctx: AppContext, user: SessionUser, message: repo.MessageRow) {
  const unread = await repo.countUnread(ctx.db, message.toUserId);
  await notify(ctx, [
    {
      userId: message.toUserId,
      event: { type: messageEventTypes.created, data: { messageId: message.id, conversationId: message.conversationId, fromUserId: user.id, unreadCount: unread } },
    },
    // The sender's other tabs refresh their lists too.
    { userId: user.id, event: { type: messageEventTypes.created, data: { messageId: message.id, conversationId: message.conversationId, fromUserId: user.id } } },
  ]);
}

export async function sendMessage(ctx: AppContext, user: SessionUser, body: SendBody): Promise<Message> {
  await assertCanMessage(ctx, user, body);
  const now = new Date();
  const message = await ctx.db.transaction((tx) => insertDirectMessage(tx, user, body, now));
  await notifyNewMessage(ctx, user, message);
  return toMessage(message);
}

/**
 * Checked before the files are read: a plan without file sharing (or with no room left at all) is refused
 * without reading a 10 MB body.
 */
export async function assertCanSendFiles(ctx: AppContext, user: SessionUser) {
  await assertStorageQuota(ctx.db, user, 1);
}

/**
 * A message and its files as one (issue 18 item 4): every file is checked before anything is
 * written; the files are stored, then the message and its attachment rows go in one transaction. If any step
 * fails, the stored files are deleted again, so a message never goes out without the files the user picked.
 */
export async function sendMessageWithAttachments(ctx: AppContext, user: SessionUser, body: SendBody, files: UploadedFile[]): Promise<Message> {
  if (files.length === 0) throw new AppError('VALIDATION', 'Choose a file to attach');
  await assertCanMessage(ctx, user, body);
  const checked = await validateAttachments(ctx.db, user, files, 0);
  const stored: string[] = [];
  let sent: { message: repo.MessageRow; attachments: repo.AttachmentRow[] };
  try {
    const keyed = await storeAll(ctx, checked, stored);
    const now = new Date();
    sent = await ctx.db.transaction(async (tx) => {
      const message = await insertDirectMessage(tx, user, body, now);
      // Again under the quota lock: two sends at once must not both use the last free bytes.
      await assertStorageQuota(tx, user, checked.reduce((total, file) => total + file.data.length, 0));
      const attachments: repo.AttachmentRow[] = [];
      for (const file of keyed) {
        attachments.push(
          await repo.insertAttachment(tx, {
            messageId: message.id,
            uploaderId: user.id,
            fileName: file.safeName,
            fileSize: file.data.length,
            fileType: file.mime,
            storageKey: file.key,
          }),
        );
      }
      return { message, attachments };
    });
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  // Committed: from here on the files belong to the message and are never deleted.
  await notifyNewMessage(ctx, user, sent.message);
  return toMessage(sent.message, sent.attachments);
}

/** Stores each file under a new key; `stored` collects the keys written so far, for the clean-up on failure. */
async function storeAll(ctx: AppContext, files: CheckedFile[], stored: string[]) {
  const keyed: (CheckedFile & { key: string })[] = [];
  for (const file of files) {
    const key = newStorageKey('attachments', file.ext);
    stored.push(key);
    await ctx.storage.put(key, file.data);
    keyed.push({ ...file, key });
  }
  return keyed;
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
const notify = (ctx: AppContext, events: AddressedEvent[]) => publishBestEffort(ctx, events);

export type { UploadedFile } from './attachment-rules';

/** Checked before the upload is read, so a stranger's 10 MB body is refused unread. */
export async function assertCanAttach(ctx: AppContext, user: SessionUser, messageId: number) {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message) throw notFound('Message');
  if (message.fromUserId !== user.id) throw forbidden('Only the sender can attach files to a message');
  return message;
}

export async function addAttachment(ctx: AppContext, user: SessionUser, messageId: number, file: UploadedFile): Promise<MessageAttachment> {
  const message = await assertCanAttach(ctx, user, messageId);
  const [checked] = await validateAttachments(ctx.db, user, [file], await repo.countAttachments(ctx.db, messageId));
  const key = newStorageKey('attachments', checked.ext);
  await ctx.storage.put(key, checked.data);
  try {
    const row = await repo.insertAttachment(ctx.db, {
      messageId,
      uploaderId: user.id,
      fileName: checked.safeName,
      fileSize: checked.data.length,
      fileType: checked.mime,
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
