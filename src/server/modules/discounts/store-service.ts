import { ALL_PLATFORMS, platformTypeLabels, type ValidateCodeResponse } from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import { hashToken } from '@server/lib/auth';
import { AppError, forbidden } from '@server/lib/errors';
import { rateLimited } from '@server/lib/rate-limits/limiter';
import * as repo from './repository';
import { fromHundredths } from './mappers';

export type StorePlatform = repo.PlatformRow;

export type KeyKind = 'publishable' | 'secret';

/** The platform behind an X-Api-Key header and which of its two keys it is, or 401/403/429. */
export async function authenticateApiKey(ctx: AppContext, apiKey: string | undefined, ip: string): Promise<{ platform: StorePlatform; kind: KeyKind }> {
  // Per key: generous for a busy storefront. Per address: failed keys only, to make guessing pointless. Read first
  // and counted after the lookup on purpose (record 026): counting first would refuse a storefront's parallel valid
  // calls, and the keys are 192-bit random, so the few extra guesses a parallel burst gets are worth nothing.
  const { storeRequestsByKey, badStoreKeysByAddress } = ctx.rateLimits;
  const guessing = await badStoreKeysByAddress.blocked(ip);
  if (guessing.blocked) throw rateLimited('Too many requests with an invalid API key. Try again later.', guessing.retryAfterSeconds);
  if (!apiKey) {
    await badStoreKeysByAddress.hit(ip);
    throw new AppError('UNAUTHENTICATED', 'Send your store API key in the X-Api-Key header');
  }
  const found = await repo.findPlatformByKeyHash(ctx.db, hashToken(apiKey.trim()));
  const platform = found?.platform;
  if (!found || !platform) {
    await badStoreKeysByAddress.hit(ip);
    throw new AppError('UNAUTHENTICATED', 'The API key is not valid');
  }
  if (!platform.isActive) throw forbidden('This integration platform is inactive. Activate it on the Discount Codes page.');
  await storeRequestsByKey.consume(String(platform.id), () => 'Too many requests for this API key. Try again shortly.');
  return found;
}

/** The payload's businessId, when sent, must be the key's own business. */
export function assertBusinessMatches(platform: StorePlatform, businessId: number | string | undefined): void {
  if (businessId !== undefined && Number(businessId) !== platform.businessId) throw forbidden('This API key belongs to another business');
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

type InvalidReason = NonNullable<ValidateCodeResponse['reason']>;

/** Whether the code is meant for this store (by the store's name, type or type label; 'All platforms' fits any). */
export function platformMatches(code: repo.CodeRow, platform: StorePlatform | null): boolean {
  if (!platform || code.platform.toLowerCase() === ALL_PLATFORMS.toLowerCase()) return true;
  const wanted = code.platform.trim().toLowerCase();
  return [platform.name, platform.platformType, platformTypeLabels[platform.platformType]].some((name) => name.toLowerCase() === wanted);
}

/** Why a code cannot be used right now, or null when it can. */
export function invalidReason(code: repo.CodeRow | null, platform: StorePlatform | null, at = new Date()): InvalidReason | null {
  if (!code) return 'not_found';
  if (!code.isActive) return 'inactive';
  if (code.expiresAt && code.expiresAt.getTime() <= at.getTime()) return 'expired';
  if (!platformMatches(code, platform)) return 'wrong_platform';
  return null;
}

export async function validateCode(ctx: AppContext, platform: StorePlatform, rawCode: string): Promise<ValidateCodeResponse> {
  const codeText = normaliseCode(rawCode);
  const code = await repo.findCode(ctx.db, platform.businessId, codeText);
  const reason = invalidReason(code, platform);
  if (!code || reason === 'not_found') return { valid: false, code: codeText, discountType: null, discountValue: null, expiresAt: null, reason: 'not_found' };
  return {
    valid: reason === null,
    code: code.code,
    discountType: code.discountType,
    discountValue: fromHundredths(code.discountValueHundredths),
    expiresAt: code.expiresAt?.toISOString() ?? null,
    ...(reason ? { reason } : {}),
  };
}

export async function recordTrackingEvent(ctx: AppContext, values: repo.NewTrackingEvent): Promise<void> {
  await repo.insertTrackingEvent(ctx.db, values);
}

/** A client timestamp (ISO or epoch ms) within a sane window, else now. */
export function occurredAt(timestamp: string | number | undefined): Date {
  if (timestamp === undefined) return new Date();
  const date = new Date(timestamp);
  const now = Date.now();
  if (Number.isNaN(date.getTime()) || date.getTime() > now + 24 * 3600_000 || date.getTime() < now - 366 * 24 * 3600_000) return new Date();
  return date;
}
