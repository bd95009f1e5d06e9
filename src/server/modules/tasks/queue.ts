import { randomUUID } from 'node:crypto';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { logSafeError } from '@server/lib/log-safe-error';
import * as repo from './repository';

/**
 * Durable background tasks on the app's own database (docs/decisions/023-durable-background-tasks.md).
 *
 * A task is a row. Whoever needs work done later adds one (`enqueue`, inside its own transaction when it has one,
 * so the work exists exactly when the change that asks for it does). Every instance with `BACKGROUND_WORKER` on
 * claims due tasks with `FOR UPDATE SKIP LOCKED`, runs the handler registered for the kind, and marks it done, or
 * queues it again with backoff, or leaves it `dead` for the admin page once its attempts are used up. Handlers
 * must be idempotent: a worker that dies mid-task leaves the row `running` until its lease ends, and the task runs again.
 * A worker renews the lease while its handler runs, so only a dead or hung worker loses it. Each claim carries a
 * fencing token and every write about the task (done, failed, retry, renewal) must carry the current one: a worker
 * that outlived its lease (a long pause) finds the task claimed by another, and its result is discarded and logged
 * instead of overwriting the other's (issue 42).
 * Scheduled work is a task per period with a dedupe key, so it runs once per period however many instances there are.
 */

export type ClaimedTask = repo.ClaimedTask;
/** What a handler returns is stored with the finished task (the admin page and tests read it). */
export type TaskHandler = (ctx: AppContext, task: ClaimedTask) => Promise<Record<string, unknown> | void>;
export type EnqueueOptions = Omit<repo.NewTask, 'kind'>;

/** Thrown by a handler for work that can never succeed (retrying would change nothing): the task goes straight to dead. */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

type Registered = { handler: TaskHandler; maxAttempts: number };
type Pending = { task: repo.NewTask & { dedupeKey: string }; resolve: (row: { id: number } | null) => void; reject: (error: unknown) => void };

/** Most tasks one grouped insert carries. */
const MAX_GROUP = 256;
/** Grouped inserts under way at once (decision record 023). */
const MAX_GROUPS_IN_FLIGHT = 2;
type Schedule = { kind: string; everySeconds: number };

export type TaskQueueOptions = {
  /** How often an idle worker looks for due tasks (work added on this instance wakes it at once). */
  pollMs?: number;
  /** Tasks claimed per round. */
  batchSize?: number;
  /** How long a claimed task is this worker's before another may take it over, unless renewed. */
  leaseSeconds?: number;
  /** How often a running handler's lease is renewed: well inside the lease (a third of it by default). */
  renewEveryMs?: number;
};

/** Seconds before attempt `attempt + 1`: 5 s, 20 s, 80 s, … capped at an hour, with ±20% jitter so retries spread. */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(3600, 5 * 4 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The dedupe key of a scheduled kind's run for the period `now` falls in: one run per period across all instances. */
export function periodKey(kind: string, everySeconds: number, now: Date): string {
  return `schedule:${kind}:${Math.floor(now.getTime() / (everySeconds * 1000))}`;
}

export class TaskQueue {
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules: Schedule[] = [];
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly renewEveryMs: number;
  private ctx: AppContext | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private wakeAgain = false;
  private stopped = true;
  private readonly pending: Pending[] = [];
  private groupsInFlight = 0;

  constructor(options: TaskQueueOptions = {}) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.renewEveryMs = options.renewEveryMs ?? (this.leaseSeconds * 1000) / 3;
  }

  /** The context handlers run with (set once the app has built it). */
  bind(ctx: AppContext): void {
    this.ctx = ctx;
  }

  register(kind: string, handler: TaskHandler, options: { maxAttempts?: number } = {}): void {
    if (this.handlers.has(kind)) throw new Error(`Task kind ${kind} is registered twice`);
    this.handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? 8 });
  }

  /** Runs `kind` once every `everySeconds` (one run per period, whichever instance gets there first). */
  schedule(kind: string, everySeconds: number, handler: TaskHandler, options: { maxAttempts?: number } = {}): void {
    this.register(kind, handler, options);
    this.schedules.push({ kind, everySeconds });
  }

  /** Adds a task (inside `db`'s transaction when it is one). Null when its dedupe key was used before. */
  async enqueue(db: Database, kind: string, options: EnqueueOptions = {}): Promise<{ id: number } | null> {
    const registered = this.handlers.get(kind);
    const row = await repo.insertTask(db, { maxAttempts: registered?.maxAttempts, ...options, kind });
    if (row) this.nudge();
    return row;
  }

  /** Adds several tasks of one kind in one statement (inside `db`'s transaction when it is one); how many were new. */
  async enqueueMany(db: Database, kind: string, list: EnqueueOptions[]): Promise<number> {
    if (list.length === 0) return 0;
    const registered = this.handlers.get(kind);
    const inserted = await repo.insertTasksIn(db, list.map((options) => ({ maxAttempts: registered?.maxAttempts, ...options, kind })));
    if (inserted > 0) this.nudge();
    return inserted;
  }

  /**
   * `enqueue` for hot paths (store webhooks): tasks added while inserts are under way go together in the next one,
   * so a burst costs one commit (one WAL flush) per group instead of one per task. Up to two groups are in flight at
   * once, so the app is not idle while PostgreSQL commits the previous one. Alone, a task is inserted at once;
   * durability is the same (each caller hears back only after its row is committed). Tasks without a dedupe key
   * get a random one, which is how each caller finds its row among those the group inserted.
   */
  enqueueGrouped(kind: string, options: EnqueueOptions = {}): Promise<{ id: number } | null> {
    const registered = this.handlers.get(kind);
    const dedupeKey = options.dedupeKey ?? `once:${randomUUID()}`;
    return new Promise((resolve, reject) => {
      this.pending.push({ task: { maxAttempts: registered?.maxAttempts, ...options, kind, dedupeKey }, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.pending.length > 0 && this.groupsInFlight < MAX_GROUPS_IN_FLIGHT) {
      const group = this.pending.splice(0, MAX_GROUP);
      this.groupsInFlight++;
      void this.insertGroup(group).finally(() => {
        this.groupsInFlight--;
        this.flush();
      });
    }
  }

  private async insertGroup(group: Pending[]): Promise<void> {
    try {
      const rows = await repo.insertTasks(this.requireContext().database, group.map((item) => item.task));
      const inserted = new Map(rows.map((row) => [row.dedupeKey, row.id]));
      if (rows.length > 0) this.nudge();
      for (const item of group) {
        const id = inserted.get(item.task.dedupeKey);
        // Two callers with one key in the same group: the first gets the row, the second is a duplicate.
        inserted.delete(item.task.dedupeKey);
        item.resolve(id === undefined ? null : { id });
      }
    } catch (error) {
      for (const item of group) item.reject(error);
    }
  }

  /** Adds this period's run of every scheduled kind that has none yet. */
  async enqueueScheduled(db: Database, now = new Date()): Promise<void> {
    for (const { kind, everySeconds } of this.schedules) {
      await this.enqueue(db, kind, { dedupeKey: periodKey(kind, everySeconds, now), payload: { period: periodKey(kind, everySeconds, now) } });
    }
  }

  /** One round: claims due tasks of the kinds this instance knows and runs them in order. Returns how many ran. */
  async runDue(): Promise<number> {
    const ctx = this.requireContext();
    const tasks = await repo.claimDue(ctx.db, this.batchSize, this.leaseSeconds, [...this.handlers.keys()]);
    for (const task of tasks) await this.runOne(ctx, task);
    return tasks.length;
  }

  /** Runs rounds until nothing is due (tests, and a worker catching up). */
  async drain(maxRounds = 1000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) if ((await this.runDue()) === 0) return;
    throw new Error(`The task queue still had due tasks after ${maxRounds} rounds`);
  }

  /** Starts this instance's worker: scheduled runs, then due tasks, every poll and whenever work is added here. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
  }

  /** Work was added on this instance: run it now rather than at the next poll (no-op while the worker is off). */
  nudge(): void {
    if (!this.stopped) this.wake();
  }

  private wake(): void {
    if (this.loop) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.loop = this.work().finally(() => {
      this.loop = null;
      if (this.stopped) return;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      } else this.timer = setTimeout(() => this.wake(), this.pollMs);
    });
  }

  private async work(): Promise<void> {
    const ctx = this.requireContext();
    try {
      await this.enqueueScheduled(ctx.db);
      while (!this.stopped && (await this.runDue()) > 0) {
        // keep going while there is work
      }
    } catch (error) {
      // The database is away or the claim failed: nothing was lost (claimed rows come back when their lease ends).
      ctx.log.warn({ error: logSafeError(error) }, 'background task round failed');
    }
  }

  private async runOne(ctx: AppContext, task: ClaimedTask): Promise<void> {
    const registered = this.handlers.get(task.kind);
    if (!registered) return; // claimDue only takes known kinds
    const stopRenewing = this.keepLeased(ctx, task);
    let kept: boolean;
    try {
      const result = await registered.handler(ctx, task);
      stopRenewing();
      kept = await repo.markDone(ctx.db, task, result ?? null);
    } catch (error) {
      stopRenewing();
      const final = error instanceof PermanentTaskError || task.attempts >= task.maxAttempts;
      // Kept for the admin page as the logs keep it: never a database message or parser text that may quote data.
      const safe = logSafeError(error);
      // The SQLSTATE (e.g. 40P01, a deadlock) says what went wrong without quoting anything.
      const code = [safe.code, safe.cause?.code].find((c) => c !== undefined && /^[0-9A-Z]{5}$/.test(c));
      const constraint = safe.constraint ?? safe.cause?.constraint;
      const message = `${safe.type}${code ? ` ${code}` : ''}${constraint ? ` (${constraint})` : ''}: ${safe.message}`.slice(0, 500);
      ctx.log.warn({ task: { id: task.id, kind: task.kind, attempt: task.attempts }, error: safe, final }, 'background task failed');
      kept = await repo.markFailed(ctx.db, task, message, final ? null : retryDelaySeconds(task.attempts));
    }
    // Another worker claimed the task after this one's lease ran out: its outcome stands, this one's is dropped.
    // Logged without the result or payload (they may carry personal data).
    if (!kept) ctx.log.warn({ task: { id: task.id, kind: task.kind, attempt: task.attempts } }, 'background task outcome discarded: its lease was taken over by another worker');
  }

  /** Renews `task`'s lease every `renewEveryMs` until the returned function is called or the claim is lost. */
  private keepLeased(ctx: AppContext, task: ClaimedTask): () => void {
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        try {
          if (!(await repo.renewLease(ctx.db, task, this.leaseSeconds))) clearInterval(timer);
        } catch (error) {
          // The database is away for a moment: the next beat tries again (the lease is three beats long).
          ctx.log.warn({ task: { id: task.id, kind: task.kind }, error: logSafeError(error) }, 'background task lease renewal failed');
        }
      });
    }, this.renewEveryMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private requireContext(): AppContext {
    if (!this.ctx) throw new Error('TaskQueue.bind(ctx) was not called');
    return this.ctx;
  }
}
