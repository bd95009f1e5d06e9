// Load test on PostgreSQL: autocannon against the real app (in its own process) with a mixed read/write
// workload over 200 connections, twice:
// - saturated: every connection sends again as soon as it is answered, which measures the most the machine can
//   serve. With 200 requests always waiting, latency is about 200 ÷ throughput, so this run's p99 is reported
//   but not judged.
// - paced: requests start on a fixed schedule at half that throughput (LOAD_PACED_SHARE) over 200 keep-alive
//   connections, latency counted from the scheduled start (bench/lib/load-paced.ts); p99 there is held to
//   the target of 100 ms.
// Then the directory pages alone against the app and against a bare Fastify route sending the same SQL, for
// the ratio. Then the saturated mixed run again on two app processes behind nginx (Debian's package, installed by
// scripts/ensure-nginx.mjs when missing, with the configuration shipped in deploy/nginx.conf: see
// src/server/test/nginx-balancer.ts), their limits shared on Redis (REDIS_URL, default 127.0.0.1:6379; skipped
// with a message when Redis or nginx is absent), for the scaling ratio two instances / one (decision record 026). On a machine with few cores the two
// instances, the balancer, PostgreSQL and the load generator share the same cores, so that ratio shows the cost
// of the extra hop and of Redis, not a speed-up. Creates a throwaway database on PG_ADMIN_URL (default
// 127.0.0.1:5432) and drops it.
//   npm run bench:load   (LOAD_DURATION=60 seconds for each mixed run, LOAD_COMPARE_DURATION (default the same)
//   for each directory run, LOAD_CONNECTIONS=200, LOAD_WARMUP=5 seconds before each run, LOAD_PACED_SHARE=0.5
//   or LOAD_PACED_RATE=n req/s, LOAD_PRO_STAFF=5000, LOAD_BUSINESSES=300; PG_POOL_MAX sets the server's pool
//   size as in production)
// Exits 1 on errors or non-2xx answers; a missed latency target prints FAIL but exits 0.
import os from 'node:os';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { openDatabase, runMigrations, type DatabaseHandle } from '../src/server/db/client';
import { throwawayDatabase } from './lib/throwaway-database';
import { LOAD_PASSWORD, seedLoadData } from './lib/load-seed';
import { directoryWorkload, mixedWorkload, type Scenario, type Session } from './lib/load-workload';
import { runPhase } from './lib/load-runner';
import { runPacedPhase } from './lib/load-paced';
import { serverGroup, startServer, stopAllServers, withUsage, type Server } from './lib/load-process';
import { formatMs, printPhases, printScenarios } from './lib/load-report';
import { NginxBalancer, findNginx } from '../src/server/test/nginx-balancer';

const DURATION = Number(process.env.LOAD_DURATION ?? 60);
const COMPARE_DURATION = Number(process.env.LOAD_COMPARE_DURATION ?? DURATION);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 5);
const PACED_SHARE = Number(process.env.LOAD_PACED_SHARE ?? 0.5);
const SIZES = {
  proStaff: Number(process.env.LOAD_PRO_STAFF ?? 5000),
  businesses: Number(process.env.LOAD_BUSINESSES ?? 300),
  jobsPerBusiness: 2,
  proLogins: 300,
  businessLogins: 60,
};
const TARGET_P99_MS = 100;
const TARGET_DIRECTORY_RATIO = 0.8;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something listens at the Redis address (the two-instance run needs it). */
function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

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
      // The server runs in production mode, so the session cookie carries the __Host- prefix.
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Host-hs_session='));
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

/** A saturated run with autocannon, or, given a rate, a paced one (runPacedPhase). */
async function run(label: string, server: Server, scenarios: Scenario[], duration: number, rate?: number) {
  const phase = (phaseLabel: string, seconds: number) => {
    const options = { label: phaseLabel, url: server.url, connections: CONNECTIONS, duration: seconds, scenarios };
    return rate ? runPacedPhase({ ...options, rate }) : runPhase(options);
  };
  if (WARMUP > 0) await phase('warm-up', WARMUP);
  console.log(`running: ${label} (${duration} s)`);
  const databaseName = new URL(throwaway!.url).pathname.slice(1);
  return withUsage(server, databaseName, () => phase(label, duration));
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

  // One instance as a single machine runs it: limits in its own memory.
  const app = await startServer('app', throwaway.url, { REDIS_URL: '' });
  started = performance.now();
  const sessions = { pro: await signIn(app.url, seed.proLogins), business: await signIn(app.url, seed.businessLogins) };
  console.log(`signed in ${sessions.pro.length} pro staff and ${sessions.business.length} businesses in ${seconds()} s`);

  const writesBefore = await countWrites(database);
  // One set of scenarios for every mixed run, so each goes on where the one before stopped (no write repeats);
  // writes name the address they are sent to as their Origin, which moves to the balancer for the two-instance run.
  const origin = { current: app.url };
  const mixed = mixedWorkload(seed, sessions, () => origin.current);
  const appMixed = await run('app: mixed, saturated', app, mixed, DURATION);
  const pacedRate = Number(process.env.LOAD_PACED_RATE ?? Math.round(appMixed.perSecond * PACED_SHARE));
  const appPaced = await run(`app: mixed, ${pacedRate} req/s`, app, mixed, DURATION, pacedRate);
  const writesAfter = await countWrites(database);
  const appDirectory = await run('app: directory only', app, directoryWorkload(), COMPARE_DURATION);
  await app.stop();
  const bare = await startServer('bare', throwaway.url);
  const bareDirectory = await run('bare route: directory only', bare, directoryWorkload(), COMPARE_DURATION);
  await bare.stop();

  // Two instances behind nginx, limits shared on Redis under a prefix of this run's own.
  let twoMixed: Awaited<ReturnType<typeof run>> | null = null;
  const nginx = findNginx();
  if (!(await redisReachable())) {
    console.log(`two-instance run skipped: no Redis at ${REDIS_URL} (set REDIS_URL)`);
  } else if ('missing' in nginx) {
    console.log(`two-instance run skipped: ${nginx.missing}`);
  } else {
    const shared = { REDIS_URL, REDIS_KEY_PREFIX: `hs-bench:${randomUUID()}:` };
    const instances = [await startServer('app', throwaway.url, shared), await startServer('app', throwaway.url, shared)];
    const balancer = await NginxBalancer.start(nginx.path, instances.map((instance) => instance.url));
    try {
      origin.current = balancer.url;
      twoMixed = await run('2 instances: mixed, saturated', serverGroup(instances, balancer.url), mixed, DURATION);
      const served = balancer.upstreams();
      console.log(`nginx sent ${instances.map((instance) => served.filter((upstream) => upstream === new URL(instance.url).host).length).join(' and ')} requests to the two instances`);
    } finally {
      await balancer.close();
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  }

  const runs = [appMixed, appPaced, appDirectory, bareDirectory, ...(twoMixed ? [twoMixed] : [])];
  printPhases(runs);
  const directoryRatio = appDirectory.perSecond / bareDirectory.perSecond;
  console.log(
    `ratio app/bare on the directory pages: throughput ${directoryRatio.toFixed(2)}x, p99 ${(appDirectory.latency.p99 / bareDirectory.latency.p99).toFixed(2)}x ` +
      `(target >= ${TARGET_DIRECTORY_RATIO}x: ${directoryRatio >= TARGET_DIRECTORY_RATIO ? 'PASS' : 'FAIL'})`,
  );
  if (twoMixed) {
    console.log(
      `scaling, 2 instances behind a balancer / 1 instance, mixed saturated: ${(twoMixed.perSecond / appMixed.perSecond).toFixed(2)}x throughput ` +
        `(${twoMixed.perSecond.toFixed(0)} vs ${appMixed.perSecond.toFixed(0)} req/s), p99 ${(twoMixed.latency.p99 / appMixed.latency.p99).toFixed(2)}x. ` +
        `Not a speed-up: here ${os.cpus().length} cores run both instances, the balancer, PostgreSQL and the load generator, so on an idle ` +
        `machine this shows the overhead of the extra hop and of Redis (below 1x), and on a machine shared with other work two server ` +
        `processes merely take a larger share of its cores. Scaling needs each instance on cores of its own.`,
    );
  }
  printScenarios(appMixed);
  printScenarios(appPaced);
  const written = Object.entries(writesAfter).map(([table, count]) => `${table} +${count - writesBefore[table]}`);
  console.log(`\nrows written by the two mixed runs and their warm-ups: ${written.join(', ')}`);
  console.log(`load average after: ${loadAverage()} (anything else running on this machine skews the numbers)`);

  if (twoMixed) printScenarios(twoMixed);
  const failed = runs.filter((r) => r.errors > 0 || r.non2xx > 0);
  const problems = failed.map((r) => `${r.label}: ${r.errors} errors, ${r.non2xx} non-2xx`).join('; ');
  console.log(`\nerrors: ${failed.length === 0 ? 'PASS (none)' : `FAIL (${problems})`}`);
  const queued = (1000 * CONNECTIONS) / appMixed.perSecond;
  console.log(
    `saturated: ${appMixed.perSecond.toFixed(0)} req/s at most, p99 ${formatMs(appMixed.latency.p99)} ms; with ${CONNECTIONS} requests always waiting ` +
      `the mean cannot be under ${CONNECTIONS} ÷ throughput = ${queued.toFixed(0)} ms (the bare route's p99: ${formatMs(bareDirectory.latency.p99)} ms): reported, not judged`,
  );
  const p99 = appPaced.latency.p99;
  const share = ((100 * appPaced.perSecond) / appMixed.perSecond).toFixed(0);
  console.log(
    `paced: p99 ${formatMs(p99)} ms at ${appPaced.perSecond.toFixed(0)} req/s (${share}% of saturated) over ${CONNECTIONS} connections: ` +
      `${p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'} (target < ${TARGET_P99_MS} ms)`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup();
}
