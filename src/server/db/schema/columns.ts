import { serial, timestamp } from 'drizzle-orm/pg-core';

// Columns most tables share, written once. Each call makes new column builders (Drizzle needs one per table).

export const idColumn = () => serial('id').primaryKey();

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set on insert; services set `updated_at` on change. */
export const timestampColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
