// Makes sure Debian's Chromium is there for the browser suite (never a browser download of Playwright's own).
// Missing, and we are root on a machine with apt-get: install the chromium package, as .ci/run always did.
// Otherwise stop with a clear message saying how to get it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureChromium(chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
  if (fs.existsSync(chromium)) return chromium;
  const canInstall = chromium === '/usr/bin/chromium' && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log("Chromium missing: installing Debian's chromium package (apt-get)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install && install.status === 0 && fs.existsSync(chromium)) return chromium;
  }
  const banner = '!'.repeat(78);
  console.error(
    `\n${banner}\n  NO BROWSER: Chromium was not found at ${chromium}${canInstall ? ' and apt-get could not install it' : ''}.\n` +
      `  The end-to-end suite cannot run. Install it with:  apt-get install -y chromium\n` +
      `  or point CHROMIUM_PATH at a Chromium binary.\n${banner}\n`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
