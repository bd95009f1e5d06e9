// Builds the server once into plain JavaScript (issue 45, decision record 041): production, `npm start` and the
// servers the test suites spawn run dist/server/main.js instead of compiling TypeScript with tsx on every start.
// Dependencies stay in node_modules (not bundled); our own modules and the @server/@shared aliases are bundled.
// Usage: node scripts/build-server.mjs [outDir]   (default dist/server; SERVER_DIST_DIR overrides too)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds main.ts (and the command-line scripts) into `outDir`, with the migrations beside them. */
export async function buildServer(outDir = process.env.SERVER_DIST_DIR ?? path.join(root, 'dist/server')) {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      seed: 'src/server/db/seed/run.ts',
      'admin-create': 'src/server/scripts/admin-create.ts',
      migrate: 'src/server/scripts/migrate.ts',
    },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
  // No code splitting: each entry is one file, so db/client.ts, bundled into it, finds its migrations next to itself (new URL('./migrations', import.meta.url)): next to the bundle.
  fs.rmSync(path.join(outDir, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, 'main.js');
}

/**
 * A data folder whose embedded database has every migration applied, made once with the build's migrate.js: the
 * test runners copy it for each server they start instead of migrating a new database every time (32 migrations
 * take most of a spawned server's start on a busy machine).
 */
export function migratedDataFolder(bundle, outDir) {
  const env = { ...process.env, DATA_DIR: outDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // the embedded database, always
  const result = spawnSync(process.execPath, [path.join(path.dirname(bundle), 'migrate.js')], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.status !== 0) throw new Error(`migrating the template data folder failed (${result.status})`);
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const main = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`server built: ${path.relative(root, main)} in ${Date.now() - started} ms`);
}
