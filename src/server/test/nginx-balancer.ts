import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process';

/**
 * nginx from Debian's packages in front of app instances, for the two-instance test and bench:load (decision record
 * 026): the configuration shipped in deploy/nginx.conf, with its upstream servers and listen address swapped for the
 * local ones, run as a child process (`daemon off`) with its pid file, logs and temp folders in a temp folder.
 * The test wrapper adds an `X-Upstream` answer header (which instance served) and an access log of upstream
 * addresses; the shipped configuration is otherwise used as it is.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEPLOY_NGINX_CONF = path.join(root, 'deploy/nginx.conf');

/** nginx's path (installing Debian's package when missing and possible: scripts/ensure-nginx.mjs), or why there is none. */
export function findNginx(): { path: string } | { missing: string } {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-nginx.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status === 0) return { path: run.stdout.trim() };
  return { missing: run.stderr.trim().split('\n').at(-1) || `scripts/ensure-nginx.mjs exited with ${run.status}` };
}

/** deploy/nginx.conf with `backends` (http://host:port) as its upstream servers and listening on 127.0.0.1:`port`. */
export function templateDeployConfig(backends: string[], port: number, text = fs.readFileSync(DEPLOY_NGINX_CONF, 'utf8')): string {
  const upstream = /(upstream huntstaff \{\n)((?:\s*server [^;]+;\n)+)/;
  if (!upstream.test(text) || !/\blisten 8080;/.test(text)) throw new Error(`${DEPLOY_NGINX_CONF} no longer has the "upstream huntstaff { server …; }" and "listen 8080;" this test swaps`);
  const servers = backends.map((backend) => `  server ${new URL(backend).host};\n`).join('');
  return text.replace(upstream, `$1${servers}`).replace(/\blisten 8080;/, `listen 127.0.0.1:${port};`);
}

function mainConfig(dir: string, siteFile: string): string {
  // Root (a CI container) must hand the workers to an unprivileged user; anyone else runs them as themselves.
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '';
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `${user}daemon off;
worker_processes 1;
worker_shutdown_timeout 2s;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  log_format upstreams '$upstream_addr $status "$request_method $uri"';
  access_log ${path.join(dir, 'access.log')} upstreams;
  add_header X-Upstream $upstream_addr always;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${siteFile};
}
`;
}

export class NginxBalancer {
  private constructor(
    readonly url: string,
    private readonly dir: string,
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    readonly output: () => string,
  ) {}

  /** Starts nginx over `backends` on a free port and waits until it answers. */
  static async start(nginx: string, backends: string[]): Promise<NginxBalancer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-nginx-'));
    // The workers (nobody, under root) create and write the temp folders inside it.
    fs.chmodSync(dir, 0o755);
    const port = await freePort();
    const siteFile = path.join(dir, 'huntstaff.conf');
    fs.writeFileSync(siteFile, templateDeployConfig(backends, port));
    const configFile = path.join(dir, 'nginx.conf');
    fs.writeFileSync(configFile, mainConfig(dir, siteFile));
    const child = spawn(nginx, ['-e', path.join(dir, 'error.log'), '-c', configFile, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const balancer = new NginxBalancer(`http://127.0.0.1:${port}`, dir, child, exited, () => output + readOr(path.join(dir, 'error.log')));
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) break;
      if (await fetch(`${balancer.url}/api/health`).then((res) => res.ok, () => false)) return balancer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await balancer.close();
    throw new Error(`nginx did not start: ${balancer.output()}`);
  }

  /** The upstream (host:port) that served each request so far, in order (nginx's access log). */
  upstreams(): string[] {
    return readOr(path.join(this.dir, 'access.log')).split('\n').filter(Boolean).map((line) => line.split(' ')[0]);
  }

  async close(): Promise<void> {
    // SIGQUIT: nginx's graceful stop (open SSE streams are closed by their clients first).
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGQUIT');
    const stopped = await Promise.race([this.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
    if (!stopped) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
