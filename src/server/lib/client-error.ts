import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@shared/contracts/common';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a raw non-ASCII byte in the path, an address or
 * headers past the size limit, a request that never finishes), answered in the app's error shape
 * `{ error: { code, message } }` instead of Fastify's default one (issue 42, decision record 011). Installed as
 * Fastify's `clientErrorHandler`, so `this` is the Fastify instance.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer (as Fastify's own handler does).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = refusal(error.code);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

function refusal(nodeCode: string | undefined): [number, ErrorCode, string] {
  if (nodeCode === 'HPE_HEADER_OVERFLOW') return [431, 'PAYLOAD_TOO_LARGE', 'The address or the request headers are too large'];
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'VALIDATION', 'The request took too long to arrive'];
  return [400, 'VALIDATION', 'The request is malformed'];
}
