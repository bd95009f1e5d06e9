// The server side of bench/load.ts, in its own process so it does not share a core with the load generator.
// LOAD_SERVER=app: the real app (buildApp) in production mode (with REDIS_URL: limits shared on Redis, as several
// instances run). LOAD_SERVER=bare: one Fastify route with no plugins or hooks that sends the SQL the app sends for
// each directory URL (recorded from the app first) on the same kind of pool and returns the rows. Reports { port } over IPC once listening, and { cpuMs } when asked.
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { MemoryStorage } from '../../src/server/lib/storage';
import { directoryUrls } from './load-workload';

type Statement = { text: string; values?: unknown[] };

const mode = process.env.LOAD_SERVER;
const url = process.env.DATABASE_URL!;

function realApp(database: DatabaseHandle): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    // The load generator stands in for the proxy in front of the app: it forwards each visitor's address.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: url,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'hs-bench:' } : {}),
    SEED_DEMO: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'hs-load-data'),
    CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-load-no-client'),
  });
  return buildApp({ config, database, storage: new MemoryStorage(), logger: false });
}

/** The statements a warm app request sends for each directory URL (session lookups aside: these are anonymous). */
async function recordDirectoryStatements(database: DatabaseHandle): Promise<Map<string, Statement[]>> {
  const pool = database.pool!;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let recording: Statement[] | null = null;
  (pool as unknown as { query: typeof original }).query = (...args: unknown[]) => {
    const [first, second] = args;
    if (recording && typeof first === 'object' && first && 'text' in first) {
      const config = first as Statement;
      recording.push({ text: config.text, values: config.values ?? (second as unknown[] | undefined) });
    } else if (recording && typeof first === 'string') {
      recording.push({ text: first, values: second as unknown[] | undefined });
    }
    return original(...args);
  };
  const app = await realApp(database);
  const statements = new Map<string, Statement[]>();
  try {
    for (const directoryUrl of directoryUrls) {
      await app.inject({ method: 'GET', url: directoryUrl });
      recording = [];
      const response = await app.inject({ method: 'GET', url: directoryUrl });
      if (response.statusCode !== 200) throw new Error(`${directoryUrl} answered ${response.statusCode}`);
      statements.set(directoryUrl, recording);
      recording = null;
    }
  } finally {
    await app.close();
    (pool as unknown as { query: typeof original }).query = original;
  }
  return statements;
}

async function bareApp(database: DatabaseHandle): Promise<FastifyInstance> {
  const statements = await recordDirectoryStatements(database);
  const pool = database.pool!;
  const app = Fastify({ logger: false });
  app.get('/api/pro-staff-profiles', async (request, reply) => {
    const sent = statements.get(request.url);
    if (!sent) return reply.status(404).send({ error: 'not a recorded directory URL' });
    const results = await Promise.all(sent.map((statement) => pool.query(statement.text, statement.values)));
    // A warm request sends the rows query and, for small totals (large ones are cached), a count.
    const countAt = sent.findIndex((statement) => statement.text.includes('count(*)'));
    const rows = results.find((_, i) => i !== countAt)?.rows ?? [];
    return { items: rows, total: countAt >= 0 ? Number(Object.values(results[countAt].rows[0])[0]) : rows.length };
  });
  return app;
}

type Running = { port: number; close: () => Promise<void> };

async function serve(): Promise<Running> {
  const database = await openDatabase({ url });
  const app = mode === 'bare' ? await bareApp(database) : await realApp(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const running = await serve();
process.send!({ port: running.port });
// The parent asks for this process's CPU time around each run, to tell a busy server from a busy machine.
process.on('message', () => {
  const { user, system } = process.cpuUsage();
  process.send!({ cpuMs: (user + system) / 1000 });
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await running.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
// The parent went away (crashed or killed): do not linger.
process.on('disconnect', () => void shutdown());
