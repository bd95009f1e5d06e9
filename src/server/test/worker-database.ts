// Runs in every vitest worker before its test files (vitest.config.ts setupFiles). On PostgreSQL, scripts/test-pg.mjs
// makes one throwaway database per worker and lists them in TEST_DATABASE_URLS; each worker points
// TEST_DATABASE_URL at its own, so two files never truncate each other's tables (advisory locks and LISTEN/NOTIFY
// are per database too). With one URL given by hand the files share it and run in turn (vitest.config.ts).
const urls = process.env.TEST_DATABASE_URLS?.split(' ').filter(Boolean) ?? [];
if (urls.length > 1) {
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  process.env.TEST_DATABASE_URL = urls[(Math.max(1, pool) - 1) % urls.length];
}
