import { z } from 'zod';
import { proStaffSpecialties } from '../specialties';
import { dbIdParam } from './common';

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
  before: dbIdParam.optional(),
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
export type OtherUser = { id: number; email: string | null; userType: 'business' | 'pro_staff'; name: string | null };

export type MessageAttachment = {
  id: number;
  messageId: number;
  fileName: string;
  fileSize: number;
  fileType: string;
  fileUrl: string;
};

export type Message = {
  id: number;
  conversationId: number;
  fromUserId: number;
  toUserId: number;
  content: string;
  isRead: boolean;
  createdAt: string;
  attachments: MessageAttachment[];
};

/** GET /api/conversations (the working Messages page). */
export type Conversation = {
  id: number;
  otherUser: OtherUser;
  lastMessage: { content: string; createdAt: string } | null;
  lastMessageAt: string;
  unreadCount: number;
};

/** GET /api/messages/conversations/:userId (the Messaging page): lastMessage is plain text. */
export type ConversationSummary = Omit<Conversation, 'lastMessage'> & { lastMessage: string | null };

/** GET /api/conversations/with/:userId: who a new conversation would be with, and the existing one if any. */
export type ConversationWith = { otherUser: OtherUser; conversation: Conversation | null };

export type UnreadCount = { count: number };
/**
 * POST /api/mass-message and GET /api/mass-message/:id. `messageCount` is how many pro staff the message
 * goes to; a big send answers with status 'sending' and is delivered in the background (decision record 017).
 */
export type MassMessageResult = {
  id: number;
  status: 'sending' | 'sent';
  messageCount: number;
  recipientCount: number;
  deliveredCount: number;
};

/** Idempotency-Key header of POST /api/mass-message: a retry with the same key never sends twice. */
export const idempotencyKeyHeaders = z.object({
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
