import { notificationKinds, type NotificationKind, type NotificationSettings, type NotificationsPage, type ParsedNotificationsQuery, type UpdateNotificationSettingsBody } from '@shared/contracts/notifications';
import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { notFound } from '@server/lib/errors';
import { publishBestEffort } from '@server/lib/publish';
import { queueMail, queueMails } from '@server/modules/tasks/service';
import * as repo from './repository';

/**
 * The notification centre (decision record 030). A service that changes something a user must hear about calls
 * `recordNotifications` in its transaction (the row and its email are committed with the change, or neither is) and
 * `announceNotifications` after the commit (the bell's live count). The email goes out only when the user has not
 * turned that kind off; `mail` is the email's own subject and text (with absolute links), the row's title and link
 * are what the list shows.
 */
export type NotificationInput = repo.NewNotification & { mail?: { subject: string; text: string } };

type Ctx = Pick<AppContext, 'db' | 'tasks' | 'events' | 'log' | 'config'>;

export async function recordNotifications(ctx: Ctx, db: Database, items: NotificationInput[]): Promise<number[]> {
  if (items.length === 0) return [];
  await repo.insertNotifications(db, items.map(({ mail: _mail, ...row }) => row));
  const mailed = items.filter((item) => item.mail);
  const userIds = [...new Set(mailed.map((item) => item.userId))];
  const [settings, emails] = await Promise.all([repo.settingsOf(db, userIds), repo.emailsOf(db, userIds)]);
  const off = new Map(settings.map((row) => [row.userId, new Set(row.emailOff)]));
  const mails = mailed.flatMap((item) => {
    const to = emails.get(item.userId);
    return !to || off.get(item.userId)?.has(item.kind) ? [] : [{ to, ...item.mail! }];
  });
  await queueMails(ctx, mails, db);
  return [...new Set(items.map((item) => item.userId))];
}

/** Pushes each user's new unread count to their open tabs (after the commit; best effort like every event). */
export async function announceNotifications(ctx: Ctx, userIds: number[]): Promise<void> {
  const unique = [...new Set(userIds)];
  // One grouped count however many users are told (a payout tells 200 at once).
  const counts = await repo.unreadCounts(ctx.db, unique);
  for (const userId of unique) {
    await publishBestEffort(ctx, { userId, event: { type: 'notifications.changed', data: { unreadCount: counts.get(userId) ?? 0 } } });
  }
}

/** Records and announces at once, for changes that are not part of a wider transaction. */
export async function notify(ctx: Ctx, items: NotificationInput[]): Promise<void> {
  const userIds = await ctx.db.transaction((tx) => recordNotifications(ctx, tx, items));
  await announceNotifications(ctx, userIds);
}

export async function list(ctx: Ctx, userId: number, query: ParsedNotificationsQuery): Promise<NotificationsPage> {
  const [rows, unreadCount] = await Promise.all([
    repo.listForUser(ctx.db, userId, { before: query.before, limit: query.limit + 1, unread: query.unread }),
    repo.unreadCount(ctx.db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map((row) => ({
      id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.readAt !== null, createdAt: row.createdAt.toISOString(),
    })),
    unreadCount,
    nextBefore: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}

export async function unread(ctx: Ctx, userId: number): Promise<{ count: number }> {
  return { count: await repo.unreadCount(ctx.db, userId) };
}

export async function markRead(ctx: Ctx, userId: number, id: number, now = new Date()): Promise<{ count: number }> {
  // Someone else's notification answers as a missing one: ids reveal nothing.
  if (!(await repo.markRead(ctx.db, userId, id, now))) throw notFound('Notification');
  await announceNotifications(ctx, [userId]);
  return unread(ctx, userId);
}

export async function markAllRead(ctx: Ctx, userId: number, now = new Date()): Promise<{ count: number }> {
  await repo.markAllRead(ctx.db, userId, now);
  await announceNotifications(ctx, [userId]);
  return { count: 0 };
}

function settingsFrom(row: repo.SettingsRow | undefined): NotificationSettings {
  const off = new Set(row?.emailOff ?? []);
  return {
    email: Object.fromEntries(notificationKinds.map((kind) => [kind, !off.has(kind)])) as Record<NotificationKind, boolean>,
    weeklyDigest: row?.weeklyDigest ?? false,
  };
}

export async function getSettings(ctx: Ctx, userId: number): Promise<NotificationSettings> {
  const [row] = await repo.settingsOf(ctx.db, [userId]);
  return settingsFrom(row);
}

/** Changes only what the body names; the rest stays as it was. */
export async function updateSettings(ctx: Ctx, userId: number, body: UpdateNotificationSettingsBody, now = new Date()): Promise<NotificationSettings> {
  const current = await getSettings(ctx, userId);
  const email = { ...current.email, ...Object.fromEntries(Object.entries(body.email ?? {}).filter(([, on]) => on !== undefined)) };
  const weeklyDigest = body.weeklyDigest ?? current.weeklyDigest;
  await repo.upsertSettings(ctx.db, userId, { emailOff: notificationKinds.filter((kind) => !email[kind]), weeklyDigest }, now);
  return getSettings(ctx, userId);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DIGEST_BATCH = 200;
const DIGEST_ITEMS = 20;

/**
 * The weekly digest: to each user who asked for it and was not sent one in the last 7 days, their unread
 * notifications of the week (none: no mail). Run hourly by the scheduled background task; the claim and the mails
 * share a transaction, so a crash can neither lose a digest nor send one twice.
 */
export async function sendWeeklyDigests(ctx: Ctx, now = new Date()): Promise<{ claimed: number; mailed: number }> {
  const since = new Date(now.getTime() - WEEK_MS);
  return ctx.db.transaction(async (tx) => {
    const userIds = await repo.claimDigestRecipients(tx, since, now, DIGEST_BATCH);
    const emails = await repo.emailsOf(tx, userIds);
    let mailed = 0;
    for (const userId of userIds) {
      const to = emails.get(userId);
      const items = to ? await repo.unreadSince(tx, userId, since, DIGEST_ITEMS + 1) : [];
      if (!to || items.length === 0) continue;
      const lines = items.slice(0, DIGEST_ITEMS).map((item) => `- ${item.title}\n  ${appOrigin(ctx.config)}${item.link}`);
      if (items.length > DIGEST_ITEMS) lines.push('- …and more');
      await queueMail(ctx, {
        to,
        subject: `Your HuntStaff week: ${items.length > DIGEST_ITEMS ? `${DIGEST_ITEMS}+` : items.length} unread notification${items.length === 1 ? '' : 's'}`,
        text: `What happened on HuntStaff this week that you have not seen yet:\n\n${lines.join('\n')}\n\n` +
          `All notifications: ${appOrigin(ctx.config)}/notifications\nTurn this digest off in the same place.\n`,
      }, tx);
      mailed++;
    }
    return { claimed: userIds.length, mailed };
  });
}

const KEEP_READ_DAYS = 365;

/** Read notifications older than a year are deleted (daily task); unread ones stay until read (decision record 030). */
export async function purgeOldRead(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<{ deleted: number }> {
  return { deleted: await repo.deleteReadBefore(ctx.db, new Date(now.getTime() - KEEP_READ_DAYS * 24 * 60 * 60 * 1000)) };
}
