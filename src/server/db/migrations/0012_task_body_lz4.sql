-- hand-written: a queued webhook body (about 9 KB for a Shopify order) compressed with lz4 instead of pglz, where the
-- server has lz4 (PostgreSQL builds usually do; the embedded PGlite does not and keeps pglz). pglz was half of
-- PostgreSQL's time per queued delivery (decision record 023). Only new values are compressed this way; old rows
-- keep their pglz bytes and read back the same.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
    EXECUTE 'ALTER TABLE "background_tasks" ALTER COLUMN "body" SET COMPRESSION lz4';
  END IF;
END $$;
