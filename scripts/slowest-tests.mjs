// Prints the ten slowest test files (Vitest, each database) and browser specs (Playwright) that .ci/run recorded in
// CI_TIMES_DIR, so the suite's budget (issue 45: npm test ≤ 12 min, .ci/run ≤ 35 min) shows where its time goes.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? process.env.CI_TIMES_DIR;
if (!dir || !fs.existsSync(dir)) {
  console.log('slowest tests: no timings recorded');
  process.exit(0);
}
const rows = [];
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
  const run = file.replace(/\.json$/, '');
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (Array.isArray(report.testResults)) {
    // Vitest's JSON reporter: one entry per file with its start and end.
    for (const result of report.testResults) rows.push({ run, name: path.relative(process.cwd(), result.name), ms: result.endTime - result.startTime });
  } else if (Array.isArray(report.suites)) {
    // Playwright's JSON reporter: sum of every attempt's duration per spec file (workers overlap, so this is work, not wall time).
    const perFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const result of test.results ?? []) perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + result.duration);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites) walk(suite);
    for (const [name, ms] of perFile) rows.push({ run, name, ms });
  }
}
rows.sort((a, b) => b.ms - a.ms);
console.log('Slowest ten test files and specs:');
for (const row of rows.slice(0, 10)) console.log(`  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.run.padEnd(22)} ${row.name}`);
