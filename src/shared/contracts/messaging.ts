import { z } from 'zod';
import { proStaffSpecialties } from '../specialties';
import { dbIdParam, idInUrl } from './common';

export const MESSAGE_MAX_LENGTH = 5000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Extensions a message attachment may have (checked against the file's content on the server). */
export const attachmentExtensions = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'gif'] as const;
export const attachmentAccept = attachmentExtensions.map((ext) => `.${ext}`).join(',');

const messageContent = z
  .string({ error: 'Please enter a message' })
  .trim()
  .min(1, 'Please enter a message')
  .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`);

export const sendMessageBody = z.object({
  // JSON numbers only, never coerced (issue 17).
  toUserId: z.number({ error: 'Choose who to message' }).int().positive('Choose who to message').max(2_147_483_647, 'Choose who to message'),
  content: messageContent,
  conversationId: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** A message and its files in one request: the text fields of POST /api/messages/with-attachments. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;
const formId = (error: string) => z.string({ error }).regex(/^[0-9]{1,10}$/, error).transform(Number).pipe(z.number().int().positive(error).max(2_147_483_647, error));
export const sendMessageFormFields = z.object({
  toUserId: formId('Choose who to message'),
  content: messageContent,
  conversationId: z.union([z.literal('').transform(() => null), formId('Expected a conversation id')]).nullish(),
});

export const listMessagesQuery = z.object({
  conversationId: dbIdParam,
  /** Only messages with a smaller id (the page before). */
  before: idInUrl().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const massMessageBody = z.object({
  content: messageContent,
  filters: z
    .object({
      specialties: z.array(z.enum(proStaffSpecialties)).max(proStaffSpecialties.length).optional(),
      location: z.string().trim().max(200).optional(),
    })
    .default({}),
});
export type MassMessageBody = z.input<typeof massMessageBody>;

/** `email` is null until the two users share a conversation. */
export const otherUser = z.object({ id: z.number(), email: z.string().nullable(), userType: z.enum(['business', 'pro_staff']), name: z.string().nullable() });
export type OtherUser = z.infer<typeof otherUser>;

export const messageAttachment = z.object({
  id: z.number(),
  messageId: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  fileUrl: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

export const message = z.object({
  id: z.number(),
  conversationId: z.number(),
  fromUserId: z.number(),
  toUserId: z.number(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  attachments: z.array(messageAttachment),
});
export type Message = z.infer<typeof message>;

/** GET /api/conversations (the working Messages page). */
export const conversation = z.object({
  id: z.number(),
  otherUser,
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  lastMessageAt: z.string(),
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof conversation>;

/** GET /api/messages/conversations/:userId (the Messaging page): lastMessage is plain text. */
export const conversationSummary = conversation.extend({ lastMessage: z.string().nullable() });
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** GET /api/conversations/with/:userId: who a new conversation would be with, and the existing one if any. */
export const conversationWith = z.object({ otherUser, conversation: conversation.nullable() });
export type ConversationWith = z.infer<typeof conversationWith>;

export const unreadCount = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** POST /api/conversations/:id/read: how many messages this marked read, and the caller's unread count after. */
export const conversationReadResult = z.object({ marked: z.number(), unreadCount: z.number() });
export type ConversationReadResult = z.infer<typeof conversationReadResult>;

/**
 * POST /api/mass-message and GET /api/mass-message/:id. `messageCount` is how many pro staff the message
 * goes to; a big send answers with status 'sending' and is delivered in the background (decision record 017).
 */
export const massMessageResult = z.object({
  id: z.number(),
  status: z.enum(['sending', 'sent']),
  messageCount: z.number(),
  recipientCount: z.number(),
  deliveredCount: z.number(),
});
export type MassMessageResult = z.infer<typeof massMessageResult>;

/**
 * Idempotency-Key header of POST /api/mass-message: a retry with the same key never sends twice. Loose, because the
 * validated value replaces request.headers: every other header must stay.
 */
export const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters')
    .optional(),
});

/** Server-Sent Event types on GET /api/events that the messaging screens react to. */
export const messageEventTypes = {
  created: 'message.created',
  read: 'message.read',
  unreadCount: 'unread-count',
} as const;
