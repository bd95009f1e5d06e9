import type { SessionUser } from '@shared/contracts/auth';
import type { z } from 'zod';
import type { createDiscountCodeBody, DiscountCode, ProStaffOption, updateDiscountCodeBody } from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import { withDb } from '@server/lib/transaction';
import { assertWithinLimit } from '@server/lib/entitlements';
import { AppError, conflict, forbidden, notFound } from '@server/lib/errors';
import { liveCommissionRateBps } from '@server/modules/agreements/service';
import { tierTermsOf } from '@server/modules/gear/read-service';
import * as repo from './repository';
import { normaliseCode } from './store-service';
import { toDiscountCodeDto, toHundredths } from './mappers';
import { updateSquareDiscountTerms } from './square/catalog-service';
import { StoreRefusal, StoreUnavailable } from '@server/modules/gear/stores/types';

type BusinessUser = SessionUser & { businessId: number };
type CreateInput = z.output<typeof createDiscountCodeBody>;
type UpdateInput = z.output<typeof updateDiscountCodeBody>;

export function assertOwnBusiness(user: BusinessUser, businessId: number): void {
  if (user.businessId !== businessId) throw forbidden('You can only see your own business');
}

export async function listCodes(ctx: AppContext, user: BusinessUser): Promise<DiscountCode[]> {
  const rows = await repo.listCodes(ctx.db, user.businessId);
  return rows.map(toDiscountCodeDto);
}

/** Room in the plan for one more active code (creating, activating, or rotating an inactive code into an active one). */
export async function assertCanActivate(ctx: AppContext, user: BusinessUser): Promise<void> {
  assertWithinLimit(user, 'discountCodes', await repo.countActiveCodes(ctx.db, user.businessId));
}

async function checkOwner(ctx: AppContext, proStaffId: number | null | undefined, commissionRate: number | undefined): Promise<void> {
  if (proStaffId && !(await repo.proStaffExists(ctx.db, proStaffId))) {
    throw new AppError('VALIDATION', 'proStaffId: That pro staff member does not exist', [{ path: 'proStaffId', message: 'That pro staff member does not exist' }]);
  }
  if (!proStaffId && commissionRate) {
    throw new AppError('VALIDATION', 'commissionRate: Choose the pro staff member who earns the commission', [
      { path: 'commissionRate', message: 'Choose the pro staff member who earns the commission' },
    ]);
  }
}

function assertFutureExpiry(expiresAt: string | null | undefined): void {
  if (expiresAt && new Date(expiresAt).getTime() <= Date.now()) {
    throw new AppError('VALIDATION', 'expiresAt: The expiry must be in the future', [{ path: 'expiresAt', message: 'The expiry must be in the future' }]);
  }
}

async function dtoFor(ctx: AppContext, businessId: number, id: number): Promise<DiscountCode> {
  const [row] = await repo.listCodes(ctx.db, businessId, id);
  return toDiscountCodeDto(row);
}

// Count-then-write under a per-business lock so parallel requests cannot pass the plan limit together (decision record 018).
export function createCode(ctx: AppContext, user: BusinessUser, input: CreateInput): Promise<DiscountCode> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCodes(tx, user.businessId);
    return createCodeLocked(withDb(ctx, tx), user, input);
  });
}

async function createCodeLocked(ctx: AppContext, user: BusinessUser, input: CreateInput): Promise<DiscountCode> {
  const isActive = input.isActive ?? true;
  // A plan without codes cannot even store inactive ones; otherwise only active codes use the allowance.
  if (isActive) await assertCanActivate(ctx, user);
  else assertWithinLimit(user, 'discountCodes', 0);
  await checkOwner(ctx, input.proStaffId, input.commissionRate);
  assertFutureExpiry(input.expiresAt);
  const code = normaliseCode(input.code);
  const commissionRateBps = !input.proStaffId
    ? 0
    : input.commissionRate !== undefined
      ? toHundredths(input.commissionRate)
      // Not given: a rostered staffer's code earns their program tier's rate (record 038), else their live agreement's (028).
      : ((await tierTermsOf(ctx.db, user.businessId, input.proStaffId))?.commissionRateBps ?? (await liveCommissionRateBps(ctx, user.businessId, input.proStaffId)) ?? 0);
  const row = await repo.insertCode(ctx.db, {
    businessId: user.businessId,
    code,
    description: input.description,
    discountType: input.discountType,
    discountValueHundredths: toHundredths(input.discountValue),
    platform: input.platform,
    proStaffId: input.proStaffId ?? null,
    commissionRateBps,
    webhookUrl: input.webhookUrl,
    isActive,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  if (!row) throw conflict(`You already have a discount code ${code}`);
  return dtoFor(ctx, user.businessId, row.id);
}

export function updateCode(ctx: AppContext, user: BusinessUser, id: number, input: UpdateInput): Promise<DiscountCode> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCodes(tx, user.businessId);
    return updateCodeLocked(withDb(ctx, tx), user, id, input);
  });
}

async function updateCodeLocked(ctx: AppContext, user: BusinessUser, id: number, input: UpdateInput): Promise<DiscountCode> {
  const existing = await repo.getCode(ctx.db, id);
  if (!existing) throw notFound('Discount code');
  if (existing.businessId !== user.businessId) throw forbidden('This discount code belongs to another business');
  if (input.isActive === true && !existing.isActive) await assertCanActivate(ctx, user);
  const discountType = input.discountType ?? existing.discountType;
  const discountValue = input.discountValue ?? existing.discountValueHundredths / 100;
  if (discountType === 'percentage' && discountValue > 100) {
    throw new AppError('VALIDATION', 'discountValue: A percentage discount cannot exceed 100', [{ path: 'discountValue', message: 'A percentage discount cannot exceed 100' }]);
  }
  const proStaffId = input.proStaffId === undefined ? existing.proStaffId : input.proStaffId;
  const commissionRate = input.commissionRate ?? (input.proStaffId === null ? 0 : existing.commissionRateBps / 100);
  await checkOwner(ctx, proStaffId, commissionRate);
  if (input.expiresAt !== undefined) assertFutureExpiry(input.expiresAt);
  const code = input.code === undefined ? undefined : normaliseCode(input.code);
  if (code && code !== existing.code && (await repo.findCode(ctx.db, user.businessId, code))) throw conflict(`You already have a discount code ${code}`);
  await repo.updateCode(ctx.db, id, {
    code,
    description: input.description,
    discountType: input.discountType,
    discountValueHundredths: input.discountValue === undefined ? undefined : toHundredths(input.discountValue),
    platform: input.platform,
    proStaffId,
    commissionRateBps: proStaffId ? toHundredths(commissionRate) : 0,
    webhookUrl: input.webhookUrl === undefined ? undefined : input.webhookUrl,
    isActive: input.isActive,
    expiresAt: input.expiresAt === undefined ? undefined : input.expiresAt ? new Date(input.expiresAt) : null,
  });
  const termsChanged = (code !== undefined && code !== existing.code)
    || (input.discountType !== undefined && input.discountType !== existing.discountType)
    || (input.discountValue !== undefined && toHundredths(input.discountValue) !== existing.discountValueHundredths);
  if (termsChanged) await followInSquare(ctx, (await repo.getCode(ctx.db, id))!);
  return dtoFor(ctx, user.businessId, id);
}

/**
 * The Square catalog discounts HuntStaff made for the code take its new name and discount (decision record 040), last
 * in the edit's transaction: Square refusing or unreachable rolls the edit back, so HuntStaff and the counter agree.
 */
async function followInSquare(ctx: AppContext, code: repo.CodeRow): Promise<void> {
  try {
    await updateSquareDiscountTerms(ctx, code);
  } catch (error) {
    if (error instanceof StoreUnavailable) throw new AppError('SERVICE_UNAVAILABLE', `Square could not be reached, so ${code.code} was not changed. Try again shortly.`, { platform: 'square' });
    if (error instanceof StoreRefusal) throw new AppError('CONFLICT', `Square refused the new terms, so nothing changed: ${error.message}`, { platform: 'square' });
    throw error;
  }
}

export async function proStaffOptions(ctx: AppContext): Promise<ProStaffOption[]> {
  return repo.listProStaffOptions(ctx.db);
}
