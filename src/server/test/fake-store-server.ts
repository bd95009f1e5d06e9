import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the three fake store admins (fake-shopify-admin.ts, fake-woocommerce.ts, fake-bigcommerce-catalog.ts) share:
 * a local HTTP server that reads JSON, logs every call, and can be told to misbehave the way real stores and
 * networks do: answer 503 (or another status) to the next N calls, or carry out the next matching write and then
 * drop the connection without answering, so a test can show that a retry finds what the first call made.
 */

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: unknown; rawBody: string };
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
/** `label` names the call in `calls` (a route or a GraphQL root field list). */
export type FakeHandler = (request: FakeRequest) => { label: string; answer: FakeAnswer } | Promise<{ label: string; answer: FakeAnswer }>;

export type FakeStoreServer = {
  url: string;
  /** Every call in order, by label: `POST /orders`, `draftOrderCreate`. */
  calls: string[];
  /** The next `times` calls are answered `status` (503 by default) before the handler runs: nothing is written. */
  failNext(times: number, status?: number, body?: unknown): void;
  /** The next call whose label matches is carried out (written), then its connection is dropped unanswered. */
  dropAfterCommit(label: string | RegExp): void;
  close(): Promise<void>;
};

export async function startFakeStoreServer(handler: FakeHandler): Promise<FakeStoreServer> {
  const calls: string[] = [];
  let failures: { times: number; status: number; body: unknown } = { times: 0, status: 503, body: null };
  let drop: string | RegExp | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const send = (answer: FakeAnswer) => {
          const payload = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
          res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...(answer.headers ?? {}) });
          res.end(payload);
        };
        if (failures.times > 0) {
          failures.times--;
          calls.push(`${failures.status} ${req.method} ${req.url}`);
          return send({ status: failures.status, body: failures.body ?? { errors: 'Service Unavailable' } });
        }
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        if (rawBody) {
          try {
            body = JSON.parse(rawBody);
          } catch {
            body = undefined;
          }
        }
        const url = new URL(req.url ?? '/', 'http://fake.invalid');
        const { label, answer } = await handler({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, rawBody });
        calls.push(label);
        if (drop !== null && (typeof drop === 'string' ? label === drop : drop.test(label))) {
          drop = null;
          // Written, never answered: the client sees a reset connection.
          req.socket.destroy();
          return;
        }
        send(answer);
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ fakeError: String(error) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext(times, status = 503, body) {
      failures = { times, status, body: body ?? null };
    },
    dropAfterCommit(label) {
      drop = label;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fake's first state: the defaults, with each value the test gave (one given as undefined keeps its default). */
export function startingState<S extends object>(defaults: S, given: Partial<S>): S {
  const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<S>;
  return { ...defaults, ...set };
}

/** A Basic authorization header's pair, or null. */
export function basicPair(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
