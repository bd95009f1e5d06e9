// The project runs on the Node of the `node` package in node_modules (decision record 022); npm scripts find it
// first on PATH. A script started by hand with another Node (`node scripts/e2e.mjs` with the system's Node 20)
// runs itself again under the project's Node, so the script and every child it starts use that same Node.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const binDir = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const projectNode = path.join(binDir, 'node');

/**
 * `await` first thing in a script's body with its import.meta.url. Resolves at once on the project's Node;
 * otherwise never resolves: this process only waits for the re-run and exits with its code.
 */
export function useProjectNode(scriptUrl) {
  const isEntryPoint = path.resolve(process.argv[1] ?? '') === fileURLToPath(scriptUrl);
  // Missing when installed with --ignore-scripts: stay on this Node rather than fail.
  if (!isEntryPoint || !fs.existsSync(projectNode)) return Promise.resolve();
  if (fs.realpathSync(projectNode) === fs.realpathSync(process.execPath)) return Promise.resolve();
  const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(projectNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  // Pass a stop request on (kill <pid>, a CI timeout), so the re-run never outlives this process.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
  return new Promise(() => {});
}
