import type { AppContext } from '@server/lib/context';
import type { Database } from '@server/db/client';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import * as repo from '../repository';
import * as attribution from '../attribution-service';
import { isIgnored } from '../order-payloads';
import type { StorePlatform } from '../store-service';
import { creditMemosOf, MAGENTO_PAGE_SIZE, searchOrders, type MagentoCredentials } from './client';
import { cursorOf, lockCursor, moveCursor, pollablePlatformIds, type PollCursor } from './cursor-repository';
import { hasRefunds, magentoOrder, magentoTime, toMagentoTime } from './order-reader';

/**
 * The Magento order poll (issue 44, decision record 040): every few minutes, each active Magento store with saved
 * credentials is asked for the orders updated since its cursor, oldest first. Each page's orders are applied and the
 * cursor moved in one transaction holding the cursor row's lock, so a restart or a second instance continues exactly
 * where the last committed page ended.
 */
export const MAGENTO_POLL_TASK = 'discounts.magento-poll';
export const MAGENTO_POLL_STORE_TASK = 'discounts.magento-poll-store';
export const MAGENTO_POLL_SECONDS = 5 * 60;
export const POLL_TOPIC = 'magento/poll';
/** Pages one run reads at most; a store with more waiting continues on the next run. */
const MAX_PAGES_PER_RUN = 50;

type Json = Record<string, unknown>;
export type PollOutcome = { platformId: number; pages: number; applied: number; stopped: 'done' | 'moved-by-another-poll' | 'not-pollable' | 'refused' | 'page-limit'; reason?: string };

/** The scheduled run: one task per store, so a failing store is retried alone and never holds the others back. */
export async function queueStorePolls(ctx: AppContext, now = new Date()): Promise<{ queued: number }> {
  const ids = await pollablePlatformIds(ctx.db);
  const period = Math.floor(now.getTime() / (MAGENTO_POLL_SECONDS * 1000));
  const queued = await ctx.tasks.enqueueMany(ctx.db, MAGENTO_POLL_STORE_TASK, ids.map((platformId) => ({ payload: { platformId }, dedupeKey: `magento-poll:${platformId}:${period}` })));
  return { queued };
}

const isNew = (cursor: PollCursor) => (order: Json) => {
  const updatedAt = magentoTime(order.updated_at);
  if (!updatedAt || updatedAt < cursor.updatedAt) return false;
  return updatedAt > cursor.updatedAt || !cursor.seenIds.includes(String(order.entity_id));
};

/** The cursor after `orders` (new ones, oldest first): their last second, and every id processed at that second. */
export function advance(cursor: PollCursor, orders: Json[]): PollCursor {
  let next = cursor;
  for (const order of orders) {
    const updatedAt = magentoTime(order.updated_at)!;
    const id = String(order.entity_id);
    if (updatedAt > next.updatedAt) next = { updatedAt, seenIds: [id] };
    else if (!next.seenIds.includes(id)) next = { updatedAt, seenIds: [...next.seenIds, id] };
  }
  return next;
}

const sameCursor = (a: PollCursor | null, b: PollCursor) => a !== null && a.updatedAt === b.updatedAt && a.seenIds.join(',') === b.seenIds.join(',');

/** Polls one store until it has read everything updated since its cursor (or MAX_PAGES_PER_RUN pages); `pageSize` 100 as Magento's admin grids, smaller in tests. */
export async function pollStore(ctx: AppContext, platformId: number, options: { now?: Date; pageSize?: number } = {}): Promise<PollOutcome> {
  const { now = new Date(), pageSize = MAGENTO_PAGE_SIZE } = options;
  const outcome: PollOutcome = { platformId, pages: 0, applied: 0, stopped: 'done' };
  // The id comes from a task payload: anything but a database id names no store.
  if (!Number.isSafeInteger(platformId) || platformId <= 0 || platformId > 2_147_483_647) return { ...outcome, stopped: 'not-pollable' };
  const platform = await repo.getPlatform(ctx.db, platformId);
  const credentials = platform?.platformType === 'magento' && platform.isActive ? await salesCredentialsOf(ctx, platformId, 'magento') : null;
  if (!platform || !credentials) return { ...outcome, stopped: 'not-pollable' };
  // A new store's poll starts at the platform's creation: orders from before it was connected are not credited.
  let cursor = await cursorOf(ctx.db, platformId, toMagentoTime(platform.createdAt));
  let page = 1;
  while (outcome.pages < MAX_PAGES_PER_RUN) {
    const found = await searchOrders(ctx.config, credentials, cursor.updatedAt, page, pageSize);
    if (!found.ok) {
      await attribution.logDelivery(ctx, platform, POLL_TOPIC, { outcome: 'ignored', reason: found.reason });
      return { ...outcome, stopped: 'refused', reason: found.reason };
    }
    outcome.pages++;
    const fresh = found.value.items.filter(isNew(cursor));
    const next = advance(cursor, fresh);
    const applied = await applyPage(ctx, platform, credentials, cursor, next, fresh, now);
    if (applied === null) return { ...outcome, stopped: 'moved-by-another-poll' };
    outcome.applied += applied;
    cursor = next;
    const lastPage = Math.ceil(found.value.totalCount / pageSize);
    if (found.value.items.length < pageSize || page >= lastPage) return outcome;
    // A moved cursor reads from its first page again (an order updated meanwhile moves to the end, and paging on
    // would skip the one that took its place); a full page of orders already seen at the cursor's second pages on.
    page = fresh.length ? 1 : page + 1;
  }
  return { ...outcome, stopped: 'page-limit' };
}

/**
 * Applies one page and moves the cursor in one transaction, or does nothing (null) when another poll moved the cursor
 * since this one read it: that poll has these orders, and this one stops.
 */
async function applyPage(ctx: AppContext, platform: StorePlatform, credentials: MagentoCredentials, from: PollCursor, to: PollCursor, orders: Json[], now: Date): Promise<number | null> {
  // Credit memos are fetched before the transaction: no lock is held across a network call.
  const refunded = orders.filter(hasRefunds).map((order) => String(order.entity_id));
  const memos = await creditMemosOf(ctx.config, credentials, refunded);
  if (!memos.ok) throw new Error(memos.reason);
  const done = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (!sameCursor(await lockCursor(db, platform.id), from)) return null;
    const results: attribution.AppliedOrder[] = [];
    for (const order of orders) {
      const parsed = magentoOrder(order, memos.value);
      if (isIgnored(parsed)) await attribution.logDelivery({ ...ctx, db }, platform, POLL_TOPIC, { outcome: 'ignored', reason: parsed.ignored, orderId: parsed.orderId, codes: parsed.codes });
      else results.push(await attribution.applyVerifiedOrderWithin(ctx, db, { platform, source: 'magento', ...parsed }, { topic: POLL_TOPIC }));
    }
    await moveCursor(db, platform.id, to, now);
    return results;
  });
  if (done === null) return null;
  for (const result of done) await attribution.afterVerifiedOrder(ctx, { platform }, result);
  return done.length;
}
