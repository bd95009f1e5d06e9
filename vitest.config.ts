import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// scripts/test-pg.mjs makes one database per worker (TEST_DATABASE_URLS); a single given URL is shared, so serial.
const postgresWorkers = process.env.TEST_DATABASE_URLS?.split(' ').filter(Boolean).length ?? 0;
const workers = onPostgres ? Math.max(1, postgresWorkers) : 2;

export default defineConfig({
  // The path aliases of tsconfig.json and vite.config.ts.
  resolve: { alias: Object.fromEntries(['shared', 'server', 'client'].map((name) => [`@${name}`, fileURLToPath(new URL(`./src/${name}`, import.meta.url))])) },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One database per worker survives across test files (see src/server/test/test-db.ts).
    isolate: false,
    setupFiles: ['src/server/test/worker-database.ts'],
    // The server the restart and two-instance tests spawn, built once per run (decision record 041).
    globalSetup: ['src/server/test/build-server-once.ts'],
    // Real PostgreSQL: one database per worker when the runner made them, else one shared database, files in turn.
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // CI keeps each file's time for the slowest-ten list at the end of .ci/run (scripts/slowest-tests.mjs).
    reporters: process.env.CI_TIMES_DIR ? ['default', ['json', { outputFile: `${process.env.CI_TIMES_DIR}/vitest-${onPostgres ? 'postgres' : 'pglite'}.json` }]] : ['default'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
