import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@server/db/client';
import { rowsOf } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { backgroundTasks } from '@server/db/schema/tasks';

export type TaskRow = typeof backgroundTasks.$inferSelect;
export type NewTask = { kind: string; payload?: Record<string, unknown>; body?: Buffer | null; dedupeKey?: string | null; runAt?: Date; maxAttempts?: number };

/** Adds a task; with a dedupe key already used, adds nothing and returns null. Runs inside the caller's transaction when given one. */
export async function insertTask(db: Database, task: NewTask): Promise<{ id: number } | null> {
  const [row] = await db
    .insert(backgroundTasks)
    .values({ kind: task.kind, payload: task.payload ?? {}, body: task.body ?? null, dedupeKey: task.dedupeKey ?? null, runAt: task.runAt, maxAttempts: task.maxAttempts })
    .onConflictDoNothing({ target: backgroundTasks.dedupeKey })
    .returning({ id: backgroundTasks.id });
  return row ?? null;
}

/** Several tasks inside `db`'s transaction, in statements of at most 1,000 rows (PostgreSQL's parameter limit). */
export async function insertTasksIn(db: Database, tasks: NewTask[]): Promise<number> {
  let inserted = 0;
  for (let at = 0; at < tasks.length; at += 1000) {
    const rows = await db
      .insert(backgroundTasks)
      .values(tasks.slice(at, at + 1000).map((task) => ({ kind: task.kind, payload: task.payload ?? {}, body: task.body ?? null, dedupeKey: task.dedupeKey ?? null, runAt: task.runAt, maxAttempts: task.maxAttempts })))
      .onConflictDoNothing({ target: backgroundTasks.dedupeKey })
      .returning({ id: backgroundTasks.id });
    inserted += rows.length;
  }
  return inserted;
}

/** `insert … values ($1 … $6), …` for `size` tasks: one statement text per group size. */
const insertTasksText = new Map<number, string>();
function insertTasksSql(size: number): string {
  let text = insertTasksText.get(size);
  if (!text) {
    const rows = Array.from({ length: size }, (_, i) => {
      const p = i * 6;
      return `($${p + 1}, $${p + 2}::jsonb, $${p + 3}::bytea, $${p + 4}, $${p + 5}::integer, coalesce($${p + 6}::timestamptz, now()))`;
    });
    text = `insert into background_tasks (kind, payload, body, dedupe_key, max_attempts, run_at) values ${rows.join(', ')}
      on conflict (dedupe_key) do nothing returning id, dedupe_key`;
    insertTasksText.set(size, text);
  }
  return text;
}

/**
 * Adds many tasks in one statement (one commit); returns the dedupe keys that were new, with their ids. Rows go in
 * dedupe-key order, so two groups in flight at once that share a key lock it in the same order and cannot deadlock.
 */
export async function insertTasks(database: DatabaseHandle, tasks: (NewTask & { dedupeKey: string })[]): Promise<{ id: number; dedupeKey: string }[]> {
  if (tasks.length === 0) return [];
  const ordered = [...tasks].sort((a, b) => (a.dedupeKey < b.dedupeKey ? -1 : a.dedupeKey > b.dedupeKey ? 1 : 0));
  // Straight to node-postgres on PostgreSQL: this runs once per burst of store webhooks, and building the statement
  // through the ORM was a tenth of the route's time (decision record 023). The embedded database goes through Drizzle.
  const rows = database.pool
    ? (await database.pool.query<InsertedRow>(insertTasksSql(ordered.length), ordered.flatMap(insertTaskParams))).rows
    : rowsOf<InsertedRow>(await database.db.execute(insertTasksDrizzle(ordered)));
  return rows.map((row) => ({ id: Number(row.id), dedupeKey: row.dedupe_key }));
}

type InsertedRow = { id: number | string; dedupe_key: string };

const insertTaskParams = (task: NewTask & { dedupeKey: string }) => [
  task.kind, JSON.stringify(task.payload ?? {}), task.body ?? null, task.dedupeKey, task.maxAttempts ?? 8, task.runAt ?? null,
];

function insertTasksDrizzle(tasks: (NewTask & { dedupeKey: string })[]) {
  const values = sql.join(
    tasks.map((task) => sql`(${task.kind}, ${JSON.stringify(task.payload ?? {})}::jsonb, ${task.body ?? null}, ${task.dedupeKey}, ${task.maxAttempts ?? 8}, ${task.runAt ?? sql`now()`})`),
    sql`, `,
  );
  return sql`insert into background_tasks (kind, payload, body, dedupe_key, max_attempts, run_at) values ${values}
    on conflict (dedupe_key) do nothing returning id, dedupe_key`;
}

type ClaimedRow = { id: number | string; kind: string; payload: Record<string, unknown>; body: Buffer | Uint8Array | null; attempts: number; max_attempts: number; claim_token: string };
/** `claimToken` fences this claim: every later write about the task must carry it (decision record 023). */
export type ClaimedTask = { id: number; kind: string; payload: Record<string, unknown>; body: Buffer | null; attempts: number; maxAttempts: number; claimToken: string };

/**
 * Takes up to `limit` due tasks for this worker: queued ones whose time has come, and running ones whose lease ran
 * out (their worker died or hung). SKIP LOCKED lets several instances claim at once without taking the same row.
 * Each claim gets a new token, which ends the previous holder's right to write about the task.
 */
export async function claimDue(db: Database, limit: number, leaseSeconds: number, kinds: string[]): Promise<ClaimedTask[]> {
  if (kinds.length === 0) return [];
  const result = await db.execute(sql`
    update background_tasks set status = 'running', attempts = attempts + 1, claim_token = gen_random_uuid(),
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where id in (
      select id from background_tasks
      where kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, body, attempts, max_attempts, claim_token`);
  return rowsOf<ClaimedRow>(result)
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      body: row.body === null ? null : Buffer.from(row.body),
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      claimToken: row.claim_token,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The row as long as `claim` still holds it: a worker whose lease was taken over matches nothing. */
const heldBy = (claim: Claim) => and(eq(backgroundTasks.id, claim.id), eq(backgroundTasks.claimToken, claim.claimToken), eq(backgroundTasks.status, 'running'));
export type Claim = Pick<ClaimedTask, 'id' | 'claimToken'>;

/** Finished: false (nothing written) when another worker has claimed the task since (the caller's result is discarded). */
export async function markDone(db: Database, claim: Claim, result: Record<string, unknown> | null): Promise<boolean> {
  const rows = await db
    .update(backgroundTasks)
    .set({ status: 'done', result, lockedUntil: null, claimToken: null, lastError: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(claim))
    .returning({ id: backgroundTasks.id });
  return rows.length > 0;
}

/** A failed attempt: queued again after `retryInSeconds`, or dead when that is null. False, as markDone, for a stale claim. */
export async function markFailed(db: Database, claim: Claim, error: string, retryInSeconds: number | null): Promise<boolean> {
  const rows = await db
    .update(backgroundTasks)
    .set(
      retryInSeconds === null
        ? { status: 'dead', lastError: error, lockedUntil: null, claimToken: null, finishedAt: sql`now()`, updatedAt: sql`now()` }
        : { status: 'queued', lastError: error, lockedUntil: null, claimToken: null, runAt: sql`now() + make_interval(secs => ${retryInSeconds})`, updatedAt: sql`now()` },
    )
    .where(heldBy(claim))
    .returning({ id: backgroundTasks.id });
  return rows.length > 0;
}

/** Extends a running task's lease (the handler is still at it); false when the claim was lost, so renewing stops. */
export async function renewLease(db: Database, claim: Claim, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(backgroundTasks)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: sql`now()` })
    .where(heldBy(claim))
    .returning({ id: backgroundTasks.id });
  return rows.length > 0;
}

export function getTask(db: Database, id: number): Promise<TaskRow | null> {
  return firstRow(db.select().from(backgroundTasks).where(eq(backgroundTasks.id, id)));
}

export async function countByStatus(db: Database): Promise<Record<TaskRow['status'], number>> {
  const rows = await db.select({ status: backgroundTasks.status, n: count() }).from(backgroundTasks).groupBy(backgroundTasks.status);
  const counts = { queued: 0, running: 0, done: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export function listDead(db: Database, limit: number): Promise<TaskRow[]> {
  return db.select().from(backgroundTasks).where(eq(backgroundTasks.status, 'dead')).orderBy(desc(backgroundTasks.finishedAt), desc(backgroundTasks.id)).limit(limit);
}

/** A dead task back in the queue with a fresh set of attempts; null when it is not dead. */
export async function requeueDead(db: Database, id: number): Promise<{ id: number } | null> {
  const [row] = await db
    .update(backgroundTasks)
    .set({ status: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` })
    .where(and(eq(backgroundTasks.id, id), eq(backgroundTasks.status, 'dead')))
    .returning({ id: backgroundTasks.id });
  return row ?? null;
}

/** Finished tasks older than the cutoff are deleted (dead ones stay until someone retries or they age out too). */
export async function deleteFinishedBefore(db: Database, cutoff: Date, statuses: TaskRow['status'][]): Promise<number> {
  const rows = await db
    .delete(backgroundTasks)
    .where(and(inArray(backgroundTasks.status, statuses), lt(backgroundTasks.finishedAt, cutoff)))
    .returning({ id: backgroundTasks.id });
  return rows.length;
}
