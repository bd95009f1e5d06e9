import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { resetDatabase } from './test/test-db';
import { dropCheckpoint, saveCheckpoint } from './test/db-checkpoint';
import { actors, createFixtures, multipart, parties, PRIVATE_MARKER, type Actor, type Fixtures } from './test/authorization-fixtures';
import { authorizationMatrix, type MatrixEntry, type MatrixRequest, type Statuses } from './test/authorization-matrix';
import { FakeStripeServer } from './test/fake-stripe-server';

// Every route is called by every kind of caller on the same fresh fixtures. The answer must be the one in
// the matrix; a refused request (4xx) must leave every row and stored file as it was; and no answer to a
// caller who is not a party to the fixture objects may contain their private texts.

let t: TestApp;
let fake: FakeStripeServer;
let f: Fixtures;
let restoreDatabase: () => Promise<void>;
let storedFiles: Map<string, Buffer>;
let address: string | undefined;
let snapshotSql: string | undefined;

beforeAll(async () => {
  fake = await new FakeStripeServer().start();
  t = await createTestApp(fake.env());
  // Ids from different tables never coincide, so a handler that mixes them up cannot pass by luck.
  await t.database.query(
    `select setval(format('%I.%I', schemaname, sequencename)::regclass, 1000 * n, false)
     from (select schemaname, sequencename, row_number() over (order by sequencename) as n from pg_sequences where schemaname = 'public') s`,
  );
  f = await createFixtures(t);
  restoreDatabase = await saveCheckpoint(t.database);
  storedFiles = new Map(t.storage.files);
});

afterAll(async () => {
  if (t) {
    await dropCheckpoint(t.database);
    await resetDatabase(t.database);
    await t.close();
  }
  await fake?.stop();
});

/** Back to the fixtures as first built: rows, sequences, stored files and rate limits. */
async function restoreFixtures(): Promise<void> {
  await restoreDatabase();
  t.storage.files.clear();
  for (const [key, data] of storedFiles) t.storage.files.set(key, data);
  await t.app.ctx.rateLimits.reset();
}

/** Every row of every table, and the stored files. */
async function snapshot(): Promise<string> {
  if (!snapshotSql) {
    const tables = await t.database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
    snapshotSql = tables
      .map(({ tablename }) => `select '${tablename}' as name, (select coalesce(json_agg(x order by x::text), '[]')::text from "${tablename}" x) as rows`)
      .join(' union all ');
  }
  const rows = await t.database.query(snapshotSql);
  return JSON.stringify(rows) + [...t.storage.files.keys()].sort().join(',');
}

async function send(actor: Actor, method: string, entry: MatrixEntry, request: MatrixRequest) {
  const cookie = actor === 'anonymous' ? undefined : f[actor].client.cookie;
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...request.headers };
  if (entry.stream) {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}${request.url}`, { method, headers, signal: controller.signal });
    controller.abort();
    return { status: res.status, body: '' };
  }
  let payload: string | object | Buffer | undefined = request.body as object | undefined;
  if (request.file) {
    const form = multipart(request.file.name, request.file.data, request.file.fields);
    payload = form.payload;
    Object.assign(headers, form.headers);
  }
  const res = await t.app.inject({ method: method as 'GET', url: request.url, payload, headers });
  return { status: res.statusCode, body: res.body };
}

describe('authorization matrix', () => {
  it('lists every API route exactly once', () => {
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const listed = Object.keys(authorizationMatrix);
    expect({
      missing: registered.filter((route) => !listed.includes(route)),
      stale: listed.filter((route) => !registered.includes(route)),
      duplicated: registered.filter((route, i) => registered.indexOf(route) !== i),
    }).toEqual({ missing: [], stale: [], duplicated: [] });
  });

  for (const [route, entry] of Object.entries(authorizationMatrix)) {
    it(route, async () => {
      const method = route.slice(0, route.indexOf(' '));
      await restoreFixtures();
      await entry.setup?.(f);
      const statuses = Object.fromEntries(actors.map((actor) => [actor, 0])) as Statuses;
      const changedOnRefusal: Actor[] = [];
      const leakedTo: Actor[] = [];
      const unexpected: string[] = [];
      // Refused callers first: they must change nothing, so the allowed ones (owners) still find the object.
      const privateTexts = [PRIVATE_MARKER, ...(entry.privateTexts?.(f) ?? [])];
      const order = [...actors].sort((a, b) => Number(entry.expect[a] < 400) - Number(entry.expect[b] < 400));
      // One snapshot per call, not two: a refused call's "after" is the next call's "before" (it changed nothing, or
      // it is reported and the next one is compared with what it left); after an allowed call, or a builder that may
      // have written, it is taken again.
      let before: string | null = null;
      for (const actor of order) {
        const built = entry.request(f, actor);
        // A builder that answers later may have written rows (a throwaway account): compare with what it left.
        if (built instanceof Promise) before = null;
        const request = await built;
        before ??= await snapshot();
        const res = await send(actor, method, entry, request);
        statuses[actor] = res.status;
        if (res.status !== entry.expect[actor]) unexpected.push(`${actor} ${res.status}: ${res.body.slice(0, 300)}`);
        if (res.status >= 400) {
          const after = await snapshot();
          if (after !== before) changedOnRefusal.push(actor);
          before = after;
        } else before = null;
        if (!parties.includes(actor) && privateTexts.some((text) => res.body.includes(text))) leakedTo.push(actor);
      }
      expect({ statuses, changedOnRefusal, leakedTo }, unexpected.join('\n')).toEqual({ statuses: entry.expect, changedOnRefusal: [], leakedTo: [] });
    });
  }
});
