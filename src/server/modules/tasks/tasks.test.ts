import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createTestApp } from '@server/test/test-app';
import { createBusiness, createProStaff, makeAdmin, signUp } from '@server/test/factories';
import { PermanentTaskError, TaskQueue, periodKey, retryDelaySeconds } from './queue';
import { PURGE_FINISHED_TASKS } from './routes';
import { queueMail, SEND_MAIL_TASK } from './service';
import * as repo from './repository';

const t = useTestApp();

type Row = { id: number; kind: string; status: string; attempts: number; last_error: string | null; result: unknown; run_at: Date | string; dedupe_key: string | null };
const rows = () => t.database.query<Row>('select id, kind, status, attempts, last_error, result, run_at, dedupe_key from background_tasks order by id');
const secondsUntil = (when: Date | string) => (new Date(when).getTime() - Date.now()) / 1000;

describe('the background task queue (decision record 023)', () => {
  it('runs a task once, stores what the handler returned, and never queues a dedupe key twice', async () => {
    const ran: unknown[] = [];
    t.app.ctx.tasks.register('test.echo', async (_ctx, task) => {
      ran.push(task.payload);
      return { echoed: task.payload.word, bytes: task.body?.toString('hex') };
    });
    const first = await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.echo', { payload: { word: 'elk' }, body: Buffer.from([0, 255]), dedupeKey: 'k1' });
    expect(first).toEqual({ id: expect.any(Number) });
    expect(await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.echo', { payload: { word: 'again' }, dedupeKey: 'k1' })).toBeNull();
    await t.app.ctx.tasks.drain();
    await t.app.ctx.tasks.drain();
    expect(ran).toEqual([{ word: 'elk' }]);
    expect(await rows()).toMatchObject([{ id: first!.id, status: 'done', attempts: 1, result: { echoed: 'elk', bytes: '00ff' }, last_error: null }]);
  });

  it('groups tasks added at the same moment into shared inserts, each caller getting its own row, a repeated key null', async () => {
    t.app.ctx.tasks.register('test.grouped', async (_ctx, task) => ({ n: task.payload.n }));
    const added = await Promise.all([
      ...Array.from({ length: 30 }, (_, n) => t.app.ctx.tasks.enqueueGrouped('test.grouped', { payload: { n } })),
      t.app.ctx.tasks.enqueueGrouped('test.grouped', { payload: { n: 'keyed' }, dedupeKey: 'same' }),
      t.app.ctx.tasks.enqueueGrouped('test.grouped', { payload: { n: 'keyed again' }, dedupeKey: 'same' }),
    ]);
    expect(added.slice(0, 31).every((row) => row !== null)).toBe(true);
    expect(added[31]).toBeNull();
    expect(new Set(added.slice(0, 31).map((row) => row!.id)).size).toBe(31);
    await t.app.ctx.tasks.drain();
    const byId = new Map((await rows()).map((row) => [row.id, row.result]));
    expect(added.slice(0, 30).map((row) => byId.get(row!.id))).toEqual(Array.from({ length: 30 }, (_, n) => ({ n })));
    expect(byId.get(added[30]!.id)).toEqual({ n: 'keyed' });
    expect(await t.app.ctx.tasks.enqueueGrouped('test.grouped', { dedupeKey: 'same' })).toBeNull();
  });

  it('retries a failing task with backoff, then leaves it dead; a permanent failure is dead at once', async () => {
    let calls = 0;
    t.app.ctx.tasks.register('test.flaky', async () => {
      calls++;
      throw new Error('upstream said no');
    }, { maxAttempts: 2 });
    t.app.ctx.tasks.register('test.hopeless', async () => {
      throw new PermanentTaskError('cannot ever work');
    });
    const flaky = await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.flaky');
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.hopeless');
    await t.app.ctx.tasks.drain();
    const [queuedAgain, hopeless] = await rows();
    let first = queuedAgain;
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: upstream said no' });
    // The first retry waits 5 s (±20%): not run again by this drain.
    expect(secondsUntil(first.run_at)).toBeGreaterThan(3);
    expect(secondsUntil(first.run_at)).toBeLessThan(7);
    expect(hopeless).toMatchObject({ status: 'dead', attempts: 1, last_error: 'PermanentTaskError: cannot ever work' });
    expect(calls).toBe(1);
    await t.database.query(`update background_tasks set run_at = now() where id = ${flaky!.id}`);
    await t.app.ctx.tasks.drain();
    [first] = await rows();
    expect(first).toMatchObject({ status: 'dead', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('never stores a database message, which may quote the data (as the logs)', async () => {
    t.app.ctx.tasks.register('test.sql', async (ctx) => {
      await ctx.database.query(`select 'secret-value'::integer`);
    });
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.sql', { maxAttempts: 1 });
    await t.app.ctx.tasks.drain();
    const [row] = await rows();
    expect(row.status).toBe('dead');
    expect(row.last_error).not.toContain('secret-value');
    expect(row.last_error).toContain('withheld');
  });

  it('takes over a task whose worker died (its lease ran out), and leaves one still leased alone', async () => {
    let calls = 0;
    t.app.ctx.tasks.register('test.lease', async () => {
      calls++;
    });
    await t.database.query(`insert into background_tasks (kind, status, attempts, locked_until) values ('test.lease', 'running', 1, now() - interval '1 second'), ('test.lease', 'running', 1, now() + interval '5 minutes')`);
    await t.app.ctx.tasks.drain();
    expect(calls).toBe(1);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([['done', 2], ['running', 1]]);
  });

  it('claims only kinds this instance has a handler for', async () => {
    await t.database.query(`insert into background_tasks (kind) values ('test.unknown-here')`);
    await t.app.ctx.tasks.drain();
    expect(await rows()).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });

  it('queues one run per period of a scheduled kind, however often it is asked', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, now);
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, new Date(now.getTime() + 60_000));
    expect((await rows()).filter((row) => row.kind === PURGE_FINISHED_TASKS)).toHaveLength(1);
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, new Date(now.getTime() + 24 * 3600_000));
    expect((await rows()).filter((row) => row.kind === PURGE_FINISHED_TASKS).map((row) => row.dedupe_key)).toEqual([
      periodKey(PURGE_FINISHED_TASKS, 86_400, now),
      periodKey(PURGE_FINISHED_TASKS, 86_400, new Date(now.getTime() + 24 * 3600_000)),
    ]);
  });

  it('purges done tasks after a week and dead ones after a month, keeping the rest', async () => {
    await t.database.query(`insert into background_tasks (kind, status, finished_at) values
      ('a', 'done', now() - interval '8 days'), ('b', 'done', now() - interval '6 days'),
      ('c', 'dead', now() - interval '31 days'), ('d', 'dead', now() - interval '8 days'), ('e', 'queued', null)`);
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, PURGE_FINISHED_TASKS);
    await t.app.ctx.tasks.drain();
    const left = await rows();
    expect(left.map((row) => row.kind)).toEqual(['b', 'd', 'e', PURGE_FINISHED_TASKS]);
    expect(left.at(-1)).toMatchObject({ status: 'done', result: { deletedDone: 1, deletedDead: 1 } });
  });

  it('sends a queued mail, and retries it while the mail server refuses', async () => {
    const send = t.mailer.send.bind(t.mailer);
    let refusals = 1;
    t.mailer.send = async (mail) => {
      if (refusals-- > 0) throw new Error('SMTP 421 try again later');
      return send(mail);
    };
    await queueMail(t.app.ctx, { to: 'rosa@example.com', subject: 'Hello', text: 'Body' });
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent).toEqual([]);
    expect(await rows()).toMatchObject([{ kind: SEND_MAIL_TASK, status: 'queued', attempts: 1, last_error: 'Error: SMTP 421 try again later' }]);
    await t.database.query(`update background_tasks set run_at = now()`);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent).toEqual([{ to: 'rosa@example.com', subject: 'Hello', text: 'Body' }]);
    expect(await rows()).toMatchObject([{ status: 'done', attempts: 2, result: { to: 'rosa@example.com', subject: 'Hello' } }]);
  });

  it('backs off 5 s, 20 s, 80 s … up to an hour, spread by ±20%', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelaySeconds(attempt, () => 0.5))).toEqual([5, 20, 80, 320, 1280, 3600, 3600]);
    expect(retryDelaySeconds(1, () => 0)).toBe(4);
    expect(retryDelaySeconds(1, () => 1)).toBe(6);
    expect(retryDelaySeconds(6, () => 1)).toBe(4320);
  });

  it('works the queue by itself when the worker is on: a task added on this instance runs without a poll', async () => {
    const app = await createTestApp({ BACKGROUND_WORKER: 'true' });
    try {
      const done = new Promise<unknown>((resolve) => app.app.ctx.tasks.register('test.auto', async (_ctx, task) => resolve(task.payload)));
      // Registered after start: the next round claims it (handlers are normally registered with the routes).
      await app.app.ctx.tasks.enqueue(app.app.ctx.db, 'test.auto', { payload: { n: 1 } });
      expect(await done).toEqual({ n: 1 });
    } finally {
      await app.close();
    }
  });
});

describe('a second queue on the same database (another app instance)', () => {
  it('shares the work: every task runs exactly once across two workers claiming at the same time', async () => {
    const other = new TaskQueue({ batchSize: 3 });
    other.bind(t.app.ctx);
    const runs = new Map<number, number>();
    const count = async (_ctx: unknown, task: { payload: Record<string, unknown> }) => {
      const n = Number(task.payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    t.app.ctx.tasks.register('test.shared', count);
    other.register('test.shared', count);
    for (let n = 0; n < 40; n++) await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.shared', { payload: { n } });
    await Promise.all([t.app.ctx.tasks.drain(), other.drain()]);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
  });
});

describe('fenced claims (issue 42, decision record 023)', () => {
  const waitFor = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setImmediate(resolve));
  };

  for (const stale of ['returns', 'throws'] as const) {
    it(`discards and logs the outcome of a worker that outlived its lease (it ${stale}), keeping the one that took over`, async () => {
      // A hangs (its renewals never come, as in a long pause) past a short lease; B takes the task over and finishes first.
      const hung = new TaskQueue({ leaseSeconds: 0.2, renewEveryMs: 60_000 });
      const other = new TaskQueue({ leaseSeconds: 30 });
      const warn = vi.fn();
      hung.bind({ ...t.app.ctx, log: { ...t.app.ctx.log, warn } as typeof t.app.ctx.log });
      other.bind(t.app.ctx);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let hungStarted = false;
      hung.register('test.fenced', async () => {
        hungStarted = true;
        await released;
        if (stale === 'throws') throw new Error('late failure');
        return { by: 'hung' };
      });
      other.register('test.fenced', async () => ({ by: 'other' }));
      const task = await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.fenced', { payload: { secret: 'payload-stays-out' }, maxAttempts: 3 });
      const hungRun = hung.runDue();
      await waitFor(() => hungStarted);
      await expect.poll(() => other.runDue(), { interval: 50, timeout: 5000 }).toBe(1);
      release();
      await hungRun;
      const [row] = await rows();
      expect(row).toMatchObject({ id: task!.id, status: 'done', attempts: 2, result: { by: 'other' }, last_error: null });
      const discarded = warn.mock.calls.filter(([, message]) => String(message).includes('discarded'));
      expect(discarded).toEqual([[{ task: { id: task!.id, kind: 'test.fenced', attempt: 1 } }, expect.any(String)]]);
      expect(JSON.stringify(warn.mock.calls)).not.toContain('payload-stays-out');
    });
  }

  it('renews the lease while a long handler runs, so another worker cannot claim it, and stops once it is done', async () => {
    const long = new TaskQueue({ leaseSeconds: 0.3 });
    const other = new TaskQueue({ leaseSeconds: 30 });
    long.bind(t.app.ctx);
    other.bind(t.app.ctx);
    let otherRuns = 0;
    other.register('test.long', async () => {
      otherRuns++;
    });
    long.register('test.long', async () => {
      // Three leases long: the other worker keeps trying to claim all along.
      const started = Date.now();
      while (Date.now() - started < 1000) {
        expect(await other.runDue()).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { finished: true };
    });
    await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.long');
    expect(await long.runDue()).toBe(1);
    expect(otherRuns).toBe(0);
    expect(await rows()).toMatchObject([{ status: 'done', attempts: 1, result: { finished: true } }]);
    const [{ claim_token: token, locked_until: lockedUntil }] = await t.database.query<{ claim_token: string | null; locked_until: Date | null }>('select claim_token, locked_until from background_tasks');
    expect([token, lockedUntil]).toEqual([null, null]);
  });
});

describe('grouped inserts in flight together (decision record 023)', () => {
  it('never deadlock when two groups share dedupe keys in opposite orders: one caller gets each row', async () => {
    const keys = Array.from({ length: 40 }, (_, n) => `shared:${String(n).padStart(2, '0')}`);
    for (let round = 0; round < 3; round++) {
      const task = (key: string) => ({ kind: 'test.race', payload: {}, dedupeKey: `${round}:${key}` });
      const [forward, backward] = await Promise.all([
        repo.insertTasks(t.database, keys.map(task)),
        repo.insertTasks(t.database, [...keys].reverse().map(task)),
      ]);
      expect(forward.length + backward.length).toBe(keys.length);
    }
    expect((await rows()).length).toBe(3 * keys.length);
  });

  it('answers every caller of a burst larger than a group, keyed or not, with its own row or null for a repeated key', async () => {
    const added = await Promise.all(
      Array.from({ length: 600 }, (_, n) => t.app.ctx.tasks.enqueueGrouped('test.burst', { payload: { n }, dedupeKey: n % 3 === 0 ? `burst:${n % 30}` : undefined })),
    );
    const keyed = added.filter((_, n) => n % 3 === 0);
    expect(keyed.filter((row) => row !== null)).toHaveLength(10);
    expect(added.filter((_, n) => n % 3 !== 0).every((row) => row !== null)).toBe(true);
    const ids = added.flatMap((row) => (row ? [row.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect((await rows()).length).toBe(ids.length);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('compresses queued bodies with lz4 on a PostgreSQL that has it (pglz was half its time per delivery)', async () => {
    const [server] = await t.database.query<{ lz4: boolean }>(
      `select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
    );
    const [column] = await t.database.query<{ compression: string }>(
      `select attcompression as compression from pg_attribute where attrelid = 'background_tasks'::regclass and attname = 'body'`,
    );
    expect(column.compression).toBe(server.lz4 ? 'l' : '');
  });
});

describe('GET /api/admin/background-tasks and POST …/:id/retry', () => {
  it('shows counts and dead tasks to an admin, who can queue a dead one again', async () => {
    let failed = false;
    t.app.ctx.tasks.register('test.fails-once', async () => {
      if (!failed) {
        failed = true;
        throw new PermanentTaskError('first time fails');
      }
      return { ok: true };
    });
    const task = await t.app.ctx.tasks.enqueue(t.app.ctx.db, 'test.fails-once');
    await t.app.ctx.tasks.drain();
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const overview = await admin.client.get('/api/admin/background-tasks');
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual({
      counts: { queued: 0, running: 0, done: 0, dead: 1 },
      dead: [{ id: task!.id, kind: 'test.fails-once', attempts: 1, lastError: 'PermanentTaskError: first time fails', createdAt: expect.any(String), finishedAt: expect.any(String) }],
    });
    const retried = await admin.client.post(`/api/admin/background-tasks/${task!.id}/retry`);
    expect(retried).toMatchObject({ status: 200, body: { id: task!.id, status: 'queued' } });
    // Not dead any more: a second retry finds nothing to retry.
    expect((await admin.client.post(`/api/admin/background-tasks/${task!.id}/retry`)).status).toBe(404);
    await t.app.ctx.tasks.drain();
    expect(await rows()).toMatchObject([{ status: 'done', attempts: 1, result: { ok: true } }]);
    expect((await admin.client.get('/api/admin/background-tasks')).body.counts).toEqual({ queued: 0, running: 0, done: 1, dead: 0 });
  });

  it('refuses the signed out, businesses and pro staff, and ids that are not ids', async () => {
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    expect((await t.anonymous().get('/api/admin/background-tasks')).status).toBe(401);
    expect((await business.client.get('/api/admin/background-tasks')).status).toBe(403);
    expect((await pro.client.post('/api/admin/background-tasks/1/retry')).status).toBe(403);
    expect((await t.anonymous().post('/api/admin/background-tasks/1/retry')).status).toBe(401);
    for (const bad of ['abc', '1e0', '-1', '0']) {
      const res = await admin.client.post(`/api/admin/background-tasks/${bad}/retry`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await admin.client.post('/api/admin/background-tasks/999/retry')).status).toBe(404);
  });
});
