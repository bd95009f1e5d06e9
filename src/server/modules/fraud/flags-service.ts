import type { z } from 'zod';
import { fraudSignalLabels, type DecideFlagsBody, type FraudFlag, type FraudFlagsPage, type fraudFlagsQuery, type StafferRisk } from '@shared/contracts/fraud';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import * as ledger from '@server/modules/ledger/service';
import { recordOutgoingEvents } from '@server/modules/webhooks-out/outbox';
import { announceNotifications, recordNotifications, type NotificationInput } from '@server/modules/notifications/service';
import * as repo from './repository';
import { settingsOf } from './settings';
import type { FlagInput } from './signals';

/**
 * Flags, holds and decisions (decision record 039). A flag is raised in the attribution's transaction with the
 * business's mode for its signal; the ledger alone moves the money (hold, release, reversal as fraud). Every write here
 * runs in the caller's transaction, and the notifications it records are announced by the caller after the commit.
 */

export const FLAGS_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

/** The attributed order a flag is raised on: its commission is new (created in the same transaction) or none. */
export type FlaggedOrder = { businessId: number; orderId: string; platform: string; discountCodeId: number | null; code: string; proStaffId: number; commissionId: number | null };

export type Raised = { flags: repo.FlagRow[]; notified: number[] };

export function toFlag(row: repo.FlagRow): FraudFlag {
  return {
    id: row.id, signal: row.signal, mode: row.mode, status: row.status, resolution: row.resolution, reason: row.reason, evidence: row.evidence,
    orderId: row.orderId, platform: row.platform, code: row.code, codeId: row.discountCodeId, proStaffId: row.proStaffId, proStaffName: row.proStaffName,
    commissionId: row.commissionId, commissionAmountMinor: row.held ? row.commissionAmountMinor : null, currency: row.currency, held: row.held,
    expiresAt: row.expiresAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const automaticReason = (inputs: FlagInput[]) => `Rejected automatically: ${inputs.map((input) => fraudSignalLabels[input.signal].toLowerCase()).join(', ')}`;

/**
 * Raises a flag per signal that fired on the order and applies the business's mode: `flag` only records it, `hold`
 * holds the commission until decided (or expired), `auto_reject` reverses it at once as fraud (the flag rejected,
 * resolution automatic). A redelivered order raises nothing new. Answers the flags and the users told.
 */
export async function raiseFlags(ctx: Pick<AppContext, 'db' | 'tasks' | 'events' | 'log' | 'config'>, db: Database, order: FlaggedOrder, inputs: FlagInput[], now: Date): Promise<Raised> {
  if (inputs.length === 0) return { flags: [], notified: [] };
  const settings = await settingsOf(db, order.businessId);
  const expiresAt = settings.expiryDays === null ? null : new Date(now.getTime() + settings.expiryDays * DAY_MS);
  const rejecting = inputs.filter((input) => settings.modes[input.signal] === 'auto_reject');
  const inserted = await repo.insertFlags(db, inputs.map((input) => {
    const mode = settings.modes[input.signal];
    const rejected = mode === 'auto_reject';
    return {
      ...order, signal: input.signal, mode, evidence: input.evidence, createdAt: now,
      status: rejected ? ('rejected' as const) : ('open' as const), resolution: rejected ? ('automatic' as const) : null,
      reason: rejected ? automaticReason(rejecting) : null, decidedAt: rejected ? now : null, expiresAt: rejected ? null : expiresAt,
    };
  }));
  if (inserted.length === 0) return { flags: [], notified: [] };
  // Outgoing webhooks (decision record 044): one event per flag, in the attribution's transaction.
  await recordOutgoingEvents(db, order.businessId, 'fraud.flag_raised', inserted.map((flag) => ({
    flagId: flag.id, orderId: flag.orderId, signal: flag.signal, mode: flag.mode, status: flag.status, commissionId: flag.commissionId, proStaffId: flag.proStaffId, raisedAt: now.toISOString(),
  })));
  const modes = new Set(inserted.map((flag) => flag.mode));
  let told: 'held' | 'rejected' | null = null;
  if (order.commissionId !== null && modes.has('auto_reject')) {
    await ledger.apply(db, order.commissionId, { type: 'rejected_as_fraud', reason: automaticReason(rejecting) }, now, clawback(order.orderId, automaticReason(rejecting)));
    told = 'rejected';
  } else if (order.commissionId !== null && modes.has('hold')) {
    await ledger.apply(db, order.commissionId, { type: 'held_for_review' }, now);
    told = 'held';
  }
  const notified = told ? await tell(ctx, db, [{ proStaffId: order.proStaffId, orderId: order.orderId, outcome: told, reason: told === 'rejected' ? automaticReason(rejecting) : null }]) : [];
  return { flags: await repo.flagsByIds(db, inserted.map((flag) => flag.id)), notified };
}

/** Describes the clawback row a rejection opens when the commission was already paid or in a payout. */
const clawback = (orderId: string, reason: string) => () => ({
  orderId, baseMinor: null, rateBps: null, description: `Order ${orderId} rejected as fraud after payment: ${reason}`.slice(0, 500),
});

type Told = { proStaffId: number; orderId: string; outcome: 'held' | 'rejected' | 'approved'; reason: string | null };

/** Records the staffer's notifications in the transaction; answers whom to announce to after the commit. */
async function tell(ctx: Pick<AppContext, 'db' | 'tasks' | 'events' | 'log' | 'config'>, db: Database, items: Told[]): Promise<number[]> {
  const notes: NotificationInput[] = [];
  for (const item of items) {
    const userId = await repo.userOfProStaff(db, item.proStaffId);
    if (!userId) continue;
    const title = {
      held: `Commission on order ${item.orderId} held for review`,
      rejected: `Commission on order ${item.orderId} rejected`,
      approved: `Commission on order ${item.orderId} approved after review`,
    }[item.outcome];
    const body = item.outcome === 'held'
      ? 'The business reviews the order before the commission becomes payable.'
      : item.outcome === 'rejected' ? `Reason: ${item.reason}` : 'The commission is payable as usual.';
    notes.push({ userId, kind: 'commission', title, body, link: '/pro-staff-dashboard', mail: { subject: title, text: body } });
  }
  await recordNotifications(ctx, db, notes);
  return [...new Set(notes.map((note) => note.userId))];
}

export async function announce(ctx: AppContext, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await announceNotifications(ctx, userIds);
}

/**
 * Approves or rejects open flags, all or nothing, in one transaction. Approval releases a held commission once no other
 * open hold stands on it; rejection reverses it as fraud with the business's reason (a clawback row when it was already
 * paid) and tells the staffer. The flags are locked first, so of parallel decisions on one flag exactly one wins.
 */
export async function decideFlags(ctx: AppContext, businessId: number, body: DecideFlagsBody, now = new Date()): Promise<{ decided: number; flags: FraudFlag[] }> {
  const ids = [...new Set(body.flagIds)];
  const notified = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const locked = await lockForDecision(db, ids);
    if (locked.length !== ids.length || locked.some((flag) => flag.businessId !== businessId)) throw new AppError('NOT_FOUND', 'Flag not found');
    const settled = locked.filter((flag) => flag.status !== 'open');
    if (settled.length > 0) throw new AppError('CONFLICT', `Already decided: flag ${settled.map((flag) => `#${flag.id}`).join(', ')}`, settled.map((flag) => ({ flagId: flag.id, status: flag.status })));
    return settle(ctx, db, locked, body.decision === 'approve' ? { decision: 'approve', resolution: 'business' } : { decision: 'reject', reason: body.reason ?? '' }, now);
  });
  await announce(ctx, notified);
  const flags = (await repo.flagsByIds(ctx.db, ids)).map(toFlag);
  return { decided: flags.length, flags };
}

/**
 * Locks the flags' commissions, then the flags: the order a store's delivery takes them in (it locks the commission,
 * then reads the order's flags FOR SHARE to see whether it was rejected as fraud). Flags first deadlocked a refund
 * against an approval on PostgreSQL (the ledger's model test found it). A flag's commission is set when it is raised
 * and never changes, so the commissions read before the lock are the ones the flags hold.
 */
async function lockForDecision(db: Database, ids: number[]) {
  await ledger.lockCommissions(db, await repo.commissionIdsOf(db, ids));
  return repo.lockFlags(db, ids);
}

type Settlement = { decision: 'approve'; resolution: 'business' | 'expired' } | { decision: 'reject'; reason: string };

async function settle(ctx: AppContext, db: Database, flags: { id: number; businessId: number; commissionId: number | null; proStaffId: number; orderId: string }[], how: Settlement, now: Date): Promise<number[]> {
  const ids = flags.map((flag) => flag.id);
  await repo.settle(db, ids, how.decision === 'approve'
    ? { status: 'approved', resolution: how.resolution, reason: null, decidedAt: now }
    : { status: 'rejected', resolution: 'business', reason: how.reason, decidedAt: now });
  for (const businessId of new Set(flags.map((flag) => flag.businessId))) {
    await recordOutgoingEvents(db, businessId, 'fraud.flag_decided', flags.filter((flag) => flag.businessId === businessId).map((flag) => ({
      flagId: flag.id, orderId: flag.orderId, commissionId: flag.commissionId, proStaffId: flag.proStaffId,
      decision: how.decision === 'approve' ? 'approved' : 'rejected', resolution: how.decision === 'approve' ? how.resolution : 'business',
      reason: how.decision === 'reject' ? how.reason : null, decidedAt: now.toISOString(),
    })));
  }
  const byCommission = new Map<number, (typeof flags)[number]>();
  for (const flag of flags) if (flag.commissionId !== null) byCommission.set(flag.commissionId, flag);
  const told: Told[] = [];
  for (const [commissionId, flag] of [...byCommission].sort(([a], [b]) => a - b)) {
    if (how.decision === 'reject') {
      await ledger.apply(db, commissionId, { type: 'rejected_as_fraud', reason: how.reason }, now, clawback(flag.orderId, how.reason));
      told.push({ proStaffId: flag.proStaffId, orderId: flag.orderId, outcome: 'rejected', reason: how.reason });
    } else if ((await repo.otherOpenHolds(db, commissionId, ids)) === 0) {
      const applied = await ledger.apply(db, commissionId, { type: 'released_from_review' }, now);
      if (applied.changed) told.push({ proStaffId: flag.proStaffId, orderId: flag.orderId, outcome: 'approved', reason: null });
    }
  }
  return tell(ctx, db, told);
}

export const EXPIRE_FLAGS_TASK = 'fraud.expire-flags';
const EXPIRY_BATCH = 200;

/** Open flags past their expiry become approved (resolution expired), their holds released. Idempotent. */
export async function expireFlags(ctx: AppContext, now = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const ids = await repo.expiredFlagIds(ctx.db, now, EXPIRY_BATCH);
    if (ids.length === 0) return { expired };
    const notified = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      // Decided meanwhile by the business: left as it is.
      const open = (await lockForDecision(db, ids)).filter((flag) => flag.status === 'open');
      expired += open.length;
      return settle(ctx, db, open, { decision: 'approve', resolution: 'expired' }, now);
    });
    await announce(ctx, notified);
    if (ids.length < EXPIRY_BATCH) return { expired };
  }
}

export async function listFlags(ctx: AppContext, businessId: number, query: z.output<typeof fraudFlagsQuery>): Promise<FraudFlagsPage> {
  const { rows, total } = await repo.listFlags(ctx.db, { businessId, status: query.status, signal: query.signal, proStaffId: query.proStaffId }, { limit: FLAGS_PAGE_SIZE, offset: (query.page - 1) * FLAGS_PAGE_SIZE });
  return { flags: rows.map(toFlag), page: query.page, pageSize: FLAGS_PAGE_SIZE, total };
}

/** A pro staffer's own flags: the reason shown, the evidence reduced to the signal's name (never other data). */
export async function ownFlags(ctx: AppContext, proStaffId: number, page: number): Promise<FraudFlagsPage> {
  const { rows, total } = await repo.listFlags(ctx.db, { proStaffId }, { limit: FLAGS_PAGE_SIZE, offset: (page - 1) * FLAGS_PAGE_SIZE });
  return { flags: rows.map((row) => ({ ...toFlag(row), evidence: { signal: fraudSignalLabels[row.signal] } })), page, pageSize: FLAGS_PAGE_SIZE, total };
}

export async function stafferRisks(ctx: AppContext, businessId: number): Promise<{ staffers: StafferRisk[] }> {
  const byStaffer = new Map<number, StafferRisk>();
  for (const row of await repo.stafferCounts(ctx.db, businessId)) {
    const risk = byStaffer.get(row.proStaffId) ?? { proStaffId: row.proStaffId, proStaffName: row.proStaffName, open: 0, approved: 0, rejected: 0, bySignal: {} };
    risk[row.status] += row.n;
    risk.bySignal[row.signal] = (risk.bySignal[row.signal] ?? 0) + row.n;
    byStaffer.set(row.proStaffId, risk);
  }
  return { staffers: [...byStaffer.values()] };
}

/** Rejected orders from which a staffer shows on the admin view. */
export const REPEATED_REJECTIONS_MIN = 2;

export async function repeatedRejections(ctx: AppContext) {
  const rows = await repo.repeatedRejections(ctx.db, REPEATED_REJECTIONS_MIN);
  return { staffers: rows.map((row) => ({ ...row, lastRejectedAt: row.lastRejectedAt.toISOString() })) };
}
