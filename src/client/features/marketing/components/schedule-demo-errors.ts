import { ApiError } from '@client/lib/api';

/** The server's field errors (error.details: [{ path, message }]) keyed by field, for the demo form. */
export function showServerFieldErrorsInto(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string') out[issue.path] = issue.message;
  }
  return out;
}
