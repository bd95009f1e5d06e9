import pg from 'pg';
import { TaskQueue } from '../modules/tasks/queue';

/**
 * Preloaded into the two-instance test's servers (spawnServer's `preload`): every handler any queue registers first
 * appends a row to `task_runs_seen` (made by the test, no unique key), so the test counts how often each task really
 * ran, on which instance, instead of counting rows the queue's own unique keys already keep single.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, allowExitOnIdle: true });
const instance = process.env.PORT ?? String(process.pid);
const register = TaskQueue.prototype.register;

TaskQueue.prototype.register = function (this: TaskQueue, kind, handler, options) {
  register.call(this, kind, async (ctx, task) => {
    await pool.query('insert into task_runs_seen (task_id, kind, instance) values ($1, $2, $3)', [task.id, task.kind, instance]);
    return handler(ctx, task);
  }, options);
};
