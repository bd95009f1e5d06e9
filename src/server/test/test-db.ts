import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client';

// One database per test worker (vitest runs with isolate: false, so this module lives as long as the worker).
// Kept on globalThis so a runner that re-imports the test files in the same worker (Stryker re-runs them for every
// mutant) reuses it instead of migrating a new one each time.
const holder = globalThis as { __hsTestDatabase?: Promise<DatabaseHandle> };

export function testDatabase(): Promise<DatabaseHandle> {
  holder.__hsTestDatabase ??= open();
  return holder.__hsTestDatabase;
}

async function open(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { inMemory: true });
  if (url) {
    // A throwaway database: start from nothing so migrations are exercised every run.
    await database.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
  }
  await runMigrations(database);
  return database;
}

export async function resetDatabase(database: DatabaseHandle): Promise<void> {
  const tables = await database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  if (tables.length === 0) return;
  await database.query(`truncate ${tables.map((t) => `"${t.tablename}"`).join(', ')} restart identity cascade`);
}
