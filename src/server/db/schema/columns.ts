import { boolean, date, integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Columns most tables share, written once. Each call makes new column builders (Drizzle needs one per table).

export const idColumn = () => serial('id').primaryKey();

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set on insert; services set `updated_at` on change. */
export const timestampColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A required reference to another row: this row is deleted with the row it points at. */
export const cascadingReference = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** An optional reference to another row: cleared (set null) when the row it points at is deleted. */
export const setNullReference = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });

/** `is_active`, on until the owner turns the row off. */
export const isActiveColumn = () => boolean('is_active').notNull().default(true);

/** A UTC calendar day, kept as its `YYYY-MM-DD` string. */
export const dayColumn = () => date('day', { mode: 'string' }).notNull();
