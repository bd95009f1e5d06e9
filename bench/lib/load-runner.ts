import autocannon, { type RequestParams } from 'autocannon';
import type { Scenario } from './load-workload';

export type Latency = { p50: number; p95: number; p99: number; max: number };

export type PhaseResult = {
  label: string;
  seconds: number;
  responses: number;
  perSecond: number;
  latency: Latency;
  /** Connection errors and timeouts, as autocannon counts them. */
  errors: number;
  timeouts: number;
  non2xx: number;
  scenarios: { name: string; write: boolean; responses: number; non2xx: number; latency: Latency }[];
  /** A few non-2xx answers, to say what went wrong. */
  samples: string[];
};

/** Requests built so far per scenario, kept across phases so writes never repeat (an application is made once). */
const built = new WeakMap<Scenario, number>();

export function summarize(values: number[]): Latency {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : 0 };
}

/** Picks a scenario at random by weight and builds its next request. */
export function nextRequest(scenarios: Scenario[], totalWeight: number): { index: number; params: RequestParams } {
  let roll = Math.random() * totalWeight;
  let index = 0;
  while (roll >= scenarios[index].weight && index < scenarios.length - 1) roll -= scenarios[index++].weight;
  const scenario = scenarios[index];
  const n = built.get(scenario) ?? 0;
  built.set(scenario, n + 1);
  return { index, params: scenario.build(n) };
}

/**
 * Runs `scenarios` with autocannon, every connection sending again as soon as it is answered (the most
 * the server can take): each request picks a scenario at random by weight. Latencies are recorded for
 * every response (autocannon's own histogram keeps 2xx only, and has no p95).
 */
export async function runPhase(options: { label: string; url: string; connections: number; duration: number; scenarios: Scenario[] }): Promise<PhaseResult> {
  const { scenarios } = options;
  const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
  const stats = scenarios.map(() => ({ latencies: [] as number[], non2xx: 0 }));
  const all: number[] = [];
  const samples: string[] = [];
  let answered = -1;

  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        setupRequest: (request, context) => {
          const { index, params } = nextRequest(scenarios, totalWeight);
          context.scenario = index;
          return { ...request, body: undefined, ...params } as RequestParams;
        },
        // Called just before autocannon's 'response' event for the same answer, which carries the latency.
        onResponse: (status, body, context) => {
          answered = context.scenario as number;
          if (status >= 200 && status < 300) return;
          stats[answered].non2xx++;
          if (samples.length < 8) samples.push(`${scenarios[answered].name}: ${status} ${body.slice(0, 160)}`);
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, milliseconds: number) => {
    all.push(milliseconds);
    if (answered >= 0) stats[answered].latencies.push(milliseconds);
    answered = -1;
  });
  const result = await instance;
  return {
    label: options.label,
    seconds: result.duration,
    responses: all.length,
    perSecond: all.length / result.duration,
    latency: summarize(all),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    scenarios: scenarios.map((s, i) => ({ name: s.name, write: s.write, responses: stats[i].latencies.length, non2xx: stats[i].non2xx, latency: summarize(stats[i].latencies) })),
    samples,
  };
}
