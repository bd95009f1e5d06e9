import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { coachingSessions } from '@server/db/schema/support';
import { proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';

export type CoachingRow = typeof coachingSessions.$inferSelect;

const QUEUE_LIMIT = 200;

/** "First Last" from the pro staff profile, else the email: how mails and the queue name a person. */
const displayName = sql<string>`coalesce(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}, ${users.email})`;

export async function insertSession(db: Database, values: typeof coachingSessions.$inferInsert): Promise<CoachingRow> {
  const [row] = await db.insert(coachingSessions).values(values).returning();
  return row!;
}

export async function listByUser(db: Database, userId: number): Promise<CoachingRow[]> {
  return db.select().from(coachingSessions).where(eq(coachingSessions.userId, userId)).orderBy(desc(coachingSessions.createdAt), desc(coachingSessions.id));
}

export async function countWaiting(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(coachingSessions).where(and(eq(coachingSessions.userId, userId), eq(coachingSessions.status, 'requested')));
  return row?.n ?? 0;
}

/** The session, locked for the rest of the transaction so two admins cannot send two invites with one sequence. */
export async function lockSession(db: Database, id: number): Promise<CoachingRow | undefined> {
  const [row] = await db.select().from(coachingSessions).where(eq(coachingSessions.id, id)).for('update');
  return row;
}

export async function updateSession(db: Database, id: number, values: Partial<typeof coachingSessions.$inferInsert>): Promise<CoachingRow> {
  const [row] = await db.update(coachingSessions).set({ ...values, updatedAt: new Date() }).where(eq(coachingSessions.id, id)).returning();
  return row!;
}

/** The admin queue: waiting requests first (oldest first), then confirmed ones by time, then cancelled ones. */
export async function listQueue(db: Database) {
  return db
    .select({ session: coachingSessions, email: users.email, name: displayName })
    .from(coachingSessions)
    .innerJoin(users, eq(users.id, coachingSessions.userId))
    .leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, users.id))
    .orderBy(sql`case ${coachingSessions.status} when 'requested' then 0 when 'confirmed' then 1 else 2 end`, asc(coachingSessions.startsAt), asc(coachingSessions.createdAt))
    .limit(QUEUE_LIMIT);
}

export async function personOf(db: Database, userId: number): Promise<{ email: string; name: string }> {
  const [row] = await db.select({ email: users.email, name: displayName }).from(users).leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, users.id)).where(eq(users.id, userId));
  return row ?? { email: '', name: '' };
}

export async function adminEmails(db: Database): Promise<string[]> {
  return (await db.select({ email: users.email }).from(users).where(and(eq(users.isAdmin, true), sql`${users.deletedAt} is null`))).map((row) => row.email);
}
