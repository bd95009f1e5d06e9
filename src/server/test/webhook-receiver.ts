import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A brand's receiver as the integration guide tells it to be written (tests only): it records what arrives and
 * verifies the `HuntStaff-Signature` header with its own implementation of the documented algorithm, not the
 * server's signing code.
 */
export type Received = { headers: http.IncomingHttpHeaders; body: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** Status codes to answer, in order; 200 once used up. */
  answers: number[];
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      if (status >= 300 && status < 400) response.setHeader('location', 'http://127.0.0.1:1/elsewhere');
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/huntstaff`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The documented check: split the header on commas into `t` and each `v1`; refuse a `t` more than `toleranceSeconds`
 * from now; accept when any `v1` equals hex HMAC-SHA256(secret, `${t}.${rawBody}`), compared in constant time.
 */
export function verifySignature(header: string | undefined, rawBody: string, secret: string, toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  let timestamp: string | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const [key, value] = [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    if (key === 't') timestamp = value;
    else if (key === 'v1') candidates.push(value);
  }
  if (timestamp === null || !/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'), 'utf8');
  return candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'utf8');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
