// Directory search through the HTTP API next to the very same SQL run directly on the pool, and next to a bare
// Fastify answering those statements (one route: no hooks, no session, no schemas), on 100,000 pro staff in
// PostgreSQL, or 1,000,000 with --million (decision record 017). Targets for every query: HTTP p95 under 20 ms, the
// cold (first) request under 100 ms, and HTTP p95 at most 1.5x the bare Fastify's or at most 0.5 ms over it,
// whichever allows more: what the app adds to a request (session and plan look-ups, validation, hooks, mapping) over
// what the framework itself costs. HTTP/SQL is printed beside it; on a query of a few milliseconds the two agree, on a
// sub-millisecond one the framework's own floor decides HTTP/SQL (the 27 November 2026 section of the record).
// Uses BENCH_DATABASE_URL as is (seeded once, then reused: a million profiles take minutes), or creates a
// throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   node --import tsx bench/directory.ts [--million]      (BENCH_PROFILES, BENCH_ITERATIONS to scale)
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { throwawayDatabase } from './lib/throwaway-database';
import { seedProStaff } from './lib/seed-pro-staff';
import { MemoryStorage } from '../src/server/lib/storage';
import { LocalEventBus } from '../src/server/lib/events';
import { sessionCookieName } from '../src/server/lib/auth';
import { failOnTiming, sized } from './lib/smoke';

const PROFILES = sized('BENCH_PROFILES', process.argv.includes('--million') ? 1_000_000 : 100_000, 500);
// Enough runs that a p95 is not one noisy moment of a shared machine (the 20th-worst of 400).
const ITERATIONS = sized('BENCH_ITERATIONS', 400, 10);
const WARMUP = 15;
const TARGET_P95_MS = 20;
const TARGET_COLD_MS = 100;
const TARGET_RATIO = 1.5;
// On a sub-millisecond query 1.5x is a few tenths of a millisecond, the size of a shared machine's noise in a p95.
const TARGET_OVERHEAD_MS = 0.5;

type Case = { label: string; url: string; auth?: boolean; floor?: boolean };

const cases: Case[] = [
  { label: 'first page, by rating', url: '/api/pro-staff-profiles?page=1&pageSize=24&sort=rating' },
  { label: 'specialty filter', url: '/api/pro-staff-profiles?specialty=Elk%20Hunting&page=1&pageSize=24&sort=rating' },
  { label: 'two specialties + verified', url: '/api/pro-staff-profiles?specialty=Duck%20Hunting&specialty=Turkey%20Hunting&verified=true&page=1&pageSize=24&sort=experience' },
  { label: 'text search (name)', url: '/api/pro-staff-profiles?q=morrison&page=1&pageSize=24&sort=rating' },
  { label: 'text search (rare word)', url: '/api/pro-staff-profiles?q=whitfield42&page=1&pageSize=24' },
  { label: 'location filter', url: '/api/pro-staff-profiles?location=Bozeman&page=1&pageSize=24&sort=rating' },
  { label: 'location + specialty + minExperience', url: '/api/pro-staff-profiles?location=Casper&specialty=Predator%20Hunting&minExperience=10&page=1&pageSize=24&sort=rating' },
  { label: 'page 100, newest', url: '/api/pro-staff-profiles?page=100&pageSize=24&sort=newest' },
  { label: 'social tag search (handle)', url: '/api/social-media-tags/search?tag=%40hunter4242&platform=instagram', auth: true },
  { label: 'social tag search (hashtag)', url: '/api/social-media-tags/search?tag=%23tag77', auth: true },
  // Not judged: what any request costs around its SQL (`select 1`), signed out and signed in (a kept session, or
  // the session look-up where none is kept), the app's own floor next to the bare Fastify's.
  { label: 'floor: health, signed out', url: '/api/health', floor: true },
  { label: 'floor: health, signed in', url: '/api/health', auth: true, floor: true },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const throwaway = process.env.BENCH_DATABASE_URL ? null : await throwawayDatabase('hs_bench_dir');
  const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  const database = await openDatabase({ url });
  const pool = database.pool!;
  try {
    await runMigrations(database);
    let started = performance.now();
    // A kept database (BENCH_DATABASE_URL) is seeded once: a million profiles take minutes on a shared machine.
    const { rows: [{ seeded }] } = await pool.query<{ seeded: number }>(`select count(*)::int as seeded from users where email like 'bench.dir.%'`);
    if (seeded === 0) {
      await seedProStaff(pool, PROFILES, 'bench.dir.');
      // What autovacuum would have done by the time anyone searches: visibility map and GIN pending lists.
      await pool.query('vacuum analyze pro_staff_profiles');
      console.log(`seeded ${PROFILES} pro staff in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else if (seeded !== PROFILES) {
      throw new Error(`${url} holds ${seeded} bench profiles, not ${PROFILES}: use another database or BENCH_PROFILES=${seeded}`);
    } else {
      await pool.query('vacuum analyze pro_staff_profiles');
      console.log(`reusing ${seeded} seeded pro staff`);
    }

    const config = loadConfig({
      NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1', DATABASE_URL: url, SEED_DEMO: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'hs-bench-data'), CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-bench-no-client'),
      // SESSION_CACHE_SECONDS=0 measures the signed-in cases with a session look-up on every request (record 035).
      ...(process.env.SESSION_CACHE_SECONDS ? { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS } : {}),
    });
    const app = await buildApp({ config, database, storage: new MemoryStorage(), events: new LocalEventBus(), logger: false });
    await app.ready();
    // Production keeps looked-up sessions once it hears their invalidations (decision record 035): wait for that.
    for (let i = 0; i < 100 && app.ctx.sessionCache && app.ctx.sessionCache.ticket() === null; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const register = await app.inject({
      method: 'POST', url: '/api/auth/register',
      payload: { email: `bench.business.${Date.now()}@example.com`, password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true },
    });
    const cookieName = sessionCookieName(config);
    const cookie = `${cookieName}=${register.cookies.find((c) => c.name === cookieName)!.value}`;
    await pool.query(`update users set subscription_tier = 'professional' where id = $1`, [register.json().id]);

    // Record the SQL a request sends, so the same statements can be replayed straight on the pool.
    type Recorded = { text: string; values?: unknown[] };
    let recording: Recorded[] | null = null;
    const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const [first, second] = args;
      if (recording && typeof first === 'object' && first && 'text' in first) {
        const config = first as Recorded;
        // Session lookup and last-active touch are auth overhead, not the directory query.
        if (!/from "sessions"|update "users"/.test(config.text)) recording.push({ text: config.text, values: config.values ?? (second as unknown[] | undefined) });
      } else if (recording && typeof first === 'string') {
        recording.push({ text: first, values: second as unknown[] | undefined });
      }
      return originalQuery(...args);
    };

    // The bare baseline: Fastify with one route and none of the app's hooks, sending a case's statements and
    // answering the last one's rows as JSON. What it costs over the SQL is the framework's own floor.
    // The statements one after the other, as the request sends them (the page query waits for the count that picks its
    // plan; replayed side by side, a two-statement request's SQL would count only the slower of the two): the last rows.
    const runStatements = async (statements: Recorded[]) => {
      let rows: unknown[] = [];
      for (const statement of statements) rows = ((await originalQuery(statement.text, statement.values)) as { rows: unknown[] }).rows;
      return rows;
    };
    const bare = Fastify();
    let bareStatements: Recorded[] = [];
    bare.get('/bare', () => runStatements(bareStatements));
    await bare.ready();

    const rows: { label: string; floor: boolean; cold: number; http50: number; http95: number; sql50: number; sql95: number; bare95: number; results: string; statements: number }[] = [];
    started = performance.now();
    // The process's own first request (modules loaded on first use, code compiled) is not any filter set's cold
    // cost: one request to a route no case uses, and one directory page with a filter set no case uses, come first.
    await app.inject({ method: 'GET', url: '/api/pro-staff-profiles/featured' });
    await app.inject({ method: 'GET', url: '/api/pro-staff-profiles?page=2&pageSize=12&sort=experience&minExperience=3' });
    for (const item of cases) {
      const headers = item.auth ? { cookie } : {};
      const request = () => app.inject({ method: 'GET', url: item.url, headers });
      // The first request runs the full count; later ones may reuse it (see the count cache in the profiles service).
      const coldStart = performance.now();
      const probe = await request();
      const cold = performance.now() - coldStart;
      if (probe.statusCode !== 200) throw new Error(`${item.url} answered ${probe.statusCode}: ${probe.body}`);
      recording = [];
      await request();
      const statements = recording;
      recording = null;
      const total = item.floor ? '-' : `${probe.headers['x-total-count-estimated'] ? '~' : ''}${probe.headers['x-total-count'] ?? (probe.json() as unknown[]).length}`;
      const replay = () => runStatements(statements);

      bareStatements = statements;
      const bareRequest = () => bare.inject({ method: 'GET', url: '/bare' });

      for (let i = 0; i < WARMUP; i++) {
        await request();
        await replay();
        await bareRequest();
      }
      const http: number[] = [];
      const direct: number[] = [];
      const bareTimes: number[] = [];
      // Interleaved, so a noisy moment of the machine falls on all three alike.
      for (let i = 0; i < ITERATIONS; i++) {
        let t0 = performance.now();
        await request();
        http.push(performance.now() - t0);
        t0 = performance.now();
        await replay();
        direct.push(performance.now() - t0);
        t0 = performance.now();
        await bareRequest();
        bareTimes.push(performance.now() - t0);
      }
      for (const times of [http, direct, bareTimes]) times.sort((a, b) => a - b);
      rows.push({
        label: item.label, floor: Boolean(item.floor), cold, http50: percentile(http, 50), http95: percentile(http, 95), sql50: percentile(direct, 50), sql95: percentile(direct, 95),
        bare95: percentile(bareTimes, 95), results: total, statements: statements.length,
      });
    }
    await app.close();
    await bare.close();

    console.log(`\n${ITERATIONS} runs per query on ${PROFILES} profiles (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    console.log(['query'.padEnd(38), 'matches'.padStart(10), 'cold'.padStart(8), 'HTTP p50'.padStart(9), 'HTTP p95'.padStart(9), 'SQL p50'.padStart(8), 'SQL p95'.padStart(8), 'bare p95'.padStart(9), 'stmts'.padStart(6), 'HTTP/SQL'.padStart(9), 'HTTP/bare'.padStart(10), 'over bare'.padStart(10), 'verdict'.padStart(8)].join(' '));
    let failed = 0;
    for (const row of rows) {
      const ratio = row.http95 / row.sql95;
      const bareRatio = row.http95 / row.bare95;
      const overhead = row.http95 - row.bare95;
      const tooSlow = bareRatio > TARGET_RATIO && overhead > TARGET_OVERHEAD_MS;
      const misses = row.floor ? [] : [row.http95 >= TARGET_P95_MS && 'p95', row.cold >= TARGET_COLD_MS && 'cold', tooSlow && 'overhead'].filter(Boolean);
      if (misses.length) failed++;
      console.log([
        row.label.padEnd(38), row.results.padStart(10), `${row.cold.toFixed(1)}ms`.padStart(8), `${row.http50.toFixed(1)}ms`.padStart(9), `${row.http95.toFixed(1)}ms`.padStart(9),
        `${row.sql50.toFixed(1)}ms`.padStart(8), `${row.sql95.toFixed(1)}ms`.padStart(8), `${row.bare95.toFixed(1)}ms`.padStart(9), String(row.statements).padStart(6),
        `${ratio.toFixed(2)}x`.padStart(9), `${bareRatio.toFixed(2)}x`.padStart(10), `${overhead.toFixed(2)}ms`.padStart(10), (row.floor ? '-' : misses.length ? `FAIL (${misses.join(', ')})` : 'PASS').padStart(8),
      ].join(' '));
    }
    console.log('cold = first request with that filter set (it counts or samples the matches); SQL = the statements a warm request sends (stmts), replayed one after the other on the pool');
    console.log('bare = a bare Fastify (one route, no hooks, no session, no schemas) sending the same statements and answering their rows as JSON');
    console.log('matches: "~" marks an estimated total (shown as "about ..." in the directory)');
    const judged = rows.filter((row) => !row.floor);
    console.log(
      `\ntarget per query: HTTP p95 under ${TARGET_P95_MS} ms, cold under ${TARGET_COLD_MS} ms, HTTP p95 at most ${TARGET_RATIO}x the bare Fastify's ` +
        `for the same statements or at most ${TARGET_OVERHEAD_MS} ms over it: ${failed ? `FAIL (${failed} of ${judged.length} queries miss)` : 'PASS'}`,
    );
    if (failed) failOnTiming();
  } finally {
    await database.close();
    await throwaway?.drop();
  }
}

await main();
