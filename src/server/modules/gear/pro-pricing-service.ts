import { randomBytes } from 'node:crypto';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { utcDay } from '@server/lib/utc-day';
import { PermanentTaskError } from '@server/modules/tasks/queue';
import { proPricingCode } from './allotment';
import * as repo from './repository';
import { openStore } from './store-access';
import { StoreRefusal } from './stores/types';

/**
 * Pro pricing (decision record 038): each rostered staffer has one personal code in the business's store at their
 * tier's discount, limited to their own purchases there and earning no commission (it is not a HuntStaff discount
 * code, so attribution never credits it). The store is written by background tasks, retried while it is down; a
 * tier at another discount replaces the code, and an agreement that ends disables it.
 */

export const CREATE_CODE_TASK = 'gear.pro-pricing.create';
export const DISABLE_CODE_TASK = 'gear.pro-pricing.disable';
export const END_CODES_TASK = 'gear.pro-pricing.end';

type Ctx = Pick<AppContext, 'db' | 'tasks' | 'config'>;

async function queue(ctx: Ctx, db: Database, kind: string, codeId: number): Promise<void> {
  await ctx.tasks.enqueue(db, kind, { payload: { codeId }, dedupeKey: `${kind}:${codeId}` });
}

async function retire(ctx: Ctx, db: Database, code: repo.ProPricingRow, now: Date): Promise<void> {
  await repo.updateCode(db, code.id, { status: code.externalId ? 'disabling' : 'disabled', updatedAt: now });
  if (code.externalId) await queue(ctx, db, DISABLE_CODE_TASK, code.id);
}

/** In the caller's transaction: the staffer's live code matches `percentOff` (0: none) after it commits. */
export async function ensureProPricing(ctx: Ctx, db: Database, businessId: number, proStaffId: number, percentOff: number, now: Date): Promise<void> {
  const live = await repo.liveCode(db, businessId, proStaffId);
  const isLive = live && (live.status === 'pending' || live.status === 'active');
  if (isLive && live.percentOff === percentOff) return;
  if (isLive) await retire(ctx, db, live, now);
  if (percentOff === 0) return;
  const who = await repo.proStaffContact(db, proStaffId);
  const settings = await repo.findSettings(db, businessId);
  const id = await repo.insertCode(db, {
    businessId, proStaffId, platformId: settings?.platformId ?? null, percentOff, status: 'pending',
    code: proPricingCode(who?.lastName ?? '', proStaffId, randomBytes(3).toString('hex')), createdAt: now, updatedAt: now,
  });
  if (id !== null && settings?.platformId) await queue(ctx, db, CREATE_CODE_TASK, id);
}

/** Codes waiting for a store (none was chosen when they were made) are sent to the one the business just chose. */
export async function sendWaitingCodes(ctx: Ctx, db: Database, businessId: number, platformId: number, now: Date): Promise<void> {
  for (const code of await repo.waitingCodes(db, businessId)) {
    await repo.updateCode(db, code.id, { platformId, updatedAt: now });
    await queue(ctx, db, CREATE_CODE_TASK, code.id);
  }
}

export async function createInStore(ctx: AppContext, codeId: number, now = new Date()): Promise<Record<string, unknown>> {
  const code = await repo.lockCode(ctx.db, codeId);
  if (!code || code.status !== 'pending' || !code.platformId) return { skipped: code?.status ?? 'gone' };
  const store = await openStore(ctx, code.platformId);
  if (!store) return { skipped: 'no store credentials' };
  const who = await repo.proStaffContact(ctx.db, code.proStaffId);
  if (!who) return { skipped: 'staffer gone' };
  try {
    const made = await store.createProPricingCode({ reference: `hs-pro-${code.id}`, code: code.code, percentOff: code.percentOff, customerEmail: who.email, startsAt: code.createdAt });
    await ctx.db.transaction(async (tx) => {
      const current = await repo.lockCode(tx, codeId);
      // Retired while the store call was under way: the code just made is disabled in turn.
      if (current?.status !== 'pending') {
        await repo.updateCode(tx, codeId, { externalId: made.externalId, status: 'disabling', updatedAt: now });
        await queue(ctx, tx, DISABLE_CODE_TASK, codeId);
      } else await repo.updateCode(tx, codeId, { externalId: made.externalId, status: 'active', updatedAt: now });
    });
    return { externalId: made.externalId };
  } catch (error) {
    if (!(error instanceof StoreRefusal)) throw error;
    await repo.updateCode(ctx.db, codeId, { status: 'failed', failureReason: error.message.slice(0, 500), updatedAt: now });
    throw new PermanentTaskError(error.message);
  }
}

export async function disableInStore(ctx: AppContext, codeId: number, now = new Date()): Promise<Record<string, unknown>> {
  const code = await repo.lockCode(ctx.db, codeId);
  if (!code || code.status !== 'disabling' || !code.externalId || !code.platformId) return { skipped: code?.status ?? 'gone' };
  const store = await openStore(ctx, code.platformId);
  if (!store) return { skipped: 'no store credentials' };
  await store.disableProPricingCode(code.externalId);
  await repo.updateCode(ctx.db, codeId, { status: 'disabled', updatedAt: now });
  return { disabled: code.externalId };
}

/** Daily: codes of staffers whose agreement ended or expired are disabled in the store. */
export async function endCodesWithoutAgreement(ctx: AppContext, now = new Date()): Promise<{ disabled: number }> {
  const codes = await repo.codesWithoutAgreement(ctx.db, utcDay(now));
  for (const code of codes) await ctx.db.transaction((tx) => retire(ctx, tx, code, now));
  return { disabled: codes.length };
}
