// Runs the API suite against a real PostgreSQL in a throwaway database.
// TEST_DATABASE_URL, when set, is used as is; otherwise a database is created on PG_ADMIN_URL and dropped afterwards.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.TEST_DATABASE_URL;
let created;
let workerUrls = [];
const WORKERS = 2;
const workerDatabases = (base) => Array.from({ length: WORKERS }, (_, i) => (i === 0 ? base : `${base}_w${i + 1}`));

if (!url) {
  created = `hs_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`Cannot reach PostgreSQL at ${adminUrl}: ${error.message}\nSet PG_ADMIN_URL or TEST_DATABASE_URL.`);
    process.exit(1);
  }
  // One database per test worker, so test files run two at a time as they do on PGlite (issue 45: the suite's budget).
  for (const name of workerDatabases(created)) await admin.query(`create database ${name}`);
  await admin.end();
  workerUrls = workerDatabases(created).map((name) => {
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  });
  url = workerUrls[0];
}

console.log(`API suite on PostgreSQL: ${url.replace(/:[^:@/]*@/, ':***@')}`);
const status = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  // TEST_DATABASE_URLS: each vitest worker takes its own (src/server/test/worker-database.ts); a given URL is one database.
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_DATABASE_URLS: workerUrls.join(' ') },
}).status ?? 1;

if (created) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of workerDatabases(created)) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(status);
