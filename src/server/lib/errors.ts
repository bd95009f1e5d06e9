import type { ErrorCode } from '@shared/contracts/common';
import type { ZodError } from 'zod';

export const httpStatusByCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  TWO_FACTOR_REQUIRED: 403,
  API_TOKEN_NOT_ACCEPTED: 403,
  API_TOKEN_SCOPE: 403,
  API_TOKEN_PLAN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return httpStatusByCode[this.code];
  }
}

export type FieldIssue = { path: string; message: string };

export function zodDetails(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Seconds a RATE_LIMITED error asks the caller to wait (its `Retry-After`), or null for any other error. */
export function retryAfterOf(error: AppError): number | null {
  if (error.code !== 'RATE_LIMITED') return null;
  return (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? null;
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this resource') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
