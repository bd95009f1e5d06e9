import type { TasksOverview } from '@shared/contracts/tasks';
import type { Database } from '@server/db/client';
import type { Mail } from '@server/lib/mailer';
import type { AppContext } from '@server/lib/context';
import { notFound } from '@server/lib/errors';
import * as repo from './repository';

const DEAD_SHOWN = 50;
/** Finished tasks are kept this long for the admin page and support questions, dead ones longer (decision record 023). */
const KEEP_DONE_DAYS = 7;
const KEEP_DEAD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function overview(ctx: AppContext): Promise<TasksOverview> {
  const [counts, dead] = await Promise.all([repo.countByStatus(ctx.db), repo.listDead(ctx.db, DEAD_SHOWN)]);
  return {
    counts,
    dead: dead.map((task) => ({
      id: task.id,
      kind: task.kind,
      attempts: task.attempts,
      lastError: task.lastError,
      createdAt: task.createdAt.toISOString(),
      finishedAt: task.finishedAt?.toISOString() ?? null,
    })),
  };
}

/** Puts a dead task back in the queue with a fresh set of attempts (after the cause was fixed). */
export async function retry(ctx: AppContext, id: number): Promise<{ id: number; status: 'queued' }> {
  const row = await repo.requeueDead(ctx.db, id);
  if (!row) throw notFound('Dead task');
  ctx.tasks.nudge();
  return { id: row.id, status: 'queued' };
}

/** The queue's own retention, run daily: done tasks after a week, dead ones after a month. */
export async function purgeFinished(ctx: AppContext, now = new Date()): Promise<{ deletedDone: number; deletedDead: number }> {
  const deletedDone = await repo.deleteFinishedBefore(ctx.db, new Date(now.getTime() - KEEP_DONE_DAYS * DAY_MS), ['done']);
  const deletedDead = await repo.deleteFinishedBefore(ctx.db, new Date(now.getTime() - KEEP_DEAD_DAYS * DAY_MS), ['dead']);
  return { deletedDone, deletedDead };
}

export const SEND_MAIL_TASK = 'mail.send';

/**
 * Sends a mail from the background queue: retried with backoff while the mail server is away, dead (and on the admin
 * page) if it never comes back. Only for mails without secrets: the task's payload stays in the database for a week.
 * Pass the transaction when the mail belongs to a change, so it is sent only if the change is committed.
 */
export async function queueMail(ctx: Pick<AppContext, 'tasks' | 'db'>, mail: Mail, db: Database = ctx.db): Promise<void> {
  await ctx.tasks.enqueue(db, SEND_MAIL_TASK, { payload: { ...mail } });
}

/** Several emails in one statement (a payout's 200 notices), each sent by its own task as `queueMail`'s. */
export async function queueMails(ctx: Pick<AppContext, 'tasks' | 'db'>, mails: Mail[], db: Database = ctx.db): Promise<void> {
  await ctx.tasks.enqueueMany(db, SEND_MAIL_TASK, mails.map((mail) => ({ payload: { ...mail } })));
}
