import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  // The path aliases of tsconfig.json and vite.config.ts.
  resolve: { alias: Object.fromEntries(['shared', 'server', 'client'].map((name) => [`@${name}`, fileURLToPath(new URL(`./src/${name}`, import.meta.url))])) },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One database per worker survives across test files (see src/server/test/test-db.ts).
    isolate: false,
    // Real PostgreSQL: one shared database, so files run one after another.
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
