// Connection-level failures: the database is down or restarting, not a bug in the request.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && CONNECTION_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Input the database itself refused (a number out of range, a malformed value, a duplicate, a missing
 * reference). Services should catch these first; this keeps any that slip through a 4xx, not a 500.
 */
export function databaseInputError(error: unknown): { code: 'VALIDATION' | 'CONFLICT'; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    // 22021/22P05: text the database cannot store (NUL, bad encoding) should have been refused at the edge already.
    if (code === '22003' || code === '22P02' || code === '22001' || code === '22007' || code === '22008' || code === '22021' || code === '22P05') {
      return { code: 'VALIDATION', message: 'A value in the request is out of range or malformed' };
    }
    if (code === '23505') return { code: 'CONFLICT', message: 'That already exists' };
    if (code === '23503') return { code: 'VALIDATION', message: 'The request refers to something that does not exist' };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
