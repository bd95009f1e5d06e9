import type { DatabaseHandle } from '../db/client';

const SCHEMA = 'test_checkpoint';

/**
 * Copies every public table (and where each sequence stands) into a side schema, and returns a function
 * that puts the database back to exactly that state: much faster than building fixtures again through the
 * API. Call dropCheckpoint when done, since the test database outlives the test file.
 */
export async function saveCheckpoint(database: DatabaseHandle): Promise<() => Promise<void>> {
  const tables = (await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename")).map((row) => row.tablename);
  const columns = await database.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position",
  );
  const references = await database.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const sequenceNames = (await database.query<{ sequencename: string }>("select sequencename from pg_sequences where schemaname = 'public'")).map((row) => row.sequencename);
  const sequences = sequenceNames.length === 0 ? [] : await database.query<{ name: string; last_value: number; is_called: boolean }>(
    sequenceNames.map((name) => `select '${name}' as name, last_value, is_called from public."${name}"`).join(' union all '),
  );

  await dropCheckpoint(database);
  await database.query(`create schema ${SCHEMA}; ${tables.map((table) => `create table ${SCHEMA}."${table}" as table public."${table}";`).join(' ')}`);

  const columnList = (table: string) => columns.filter((column) => column.table_name === table).map((column) => `"${column.column_name}"`).join(', ');
  const restore = [
    `truncate ${tables.map((table) => `public."${table}"`).join(', ')} restart identity cascade;`,
    // Parents before children, so foreign keys hold at every insert.
    ...parentsFirst(tables, references).map((table) => `insert into public."${table}" (${columnList(table)}) select ${columnList(table)} from ${SCHEMA}."${table}";`),
    ...sequences.map((sequence) => `select setval('public."${sequence.name}"', ${sequence.last_value}, ${sequence.is_called});`),
  ].join('\n');
  return async () => {
    await database.query(restore);
  };
}

export async function dropCheckpoint(database: DatabaseHandle): Promise<void> {
  await database.query(`drop schema if exists ${SCHEMA} cascade`);
}

function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    for (const { parent } of references.filter((reference) => reference.child === table)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}
