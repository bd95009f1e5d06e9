import os from 'node:os';
import type { Usage } from './load-process';
import type { PhaseResult } from './load-runner';

export const formatMs = (value: number) => value.toFixed(1);
const ms = formatMs;
const pct = (value: number) => (Number.isFinite(value) ? `${(100 * value).toFixed(0)}%` : '?');
const cells = (values: (string | number)[], widths: number[]) =>
  values.map((value, i) => (i === 0 ? String(value).padEnd(widths[i]) : String(value).padStart(widths[i]))).join(' ');

export function printPhases(phases: (PhaseResult & { usage: Usage })[]): void {
  const widths = [27, 6, 7, 7, 7, 7, 7, 6, 8, 7, 6, 7, 8, 7];
  const header = ['run', 'req/s', 'answers', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'timeouts', 'non-2xx', 'server', 'loadgen', 'postgres', 'others'];
  console.log(`\n${cells(header, widths)}`);
  for (const { label, perSecond, responses, latency, errors, timeouts, non2xx, usage } of phases) {
    const row = [label, perSecond.toFixed(0), responses, ms(latency.p50), ms(latency.p95), ms(latency.p99), ms(latency.max), errors, timeouts, non2xx];
    // Per-process and per-core counters do not add up exactly, so this can dip below zero: clamp it.
    const others = Math.max(0, usage.machine - usage.server - usage.loadgen - (Number.isFinite(usage.postgres) ? usage.postgres : 0));
    console.log(cells([...row, pct(usage.server), pct(usage.loadgen), pct(usage.postgres), pct(others)], widths));
  }
  console.log(`CPU as a share of one core (${os.cpus().length} cores in all): server process, load generator, the bench database's PostgreSQL backends, everything else on the machine`);
}

export function printScenarios(phase: PhaseResult): void {
  const widths = [28, 7, 9, 8, 8, 8, 8];
  console.log(`\n${phase.label}, by request type:`);
  console.log(cells(['request', 'share', 'answers', 'non-2xx', 'p50 ms', 'p95 ms', 'p99 ms'], widths));
  for (const s of phase.scenarios) {
    const share = `${((100 * s.responses) / Math.max(1, phase.responses)).toFixed(1)}%`;
    console.log(cells([s.name, share, s.responses, s.non2xx, ms(s.latency.p50), ms(s.latency.p95), ms(s.latency.p99)], widths));
  }
  if (phase.samples.length) console.log(`non-2xx answers, first ${phase.samples.length}:\n  ${phase.samples.join('\n  ')}`);
}
