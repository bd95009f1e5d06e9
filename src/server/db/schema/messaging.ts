import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, cascadingReference } from './columns';
import { users } from './users';

/** One conversation per pair of users; the lower user id is always user_a so the pair is unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    userAId: cascadingReference('user_a_id', () => users.id),
    userBId: cascadingReference('user_b_id', () => users.id),
    createdAt: createdAtColumn(),
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
    id: idColumn(),
    conversationId: cascadingReference('conversation_id', () => conversations.id),
    fromUserId: cascadingReference('from_user_id', () => users.id),
    toUserId: cascadingReference('to_user_id', () => users.id),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Sent through mass messaging; these do not count against the monthly direct message quota. */
    isMass: boolean('is_mass').notNull().default(false),
    createdAt: createdAtColumn(),
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
    id: idColumn(),
    messageId: cascadingReference('message_id', () => messages.id),
    uploaderId: cascadingReference('uploader_id', () => users.id),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('message_attachments_message_id_idx').on(table.messageId),
    index('message_attachments_uploader_id_idx').on(table.uploaderId),
  ],
);

export type MassSendFilters = { specialties?: string[]; location?: string };

/**
 * One mass message (decision record 017): the recipients are fixed when it is accepted; delivery works
 * through them in lanes (mass_send_lanes), batch by batch.
 */
export const massSends = pgTable(
  'mass_sends',
  {
    id: idColumn(),
    senderId: cascadingReference('sender_id', () => users.id),
    /** The Idempotency-Key header of the request that created it: a retry with the same key gets this send back. */
    idempotencyKey: text('idempotency_key'),
    content: text('content').notNull(),
    filters: jsonb('filters').$type<MassSendFilters>().notNull().default({}),
    /** sending | sent */
    status: text('status').notNull().default('sending'),
    recipientIds: integer('recipient_ids').array().notNull(),
    recipientCount: integer('recipient_count').notNull(),
    deliveredCount: integer('delivered_count').notNull().default(0),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mass_sends_sender_key_idx').on(table.senderId, table.idempotencyKey),
    index('mass_sends_sending_idx').on(table.id).where(sql`${table.status} = 'sending'`),
  ],
);

/**
 * A stretch of a mass send's recipients (1-based positions in recipient_ids) that one worker delivers at a
 * time: each batch moves `delivered_through` on in the same transaction as its messages, under a row lock
 * (SKIP LOCKED), so no batch is sent twice or skipped; separate lanes let workers deliver side by side.
 */
export const massSendLanes = pgTable(
  'mass_send_lanes',
  {
    massSendId: cascadingReference('mass_send_id', () => massSends.id),
    lane: integer('lane').notNull(),
    firstPosition: integer('first_position').notNull(),
    lastPosition: integer('last_position').notNull(),
    deliveredThrough: integer('delivered_through').notNull(),
  },
  (table) => [primaryKey({ columns: [table.massSendId, table.lane] })],
);
