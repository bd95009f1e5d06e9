// Makes sure Debian's nginx is there for the two-instance test and the two-instance run of bench:load, which put
// the configuration shipped in deploy/nginx.conf in front of two app processes (decision record 026).
// Missing, and we are root on a machine with apt-get: install the nginx-light package, as ensure-chromium.mjs does
// for the browser. Otherwise return null with the reason (the caller decides: fail in CI, skip with a message locally).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

const found = () => CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null;

/** The path of an nginx binary (NGINX_PATH, or Debian's), installing nginx-light first when we can; else `{ missing }`. */
export function ensureNginx() {
  if (process.env.NGINX_PATH) {
    return fs.existsSync(process.env.NGINX_PATH) ? { path: process.env.NGINX_PATH } : { missing: `NGINX_PATH=${process.env.NGINX_PATH} does not exist` };
  }
  const present = found();
  if (present) return { path: present };
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.error("nginx missing: installing Debian's nginx-light package (apt-get)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // The package's own service is never started here: the tests run nginx as a child process with their own config.
    const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], { stdio: ['ignore', 2, 2], env });
    if (install().status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 2, 2], env });
      install();
    }
    const installed = found();
    if (installed) return { path: installed };
  }
  return {
    missing:
      `nginx was not found (${CANDIDATES.join(', ')})${canInstall ? ' and apt-get could not install it' : ''}. ` +
      'Install it with:  apt-get install -y nginx-light   or point NGINX_PATH at an nginx binary.',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = ensureNginx();
  if (result.missing) {
    console.error(result.missing);
    process.exit(1);
  }
  console.log(result.path);
}
