import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker runs only the tests of the module it mutates (STRYKER_MODULE, set by scripts/mutation.mjs), or the test
// folder MUTATION_TESTS names inside it (`--tests signals`: pure rules judged by their own tests, seconds per mutant
// instead of the database tests' minutes on a shared machine; record 018).
const module = process.env.STRYKER_MODULE ?? '';
const tests = process.env.MUTATION_TESTS ? `${process.env.MUTATION_TESTS}/` : '';

export default defineConfig({
  ...base,
  // The ledger's model test runs for every mutant it covers: its kept regression sequences and 40 random ones, not 300.
  test: { ...base.test, include: [`src/server/modules/${module}/${tests}**/*.test.ts`], fileParallelism: false, env: { MODEL_RUNS: process.env.MODEL_RUNS ?? '40' } },
});
