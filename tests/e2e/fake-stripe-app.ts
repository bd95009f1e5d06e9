import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FakeStripeServer } from '../../src/server/test/fake-stripe-server';
import type { Browser, Page } from './fixtures';
import { seedDataFolder, serverArgs } from '../../src/server/test/server-command';

/**
 * The suite's shared server runs without Stripe keys (billing.spec checks the "being set up" notices there), so a
 * spec that needs Stripe starts its own server pointed at the fake Stripe, which runs in the test process: the spec
 * changes Stripe's state on the fake and delivers the signed events to the server, as Stripe would.
 */
export type FakeStripeApp = { fake: FakeStripeServer; base: string; pageOn(browser: Browser): Promise<Page>; stop(): Promise<void> };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** `env` adds to the server's environment (e.g. `SEED_DEMO: 'true'` for the demo admin account). */
export async function startAppWithFakeStripe(name: string, env: Record<string, string> = {}): Promise<FakeStripeApp> {
  const fake = await new FakeStripeServer().start();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hs-e2e-${name}-`));
  seedDataFolder(dataDir);
  const server: ChildProcess = spawn(process.execPath, serverArgs(), {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test',
      BACKGROUND_WORKER: 'true', RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000', CLIENT_DIST_DIR: process.env.CLIENT_DIST_DIR ?? './dist/client',
      ...fake.env(),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const pageOn = async (browser: Browser) => (await browser.newContext({ baseURL: base })).newPage();
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { fake, base, pageOn, stop };
    // Not a sleep deciding a test: the pause between polls of the server's health, which is the condition.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the ${name} server did not start`);
}
