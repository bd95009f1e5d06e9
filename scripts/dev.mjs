// Vite dev server on :5173 (proxying /api) plus the API on :5000 reloading on change.
import { spawn } from 'node:child_process';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

const apiPort = process.env.API_PORT ?? '5000';
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
