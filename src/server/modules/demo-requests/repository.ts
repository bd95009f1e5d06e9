import { desc, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { demoRequests } from '@server/db/schema/demo-requests';
import { users } from '@server/db/schema/users';

export type DemoRequestRow = typeof demoRequests.$inferSelect;

export async function insertDemoRequest(db: Database, values: typeof demoRequests.$inferInsert): Promise<DemoRequestRow> {
  const [row] = await db.insert(demoRequests).values(values).returning();
  return row;
}

export async function listDemoRequests(db: Database, limit: number): Promise<DemoRequestRow[]> {
  return db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt), desc(demoRequests.id)).limit(limit);
}

export async function adminRecipients(db: Database): Promise<{ id: number; email: string }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isAdmin, true));
}
