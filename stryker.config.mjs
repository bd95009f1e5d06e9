// Mutation testing of one server module at a time (scripts/mutation.mjs sets STRYKER_MODULE). See docs/decisions/018-tests-that-catch-what-matters.md.
const module = process.env.STRYKER_MODULE;
if (!module) throw new Error('Run through `npm run test:mutation -- --module <name>` (STRYKER_MODULE is not set)');
const dir = `src/server/modules/${module}`;
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 1);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's Vitest runner with its Vitest 5 name-filter fix (scripts/stryker-vitest5-runner.mjs, record 018).
  plugins: ['@stryker-mutator/*', './scripts/stryker-vitest5-runner.mjs'],
  testRunner: 'vitest5',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // The rules live in the services (and the small helpers they call); routes are thin and repositories are SQL that
  // the tests run for real. Test doubles and published API documentation are not rules.
  mutate: [
    `${dir}/**/*service*.ts`,
    `${dir}/mappers.ts`,
    `${dir}/lifecycle.ts`,
    `${dir}/audience.ts`,
    `${dir}/webhook-signatures.ts`,
    // The ledger's transition table, and the two files that turn store bytes into money (issue 40).
    `${dir}/transitions.ts`,
    `${dir}/order-payloads.ts`,
    `${dir}/webhook-processing.ts`,
    // Code abuse (issue 43): the signals are pure rules (normalisation, velocity, referrer, evaluation); their types and
    // the index of re-exports hold no code. The starter coupon-site list is a module constant (ignored as static).
    `${dir}/signals/*.ts`,
    `!${dir}/signals/types.ts`,
    `!${dir}/signals/index.ts`,
    `!${dir}/**/*.test.ts`,
    `!${dir}/fake-*.ts`,
  ],
  // Error message wording is not a rule (the codes and paths are asserted); static mutants need the whole suite per mutant.
  mutator: { excludedMutations: ['StringLiteral'] },
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  concurrency,
  // Generous on purpose: a timed-out run restarts the test runner, and the next run then builds the test database
  // inside its own time budget; with 10 s that cascaded into runs of "timed out" mutants no test had judged (record 018).
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 60_000),
  timeoutFactor: 1.5,
  incremental: true,
  incrementalFile: `reports/mutation/${module}/stryker-incremental.json`,
  reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: `reports/mutation/${module}/mutation.json` },
  htmlReporter: { fileName: `reports/mutation/${module}/mutation.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  tempDirName: `.stryker-tmp/${module}`,
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'test-results', 'playwright-report', 'reports', '.stryker-tmp', 'tests/e2e'],
  thresholds: { high: 90, low: 80, break: null },
};
