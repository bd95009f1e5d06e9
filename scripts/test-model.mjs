// The ledger's model-based test (decision record 036) with as many random sequences as asked:
//   npm run test:model -- --runs 20000            on PGlite
//   npm run test:model -- --runs 2000 --pg        on a throwaway PostgreSQL database (scripts/test-pg.mjs)
//   --seed N replays a run fast-check printed.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { useProjectNode } from './project-node.mjs';

await useProjectNode(import.meta.url);

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20000' }, pg: { type: 'boolean', default: false }, seed: { type: 'string' } } });
if (!/^\d+$/.test(values.runs) || Number(values.runs) < 1) {
  console.error('--runs takes a whole number of sequences, e.g. --runs 20000');
  process.exit(2);
}
const env = { ...process.env, MODEL_RUNS: values.runs, ...(values.seed === undefined ? {} : { MODEL_SEED: values.seed }) };
const file = 'src/server/modules/ledger/model.test.ts';
const [command, args] = values.pg ? [process.execPath, ['scripts/test-pg.mjs', file]] : ['npx', ['vitest', 'run', file]];
process.exit(spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1);
