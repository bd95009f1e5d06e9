import { ALL_PLATFORMS, platformTypeLabels, type TrackUsageResponse, type ValidateCodeResponse } from '@shared/contracts/discounts';
import { centsToDecimalString } from '@shared/format';
import type { AppContext } from '../../lib/context';
import type { Database } from '../../db/client';
import { hashToken } from '../../lib/auth';
import { AppError, forbidden } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limit';
import * as repo from './repository';
import { commissionCents, fromHundredths } from './mappers';

// Per key: generous for a busy storefront. Per IP: failed keys, to make guessing pointless.
const keyLimiter = new RateLimiter(600, 60_000);
const badKeyLimiter = new RateLimiter(20, 60_000);

export function resetStoreApiThrottling(): void {
  keyLimiter.clear();
  badKeyLimiter.clear();
}

export type StorePlatform = repo.PlatformRow;

/** The platform behind an X-Api-Key header, or 401/403/429. */
export async function authenticateApiKey(ctx: AppContext, apiKey: string | undefined, ip: string): Promise<StorePlatform> {
  if (badKeyLimiter.isBlocked(ip)) {
    throw new AppError('RATE_LIMITED', 'Too many requests with an invalid API key. Try again later.', { retryAfterSeconds: badKeyLimiter.retryAfterSeconds(ip) });
  }
  if (!apiKey) {
    badKeyLimiter.hit(ip);
    throw new AppError('UNAUTHENTICATED', 'Send your store API key in the X-Api-Key header');
  }
  const platform = await repo.findPlatformByKeyHash(ctx.db, hashToken(apiKey.trim()));
  if (!platform) {
    badKeyLimiter.hit(ip);
    throw new AppError('UNAUTHENTICATED', 'The API key is not valid');
  }
  if (!platform.isActive) throw forbidden('This integration platform is inactive. Activate it on the Discount Codes page.');
  const key = String(platform.id);
  if (!keyLimiter.hit(key)) {
    throw new AppError('RATE_LIMITED', 'Too many requests for this API key. Try again shortly.', { retryAfterSeconds: keyLimiter.retryAfterSeconds(key) });
  }
  return platform;
}

/** The payload's businessId, when sent, must be the key's own business. */
export function assertBusinessMatches(platform: StorePlatform, businessId: number | string | undefined): void {
  if (businessId !== undefined && Number(businessId) !== platform.businessId) throw forbidden('This API key belongs to another business');
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

type InvalidReason = NonNullable<ValidateCodeResponse['reason']>;

function platformMatches(code: repo.CodeRow, platform: StorePlatform | null): boolean {
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

export type OrderInput = {
  businessId: number;
  platform: StorePlatform | null;
  source: repo.OrderRow['source'];
  orderId: string;
  code?: string | null;
  orderValueCents?: number | null;
  currency?: string | null;
  customerEmail?: string | null;
};

export type OrderResult = {
  duplicate: boolean;
  order: repo.OrderRow;
  commission: { id: number; proStaffId: number; amountCents: number; status: string } | null;
};

const reasonMessages: Record<InvalidReason, string> = {
  not_found: 'No discount code with that name exists for this business',
  inactive: 'This discount code is inactive',
  expired: 'This discount code has expired',
  wrong_platform: 'This discount code is not valid on this store',
};

/**
 * Records a store order once per (business, order id). When it used a valid code owned by a pro staffer,
 * a pending commission (order value x rate) is created in the same transaction, so exactly once per order.
 * With `strict`, an unusable code is refused and nothing is stored.
 */
export async function recordOrder(ctx: AppContext, input: OrderInput, options: { strict?: boolean } = {}): Promise<OrderResult> {
  const result = await recordOrderOnce(ctx, input, options);
  if (result.commission && !result.duplicate) await notifyProStaff(ctx, result.commission.proStaffId, 'commission.created', { commissionId: result.commission.id, status: 'pending' });
  return result;
}

/** Tells the pro staffer's open tabs, as the commissions module does; a failed push never fails the order. */
async function notifyProStaff(ctx: AppContext, proStaffId: number, type: string, data: Record<string, unknown>): Promise<void> {
  try {
    const userId = await repo.userIdOfProStaff(ctx.db, proStaffId);
    if (userId) await ctx.events.publish(userId, { type, data });
  } catch (error) {
    ctx.log.warn({ err: error, type }, 'event publish failed');
  }
}

async function recordOrderOnce(ctx: AppContext, input: OrderInput, options: { strict?: boolean }): Promise<OrderResult> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const codeText = input.code ? normaliseCode(input.code) : null;
    const code = codeText ? await repo.findCode(db, input.businessId, codeText) : null;
    const reason = codeText ? invalidReason(code, input.platform) : null;
    if (options.strict && reason) {
      // A retry of an order already recorded stays a harmless duplicate, even if the code has expired since.
      const existing = await repo.findOrder(db, input.businessId, input.orderId);
      if (existing?.discountCodeId) return { duplicate: true, order: existing, commission: await repo.findOrderCommission(db, input.businessId, input.orderId) };
      throw new AppError(reason === 'not_found' ? 'NOT_FOUND' : 'VALIDATION', reasonMessages[reason], { reason });
    }
    const usable = code && !reason ? code : null;
    const values = {
      discountCodeId: usable?.id ?? null,
      code: codeText,
      orderValueCents: input.orderValueCents ?? null,
      currency: input.currency ?? null,
      customerEmail: input.customerEmail || null,
    };
    const inserted = await repo.insertOrderIfNew(db, { businessId: input.businessId, platformId: input.platform?.id ?? null, orderId: input.orderId, source: input.source, ...values });
    let order = inserted;
    if (!order) {
      const existing = (await repo.findOrder(db, input.businessId, input.orderId))!;
      // The order was first seen without a code (thin webhook, order pixel): attribute it now, once.
      order = usable ? await repo.attachCodeToOrder(db, existing.id, { ...values, orderValueCents: values.orderValueCents ?? existing.orderValueCents }) : null;
      if (!order) return { duplicate: true, order: existing, commission: await repo.findOrderCommission(db, input.businessId, input.orderId) };
    }
    let commission: OrderResult['commission'] = null;
    if (usable?.proStaffId && usable.commissionRateBps > 0 && order.orderValueCents !== null) {
      commission = await repo.insertOrderCommission(db, {
        businessId: input.businessId,
        proStaffId: usable.proStaffId,
        amountCents: commissionCents(order.orderValueCents, usable.commissionRateBps),
        orderId: input.orderId,
        description: `Order ${input.orderId} with code ${usable.code} (${usable.commissionRateBps / 100}% of ${centsToDecimalString(order.orderValueCents)})`,
      });
      ctx.log.info({ businessId: input.businessId, orderId: input.orderId, commissionId: commission.id }, 'order commission created');
    }
    return { duplicate: false, order, commission };
  });
}

/** A refund or cancellation: remembers it (even before the order itself arrives) and voids a still-pending commission. */
export async function cancelOrder(
  ctx: AppContext,
  input: { businessId: number; platform: StorePlatform | null; source: repo.OrderRow['source']; orderId: string; status: 'cancelled' | 'refunded' },
): Promise<{ cancelledCommissions: number }> {
  const cancelled = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const inserted = await repo.insertOrderIfNew(db, {
      businessId: input.businessId, platformId: input.platform?.id ?? null, orderId: input.orderId, source: input.source, status: input.status,
    });
    if (!inserted) {
      const existing = (await repo.findOrder(db, input.businessId, input.orderId))!;
      if (existing.status !== input.status) await repo.setOrderStatus(db, existing.id, input.status);
    }
    return repo.cancelPendingOrderCommission(db, input.businessId, input.orderId);
  });
  for (const commission of cancelled) {
    await notifyProStaff(ctx, commission.proStaffId, 'commission.status_changed', { commissionId: commission.id, status: 'cancelled' });
  }
  return { cancelledCommissions: cancelled.length };
}

export function toTrackUsageResponse(result: OrderResult): TrackUsageResponse {
  return {
    orderId: result.order.orderId,
    code: result.order.code,
    orderValue: result.order.orderValueCents === null ? null : centsToDecimalString(result.order.orderValueCents),
    duplicate: result.duplicate,
    commission: result.commission
      ? { id: result.commission.id, proStaffId: result.commission.proStaffId, amount: centsToDecimalString(result.commission.amountCents), status: result.commission.status }
      : null,
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
