import type { AppContext } from '@server/lib/context';
import * as repo from './repository';

/**
 * Monthly ranking snapshots (decision record 026): once a UTC month has ended, its ranking table (every business,
 * every currency) is stored in `ranking_snapshots`. The task is scheduled daily and snapshots the month before the
 * current one; after the first run of a month it adds nothing (rows are keyed by month, business, currency and pro).
 */
export const SNAPSHOT_TASK = 'rankings.monthly-snapshot';

/** The previous UTC month: its first day (the snapshot's `month`) and the [from, to) range of `paid_at`. */
export function previousMonth(now: Date): { month: string; from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { month: from.toISOString().slice(0, 10), from, to };
}

export async function snapshotPreviousMonth(ctx: AppContext, now = new Date()): Promise<{ month: string; added: number }> {
  const { month, from, to } = previousMonth(now);
  return { month, added: await repo.snapshotMonth(ctx.db, month, from, to) };
}
