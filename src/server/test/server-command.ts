import fs from 'node:fs';
import path from 'node:path';

/**
 * How a test or bench starts the real server: the JavaScript built once by scripts/build-server.mjs when
 * SERVER_BUNDLE names it (the test runners build it at their start: decision record 041), else the TypeScript
 * through tsx. `preload`: modules imported first that patch the server's own modules (the two-instance test's task
 * recorder patches TaskQueue): the bundle has its own copies of those, so a preloaded start runs the TypeScript.
 */
export function serverArgs(preload: string[] = []): string[] {
  const bundle = process.env.SERVER_BUNDLE;
  if (bundle && preload.length === 0) return ['--enable-source-maps', bundle];
  return ['--import', 'tsx', ...preload.flatMap((module) => ['--import', module]), 'src/server/main.ts'];
}

/**
 * Gives an empty data folder a copy of the migrated template database the runner made (SERVER_DATA_TEMPLATE), so a
 * server started on it skips the migrations; a folder that already has a database, or no template, is left alone.
 */
export function seedDataFolder(dataDir: string): void {
  const template = process.env.SERVER_DATA_TEMPLATE;
  if (!template || fs.existsSync(path.join(dataDir, 'db'))) return;
  fs.cpSync(template, dataDir, { recursive: true });
}
