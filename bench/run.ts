// Runs every benchmark script in this folder, one after another (npm run bench).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The load test saturates the machine for minutes; it runs on its own (npm run bench:load).
const standalone = new Set(['run.ts', 'load.ts']);
const scripts = fs.readdirSync(here).filter((file) => file.endsWith('.ts') && !standalone.has(file)).sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const status = spawnSync('node', ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit' }).status;
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
