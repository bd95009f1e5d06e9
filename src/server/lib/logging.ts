import type { FastifyServerOptions } from 'fastify';

/** Field names whose values never reach a log line, at any depth pino's redaction reaches (issue 17). */
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'token', 'apiKey', 'secret', 'authorization', 'cookie'];

/** The path of a request URL without its query string: query strings may carry secrets (issue 17). */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/**
 * Logger settings for the app. Request lines carry the method, the path without its query string and
 * the client address; never headers, bodies or query strings. Objects logged with secret field names
 * have them censored as a second line of defence.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req(request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: request.method, url: pathOnly(request.url), remoteAddress: request.ip ?? request.socket?.remoteAddress };
      },
    },
    redact: {
      paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
      censor: '[redacted]',
    },
  };
}
