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
import { spawn } from 'node:child_process';
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
// A smoke run judges no timing, so its scripts run a few at a time (each has its own throwaway database and ports);
// a full run keeps them one after another, or they would measure each other.
const smokeRun = passOn.includes('--smoke');
const concurrency = smokeRun ? Math.max(1, Number(process.env.BENCH_SMOKE_CONCURRENCY ?? 3)) : 1;

function runScript(script: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), ...passOn], { stdio: ['inherit', 'pipe', concurrency > 1 ? 'pipe' : 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    if (concurrency === 1) console.log(`\n=== ${script} ===`);
    child.on('close', (status) => {
      const output = Buffer.concat(chunks).toString();
      // Printed whole, so the outputs of scripts run side by side never interleave.
      process.stdout.write(concurrency > 1 ? `\n=== ${script} ===\n${output}` : output);
      // A bench that stopped printing its verdict has rotted as surely as one that throws.
      const verdict = /\b(PASS|FAIL)\b/.test(output);
      resolve(`${script} ${status === 0 && verdict ? 'PASS' : status === 0 ? 'FAIL (no verdict line)' : `FAIL (exit ${status ?? 'signal'})`}`);
    });
  });
}

const outcomes: string[] = new Array(scripts.length);
let next = 0;
await Promise.all(Array.from({ length: Math.min(concurrency, scripts.length) }, async () => {
  while (next < scripts.length) {
    const index = next++;
    outcomes[index] = await runScript(scripts[index]);
  }
}));
const failed = outcomes.filter((outcome) => outcome.includes('FAIL')).length;
console.log(`\n=== ${failed ? 'FAIL' : 'PASS'}: ${outcomes.join(', ')}`);
process.exit(failed ? 1 : 0);
