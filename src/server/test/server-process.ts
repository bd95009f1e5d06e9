import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { seedDataFolder, serverArgs } from './server-command';

// The real server process (src/server/main.ts) for the tests that restart, kill or double-open it:
// one way to start it on the embedded database in a folder of its own, wait for it and call it.

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
};

const started = new Set<ChildProcess>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Starts the server on `dataDir` without waiting for it: on the embedded database there, unless `env` names a
 * DATABASE_URL itself (the inherited one is never used).
 * `env` overrides the test defaults; a key set to undefined is removed from the environment. `preload`: modules
 * imported before the server (the two-instance test's task-run recorder).
 */
export async function spawnServer(dataDir: string, env: Record<string, string | undefined> = {}, preload: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    ...env,
  };
  delete merged.DATABASE_URL;
  if (env.DATABASE_URL) merged.DATABASE_URL = env.DATABASE_URL;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  if (!merged.DATABASE_URL) seedDataFolder(dataDir);
  const child = spawn(process.execPath, serverArgs(preload), { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => started.delete(child));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until it answers /api/health; throws with its output if it exits first. */
export async function waitUp(server: ServerProcess): Promise<void> {
  // A fresh embedded database runs every migration first: a minute or more on a busy machine.
  for (let i = 0; i < 720; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    if (await fetch(`${server.base}/api/health`).then((res) => res.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

/** Sends the signal (unless it already exited) and resolves with the exit code. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** Kills whatever a test file left running (call from afterAll). */
export function killStartedServers(): void {
  for (const child of started) child.kill('SIGKILL');
  started.clear();
}

/** A JSON call with an optional session cookie; returns the status, the body and the session cookie set. */
export async function call(base: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().find((value) => value.startsWith('hs_session='));
  return { status: res.status, body: res.status === 204 ? null : await res.json(), cookie: setCookie?.split(';')[0] };
}

/**
 * The test file's own data folder (a fresh temporary one, named from `prefix`), made before its tests; after them
 * every server the file started is killed and the folder removed. Returns a getter: the folder exists while they run.
 */
export function useServerDataDir(prefix: string): () => string {
  let dataDir: string | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => {
    killStartedServers();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!dataDir) throw new Error('useServerDataDir: the folder exists only while the file\'s tests run');
    return dataDir;
  };
}

/** Confirms the signed-in account's email from the link the test server sent it (GET /api/test/my-mail, record 027). */
export async function verifyEmailFromMail(base: string, cookie: string): Promise<void> {
  const mail = await call(base, 'GET', '/api/test/my-mail', undefined, cookie);
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.body.mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail: ${JSON.stringify(mail.body)}`);
  const verified = await call(base, 'POST', '/api/account/verify-email', { token });
  if (verified.status !== 204) throw new Error(`verify-email: ${verified.status}`);
}
