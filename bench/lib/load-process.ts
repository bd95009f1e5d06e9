import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhaseResult } from './load-runner';

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-server.ts');
const running = new Set<ChildProcess>();

export type Server = { url: string; cpuMs: () => Promise<number>; stop: () => Promise<void> };

/**
 * Starts bench/lib/load-server.ts in its own process, so the server and the load generator do not share a core.
 * (The two-instance run's balancer is nginx: src/server/test/nginx-balancer.ts.)
 */
export async function startServer(mode: 'app' | 'bare', databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, LOAD_SERVER: mode, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code} before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () =>
      new Promise((resolve) => {
        if (!child.connected) return resolve(Number.NaN);
        child.once('message', (message: { cpuMs: number }) => resolve(message.cpuMs));
        child.send('cpu');
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Several server processes measured as one (the two-instance run): CPU time summed, stopped together. */
export function serverGroup(servers: Server[], url: string): Server {
  return {
    url,
    cpuMs: async () => (await Promise.all(servers.map((server) => server.cpuMs()))).reduce((sum, ms) => sum + ms, 0),
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}

export async function stopAllServers(): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
}

/** CPU time of the whole machine (all cores, all processes) so far, in ms. */
const machineCpuMs = () => os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);

/**
 * CPU time so far of each PostgreSQL backend serving `database`, by pid (Linux /proc; empty elsewhere, or when
 * PostgreSQL runs on another host or in a container).
 */
function databaseCpuMs(database: string): Map<number, number> {
  const times = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return times;
  }
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on every Linux we run on
  for (const pid of pids) {
    try {
      // Backends retitle themselves "postgres: 15/main: <user> <database> <client> <state>".
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      times.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // gone already
    }
  }
  return times;
}

/**
 * CPU used during a run as a share of one core: the server process, this process (the load generator),
 * the PostgreSQL backends of the bench database (NaN when they cannot be seen), and the whole machine.
 */
export type Usage = { server: number; loadgen: number; postgres: number; machine: number };

export async function withUsage(server: Server, database: string, run: () => Promise<PhaseResult>): Promise<PhaseResult & { usage: Usage }> {
  const [server0, own0, postgres0, machine0, started] = [await server.cpuMs(), process.cpuUsage(), databaseCpuMs(database), machineCpuMs(), performance.now()];
  const result = await run();
  const own = process.cpuUsage(own0);
  const postgres1 = databaseCpuMs(database);
  const wall = performance.now() - started;
  // Backends that exited during the run are missed; the pool keeps its connections while busy.
  const postgres = postgres1.size ? [...postgres1].reduce((sum, [pid, ms]) => sum + ms - (postgres0.get(pid) ?? 0), 0) : Number.NaN;
  return {
    ...result,
    usage: {
      server: ((await server.cpuMs()) - server0) / wall,
      loadgen: (own.user + own.system) / 1000 / wall,
      postgres: postgres / wall,
      machine: (machineCpuMs() - machine0) / wall,
    },
  };
}
