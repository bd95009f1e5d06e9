// Load test on PostgreSQL: autocannon against the real app (in its own process) with a mixed read/write
// workload, then the directory pages alone against the app and against a bare Fastify route sending the
// same SQL, for the ratio. Target: zero errors and p99 under 100 ms at 200 connections.
// Creates a throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   npm run bench:load   (LOAD_DURATION=60 seconds for the mixed run, LOAD_COMPARE_DURATION (default the same)
//   for each directory run, LOAD_CONNECTIONS=200, LOAD_WARMUP=5 seconds before each run,
//   LOAD_PRO_STAFF=5000, LOAD_BUSINESSES=300; PG_POOL_MAX sets the server's pool size as in production)
// Exits 1 on errors or non-2xx answers; a missed latency target prints FAIL but exits 0.
import os from 'node:os';
import { openDatabase, runMigrations, type DatabaseHandle } from '../src/server/db/client';
import { throwawayDatabase } from './lib/throwaway-database';
import { LOAD_PASSWORD, seedLoadData } from './lib/load-seed';
import { directoryWorkload, mixedWorkload, type Scenario, type Session } from './lib/load-workload';
import { runPhase } from './lib/load-runner';
import { startServer, stopAllServers, withUsage, type Server } from './lib/load-process';
import { formatMs, printPhases, printScenarios } from './lib/load-report';

const DURATION = Number(process.env.LOAD_DURATION ?? 60);
const COMPARE_DURATION = Number(process.env.LOAD_COMPARE_DURATION ?? DURATION);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 5);
const SIZES = {
  proStaff: Number(process.env.LOAD_PRO_STAFF ?? 5000),
  businesses: Number(process.env.LOAD_BUSINESSES ?? 300),
  jobsPerBusiness: 2,
  proLogins: 300,
  businessLogins: 60,
};
const TARGET_P99_MS = 100;

let throwaway: { url: string; drop: () => Promise<void> } | null = null;
let database: DatabaseHandle | null = null;

/** Signs every load account in through the API, a few at a time (argon2 is deliberately slow). */
async function signIn(baseUrl: string, accounts: { userId: number; email: string }[]): Promise<Session[]> {
  const sessions: Session[] = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const index = next++;
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: accounts[index].email, password: LOAD_PASSWORD }),
      });
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('hs_session='));
      if (response.status !== 200 || !cookie) throw new Error(`login of ${accounts[index].email} answered ${response.status}`);
      sessions[index] = { userId: accounts[index].userId, cookie: cookie.split(';')[0] };
    }
  };
  await Promise.all([1, 2, 3, 4].map(worker));
  return sessions;
}

async function countWrites(handle: DatabaseHandle): Promise<Record<string, number>> {
  const [row] = await handle.query<Record<string, number>>(`
    select (select count(*) from page_views)::int as "page views",
           (select count(*) from applications)::int as applications,
           (select count(*) from messages)::int as messages,
           (select count(*) from job_postings)::int as "job postings",
           (select count(*) from pro_staff_profiles where last_name like 'Tester%')::int as "edited profiles"`);
  return row;
}

async function run(label: string, server: Server, scenarios: Scenario[], duration: number) {
  if (WARMUP > 0) await runPhase({ label: 'warm-up', url: server.url, connections: CONNECTIONS, duration: WARMUP, scenarios });
  console.log(`running: ${label} (${duration} s)`);
  const databaseName = new URL(throwaway!.url).pathname.slice(1);
  return withUsage(server, databaseName, () => runPhase({ label, url: server.url, connections: CONNECTIONS, duration, scenarios }));
}

async function cleanup() {
  await stopAllServers();
  await database?.close().catch(() => undefined);
  database = null;
  const dropping = throwaway;
  throwaway = null;
  await dropping?.drop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the database`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`${os.cpus().length} cores, load average ${loadAverage()}; ${CONNECTIONS} connections, ${DURATION} s mixed, ${COMPARE_DURATION} s per directory run, ${WARMUP} s warm-up before each`);
  throwaway = await throwawayDatabase('hs_bench_load');
  database = await openDatabase({ url: throwaway.url });
  await runMigrations(database);
  let started = performance.now();
  const seed = await seedLoadData(database.pool!, SIZES);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seeded ${seed.proStaff} pro staff, ${seed.businesses} businesses, ${seed.jobs} job postings (${seed.activeJobIds.length} open) in ${seconds()} s`);

  const app = await startServer('app', throwaway.url);
  started = performance.now();
  const sessions = { pro: await signIn(app.url, seed.proLogins), business: await signIn(app.url, seed.businessLogins) };
  console.log(`signed in ${sessions.pro.length} pro staff and ${sessions.business.length} businesses in ${seconds()} s`);

  const writesBefore = await countWrites(database);
  const appMixed = await run('app: mixed workload', app, mixedWorkload(seed, sessions, app.url), DURATION);
  const writesAfter = await countWrites(database);
  const appDirectory = await run('app: directory only', app, directoryWorkload(), COMPARE_DURATION);
  await app.stop();
  const bare = await startServer('bare', throwaway.url);
  const bareDirectory = await run('bare route: directory only', bare, directoryWorkload(), COMPARE_DURATION);
  await bare.stop();

  const runs = [appMixed, appDirectory, bareDirectory];
  printPhases(runs);
  const throughputRatio = (appDirectory.perSecond / bareDirectory.perSecond).toFixed(2);
  console.log(`ratio app/bare on the directory pages: throughput ${throughputRatio}x, p99 ${(appDirectory.latency.p99 / bareDirectory.latency.p99).toFixed(2)}x`);
  printScenarios(appMixed);
  const written = Object.entries(writesAfter).map(([table, count]) => `${table} +${count - writesBefore[table]}`);
  console.log(`\nrows written by the mixed run and its warm-up: ${written.join(', ')}`);
  console.log(`load average after: ${loadAverage()} (anything else running on this machine skews the numbers)`);

  const failed = runs.filter((r) => r.errors > 0 || r.non2xx > 0);
  const problems = failed.map((r) => `${r.label}: ${r.errors} errors, ${r.non2xx} non-2xx`).join('; ');
  console.log(`\nerrors: ${failed.length === 0 ? 'PASS (none)' : `FAIL (${problems})`}`);
  const p99 = appMixed.latency.p99;
  console.log(`mixed workload p99 ${formatMs(p99)} ms at ${CONNECTIONS} connections: ${p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'} (target < ${TARGET_P99_MS} ms)`);
  if (failed.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup();
}
