import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One conversation per pair of users; the lower user id is always user_a so the pair is unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userAId: integer('user_a_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userBId: integer('user_b_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_pair_idx').on(table.userAId, table.userBId),
    index('conversations_user_b_idx').on(table.userBId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Sent through mass messaging; these do not count against the monthly direct message quota. */
    isMass: boolean('is_mass').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_id_idx').on(table.conversationId, table.id),
    index('messages_unread_idx').on(table.toUserId, table.conversationId).where(sql`${table.isRead} = false`),
    index('messages_sender_month_idx').on(table.fromUserId, table.createdAt).where(sql`${table.isMass} = false`),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('message_attachments_message_id_idx').on(table.messageId),
    index('message_attachments_uploader_id_idx').on(table.uploaderId),
  ],
);
