import { UPGRADE_URL } from '@shared/plan-limits';
import type { SessionUser } from '@shared/contracts/auth';
import { messageEventTypes, type MassMessageBody, type MassMessageResult } from '@shared/contracts/messaging';
import type { AppContext } from '@server/lib/context';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { planOf } from '@server/lib/entitlements';
import { publishBestEffort } from '@server/lib/publish';
import type { MassSendFilters } from '@server/db/schema/messaging';
import * as repo from './repository-mass';
import { toResult } from './mappers';

/*
 * Mass messages (decision record 017). The request records the send with its recipients fixed; small sends
 * are delivered before the answer, big ones in the background while the form polls the progress. An
 * Idempotency-Key makes a retried request return the same send instead of sending again.
 */
export const massSendTuning = {
  /** Up to this many recipients the answer waits for delivery (what every paid plan but Enterprise allows). */
  inlineMaxRecipients: 1000,
  /** Recipients per delivery transaction: big enough to be set-based, small enough to show progress. */
  batchSize: 5000,
  /**
   * Background workers per send, each on its own lane of recipients: the foreign-key checks of every
   * inserted row (five per recipient) are CPU bound, so two transactions side by side use two cores.
   */
  workers: 2,
  /** A failed batch is retried after this delay, this many times, before it waits for the next start-up. */
  retryDelayMs: 1000,
  retries: 5,
};

type Body = Required<Pick<MassMessageBody, 'content'>> & { filters: MassSendFilters };

/** Running background deliveries per app, so one process never runs the same send twice and close() can wait. */
const running = new WeakMap<AppContext, { stopped: boolean; sends: Map<number, Promise<void>> }>();

function runnerOf(ctx: AppContext) {
  let runner = running.get(ctx);
  if (!runner) running.set(ctx, (runner = { stopped: false, sends: new Map() }));
  return runner;
}

const normalizedFilters = (filters: MassSendFilters): MassSendFilters => ({
  ...(filters.specialties?.length ? { specialties: [...filters.specialties].sort() } : {}),
  ...(filters.location ? { location: filters.location } : {}),
});

/** A retry must be the same request: the key names one message, not a slot to send anything. */
function assertSameRequest(row: repo.MassSendRow, content: string, filters: MassSendFilters) {
  if (row.content !== content || JSON.stringify(normalizedFilters(row.filters)) !== JSON.stringify(filters)) {
    throw conflict('This Idempotency-Key was already used for a different mass message. Use a new key for a new message.');
  }
}

export async function massMessage(ctx: AppContext, user: SessionUser, body: Body, idempotencyKey?: string): Promise<MassMessageResult> {
  const filters = normalizedFilters(body.filters);
  if (idempotencyKey) {
    const existing = await repo.findMassSendByKey(ctx.db, user.id, idempotencyKey);
    if (existing) return replay(ctx, existing, body.content, filters);
  }
  // Flood guard on top of the plan's recipient limit.
  await ctx.rateLimits.massMessagesByUser.consume(String(user.id), (seconds) => `You are sending mass messages too quickly. Try again in ${seconds} seconds.`);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await repo.createMassSend(tx, { senderId: user.id, idempotencyKey: idempotencyKey ?? null, content: body.content, filters, now: new Date() });
    // Over the plan: the transaction rolls back and nothing is recorded.
    if (!row) return null;
    assertRecipientsWithinPlan(user, row.recipientCount);
    await repo.addMassSendLanes(tx, row.id, row.recipientCount > massSendTuning.inlineMaxRecipients ? massSendTuning.workers : 1);
    return row;
  });
  if (!created) {
    // A concurrent request with the same key committed first.
    const existing = await repo.findMassSendByKey(ctx.db, user.id, idempotencyKey!);
    if (!existing) throw new AppError('CONFLICT', 'This mass message is being sent already. Try again in a moment.');
    return replay(ctx, existing, body.content, filters);
  }
  if (created.recipientCount <= massSendTuning.inlineMaxRecipients) {
    await deliver(ctx, created.id);
    return toResult((await repo.findMassSend(ctx.db, created.id)) ?? created);
  }
  startDelivery(ctx, created.id);
  return toResult(created);
}

async function replay(ctx: AppContext, row: repo.MassSendRow, content: string, filters: MassSendFilters): Promise<MassMessageResult> {
  assertSameRequest(row, content, filters);
  // A send left unfinished (a crash, a lost database) picks up where it stopped when its sender retries.
  if (row.status === 'sending') startDelivery(ctx, row.id);
  return toResult(row);
}

export async function massMessageProgress(ctx: AppContext, user: SessionUser, id: number): Promise<MassMessageResult> {
  const row = await repo.findMassSend(ctx.db, id);
  // Someone else's send is as unknown as a missing one.
  if (!row || row.senderId !== user.id) throw notFound('Mass message');
  return toResult(row);
}

/** Delivers every remaining batch of a send; returns when it is sent, or when another worker holds it. */
async function deliver(ctx: AppContext, id: number): Promise<void> {
  const runner = runnerOf(ctx);
  for (;;) {
    if (runner.stopped) return;
    const batch = await repo.deliverMassBatch(ctx.db, id, massSendTuning.batchSize);
    if (batch.kind === 'idle') return;
    const events = batch.messages.map((message) => ({
      userId: message.toUserId,
      event: { type: messageEventTypes.created, data: { messageId: message.id, conversationId: message.conversationId, fromUserId: batch.senderId } },
    }));
    await notify(ctx, events);
    if (batch.done) return;
  }
}

/** Starts (once per process) the background delivery of a send, retrying a failed batch a few times. */
function startDelivery(ctx: AppContext, id: number): void {
  const runner = runnerOf(ctx);
  if (runner.stopped || runner.sends.has(id)) return;
  const worker = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deliver(ctx, id);
      } catch (error) {
        if (runner.stopped || attempt >= massSendTuning.retries) {
          ctx.log.error({ err: error, massSendId: id }, 'mass message delivery stopped; it resumes on retry or restart');
          return;
        }
        ctx.log.warn({ err: error, massSendId: id }, 'mass message batch failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, massSendTuning.retryDelayMs));
      }
    }
  };
  const run = Promise.all(Array.from({ length: Math.max(1, massSendTuning.workers) }, worker))
    .then(() => undefined)
    .finally(() => runner.sends.delete(id));
  runner.sends.set(id, run);
}

/** At start-up: finish the sends a previous process left half delivered. */
export async function resumeMassSends(ctx: AppContext): Promise<void> {
  try {
    for (const id of await repo.listUnfinishedMassSends(ctx.db)) startDelivery(ctx, id);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not look for unfinished mass messages');
  }
}

/** On close: finish the batch in flight (its transaction commits or rolls back whole), start no more. */
export async function stopMassSends(ctx: AppContext): Promise<void> {
  const runner = runnerOf(ctx);
  runner.stopped = true;
  await Promise.allSettled([...runner.sends.values()]);
}

/** For tests: wait until the background deliveries of this app are done. */
export async function settledMassSends(ctx: AppContext): Promise<void> {
  await Promise.allSettled([...runnerOf(ctx).sends.values()]);
}

function assertRecipientsWithinPlan(user: SessionUser, recipients: number) {
  const plan = planOf(user);
  const limit = plan.limits.massMessageRecipients;
  if (limit === null || (limit > 0 && recipients <= limit)) return;
  const details = { plan: plan.id, limit, used: recipients, upgradeUrl: UPGRADE_URL };
  if (limit === 0) {
    throw new AppError('PLAN_LIMIT', `Your ${plan.name} plan does not include mass messaging.`, details);
  }
  throw new AppError(
    'PLAN_LIMIT',
    `Your ${plan.name} plan sends a mass message to at most ${limit} recipients, and ${recipients} pro staff match these filters. Narrow the filters or upgrade your plan.`,
    details,
  );
}

// Realtime delivery is best effort: a failed push must not fail a batch that already committed.
const notify = publishBestEffort;
