import { defineConfig } from '@playwright/test';
import { serverArgs } from './src/server/test/server-command';

// scripts/e2e.mjs picks the browser, a free port, a fresh data folder and the built client.
const port = Number(process.env.E2E_PORT ?? 5055);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Headroom, not a speed target: a whole flow with two or three browsers and axe scans takes ~45 s on a quiet
  // two-core machine and twice that when CI saturates it (load 10+); `test.slow()` triples this for those flows.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI keeps each spec's time for the slowest-ten list at the end of .ci/run (scripts/slowest-tests.mjs).
  reporter: process.env.CI_TIMES_DIR ? [['list'], ['json', { outputFile: `${process.env.CI_TIMES_DIR}/playwright-${process.env.CI_TIMES_LABEL ?? 'suite'}.json` }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The server built once by scripts/e2e.mjs (SERVER_BUNDLE), or through tsx when run without it.
    command: ['node', ...serverArgs()].join(' '),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '/tmp/hs-e2e-data',
      CLIENT_DIST_DIR: process.env.CLIENT_DIST_DIR ?? './dist/client',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The server works its background queue as in production (store webhooks are processed there; record 023).
      BACKGROUND_WORKER: 'true',
      // Every browser test signs up from 127.0.0.1.
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000',
      ...(process.env.E2E_EXTRA_ENV ? JSON.parse(process.env.E2E_EXTRA_ENV) : {}),
    },
  },
});
