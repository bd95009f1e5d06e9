// Lighthouse (mobile preset) on /, /search and /auth of a freshly built app, plus the initial JS weight of /.
// Usage: npm run bench:web   (CHROME_PATH defaults to Debian's /usr/bin/chromium;
// LIGHTHOUSE_RUNS=n runs per page, median reported (default 3); LIGHTHOUSE_REPORT_DIR=dir also
// writes each page's median Lighthouse report there as JSON)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_PORT ?? 5077);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-bench-web-'));
const clientDir = path.join(work, 'client');

const built = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIST_DIR: clientDir } });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), CLIENT_DIST_DIR: clientDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

/**
 * Every script the page itself loaded (not the service worker's precache), gzipped one by one: the same
 * sum tests/e2e/page-weight.spec.ts holds to the budget.
 */
async function reportInitialJs(lhr: Result) {
  const items = (lhr.audits['network-requests'].details as { items: { url: string; resourceType?: string; sessionTargetType?: string }[] }).items;
  const urls = [...new Set(items.filter((item) => item.resourceType === 'Script' && item.sessionTargetType !== 'worker').map((item) => item.url))];
  let gzippedBytes = 0;
  for (const url of urls) gzippedBytes += zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  console.log(`initial JS for /: ${(gzippedBytes / 1024).toFixed(1)} KiB gzipped (${urls.length} scripts; budget 150 KiB)`);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  await waitForServer();
  // Lighthouse scores swing by 10+ points between runs on a shared machine; like Lighthouse's own
  // guidance, report the median of several runs (LIGHTHOUSE_RUNS, default 3) with the spread.
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const rows: { route: string; performance: number; range: string; tbtMs: number; lcpMs: number; accessibility: number; bestPractices: number; seo: number; cpuBenchmark: number }[] = [];
  for (const route of ['/', '/search', '/auth']) {
    const reports: Result[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`http://127.0.0.1:${port}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) console.log(`${route} run ${run + 1}: ${lhr.runtimeError.code}, skipped`);
      else reports.push(lhr);
    }
    if (!reports.length) throw new Error(`Lighthouse could not measure ${route}`);
    const score = (lhr: (typeof reports)[number], key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = reports[Math.floor(reports.length / 2)];
    if (route === '/') await reportInitialJs(median);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${route.replace(/\W/g, '') || 'home'}.json`), JSON.stringify(median));
    }
    rows.push({
      route,
      performance: score(median, 'performance'),
      range: `${score(reports[0], 'performance')}–${score(reports[reports.length - 1], 'performance')}`,
      tbtMs: Math.round(median.audits['total-blocking-time'].numericValue ?? 0),
      lcpMs: Math.round(median.audits['largest-contentful-paint'].numericValue ?? 0),
      accessibility: score(median, 'accessibility'),
      bestPractices: score(median, 'best-practices'),
      seo: score(median, 'seo'),
      cpuBenchmark: Math.round(median.environment.benchmarkIndex),
    });
  }
  console.table(rows);
  const slow = rows.filter((row) => row.performance < 95);
  if (slow.length) console.log(`below the mobile performance target of 95: ${slow.map((row) => row.route).join(', ')}`);
  console.log('cpuBenchmark is Lighthouse\'s benchmarkIndex for this machine during the run: lower means a busier or slower CPU, and every simulated timing grows with it.');
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
