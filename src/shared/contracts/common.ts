import { z } from 'zod';

const MAX_DB_ID = 2_147_483_647;

/**
 * A database id in a JSON body: a positive 32-bit integer (PostgreSQL serial) sent as a JSON number.
 * Never coerced: `true`, "12" or [12] are refused (issue 17: `toUserId: true` once messaged user 1).
 */
export const dbId = z.number().int().positive().max(MAX_DB_ID);

/**
 * A database id in a path or query string: plain decimal digits only ("1e0", "0x1", " 1" and "true" are refused).
 * A new instance per call: where one object holds two ids, the OpenAPI generator loses a branch of a shared instance.
 */
export const idInUrl = () => z.union([dbId, z.string().regex(/^[0-9]{1,10}$/, 'Expected an id').transform(Number).pipe(dbId)]);
export const dbIdParam = idInUrl();

export const idParam = z.object({ id: dbIdParam });
export const userIdParam = z.object({ userId: dbIdParam });
export const businessIdParam = z.object({ businessId: dbIdParam });
export const proStaffIdParam = z.object({ proStaffId: dbIdParam });
export const platformIdParam = z.object({ platformId: dbIdParam });

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
  // 403s that name what the account must do first (decision record 027).
  'EMAIL_NOT_VERIFIED', 'TWO_FACTOR_REQUIRED',
  // A link that worked once and has expired (an emailed export, decision record 027).
  'GONE',
  // An API token (decision record 043) sent to a route not opened to tokens, without the route's scope, or of a
  // business whose plan no longer includes API access.
  'API_TOKEN_NOT_ACCEPTED', 'API_TOKEN_SCOPE', 'API_TOKEN_PLAN',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The first and last UTC day a report filter may name (statements, reconciliation). */
export const FIRST_FILTER_DAY = '2000-01-01';
export const LAST_FILTER_DAY = '2099-12-31';

/**
 * A real calendar day (YYYY-MM-DD; 2026-02-30 is refused) within FIRST_FILTER_DAY…LAST_FILTER_DAY. Bounded because the
 * server adds a day to `to` and PostgreSQL then reads the result: `to=9999-12-31` once made year 10000 and a 500
 * (issue 42, decision record 011). A new instance per call, as `idInUrl`.
 */
export const filterDay = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24')
    // An impossible day (2026-13-01) is an invalid Date, whose toISOString throws: check the time first.
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, 'Use a real calendar date')
    .refine((value) => value >= FIRST_FILTER_DAY && value <= LAST_FILTER_DAY, `Use a date between ${FIRST_FILTER_DAY} and ${LAST_FILTER_DAY}`);

/** A reply with no body (204); documented as such in the OpenAPI document. */
export const noContent = z.null().describe('No content');
/** A reply that only says what happened, e.g. `{ message: 'If an account exists…' }`. */
export const messageReply = z.object({ message: z.string() });

/** When a row was created and last changed, as ISO 8601 timestamps. */
export const timestamps = {
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
};

/** An ISO 4217 currency code as a caller may type it ("usd"), upper-cased ("USD"). */
export const currencyCodeInput = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 currency code like USD')
  .transform((value) => value.toUpperCase());

/** Optional free text: trimmed, at most `max` characters; empty, null or missing all mean "not given" (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
