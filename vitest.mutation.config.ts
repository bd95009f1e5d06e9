import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker runs only the tests of the module it mutates (STRYKER_MODULE, set by scripts/mutation.mjs).
const module = process.env.STRYKER_MODULE ?? '';

export default defineConfig({
  ...base,
  // The ledger's model test runs for every mutant it covers: its kept regression sequences and 40 random ones, not 300.
  test: { ...base.test, include: [`src/server/modules/${module}/**/*.test.ts`], fileParallelism: false, env: { MODEL_RUNS: process.env.MODEL_RUNS ?? '40' } },
});
