import { z } from 'zod';

/** A database id: a positive 32-bit integer (PostgreSQL serial). */
export const dbId = z.coerce.number().int().positive().max(2_147_483_647);

export const idParam = z.object({ id: dbId });
export const userIdParam = z.object({ userId: dbId });

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const errorCodes = [
  'VALIDATION', 'UNAUTHENTICATED', 'PLAN_LIMIT', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT',
  'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
