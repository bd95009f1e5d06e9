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
