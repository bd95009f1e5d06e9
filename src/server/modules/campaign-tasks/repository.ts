import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { campaignTaskProofFiles, campaignTaskSubmissions, campaignTasks } from '@server/db/schema/campaign-tasks';
import { commissions } from '@server/db/schema/commissions';
import { proStaffProfiles } from '@server/db/schema/profiles';

// Tasks with proof (decision record 032): the only module that touches campaign_tasks, their submissions and proof
// files. Not to be confused with src/server/modules/tasks, the background task queue (record 023).

export type TaskRow = typeof campaignTasks.$inferSelect;
export type SubmissionRow = typeof campaignTaskSubmissions.$inferSelect & { proStaffName: string; proStaffUserId: number };
export type ProofFileRow = typeof campaignTaskProofFiles.$inferSelect;
export type TaskCounts = { taskId: number; waiting: number; approved: number; total: number };

/** Submissions and decisions of one task at a time, and its edits: every proof rule reads a state no one else is writing. */
export const lockTask = transactionLock('campaignTasks');

export async function listTasks(db: Database, campaignId: number): Promise<TaskRow[]> {
  return db.select().from(campaignTasks).where(eq(campaignTasks.campaignId, campaignId)).orderBy(asc(campaignTasks.id));
}

export async function findTask(db: Database, campaignId: number, taskId: number): Promise<TaskRow | null> {
  const [row] = await db.select().from(campaignTasks).where(and(eq(campaignTasks.id, taskId), eq(campaignTasks.campaignId, campaignId))).limit(1);
  return row ?? null;
}

export async function countTasks(db: Database, campaignId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(campaignTasks).where(eq(campaignTasks.campaignId, campaignId));
  return row?.count ?? 0;
}

export async function insertTask(db: Database, values: typeof campaignTasks.$inferInsert): Promise<number> {
  const [row] = await db.insert(campaignTasks).values(values).returning({ id: campaignTasks.id });
  return row.id;
}

export async function updateTask(db: Database, taskId: number, values: Partial<typeof campaignTasks.$inferInsert>): Promise<void> {
  await db.update(campaignTasks).set(values).where(eq(campaignTasks.id, taskId));
}

export async function deleteTask(db: Database, taskId: number): Promise<void> {
  await db.delete(campaignTasks).where(eq(campaignTasks.id, taskId));
}

/** Per task of the campaign: waiting, approved and all proofs (of one staffer when `proStaffId` is given). */
export async function countsFor(db: Database, campaignId: number, proStaffId?: number): Promise<TaskCounts[]> {
  return db
    .select({
      taskId: campaignTaskSubmissions.taskId,
      waiting: sql<number>`count(*) filter (where ${campaignTaskSubmissions.status} = 'submitted')::int`,
      approved: sql<number>`count(*) filter (where ${campaignTaskSubmissions.status} = 'approved')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(campaignTaskSubmissions)
    .innerJoin(campaignTasks, eq(campaignTasks.id, campaignTaskSubmissions.taskId))
    .where(and(eq(campaignTasks.campaignId, campaignId), proStaffId ? eq(campaignTaskSubmissions.proStaffId, proStaffId) : undefined))
    .groupBy(campaignTaskSubmissions.taskId);
}

export async function countSubmissions(db: Database, taskId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(campaignTaskSubmissions).where(eq(campaignTaskSubmissions.taskId, taskId));
  return row?.count ?? 0;
}

const submissionColumns = {
  submission: campaignTaskSubmissions,
  proStaffName: sql<string>`trim(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})`,
  proStaffUserId: proStaffProfiles.userId,
};

const flatten = (rows: { submission: typeof campaignTaskSubmissions.$inferSelect; proStaffName: string; proStaffUserId: number }[]): SubmissionRow[] =>
  rows.map(({ submission, proStaffName, proStaffUserId }) => ({ ...submission, proStaffName, proStaffUserId }));

/** The campaign's proofs, newest first (of one staffer when `proStaffId` is given). */
export async function listSubmissions(db: Database, campaignId: number, proStaffId?: number): Promise<SubmissionRow[]> {
  return flatten(
    await db
      .select(submissionColumns)
      .from(campaignTaskSubmissions)
      .innerJoin(campaignTasks, eq(campaignTasks.id, campaignTaskSubmissions.taskId))
      .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, campaignTaskSubmissions.proStaffId))
      .where(and(eq(campaignTasks.campaignId, campaignId), proStaffId ? eq(campaignTaskSubmissions.proStaffId, proStaffId) : undefined))
      .orderBy(desc(campaignTaskSubmissions.id))
      .limit(500),
  );
}

/** One proof of the campaign, locked for update when `lock` (the decision reads a state no one else is writing). */
export async function findSubmission(db: Database, campaignId: number, submissionId: number, lock = false): Promise<SubmissionRow | null> {
  const query = db
    .select(submissionColumns)
    .from(campaignTaskSubmissions)
    .innerJoin(campaignTasks, eq(campaignTasks.id, campaignTaskSubmissions.taskId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, campaignTaskSubmissions.proStaffId))
    .where(and(eq(campaignTaskSubmissions.id, submissionId), eq(campaignTasks.campaignId, campaignId)))
    .limit(1);
  const [row] = flatten(lock ? await query.for('update', { of: campaignTaskSubmissions }) : await query);
  return row ?? null;
}

/** The staffer's proof of the task that is waiting or approved, if any (a new one is refused then). */
export async function liveSubmission(db: Database, taskId: number, proStaffId: number): Promise<{ id: number; status: string } | null> {
  const [row] = await db
    .select({ id: campaignTaskSubmissions.id, status: campaignTaskSubmissions.status })
    .from(campaignTaskSubmissions)
    .where(and(eq(campaignTaskSubmissions.taskId, taskId), eq(campaignTaskSubmissions.proStaffId, proStaffId), inArray(campaignTaskSubmissions.status, ['submitted', 'approved'])))
    .limit(1);
  return row ?? null;
}

export async function insertSubmission(db: Database, values: typeof campaignTaskSubmissions.$inferInsert): Promise<number> {
  const [row] = await db.insert(campaignTaskSubmissions).values(values).returning({ id: campaignTaskSubmissions.id });
  return row.id;
}

export async function insertProofFiles(db: Database, values: (typeof campaignTaskProofFiles.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(campaignTaskProofFiles).values(values);
}

/** Decides a waiting proof; answers false when it was no longer waiting. */
export async function decide(db: Database, submissionId: number, values: Partial<typeof campaignTaskSubmissions.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(campaignTaskSubmissions)
    .set(values)
    .where(and(eq(campaignTaskSubmissions.id, submissionId), eq(campaignTaskSubmissions.status, 'submitted')))
    .returning({ id: campaignTaskSubmissions.id });
  return rows.length > 0;
}

/** The reward commission (source `task`, payable at once: record 024's hold is for store orders). */
export async function insertRewardCommission(
  db: Database,
  values: { businessId: number; proStaffId: number; amountCents: number; currency: string; description: string; createdAt: Date; payableAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(commissions)
    .values({ ...values, status: 'pending', source: 'task' })
    .returning({ id: commissions.id });
  return row.id;
}

export async function proofFilesOf(db: Database, submissionIds: number[]): Promise<ProofFileRow[]> {
  if (submissionIds.length === 0) return [];
  return db.select().from(campaignTaskProofFiles).where(inArray(campaignTaskProofFiles.submissionId, submissionIds)).orderBy(asc(campaignTaskProofFiles.id));
}

export async function findProofFile(db: Database, submissionId: number, fileId: number): Promise<ProofFileRow | null> {
  const [row] = await db
    .select()
    .from(campaignTaskProofFiles)
    .where(and(eq(campaignTaskProofFiles.id, fileId), eq(campaignTaskProofFiles.submissionId, submissionId)))
    .limit(1);
  return row ?? null;
}
