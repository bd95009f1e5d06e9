// Server start (issue 45 item 5, decision record 041): time from process start to the first 200 from /api/health,
// migrations already applied, on the embedded database and on PostgreSQL; the built JavaScript (dist) against the
// same server compiled by tsx at start (the old way) in the same run, so a noisy machine shows in both.
//   node --import tsx bench/startup.ts        (BENCH_STARTS=5 starts each; --smoke: 1 start each, embedded only)
// Target: the built server answers within 1.5 s (median) on both databases.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, migratedDataFolder } from '../scripts/build-server.mjs';
import { throwawayDatabase } from './lib/throwaway-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const smoke = process.argv.includes('--smoke');
const starts = smoke ? 1 : Number(process.env.BENCH_STARTS ?? 5);
const TARGET_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Milliseconds from spawn to the first 200 of /api/health; the process is stopped afterwards. */
async function timeStart(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test', CLIENT_DIST_DIR: path.join(root, 'no-client'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = fs.mkdtempSync(path.join(root, 'node_modules/.cache-hs-bench-startup-'));
const pg = smoke ? null : await throwawayDatabase('hs_bench_startup');
try {
  const built = performance.now();
  const bundle = await buildServer(path.join(work, 'server'));
  console.log(`build: ${(performance.now() - built).toFixed(0)} ms`);
  const dataDir = migratedDataFolder(bundle, path.join(work, 'data'));
  const targets: { name: string; env: Record<string, string> }[] = [{ name: 'embedded (PGlite)', env: { DATA_DIR: dataDir } }];
  if (pg) {
    // Migrate the PostgreSQL database once, so every timed start finds it current.
    await timeStart(['--enable-source-maps', bundle], { DATABASE_URL: pg.url, DATA_DIR: dataDir });
    targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: pg.url, DATA_DIR: dataDir } });
  }
  let pass = true;
  for (const target of targets) {
    const builtTimes: number[] = [];
    const tsxTimes: number[] = [];
    for (let i = 0; i < starts; i++) {
      builtTimes.push(await timeStart(['--enable-source-maps', bundle], target.env));
      tsxTimes.push(await timeStart(['--import', 'tsx', 'src/server/main.ts'], target.env));
    }
    const ms = median(builtTimes);
    const ok = ms < TARGET_MS;
    pass &&= ok;
    console.log(
      `startup ${target.name}: built ${ms.toFixed(0)} ms median of ${starts} (tsx ${median(tsxTimes).toFixed(0)} ms, ${(median(tsxTimes) / ms).toFixed(2)}x) ` +
        `target < ${TARGET_MS} ms: ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(`startup: ${pass ? 'PASS' : 'FAIL'}`);
  if (!pass && !smoke) process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  await pg?.drop();
}
