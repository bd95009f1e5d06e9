import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const userIdParam = z.object({ userId: z.coerce.number().int().positive() });

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
