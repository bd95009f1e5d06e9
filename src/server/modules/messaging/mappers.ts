import type { Conversation, MassMessageResult, Message, MessageAttachment } from '@shared/contracts/messaging';
import type * as repo from './repository';
import type * as massRepo from './repository-mass';

/** Row -> wire shape for this module: the one place its DTOs are built (decision record 020). */

export const attachmentUrl = (id: number) => `/api/messages/attachments/${id}`;

export function toConversation(row: repo.ConversationRow): Conversation {
  return {
    id: row.id,
    otherUser: row.otherUser,
    lastMessage: row.lastMessage ? { content: row.lastMessage.content, createdAt: row.lastMessage.createdAt.toISOString() } : null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
  };
}

export function toAttachment(row: repo.AttachmentRow): MessageAttachment {
  return { id: row.id, messageId: row.messageId, fileName: row.fileName, fileSize: row.fileSize, fileType: row.fileType, fileUrl: attachmentUrl(row.id) };
}

export function toMessage(row: repo.MessageRow, attachments: repo.AttachmentRow[] = []): Message {
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

export function toResult(row: massRepo.MassSendRow): MassMessageResult {
  return { id: row.id, status: row.status, messageCount: row.recipientCount, recipientCount: row.recipientCount, deliveredCount: row.deliveredCount };
}
