import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { lockDataDir } from './data-dir-lock';

export type Database = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows; for scripts and tests. */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
  /** The node-postgres pool when on PostgreSQL (LISTEN/NOTIFY needs a direct client). */
  pool?: import('pg').Pool;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions = { url?: string; dataDir?: string; inMemory?: boolean };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.inMemory ? undefined : options.dataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Keep timestamps and bigints predictable across both drivers.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_MAX ?? 10),
    // While the database is unreachable, requests fail fast with 503 instead of waiting on the OS's TCP timeout.
    connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 5000),
  });
  // An idle connection the server drops (restart, failover, a pooler's idle timeout) makes the pool emit
  // 'error'; unheard, that would end the process. The pool discards that client and the next query
  // connects afresh, so there is nothing to do here (buildApp also logs it).
  pool.on('error', () => undefined);
  const db = drizzle(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    async query(text) {
      const result = await pool.query(text);
      return result.rows;
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dir) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // Before PGlite reads a byte: a second process must never open the same folder (issue 17, decision 015).
  const lock = dir ? lockDataDir(path.resolve(dir)) : undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite(dir ? path.resolve(dir) : undefined, {
      extensions: { pg_trgm },
      parsers: { 20: (value: string) => Number(value) },
    });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async query(text) {
      const result = await client.exec(text);
      return (result.at(-1)?.rows ?? []) as never[];
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as count from users`);
  const row = (result as unknown as { rows: { count: number }[] }).rows[0];
  return Number(row?.count ?? 0) === 0;
}

/** Rows from db.execute, which both drivers return as { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
