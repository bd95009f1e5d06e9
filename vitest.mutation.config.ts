import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker runs only the tests of the module it mutates (STRYKER_MODULE, set by scripts/mutation.mjs), or the test
// folder MUTATION_TESTS names inside it (`--tests signals`: pure rules judged by their own tests, seconds per mutant
// instead of the database tests' minutes on a shared machine; record 018).
const module = process.env.STRYKER_MODULE ?? '';
const tests = process.env.MUTATION_TESTS ? `${process.env.MUTATION_TESTS}/` : '';
// The fraud replay bench at smoke size (seconds even on a quiet machine) covers every signal: it measures the
// targets of record 039, the signals' unit tests judge the rules. Under Stryker it would run for every mutant.
const exclude = [...(base.test?.exclude ?? configDefaults.exclude), 'src/server/modules/fraud/signals/replay.test.ts'];

export default defineConfig({
  ...base,
  // The ledger's model test runs for every mutant it covers: its kept regression sequences and 40 random ones, not 300.
  test: { ...base.test, include: [`src/server/modules/${module}/${tests}**/*.test.ts`], exclude, fileParallelism: false, env: { MODEL_RUNS: process.env.MODEL_RUNS ?? '40' } },
});
