import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, RefusedDestination, resolveAllowed, type AddressPolicy } from './ssrf';

/** Whole attempt, connection to last byte read. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Most of an answer we read: receivers are told to answer quickly with a small body; the rest is not waited for. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export type SendOutcome = { responseStatus: number | null; durationMs: number; error: string | null };
export type SendOptions = AddressPolicy & { requireHttps: boolean; timeoutMs?: number };

/**
 * One POST to a brand's endpoint: the host resolved and checked first and the connection pinned to that address
 * (ssrf.ts), no redirect followed (a 3xx is a failed attempt), a timeout over the whole attempt and at most
 * MAX_RESPONSE_BYTES read. Never throws: the outcome says what happened, in words fit for the brand's delivery log.
 */
export async function sendWebhook(target: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const done = (responseStatus: number | null, error: string | null): SendOutcome => ({ responseStatus, durationMs: Math.round(performance.now() - started), error });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return done(null, 'The endpoint URL is not valid');
  }
  if (url.protocol !== 'https:' && (options.requireHttps || url.protocol !== 'http:')) return done(null, 'The endpoint URL must use https');
  let resolved;
  try {
    resolved = await resolveAllowed(url.hostname, options);
  } catch (error) {
    return done(null, error instanceof RefusedDestination ? error.message : 'The host could not be resolved');
  }
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(status, error));
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(resolved) as never,
      // No connection reuse: each attempt resolves and pins afresh.
      agent: false,
    });
    const timer = setTimeout(() => finish(null, `No answer within ${timeoutMs / 1000} s`), timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? null;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) finish(status, status !== null && status >= 200 && status < 300 ? null : `The endpoint answered ${status}`);
      });
      response.on('end', () => {
        if (status !== null && status >= 200 && status < 300) finish(status, null);
        else if (status !== null && status >= 300 && status < 400) finish(status, `The endpoint answered ${status}; redirects are not followed`);
        else finish(status, `The endpoint answered ${status}`);
      });
      response.on('error', () => finish(status, 'The connection broke while reading the answer'));
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(null, `Could not connect (${error.code ?? 'network error'})`));
    request.end(body);
  });
}
