/**
 * What an error log may carry (decision record 018): the kind of error, its SQLSTATE and constraint, the SQL text with
 * its placeholders and the stack frames. Never the SQL parameters, database messages or details (they quote the
 * values: `Key (email)=(…)`, `invalid input syntax for type integer: "…"`) nor anything else from the request.
 */
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  query?: string;
  stack?: string;
  cause?: LoggedError;
};

export function logSafeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-Error value thrown' };
  const e = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; query?: unknown; params?: unknown };
  const fromDatabase = typeof e.query === 'string' || 'params' in e || isSqlState(e.code) || typeof e.constraint === 'string';
  // JSON.parse's messages quote the text it was given.
  const quotesInput = fromDatabase || e instanceof SyntaxError;
  const message = quotesInput ? '(message withheld: it may quote request data)' : e.message;
  const logged: LoggedError = { type: e.name || e.constructor?.name || 'Error', message };
  if (typeof e.code === 'string') logged.code = e.code;
  if (typeof e.constraint === 'string') logged.constraint = e.constraint;
  if (typeof e.table === 'string') logged.table = e.table;
  if (typeof e.column === 'string') logged.column = e.column;
  if (typeof e.query === 'string') logged.query = e.query.slice(0, 2000);
  // The first line of a stack repeats the message; keep only the frames.
  if (e.stack) logged.stack = [`${logged.type}: ${message}`, ...e.stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  if (e.cause && depth < 4) logged.cause = logSafeError(e.cause, depth + 1);
  return logged;
}

function isSqlState(code: unknown): boolean {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
