import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { accountManagers, supportTicketReplies, supportTickets } from '@server/db/schema/support';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { effectiveTier } from '@server/lib/entitlements';

export type TicketRow = typeof supportTickets.$inferSelect;
export type ReplyRow = typeof supportTicketReplies.$inferSelect;

const LIST_LIMIT = 200;

export async function insertTicket(db: Database, values: typeof supportTickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

/** Open tickets first, then answered, then closed; newest first within each. */
export async function listTickets(db: Database): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .orderBy(sql`case ${supportTickets.status} when 'open' then 0 when 'answered' then 1 else 2 end`, desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(LIST_LIMIT);
}

export async function repliesOf(db: Database, ticketIds: number[]): Promise<ReplyRow[]> {
  if (ticketIds.length === 0) return [];
  return db.select().from(supportTicketReplies).where(inArray(supportTicketReplies.ticketId, ticketIds)).orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
}

export async function lockTicket(db: Database, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row;
}

export async function insertReply(db: Database, values: typeof supportTicketReplies.$inferInsert): Promise<ReplyRow> {
  const [row] = await db.insert(supportTicketReplies).values(values).returning();
  return row!;
}

export async function setTicketStatus(db: Database, id: number, status: string): Promise<TicketRow | undefined> {
  const [row] = await db.update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, id)).returning();
  return row;
}

export async function adminEmails(db: Database): Promise<string[]> {
  return (await db.select({ email: users.email }).from(users).where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))).map((row) => row.email);
}

export async function admins(db: Database): Promise<{ id: number; email: string }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.isAdmin, true), isNull(users.deletedAt))).orderBy(asc(users.email));
}

export async function isAdmin(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.isAdmin, true), isNull(users.deletedAt)));
  return Boolean(row);
}

/** Business accounts whose plan (a running trial included) is Enterprise, with their manager if one is named. */
export async function enterpriseAccounts(db: Database, onlyUserId?: number) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      companyName: businessProfiles.companyName,
      managerUserId: accountManagers.managerUserId,
      managerName: accountManagers.managerName,
    })
    .from(users)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(accountManagers, eq(accountManagers.businessUserId, users.id))
    .where(and(eq(users.userType, 'business'), isNull(users.deletedAt), sql`${effectiveTier} = 'enterprise'`, onlyUserId ? eq(users.id, onlyUserId) : undefined))
    .orderBy(asc(users.email))
    .limit(LIST_LIMIT);
}

export async function upsertManager(db: Database, businessUserId: number, managerUserId: number, managerName: string): Promise<void> {
  await db
    .insert(accountManagers)
    .values({ businessUserId, managerUserId, managerName })
    .onConflictDoUpdate({ target: accountManagers.businessUserId, set: { managerUserId, managerName, assignedAt: new Date() } });
}

export async function removeManager(db: Database, businessUserId: number): Promise<void> {
  await db.delete(accountManagers).where(eq(accountManagers.businessUserId, businessUserId));
}

export async function managerOf(db: Database, businessUserId: number): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db
    .select({ name: accountManagers.managerName, email: users.email })
    .from(accountManagers)
    .innerJoin(users, eq(users.id, accountManagers.managerUserId))
    .where(eq(accountManagers.businessUserId, businessUserId));
  return row;
}
