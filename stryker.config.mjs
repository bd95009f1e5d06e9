// Mutation testing of one server module at a time (scripts/mutation.mjs sets STRYKER_MODULE). See docs/decisions/018-tests-that-catch-what-matters.md.
const module = process.env.STRYKER_MODULE;
if (!module) throw new Error('Run through `npm run test:mutation -- --module <name>` (STRYKER_MODULE is not set)');
const dir = `src/server/modules/${module}`;
const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 1);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: [
    `${dir}/**/*.ts`,
    `!${dir}/**/*.test.ts`,
    // Test doubles and published API documentation are not rules.
    `!${dir}/fake-*.ts`,
    `!${dir}/openapi.ts`,
    `!${dir}/docs-routes.ts`,
  ],
  coverageAnalysis: 'perTest',
  concurrency,
  timeoutMS: 20_000,
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
