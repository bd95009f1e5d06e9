import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker runs only the tests of the module it mutates (STRYKER_MODULE, set by scripts/mutation.mjs).
const module = process.env.STRYKER_MODULE ?? '';

export default defineConfig({
  ...base,
  test: { ...base.test, include: [`src/server/modules/${module}/**/*.test.ts`], fileParallelism: false },
});
