import { readFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

// Decision record 027's data map is the one list of what erasure does to each table. This walks the Drizzle schema
// and fails when a table that can hold personal data is not in it, so a new table cannot slip past the export and
// `eraseAccount` unnoticed (issue 42). The record is the source of truth: its first column names tables in `code`.

const RECORD = new URL('../../../../docs/decisions/027-account-rights.md', import.meta.url);
const schemaModules = import.meta.glob<Record<string, unknown>>('../../db/schema/*.ts', { eager: true });

/** The tables named (in backticks) in the first column of the record's "Data map" table. */
function mappedTables(markdown: string): Set<string> {
  const section = markdown.slice(markdown.indexOf('#### Data map'));
  const rows = section.split('\n').slice(1).filter((line) => line.trim() !== '');
  const table: string[] = [];
  for (const line of rows) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  const names = table.slice(2).flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([a-z][a-z0-9_]*)`/g)].map((match) => match[1]!));
  return new Set(names);
}

const PERSON_TABLES = new Set(['users', 'business_profiles', 'pro_staff_profiles']);
/** Columns that point at a person without a foreign key (e.g. `reviewee_id`, `recipient_ids`) or are personal themselves. */
const PERSONAL_COLUMN = /(^|_)((user|profile|staff|business|reviewer|reviewee|sender|recipient|uploader|viewer|actor|payee)_ids?|email|ip|first_name|last_name|shipping_address)$/;

type SchemaTable = { name: string; personalBecause: string | null };

function schemaTables(): SchemaTable[] {
  const tables = new Map<string, SchemaTable>();
  for (const module of Object.values(schemaModules)) {
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const reference = config.foreignKeys
        .map((fk) => fk.reference())
        .find((ref) => PERSON_TABLES.has(getTableConfig(ref.foreignTable).name));
      const column = config.columns.find((c) => PERSONAL_COLUMN.test(c.name));
      const personalBecause = reference
        ? `references ${getTableConfig(reference.foreignTable).name}`
        : column
          ? `has column ${column.name}`
          : PERSON_TABLES.has(config.name) ? 'is a person' : null;
      tables.set(config.name, { name: config.name, personalBecause });
    }
  }
  return [...tables.values()];
}

describe('decision record 027: the data map', () => {
  const mapped = mappedTables(readFileSync(RECORD, 'utf8'));
  const tables = schemaTables();

  it('reads the record and the schema (the checks below are not vacuous)', () => {
    expect(mapped.size).toBeGreaterThan(40);
    expect(tables.filter((t) => t.personalBecause).length).toBeGreaterThan(40);
  });

  it('lists every table that references a user or a profile, or holds an email, a name, an address or an IP', () => {
    const missing = tables.filter((t) => t.personalBecause && !mapped.has(t.name)).map((t) => `${t.name} (${t.personalBecause})`);
    expect(missing, 'add these tables to the data map in docs/decisions/027-account-rights.md, and to the export and eraseAccount').toEqual([]);
  });

  it('names only tables that exist', () => {
    const names = new Set(tables.map((t) => t.name));
    expect([...mapped].filter((name) => !names.has(name))).toEqual([]);
  });
});
