// Runs the API suite against a real PostgreSQL in a throwaway database.
// TEST_DATABASE_URL, when set, is used as is; otherwise a database is created on PG_ADMIN_URL and dropped afterwards.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.TEST_DATABASE_URL;
let created;

if (!url) {
  created = `hs_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`Cannot reach PostgreSQL at ${adminUrl}: ${error.message}\nSet PG_ADMIN_URL or TEST_DATABASE_URL.`);
    process.exit(1);
  }
  await admin.query(`create database ${created}`);
  await admin.end();
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${created}`;
  url = parsed.toString();
}

console.log(`API suite on PostgreSQL: ${url.replace(/:[^:@/]*@/, ':***@')}`);
const status = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
}).status ?? 1;

if (created) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${created} with (force)`);
  await admin.end();
}
process.exit(status);
