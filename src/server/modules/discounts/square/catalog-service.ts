import crypto from 'node:crypto';
import { minorUnitDigits } from '@shared/currency';
import type { SquareDiscountsAnswer, SquareDiscountsBody } from '@shared/contracts/square';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import * as repo from '../repository';
import { invalidReason } from '../store-service';
import { StoreRefusal, StoreUnavailable } from '@server/modules/gear/stores/types';
import { deleteSquareCatalogObject, retrieveSquareCatalogObject, squareApiBase, upsertSquareCatalogObject, type SquareAccess, type SquareAnswer } from './client';
import * as catalog from './catalog-repository';

type Entry = SquareDiscountsAnswer['discounts'][number];

/** Square wants a percentage as a decimal string: 10 -> "10.0", 12.5 -> "12.5". */
export function squarePercentage(hundredths: number): string {
  const percent = hundredths / 100;
  return Number.isInteger(percent) ? `${percent}.0` : String(percent);
}

/** The DISCOUNT object for a code, or why none can be made (a fixed amount needs the locations' currency). */
export function discountObject(code: repo.CodeRow, currency: string | undefined): Record<string, unknown> | string {
  const common = { type: 'DISCOUNT', id: `#${code.code}`, present_at_all_locations: true };
  if (code.discountType === 'percentage') {
    return { ...common, discount_data: { name: code.code, discount_type: 'FIXED_PERCENTAGE', percentage: squarePercentage(code.discountValueHundredths) } };
  }
  if (!currency) return 'A fixed-amount code needs the currency of your Square locations';
  // discountValueHundredths holds the amount x 100; Square wants the currency's smallest unit.
  const amount = (code.discountValueHundredths * 10 ** minorUnitDigits(currency)) / 100;
  if (!Number.isSafeInteger(amount)) return `The amount cannot be written in ${currency}`;
  return { ...common, discount_data: { name: code.code, discount_type: 'FIXED_AMOUNT', amount_money: { amount, currency } } };
}

/**
 * The same key for the same code, platform and terms: a retried or parallel call gets Square's first object back
 * instead of a second one; changed terms are a new request (Square refuses a reused key with another body).
 */
export function idempotencyKey(platformId: number, code: repo.CodeRow, object: Record<string, unknown>): string {
  const terms = crypto.createHash('sha256').update(JSON.stringify(object)).digest('hex').slice(0, 16);
  return `huntstaff-discount-${platformId}-${code.id}-${terms}`;
}

/**
 * Creates a Square DISCOUNT catalog object for each usable staffer code on a Square platform that has none yet, and
 * keeps its catalog_object_id: an order discounted with it credits the code whatever the cashier calls it (decision
 * record 040). Codes already done are answered as existing; a Square outage is a 503 and the call can be repeated.
 */
export async function createSquareDiscounts(ctx: AppContext, businessId: number, platformId: number, input: SquareDiscountsBody): Promise<SquareDiscountsAnswer> {
  const platform = await repo.getPlatform(ctx.db, platformId);
  if (!platform || platform.businessId !== businessId) throw notFound('Integration platform');
  if (platform.platformType !== 'square') throw new AppError('VALIDATION', 'Square discounts are made for a Square store', [{ path: 'platformId', message: 'Not a Square store' }]);
  const credentials = await salesCredentialsOf(ctx, platform.id, 'square');
  if (!credentials) throw new AppError('VALIDATION', 'Save the Square access token of this store first', [{ path: 'platformId', message: 'No Square credentials' }]);
  const access: SquareAccess = { base: squareApiBase(ctx.config, credentials.environment), accessToken: credentials.accessToken };
  const made = await catalog.catalogIdByCodeOf(ctx.db, platform.id);
  const codes = (await catalog.stafferCodesOf(ctx.db, businessId)).filter((code) => invalidReason(code, platform) === null);
  const discounts: Entry[] = [];
  for (const code of codes) discounts.push(await oneDiscount(ctx, access, platform.id, code, made.get(code.id), input.currency));
  return { discounts };
}

async function oneDiscount(ctx: AppContext, access: SquareAccess, platformId: number, code: repo.CodeRow, existing: string | undefined, currency: string | undefined): Promise<Entry> {
  const entry = { codeId: code.id, code: code.code };
  if (existing) return { ...entry, outcome: 'existing', catalogObjectId: existing, reason: null };
  const object = discountObject(code, currency);
  if (typeof object === 'string') return { ...entry, outcome: 'skipped', catalogObjectId: null, reason: object };
  const answer = await upsertSquareCatalogObject(access, idempotencyKey(platformId, code, object), object);
  if (!answer.ok) return { ...entry, outcome: 'skipped', catalogObjectId: null, reason: answer.reason };
  const id = (answer.body.catalog_object as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !id || id.length > 200) return { ...entry, outcome: 'skipped', catalogObjectId: null, reason: 'Square answered no catalog object id' };
  return { ...entry, outcome: 'created', catalogObjectId: await catalog.saveCatalogDiscount(ctx.db, platformId, code.id, id), reason: null };
}

type RotationOutcome = { disabled: boolean; created: boolean; platform: string; detail: string | null };

/**
 * Rotating a leaked code (decision record 039) on a Square store whose discount HuntStaff made: a DISCOUNT for the
 * new code with the old one's terms as Square holds them (RetrieveCatalogObject, so the currency and any edits made in
 * Square carry over), then the old object deleted, so the leaked name no longer rings up at the counter; orders that
 * used it keep their discount lines and stay credited through the kept mapping. Null: the code has no Square discount
 * here (the caller says what to do by hand). A refusal throws StoreRefusal (409, nothing changed), an outage
 * StoreUnavailable (503); the caller runs this last in its transaction, so either rolls the rotation back.
 */
export async function rotateSquareDiscount(ctx: AppContext, platformId: number, old: repo.CodeRow, newCodeId: number, newCode: string): Promise<RotationOutcome | null> {
  const existing = (await catalog.catalogIdByCodeOf(ctx.db, platformId)).get(old.id);
  const credentials = await salesCredentialsOf(ctx, platformId, 'square');
  if (!existing || !credentials) return null;
  const access: SquareAccess = { base: squareApiBase(ctx.config, credentials.environment), accessToken: credentials.accessToken };
  const held = await squareCall(retrieveSquareCatalogObject(access, existing));
  if (!held.ok) {
    if (held.status !== 404) throw new StoreRefusal('invalid', held.reason);
    return { disabled: false, created: false, platform: 'square', detail: `${old.code} is not in the Square catalog any more (deleted there already): add a discount named ${newCode} there with the same terms.` };
  }
  const data = (held.body.object as { discount_data?: Record<string, unknown> } | undefined)?.discount_data;
  if (!data) throw new StoreRefusal('invalid', `Square's catalog object for ${old.code} is not a discount`);
  const object = { type: 'DISCOUNT', id: `#${newCode}`, present_at_all_locations: true, discount_data: { ...data, name: newCode } };
  // Keyed by the old code and the new name: a retried rotation (after a rollback) gets the same object back.
  const made = await squareCall(upsertSquareCatalogObject(access, `huntstaff-rotate-${platformId}-${old.id}-${newCode}`, object));
  if (!made.ok) throw new StoreRefusal('invalid', made.reason);
  const id = (made.body.catalog_object as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !id || id.length > 200) throw new StoreUnavailable('Square answered no catalog object id');
  const deleted = await squareCall(deleteSquareCatalogObject(access, existing));
  if (!deleted.ok && deleted.status !== 404) throw new StoreRefusal('invalid', deleted.reason);
  await catalog.saveCatalogDiscount(ctx.db, platformId, newCodeId, id);
  return { disabled: true, created: true, platform: 'square', detail: null };
}

/**
 * A code's name or discount changed in HuntStaff: every Square catalog discount made for it is updated in place
 * (RetrieveCatalogObject for its current version and currency, then UpsertCatalogObject with that id and version, as
 * Square requires), so the counter gives what the code now says. Runs last in the edit's transaction: a refusal
 * throws StoreRefusal and an outage StoreUnavailable, which the caller turns into 409 / 503 with nothing changed. An
 * object already deleted in Square is left so.
 */
export async function updateSquareDiscountTerms(ctx: AppContext, code: repo.CodeRow): Promise<void> {
  for (const made of await catalog.catalogDiscountsOfCode(ctx.db, code.id)) {
    const credentials = await salesCredentialsOf(ctx, made.platformId, 'square');
    if (!credentials) continue;
    const access: SquareAccess = { base: squareApiBase(ctx.config, credentials.environment), accessToken: credentials.accessToken };
    const held = await squareCall(retrieveSquareCatalogObject(access, made.catalogObjectId));
    if (!held.ok) {
      if (held.status !== 404) throw new StoreRefusal('invalid', held.reason);
      continue;
    }
    const object = held.body.object as { version?: unknown; discount_data?: { amount_money?: { currency?: unknown } } } | undefined;
    const heldCurrency = object?.discount_data?.amount_money?.currency;
    const fresh = discountObject(code, typeof heldCurrency === 'string' ? heldCurrency : undefined);
    if (typeof fresh === 'string') throw new StoreRefusal('invalid', `${fresh}: Square's discount for ${code.code} is a percentage, so a fixed amount cannot be written into it. Delete it in Square and create the discounts again.`);
    const next = { ...fresh, id: made.catalogObjectId, version: object?.version };
    // The version is in the key's hash: the same edit retried after a rollback is the same request; a later one is new.
    const answer = await squareCall(upsertSquareCatalogObject(access, idempotencyKey(made.platformId, code, next), next));
    if (!answer.ok) throw new StoreRefusal('invalid', answer.reason);
  }
}

/** A Square outage as the rotation's StoreUnavailable (503, nothing changed). */
async function squareCall(call: Promise<SquareAnswer>): Promise<SquareAnswer> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') throw new StoreUnavailable(error.message);
    throw error;
  }
}
