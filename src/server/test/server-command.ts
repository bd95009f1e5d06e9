import fs from 'node:fs';
import path from 'node:path';

/**
 * How a test or bench starts the real server: the JavaScript built once by scripts/build-server.mjs when
 * SERVER_BUNDLE names it (the test runners build it at their start: decision record 041), else the TypeScript
 * through tsx. `preload`: modules imported first (TypeScript ones still load through tsx).
 */
export function serverArgs(preload: string[] = []): string[] {
  const imports = preload.flatMap((module) => ['--import', module]);
  const bundle = process.env.SERVER_BUNDLE;
  if (bundle) return ['--enable-source-maps', ...(preload.length ? ['--import', 'tsx'] : []), ...imports, bundle];
  return ['--import', 'tsx', ...imports, 'src/server/main.ts'];
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
