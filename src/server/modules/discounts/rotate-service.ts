import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { RotateCodeResponse, rotateCodeBody } from '@shared/contracts/fraud';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { AppError, conflict, forbidden, notFound } from '@server/lib/errors';
import { withDb } from '@server/lib/transaction';
import { openStore } from '@server/modules/gear/store-access';
import { StoreRefusal, StoreUnavailable } from '@server/modules/gear/stores/types';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import * as repo from './repository';
import { assertCanActivate } from './codes-service';
import { normaliseCode, platformMatches } from './store-service';
import { rotateSquareDiscount } from './square/catalog-service';

/**
 * One-click rotation of a leaked code (issue 43, decision record 039). In one transaction, under the business's code
 * lock: the replacement row (same terms, commission rate, platform, expiry and staffer), the old row made inactive
 * and pointed at it (its orders, commissions and uses stay on it), the staffer's notification and email; the store
 * call comes last, so a store that refuses or cannot be reached rolls all of it back and nothing is half-rotated.
 * The lock makes parallel rotations of one code queue: the first rotates it, the others find it replaced (409).
 */

type BusinessUser = SessionUser & { businessId: number };
type RotateInput = z.output<typeof rotateCodeBody>;
type StoreOutcome = RotateCodeResponse['store'];

/** Suffix letters without look-alikes (0/O, 1/I/L, U/V): a staffer reads the code out loud. */
const SUFFIX_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const SUFFIX_LENGTH = 4;
/** BigCommerce takes codes of at most 50 characters: a generated code stays within it. */
const MAX_GENERATED_LENGTH = 50;

export async function rotateCode(ctx: AppContext, user: BusinessUser, id: number, input: RotateInput, now = new Date()): Promise<RotateCodeResponse> {
  const { response, told } = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessCodes(tx, user.businessId);
    return rotateLocked(withDb(ctx, tx), user, id, input, now);
  });
  await announceNotifications(ctx, told);
  return response;
}

async function rotateLocked(ctx: AppContext, user: BusinessUser, id: number, input: RotateInput, now: Date): Promise<{ response: RotateCodeResponse; told: number[] }> {
  const old = await repo.getCode(ctx.db, id);
  if (!old) throw notFound('Discount code');
  if (old.businessId !== user.businessId) throw forbidden('This discount code belongs to another business');
  if (old.replacedByCodeId) throw conflict(`${old.code} was already rotated`);
  // An inactive code's replacement is active: it needs room in the plan (an active one swaps one for one).
  if (!old.isActive) await assertCanActivate(ctx, user);
  const newCode = await replacementCode(ctx, user.businessId, old.code, input.newCode);
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, replacedByCodeId: _replaced, ...terms } = old;
  const created = await repo.insertCode(ctx.db, { ...terms, code: newCode, isActive: true });
  if (!created) throw conflict(`You already have a discount code ${newCode}`);
  await repo.updateCode(ctx.db, old.id, { isActive: false, replacedByCodeId: created.id });
  const told = await tellStaffer(ctx, old, newCode);
  const store = await rotateInStore(ctx, old, created.id, newCode, now);
  return { response: { oldCodeId: old.id, newCodeId: created.id, newCode, store }, told };
}

/** The body's code (upper-cased, like every code) or OLDCODE-2K7Q; unique in the business either way. */
async function replacementCode(ctx: AppContext, businessId: number, oldCode: string, wanted: string | undefined): Promise<string> {
  if (wanted) {
    const code = normaliseCode(wanted);
    if (await repo.findCode(ctx.db, businessId, code)) {
      throw new AppError('CONFLICT', `You already have a discount code ${code}`, [{ path: 'newCode', message: 'Choose a code you do not have yet' }]);
    }
    return code;
  }
  const base = oldCode.slice(0, MAX_GENERATED_LENGTH - SUFFIX_LENGTH - 1);
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix = Array.from({ length: SUFFIX_LENGTH }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]).join('');
    const code = `${base}-${suffix}`;
    if (!(await repo.findCode(ctx.db, businessId, code))) return code;
  }
  throw conflict('Could not find a free replacement code: give one');
}

/**
 * The first of the business's active stores the code is meant for whose admin API we hold credentials for. None:
 * HuntStaff rotates alone and the answer tells the business what to do in its store.
 */
async function rotateInStore(ctx: AppContext, old: repo.CodeRow, newCodeId: number, newCode: string, now: Date): Promise<StoreOutcome> {
  const platforms = (await repo.listPlatforms(ctx.db, old.businessId)).filter((p) => p.isActive && platformMatches(old, p)).sort((a, b) => a.id - b.id);
  for (const platform of platforms) {
    const others = platforms.filter((p) => p.id !== platform.id).map((p) => p.name);
    const alsoOthers = others.length ? ` Also disable ${old.code} and create ${newCode} in ${others.join(', ')}.` : '';
    if (platform.platformType === 'square') {
      // Square: the catalog discount HuntStaff made for the code is replaced (decision record 040).
      const rotated = await rotateSquareDiscount(ctx, platform.id, old, newCodeId, newCode).catch((error: unknown) => Promise.reject(storeError(platform, old.code, error)));
      if (rotated) return { ...rotated, detail: [rotated.detail, alsoOthers.trim()].filter(Boolean).join(' ') || null };
      continue;
    }
    const store = await openStore(ctx, platform.id).catch((error: unknown) => Promise.reject(storeError(platform, old.code, error)));
    if (!store) continue;
    try {
      await store.replaceCode(old.code, newCode, now);
    } catch (error) {
      // Not live in the store (the business already disabled or deleted it there): nothing to copy terms from, and
      // refusing would leave the leaked code unrotatable in HuntStaff. Rotate here and say what the store still needs.
      if (error instanceof StoreRefusal && error.reason === 'not_found') {
        return { disabled: false, created: false, platform: platform.platformType, detail: `${old.code} is not live in ${platform.name} (disabled or removed there already): create ${newCode} there with the same discount.${alsoOthers}` };
      }
      throw storeError(platform, old.code, error);
    }
    return { disabled: true, created: true, platform: platform.platformType, detail: alsoOthers.trim() || null };
  }
  return {
    disabled: false,
    created: false,
    platform: platforms[0]?.platformType ?? old.platform,
    detail: `Disable ${old.code} in your store and create ${newCode} with the same discount: HuntStaff has no admin access to that store.`,
  };
}

/** What the business is told when its store refused or could not be reached: nothing was changed. */
function storeError(platform: repo.PlatformRow, code: string, error: unknown): unknown {
  const details = { platform: platform.platformType, store: platform.name };
  if (error instanceof StoreUnavailable) {
    return new AppError('SERVICE_UNAVAILABLE', `${platform.name} could not be reached, so ${code} was not rotated (nothing changed). Try again shortly.`, details);
  }
  if (error instanceof StoreRefusal) {
    const reason = (error.details as { reason?: string } | undefined)?.reason ?? error.reason;
    return new AppError('CONFLICT', `${platform.name} refused the rotation, so nothing changed: ${error.message}`, { ...details, reason });
  }
  return error;
}

/** The staffer's notification and email with the new code (decision record 030), recorded in the rotation's transaction. */
async function tellStaffer(ctx: AppContext, old: repo.CodeRow, newCode: string): Promise<number[]> {
  if (!old.proStaffId) return [];
  const userId = await repo.userIdOfProStaff(ctx.db, old.proStaffId);
  if (!userId) return [];
  const company = await repo.companyNameOf(ctx.db, old.businessId);
  const title = `${company} replaced your code ${old.code} with ${newCode}`;
  const body = `Share ${newCode} from now on: ${old.code} no longer works. Orders and commissions already made with ${old.code} stay yours.`;
  const link = '/pro-staff-dashboard';
  return recordNotifications(ctx, ctx.db, [
    { userId, kind: 'commission', title, body, link, mail: { subject: title, text: `${title}.\n\n${body}\n\nSee your dashboard: ${appOrigin(ctx.config)}${link}\n` } },
  ]);
}
