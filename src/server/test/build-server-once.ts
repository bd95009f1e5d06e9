import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, migratedDataFolder } from '../../../scripts/build-server.mjs';

/**
 * Vitest global setup: builds the server once per run into a folder of its own, for every test that spawns it
 * (restart, two instances, lock): starting the built JavaScript takes a fraction of compiling it through tsx each
 * time, and a copy of one migrated embedded database spares each of them the migrations.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.SERVER_BUNDLE) return () => {};
  // Inside the repo, so the bundle's bare imports (zod, fastify...) resolve from node_modules.
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const outDir = fs.mkdtempSync(path.join(root, 'node_modules/.cache-hs-server-'));
  const bundle = await buildServer(outDir);
  process.env.SERVER_BUNDLE = bundle;
  process.env.SERVER_DATA_TEMPLATE = migratedDataFolder(bundle, path.join(outDir, 'template-data'));
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
