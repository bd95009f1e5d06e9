// Runs every benchmark script in this folder, one after another (npm run bench).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = fs.readdirSync(here).filter((file) => file.endsWith('.ts') && file !== 'run.ts').sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const status = spawnSync('node', ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit' }).status;
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
