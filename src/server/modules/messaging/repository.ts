import { and, asc, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { transactionLock } from '@server/db/locks';
import { conversations, messageAttachments, messages } from '@server/db/schema/messaging';
import { users } from '@server/db/schema/users';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';

export type OtherUserRow = { id: number; email: string; userType: 'business' | 'pro_staff'; name: string | null };
export type ConversationRow = {
  id: number;
  lastMessageAt: Date;
  otherUser: OtherUserRow;
  lastMessage: { content: string; createdAt: Date } | null;
  unreadCount: number;
};
export type MessageRow = Pick<typeof messages.$inferSelect, 'id' | 'conversationId' | 'fromUserId' | 'toUserId' | 'content' | 'isRead' | 'createdAt'>;
export type AttachmentRow = Pick<typeof messageAttachments.$inferSelect, 'id' | 'messageId' | 'fileName' | 'fileSize' | 'fileType' | 'storageKey'>;

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

// Business company name, else the pro staffer's full name.
const displayName = sql<string | null>`coalesce(${businessProfiles.companyName}, nullif(trim(concat_ws(' ', ${proStaffProfiles.firstName}, ${proStaffProfiles.lastName})), ''))`;

export async function findUser(db: Database, userId: number): Promise<OtherUserRow | null> {
  return firstRow(
    db
      .select({ id: users.id, email: users.email, userType: users.userType, name: displayName })
      .from(users)
      .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
      .leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, users.id))
      .where(eq(users.id, userId)),
  );
}

/** The user's conversations, newest activity first, with the other party, last message and unread count. */
export async function listConversations(db: Database, userId: number, withUserId?: number): Promise<ConversationRow[]> {
  const result = await db.execute(sql`
    select c.id, c.last_message_at as "lastMessageAt",
      o.id as "otherId", o.email as "otherEmail", o.user_type as "otherUserType",
      coalesce(bp.company_name, nullif(trim(concat_ws(' ', ps.first_name, ps.last_name)), '')) as "otherName",
      lm.content as "lastContent", lm.created_at as "lastCreatedAt",
      (select count(*)::int from messages u where u.conversation_id = c.id and u.to_user_id = ${userId} and u.is_read = false) as "unreadCount"
    from conversations c
    join users o on o.id = case when c.user_a_id = ${userId} then c.user_b_id else c.user_a_id end
    left join business_profiles bp on bp.user_id = o.id
    left join pro_staff_profiles ps on ps.user_id = o.id
    left join lateral (
      select m.content, m.created_at from messages m where m.conversation_id = c.id order by m.id desc limit 1
    ) lm on true
    where (c.user_a_id = ${userId} or c.user_b_id = ${userId})
      ${withUserId === undefined ? sql`` : sql`and o.id = ${withUserId}`}
    order by c.last_message_at desc, c.id desc
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    lastMessageAt: toDate(row.lastMessageAt),
    otherUser: {
      id: Number(row.otherId),
      email: String(row.otherEmail),
      userType: row.otherUserType as OtherUserRow['userType'],
      name: (row.otherName as string | null) ?? null,
    },
    lastMessage: row.lastContent == null ? null : { content: String(row.lastContent), createdAt: toDate(row.lastCreatedAt) },
    unreadCount: Number(row.unreadCount),
  }));
}

export async function findConversation(db: Database, conversationId: number) {
  return firstRow(
    db
      .select({ id: conversations.id, userAId: conversations.userAId, userBId: conversations.userBId })
      .from(conversations)
      .where(eq(conversations.id, conversationId)),
  );
}

/** Finds or creates the conversation between two users and marks it active now. */
export async function upsertConversation(db: Database, userId: number, otherUserId: number, now: Date): Promise<number> {
  const [userAId, userBId] = userId < otherUserId ? [userId, otherUserId] : [otherUserId, userId];
  const [row] = await db
    .insert(conversations)
    .values({ userAId, userBId, createdAt: now, lastMessageAt: now })
    .onConflictDoUpdate({ target: [conversations.userAId, conversations.userBId], set: { lastMessageAt: now } })
    .returning({ id: conversations.id });
  return row.id;
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  fromUserId: messages.fromUserId,
  toUserId: messages.toUserId,
  content: messages.content,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
};

export async function insertMessage(
  db: Database,
  values: { conversationId: number; fromUserId: number; toUserId: number; content: string; createdAt: Date },
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning(messageColumns);
  return row;
}

/** One page of a conversation: the newest `limit` messages before `before`, returned oldest first. */
export async function listMessages(db: Database, conversationId: number, limit: number, before?: number): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(before ? and(eq(messages.conversationId, conversationId), lt(messages.id, before)) : eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(db: Database, messageId: number): Promise<MessageRow | null> {
  return firstRow(db.select(messageColumns).from(messages).where(eq(messages.id, messageId)));
}

export async function markRead(db: Database, messageId: number, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ isRead: true, readAt: now })
    .where(and(eq(messages.id, messageId), eq(messages.isRead, false)));
}

/** Marks every unread message to `userId` in the conversation read; returns how many changed. */
export async function markConversationRead(db: Database, conversationId: number, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isRead: true, readAt: now })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.toUserId, userId), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.toUserId, userId), eq(messages.isRead, false)));
  return Number(row?.count ?? 0);
}

/** Direct (not mass) messages the user sent since `since`. */
export async function countDirectMessagesSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.fromUserId, userId), eq(messages.isMass, false), gte(messages.createdAt, since)));
  return Number(row?.count ?? 0);
}

/** Serialises quota checks per user inside a transaction so parallel sends cannot both slip under the limit. */
export const lockUserQuota = transactionLock('directMessageQuota');

const attachmentColumns = {
  id: messageAttachments.id,
  messageId: messageAttachments.messageId,
  fileName: messageAttachments.fileName,
  fileSize: messageAttachments.fileSize,
  fileType: messageAttachments.fileType,
  storageKey: messageAttachments.storageKey,
};

export async function listAttachments(db: Database, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select(attachmentColumns)
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.id));
}

export async function findAttachment(db: Database, attachmentId: number) {
  return firstRow(
    db
      .select({
        ...attachmentColumns,
        fromUserId: messages.fromUserId,
        toUserId: messages.toUserId,
      })
      .from(messageAttachments)
      .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
      .where(eq(messageAttachments.id, attachmentId)),
  );
}

export async function countAttachments(db: Database, messageId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId));
  return Number(row?.count ?? 0);
}

export async function attachmentBytesUsed(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(messageAttachments.fileSize) })
    .from(messageAttachments)
    .where(eq(messageAttachments.uploaderId, userId));
  return Number(row?.total ?? 0);
}

export async function insertAttachment(
  db: Database,
  values: { messageId: number; uploaderId: number; fileName: string; fileSize: number; fileType: string; storageKey: string },
): Promise<AttachmentRow> {
  const [row] = await db.insert(messageAttachments).values(values).returning(attachmentColumns);
  return row;
}
