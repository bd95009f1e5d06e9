// Runs every benchmark script in this folder, one after another.
//   npm run bench                 directory search on 100,000 profiles, mass message to 10,000 and 100,000,
//                                 one payout of 1,000 commissions to 200 pro staff against the fake Stripe (payouts.ts),
//                                 pay in gear: 50 approvals at once become 50 orders in the fake Shopify, no allotment
//                                 overrun under 200 concurrent requests (gear.ts), ...
//   npm run bench -- --million    the directory on 1,000,000 profiles (seeding takes minutes: set
//                                 BENCH_DATABASE_URL to a database you keep, and it is seeded only once)
//   npm run bench -- fraud gear   only the scripts named (file names without .ts); flags still pass on to them,
//                                 e.g. npm run bench -- fraud --smoke
//   npm run bench -- --smoke      every script at tiny sizes in seconds (bench/lib/smoke.ts): npm test runs this, and
//                                 a script that fails, or prints no PASS/FAIL verdict line, fails it (issue 45 item 6)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The load test saturates the machine for minutes; it runs on its own (npm run bench:load).
// Lighthouse has its own command too (npm run bench:web).
const standalone = new Set(['run.ts', 'load.ts', 'web.ts']);
const args = process.argv.slice(2);
// Positional arguments name the scripts to run; everything starting with `-` is passed on to each script.
const named = args.filter((arg) => !arg.startsWith('-'));
const passOn = args.filter((arg) => arg.startsWith('-'));
const available = fs.readdirSync(here).filter((file) => file.endsWith('.ts') && !standalone.has(file)).sort();
const unknown = named.filter((name) => !available.includes(`${name.replace(/\.ts$/, '')}.ts`));
if (unknown.length) {
  console.error(`no benchmark named ${unknown.join(', ')} (available: ${available.map((file) => file.replace(/\.ts$/, '')).join(', ')})`);
  process.exit(2);
}
const scripts = named.length ? available.filter((file) => named.some((name) => `${name.replace(/\.ts$/, '')}.ts` === file)) : available;
console.log(`benchmarks: ${scripts.join(', ')}${passOn.includes('--million') ? ' (directory on 1,000,000 profiles)' : ' (directory on 100,000 profiles; --million for 1,000,000)'}`);
const outcomes: string[] = [];
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script), ...passOn], { stdio: ['inherit', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  const output = run.stdout?.toString() ?? '';
  process.stdout.write(output);
  // A bench that stopped printing its verdict has rotted as surely as one that throws.
  const verdict = /\b(PASS|FAIL)\b/.test(output);
  const status = run.status;
  outcomes.push(`${script} ${status === 0 && verdict ? 'PASS' : status === 0 ? 'FAIL (no verdict line)' : `FAIL (exit ${status ?? 'signal'})`}`);
}
const failed = outcomes.filter((outcome) => outcome.includes('FAIL')).length;
console.log(`\n=== ${failed ? 'FAIL' : 'PASS'}: ${outcomes.join(', ')}`);
process.exit(failed ? 1 : 0);
