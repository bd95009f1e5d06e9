// Mutation testing (Stryker) of the modules that carry money and rules, one module at a time with only that module's
// tests, incremental (reports/mutation/<module>/stryker-incremental.json). Prints the score per module at the end.
//   npm run test:mutation                      every module below
//   npm run test:mutation -- --module discounts [--module jobs]
//   npm run test:mutation -- --module discounts --files codes-service.ts   only some files of the module
//   npm run test:mutation -- --module fraud --files signals/velocity.ts --tests signals   only the tests under that folder
// MUTATION_CONCURRENCY (default 1) sets Stryker's concurrency, MUTATION_TIMEOUT_MS (default 60000) its per-run timeout. See docs/decisions/018-tests-that-catch-what-matters.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

export const MODULES = ['discounts', 'commissions', 'billing', 'jobs', 'messaging', 'promotions', 'auth', 'ads', 'payouts', 'campaign-tasks', 'ledger', 'fraud'];
const TARGET = 80;

const args = process.argv.slice(2);
const chosen = args.flatMap((arg, i) => (arg === '--module' ? [args[i + 1]] : arg.startsWith('--module=') ? [arg.slice(9)] : []));
const modules = chosen.length > 0 ? chosen : MODULES;
const files = args.flatMap((arg, i) => (arg === '--files' ? args[i + 1].split(',') : []));
const tests = args.flatMap((arg, i) => (arg === '--tests' ? [args[i + 1]] : []))[0];
const unknown = modules.filter((m) => !fs.existsSync(`src/server/modules/${m}`));
if (unknown.length > 0) {
  console.error(`No such module: ${unknown.join(', ')}. Known: ${MODULES.join(', ')}`);
  process.exit(2);
}

const results = [];
for (const module of modules) {
  const started = Date.now();
  console.log(`\n=== mutation testing: ${module}`);
  const mutate = files.length > 0 ? ['--mutate', files.map((file) => `src/server/modules/${module}/${file}`).join(',')] : [];
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...mutate], { stdio: 'inherit', env: { ...process.env, STRYKER_MODULE: module, ...(tests ? { MUTATION_TESTS: tests } : {}) } });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  results.push({ module, minutes, ...(run.status === 0 ? score(module) : { error: `stryker exited with ${run.status}` }) });
}

console.log('\nMutation score per module (killed + timeout) / (all valid mutants), target >= ' + TARGET + '%');
for (const r of results) {
  if (r.error) console.log(`  ${r.module.padEnd(12)} ${r.error}`);
  else console.log(`  ${r.module.padEnd(12)} ${r.score.toFixed(1).padStart(5)}%  killed ${r.killed}, timeout ${r.timeout}, survived ${r.survived}, no coverage ${r.noCoverage}  (${r.minutes} min)`);
}
process.exit(results.some((r) => r.error) ? 1 : 0);

function score(module) {
  const report = JSON.parse(fs.readFileSync(`reports/mutation/${module}/mutation.json`, 'utf8'));
  const counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status === 'Killed') counts.killed++;
      else if (mutant.status === 'Timeout') counts.timeout++;
      else if (mutant.status === 'Survived') counts.survived++;
      else if (mutant.status === 'NoCoverage') counts.noCoverage++;
    }
  }
  const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage;
  return { ...counts, score: valid === 0 ? 100 : ((counts.killed + counts.timeout) * 100) / valid };
}
