import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/contracts/notifications';
import { rowsOf, type Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { notificationSettings, notifications } from '@server/db/schema/notifications';
import { users } from '@server/db/schema/users';

export type NewNotification = { userId: number; kind: NotificationKind; title: string; body: string; link: string };
export type NotificationRow = typeof notifications.$inferSelect;
export type SettingsRow = typeof notificationSettings.$inferSelect;

export async function insertNotifications(db: Database, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

export async function listForUser(db: Database, userId: number, options: { before?: number; limit: number; unread: boolean }): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(
      eq(notifications.userId, userId),
      options.before === undefined ? undefined : lt(notifications.id, options.before),
      options.unread ? isNull(notifications.readAt) : undefined,
    ))
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const row = await firstRow(db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))));
  return row?.n ?? 0;
}

/** Unread counts of several users at once; a user with none is absent. */
export async function unreadCounts(db: Database, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: notifications.userId, n: count() }).from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt))).groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Database, userId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number, at: Date): Promise<void> {
  await db.update(notifications).set({ readAt: at }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function settingsOf(db: Database, userIds: number[]): Promise<SettingsRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
}

export async function upsertSettings(db: Database, userId: number, values: { emailOff: string[]; weeklyDigest: boolean }, at: Date): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: at } });
}

export async function emailsOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  // Erased and removed accounts get no mail (record 027 blanks the address of an erased account).
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/**
 * Claims the users due a weekly digest: opted in, not sent one since `since`. The claim sets `last_digest_at` in the
 * caller's transaction, so two instances running the task at once cannot both mail the same user.
 */
export async function claimDigestRecipients(db: Database, since: Date, at: Date, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    update ${notificationSettings} set last_digest_at = ${at.toISOString()}::timestamptz
    where user_id in (
      select user_id from ${notificationSettings}
      where weekly_digest and (last_digest_at is null or last_digest_at <= ${since.toISOString()}::timestamptz)
      order by user_id limit ${limit} for update skip locked
    )
    returning user_id`);
  return rowsOf<{ user_id: number | string }>(result).map((row) => Number(row.user_id));
}

/** The user's unread notifications created after `since`, newest first. */
export async function unreadSince(db: Database, userId: number, since: Date, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(notifications.createdAt, since)))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function listAllForUser(db: Database, userId: number): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));
}

export async function deleteForUser(db: Database, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
}

export async function deleteReadBefore(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(notifications).where(lt(notifications.readAt, before)).returning({ id: notifications.id });
  return rows.length;
}
