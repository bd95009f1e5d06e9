// Runs the Playwright suite against a freshly built client, a free port and an empty data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { useProjectNode } from './project-node.mjs';
import { buildServer, migratedDataFolder } from './build-server.mjs';

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

let serverDir = null;
try {
  if (!process.env.CLIENT_DIST_DIR) {
    const built = run(process.execPath, ['scripts/build-client.mjs'], { CLIENT_DIST_DIR: clientDir });
    if (built !== 0) process.exit(built);
  }
  // Every server the specs start runs this build (decision record 041), inside the repo so its imports resolve.
  if (!process.env.SERVER_BUNDLE) {
    serverDir = fs.mkdtempSync(path.join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/.cache-hs-server-'));
    process.env.SERVER_BUNDLE = await buildServer(serverDir);
  }
  // One migrated embedded database, copied for every server the specs start (decision record 041): the suite's own
  // server gets its data folder from it, the specs that start their own (fake Stripe) a copy each.
  const dataDir = path.join(work, 'data');
  if (process.env.SERVER_BUNDLE) {
    process.env.SERVER_DATA_TEMPLATE = migratedDataFolder(process.env.SERVER_BUNDLE, path.join(work, 'template-data'));
    fs.cpSync(process.env.SERVER_DATA_TEMPLATE, dataDir, { recursive: true });
  }
  const port = await freePort();
  const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    CLIENT_DIST_DIR: clientDir,
  });
  process.exitCode = status;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  if (serverDir) fs.rmSync(serverDir, { recursive: true, force: true });
}
