import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on routes that answer servers, never a browser (store webhooks): no security headers there. */
    securityHeaders?: false;
  }
}

/**
 * The headers helmet's middleware sets for `options`, worked out once. Our policy has no per-request part (no CSP
 * nonces, no directive functions), so every answer gets the same headers; @fastify/helmet rebuilt helmet's
 * middleware, parsing every CSP directive again, on each request (a twentieth of a directory request's time).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets helmet's headers on every answer, except on routes whose config says `securityHeaders: false`. */
export function useSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
    done();
  });
}
