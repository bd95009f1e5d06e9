// Runs the Playwright suite against a freshly built client, a free port and an empty data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

const chromium = ensureChromium();

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-e2e-'));
const clientDir = process.env.CLIENT_DIST_DIR ?? path.join(work, 'client');
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

try {
  if (!process.env.CLIENT_DIST_DIR) {
    const built = run(process.execPath, ['scripts/build-client.mjs'], { CLIENT_DIST_DIR: clientDir });
    if (built !== 0) process.exit(built);
  }
  const port = await freePort();
  const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    E2E_DATA_DIR: path.join(work, 'data'),
    CLIENT_DIST_DIR: clientDir,
  });
  process.exitCode = status;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
