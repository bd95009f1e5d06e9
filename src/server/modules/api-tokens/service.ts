import crypto from 'node:crypto';
import type { SessionUser } from '@shared/contracts/auth';
import {
  API_ACCESS_TIERS, API_TOKEN_PREFIX, MAX_LIVE_API_TOKENS,
  type ApiToken, type ApiTokenList, type ApiTokenScope, type CreatedApiToken, type createApiTokenBody,
} from '@shared/contracts/api-tokens';
import type { z } from 'zod';
import type { AppContext } from '@server/lib/context';
import { conflict, notFound } from '@server/lib/errors';
import { hashToken } from '@server/lib/auth';
import { isoInstant } from '@server/db/rows';
import { planFeatureRefusal } from '@server/lib/entitlements';
import * as repo from './repository';

type Business = SessionUser & { businessId: number };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the plan the account has now (a running trial included) has "API access" (decision record 043). */
export function hasApiAccess(user: Pick<SessionUser, 'userType' | 'subscriptionTier'>): boolean {
  return user.userType === 'business' && API_ACCESS_TIERS.includes(user.subscriptionTier);
}

/**
 * `hs_live_` and 32 random bytes in base64url (43 characters, 256 bits): too many to guess, so one SHA-256 of it is
 * a safe thing to store (no salt or slow hash needed, unlike a password chosen by a person; record 043).
 */
export function newApiToken(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6), hash: hashToken(secret) };
}

function present(row: repo.ApiTokenRow, now: Date): ApiToken {
  const status = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    tokenPrefix: row.tokenPrefix,
    scopes: row.scopes as ApiTokenScope[],
    status,
    expiresAt: isoInstant(row.expiresAt),
    lastUsedAt: row.lastUsedAt ? isoInstant(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? isoInstant(row.revokedAt) : null,
    createdAt: isoInstant(row.createdAt),
  };
}

/** Listed on any plan: a downgraded business still sees its (refused) tokens and can revoke them. */
export async function list(ctx: AppContext, user: Business, now = new Date()): Promise<ApiTokenList> {
  const rows = await repo.listTokens(ctx.db, user.businessId);
  return { apiAccess: hasApiAccess(user), tokens: rows.map((row) => present(row, now)) };
}

export async function create(ctx: AppContext, user: Business, body: z.output<typeof createApiTokenBody>, now = new Date()): Promise<CreatedApiToken> {
  if (!hasApiAccess(user)) throw planFeatureRefusal(user, 'apiAccess', (plan) => `Your ${plan} plan does not include API access. It comes with the Enterprise plan.`);
  const token = newApiToken();
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockApiTokens(tx, user.businessId);
    if ((await repo.countLiveTokens(tx, user.businessId, now)) >= MAX_LIVE_API_TOKENS) {
      throw conflict(`A business holds at most ${MAX_LIVE_API_TOKENS} live API tokens. Revoke one you no longer use first.`);
    }
    return repo.insertToken(tx, {
      businessId: user.businessId,
      userId: user.id,
      name: body.name,
      tokenPrefix: token.prefix,
      tokenHash: token.hash,
      scopes: body.scopes,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
      now,
    });
  });
  return { token: present(row, now), secret: token.secret };
}

/** Revoking twice is fine (the first time is kept); another business's token is a 404 like one that never existed. */
export async function revoke(ctx: AppContext, user: Business, id: number, now = new Date()): Promise<void> {
  if (!(await repo.revokeToken(ctx.db, user.businessId, id, now))) throw notFound('API token');
}
