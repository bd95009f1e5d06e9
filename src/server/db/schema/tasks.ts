import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampColumns } from './columns';

/** Raw bytes (a store's signed body may hold anything, NUL included, which `text` and `jsonb` refuse). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Durable background work (docs/decisions/023-durable-background-tasks.md): a row per task, claimed with
 * `FOR UPDATE SKIP LOCKED` so any number of app instances share the queue, retried with backoff, and left in
 * `dead` (shown on the admin page) when its attempts are used up. Named "tasks" because "jobs" are job postings.
 */
export const backgroundTasks = pgTable(
  'background_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Bytes a task needs as they came (a webhook body), outside the JSON payload. */
    body: bytea('body'),
    /** At most one task per key, ever: a scheduled run's period, a delivery's id. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when another worker may take it over (the first one died or hung). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * A fresh random token per claim: only the worker holding the current one may write done/failed/retry or renew
     * the lease, so a worker that outlived its lease cannot overwrite the result of the one that took over.
     */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** What the handler returned (a webhook's outcome), for the admin page and tests. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('background_tasks_dedupe_key_idx').on(table.dedupeKey),
    index('background_tasks_due_idx').on(table.status, table.runAt),
  ],
);
