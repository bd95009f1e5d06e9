import { z } from 'zod';

/**
 * Enterprise API tokens (decision record 043). Each scope opens a small, named set of existing routes to tokens;
 * a route opens itself with `access(level, { token: '<scope>' })` beside its access rule.
 */
export const apiTokenScopes = ['roster:read', 'commissions:read', 'payouts:read', 'codes:read', 'codes:write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  'roster:read': 'Read the roster (agreements and their history)',
  'commissions:read': 'Read commissions, statements and yearly totals',
  'payouts:read': 'Read payouts and payout statements',
  'codes:read': 'Read discount codes',
  'codes:write': 'Create and edit discount codes',
};

/** The plans whose "API access" (src/shared/plans.ts) these tokens are; `api-tokens.test.ts` keeps the two in step. */
export const API_ACCESS_TIERS: readonly string[] = ['enterprise'];

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs, support). */
export const API_TOKEN_PREFIX = 'hs_live_';
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Live (neither revoked nor expired) tokens a business may hold at once. */
export const MAX_LIVE_API_TOKENS = 20;

// eslint-disable-next-line no-control-regex
const noControl = (text: string) => !/[\u0000-\u001f\u007f]/.test(text);

export const createApiTokenBody = z.object({
  name: z.string({ error: 'Name the token' }).trim().min(1, 'Name the token').max(80, 'Keep the name under 80 characters').refine(noControl, 'The name has characters we cannot store'),
  scopes: z
    .array(z.enum(apiTokenScopes, { error: `Scopes are ${apiTokenScopes.join(', ')}` }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(apiTokenScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  expiresInDays: z
    .number({ error: `Days until it expires: 1 to ${API_TOKEN_MAX_DAYS}` })
    .int(`Days until it expires: 1 to ${API_TOKEN_MAX_DAYS}`)
    .min(1, `Days until it expires: 1 to ${API_TOKEN_MAX_DAYS}`)
    .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days`)
    .default(API_TOKEN_DEFAULT_DAYS),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenStatuses = ['active', 'expired', 'revoked'] as const;

export const apiToken = z.object({
  id: z.number(),
  name: z.string(),
  /** `hs_live_` and the first six characters: enough to recognise a token, never the token. */
  tokenPrefix: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  status: z.enum(apiTokenStatuses),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenList = z.object({
  /** Whether the business's plan includes API access now; tokens of a plan without it are refused (403) but listed and revocable. */
  apiAccess: z.boolean(),
  tokens: z.array(apiToken),
});
export type ApiTokenList = z.infer<typeof apiTokenList>;

export const createdApiToken = z.object({
  token: apiToken,
  /** The whole token, this once: only its hash is kept. */
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;
