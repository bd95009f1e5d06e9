import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Text the app refuses at the edge (decision record 018): NUL and the other C0 control characters except tab, line
 * feed and carriage return, DEL, and UTF-16 surrogates that are not part of a pair. PostgreSQL cannot store NUL in
 * text and a lone surrogate is not valid UTF-8, so letting them through gave 500s deep in the services.
 */
// eslint-disable-next-line no-control-regex
const INVALID_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasInvalidText(text: string): boolean {
  return INVALID_TEXT.test(text);
}

/** Path (e.g. `body.items.0.title`) of the first string or key holding invalid text, or null. Buffers are not text. */
export function findInvalidText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasInvalidText(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}.${key}`;
    if (hasInvalidText(key)) return childPath;
    const found = findInvalidText(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** One hook for every route: path parameters, query string and parsed JSON body. Raw (Buffer) bodies such as signed webhooks are left to their routes. */
export function refuseInvalidText(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one would cost a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findInvalidText(request.params, 'params') ?? findInvalidText(request.query, 'query') ?? findInvalidText(request.body, 'body');
    if (!found) return done();
    done(
      new AppError('VALIDATION', 'The request contains characters that are not allowed (NUL, control characters or invalid Unicode)', [
        { path: found.split('.').slice(1).join('.'), message: 'Contains a character that is not allowed' },
      ]),
    );
  });
}
