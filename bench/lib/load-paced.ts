import http from 'node:http';
import { nextRequest, summarize, type PhaseResult } from './load-runner';
import type { Scenario } from './load-workload';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * An open-loop run: requests start on a fixed schedule, `rate` a second evenly spaced, over a keep-alive
 * pool of `connections` sockets, whatever the answers do. (autocannon's own pacing sends each connection's
 * share of a second back to back on a one-second timer, so all connections burst together.) Latency counts
 * from the scheduled start, so time spent waiting for a free socket is included: a slow server cannot hide
 * the requests it delays (no coordinated omission).
 */
export async function runPacedPhase(options: { label: string; url: string; connections: number; duration: number; rate: number; scenarios: Scenario[] }): Promise<PhaseResult> {
  const { scenarios, rate } = options;
  const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
  const stats = scenarios.map(() => ({ latencies: [] as number[], non2xx: 0 }));
  const all: number[] = [];
  const samples: string[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const inFlight = new Set<Promise<void>>();

  const send = (scheduledAt: number) => {
    const { index, params } = nextRequest(scenarios, totalWeight);
    const body = params.body === undefined ? undefined : Buffer.from(params.body);
    const headers = { ...params.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const done = new Promise<void>((resolve) => {
      let timedOut = false;
      const request = http.request(
        { host: target.hostname, port: target.port, agent, method: params.method ?? 'GET', path: params.path, headers, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const milliseconds = performance.now() - scheduledAt;
            all.push(milliseconds);
            stats[index].latencies.push(milliseconds);
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              non2xx++;
              stats[index].non2xx++;
              if (samples.length < 8) samples.push(`${scenarios[index].name}: ${status} ${Buffer.concat(chunks).toString().slice(0, 160)}`);
            }
            resolve();
          });
        },
      );
      request.on('timeout', () => {
        timedOut = true;
        timeouts++;
        request.destroy();
      });
      request.on('error', () => {
        if (!timedOut) errors++;
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  const total = Math.round(rate * options.duration);
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      for (; sent < due; sent++) send(start + (sent * 1000) / rate);
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;

  return {
    label: options.label,
    seconds,
    responses: all.length,
    perSecond: all.length / seconds,
    latency: summarize(all),
    errors,
    timeouts,
    non2xx,
    scenarios: scenarios.map((s, i) => ({ name: s.name, write: s.write, responses: stats[i].latencies.length, non2xx: stats[i].non2xx, latency: summarize(stats[i].latencies) })),
    samples,
  };
}
