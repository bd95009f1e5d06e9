import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/client';
import { users } from '@server/db/schema/users';
import { pageViews } from '@server/db/schema/billing';
import { profileViews } from '@server/db/schema/analytics';
import { adViews } from '@server/db/schema/ads';
import { promotionViews } from '@server/db/schema/promotions';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { retentionWarnings } from '@server/db/schema/retention';
import { utcDay } from '@server/lib/utc-day';

/**
 * Usage data older than `cutoff` loses who it was about: page and profile views keep their page, profile and time
 * (the analytics totals) without the user or visitor; the once-a-day ad and promotion view rows, which exist only to
 * count a viewer once per day, are deleted (their totals live on in the ads' counters and the promotions' daily stats).
 */
export async function anonymiseUsageBefore(db: Database, cutoff: Date): Promise<{ pageViews: number; profileViews: number; adViews: number; promotionViews: number }> {
  const day = utcDay(cutoff);
  const page = await db
    .update(pageViews)
    .set({ userId: null, visitorId: null })
    .where(and(lt(pageViews.createdAt, cutoff), or(isNotNull(pageViews.userId), isNotNull(pageViews.visitorId))))
    .returning({ id: pageViews.id });
  const profile = await db
    .update(profileViews)
    .set({ viewerUserId: null })
    .where(and(lt(profileViews.createdAt, cutoff), isNotNull(profileViews.viewerUserId)))
    .returning({ id: profileViews.id });
  const ads = await db.delete(adViews).where(lt(adViews.day, day)).returning({ day: adViews.day });
  const promotions = await db.delete(promotionViews).where(lt(promotionViews.day, day)).returning({ day: promotionViews.day });
  return { pageViews: page.length, profileViews: profile.length, adViews: ads.length, promotionViews: promotions.length };
}

export type InactiveAccount = { id: number; email: string; lastActiveAt: Date };

/**
 * Accounts last active before `cutoff` that have not been warned since (no warning, or one from an earlier period
 * of activity). Admins are left out: removing an operator's account could lock everyone out of the admin pages.
 */
export async function accountsToWarn(db: Database, cutoff: Date, limit: number): Promise<InactiveAccount[]> {
  return db
    .select({ id: users.id, email: users.email, lastActiveAt: users.lastActiveAt })
    .from(users)
    .leftJoin(retentionWarnings, eq(retentionWarnings.userId, users.id))
    .where(
      and(
        lt(users.lastActiveAt, cutoff),
        eq(users.isAdmin, false),
        isNull(users.deletedAt),
        or(sql`${retentionWarnings.userId} is null`, sql`${retentionWarnings.lastActiveAt} <> ${users.lastActiveAt}`),
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

/** Records the warning; false when another run recorded it first (then that run sends the mail). */
export async function recordWarning(db: Database, account: InactiveAccount, now: Date): Promise<boolean> {
  const rows = await db
    .insert(retentionWarnings)
    .values({ userId: account.id, lastActiveAt: account.lastActiveAt, warnedAt: now })
    .onConflictDoUpdate({
      target: retentionWarnings.userId,
      set: { lastActiveAt: account.lastActiveAt, warnedAt: now },
      // Only a warning from an earlier period of activity is replaced.
      setWhere: sql`${retentionWarnings.lastActiveAt} <> ${account.lastActiveAt}`,
    })
    .returning({ userId: retentionWarnings.userId });
  return rows.length > 0;
}

/** Warned at least `warnedBefore` ago, not active since the warning, and inactive since before `inactiveBefore`. */
export async function accountsToRemove(db: Database, warnedBefore: Date, inactiveBefore: Date, limit: number): Promise<{ id: number }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .innerJoin(retentionWarnings, and(eq(retentionWarnings.userId, users.id), eq(retentionWarnings.lastActiveAt, users.lastActiveAt)))
    .where(and(lte(retentionWarnings.warnedAt, warnedBefore), lt(users.lastActiveAt, inactiveBefore), eq(users.isAdmin, false), isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(limit);
}

/**
 * Whether the account holds records other people rely on: commissions (money owed or paid, either side), messages
 * exchanged with someone, or agreements (any state: each is the other party's history too, decision record 027).
 * Deleting it would cascade into their records, so such an account is anonymised instead.
 */
export async function hasSharedRecords(db: Database, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from commissions c
      where c.business_id in (select id from business_profiles where user_id = ${userId})
         or c.pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})
    ) or exists (select 1 from messages m where m.from_user_id = ${userId} or m.to_user_id = ${userId})
      or exists (
      select 1 from agreements a
      where a.business_id in (select id from business_profiles where user_id = ${userId})
         or a.pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})
    ) as shared
  `);
  return Boolean(rowsOf<{ shared: boolean }>(result)[0]?.shared);
}

/** The avatar keys of the account's profiles (to delete from storage once the account is gone). */
export async function avatarUrls(db: Database, userId: number): Promise<string[]> {
  const business = await db.select({ url: businessProfiles.profilePictureUrl }).from(businessProfiles).where(eq(businessProfiles.userId, userId));
  const pro = await db.select({ url: proStaffProfiles.profilePictureUrl }).from(proStaffProfiles).where(eq(proStaffProfiles.userId, userId));
  return [...business, ...pro].flatMap((row) => (row.url ? [row.url] : []));
}

/** Deletes the account and, by cascade, everything that is only its own. */
export async function deleteAccount(db: Database, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Up to `limit` messages sent before `cutoff` (the 7 years business communication is kept), deleted with their
 * attachments (by cascade) in the caller's transaction; conversations left with no message go too. Answers how many
 * messages went and the storage keys of their attachment files, to delete once committed. Walks the primary key
 * (ids grow with time), so no index on created_at is kept for a nightly task.
 */
export async function purgeMessagesBefore(db: Database, cutoff: Date, limit: number): Promise<{ messages: number; fileKeys: string[] }> {
  const doomed = rowsOf<{ id: number }>(await db.execute(sql`select id from messages where created_at < ${cutoff} order by id limit ${limit} for update`));
  if (doomed.length === 0) return { messages: 0, fileKeys: [] };
  const ids = sql.join(doomed.map(({ id }) => sql`${id}`), sql`, `);
  const files = rowsOf<{ key: string }>(await db.execute(sql`select storage_key as key from message_attachments where message_id in (${ids})`));
  const conversations = rowsOf<{ id: number }>(await db.execute(sql`delete from messages where id in (${ids}) returning conversation_id as id`));
  const touched = sql.join([...new Set(conversations.map(({ id }) => id))].map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`delete from conversations c where c.id in (${touched}) and not exists (select 1 from messages m where m.conversation_id = c.id)`);
  return { messages: conversations.length, fileKeys: files.map(({ key }) => key) };
}

/** Warnings of accounts that came back (active since they were warned): they are warned afresh if they leave again. */
export async function dropWarningsOfReturnedAccounts(db: Database): Promise<number> {
  const rows = await db
    .delete(retentionWarnings)
    .where(sql`exists (select 1 from ${users} where ${users.id} = ${retentionWarnings.userId} and ${users.lastActiveAt} > ${retentionWarnings.lastActiveAt})`)
    .returning({ userId: retentionWarnings.userId });
  return rows.length;
}
