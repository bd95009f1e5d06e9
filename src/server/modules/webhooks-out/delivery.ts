import { and, count, eq } from 'drizzle-orm';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { decryptSecret } from '@server/lib/secret-box';
import { outgoingWebhookAttempts } from '@server/db/schema/webhooks-out';
import type { ClaimedTask } from '@server/modules/tasks/queue';
import { queueMail } from '@server/modules/tasks/service';
import { DELIVER_TASK, DELIVER_TASK_ATTEMPTS } from './outbox';
import * as repo from './repository';
import { sendWebhook } from './sender';
import { SIGNATURE_HEADER, signatureHeader } from './signing';

/**
 * One attempt of one delivery (decision record 044), run by the task queue. The HTTP call is made outside any
 * transaction; what it gave is written afterwards in one. A failed automatic attempt queues the next one itself on
 * the schedule below (the queue's own retries are for crashes only), so the log numbers attempts as the receiver saw them.
 */

/** Seconds before automatic attempt n + 1 (index n − 1): 12 attempts over about 2.8 days, like Stripe's. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000];
export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint is turned off when it has failed this many attempts in a row … */
export const DISABLE_AFTER_FAILURES = 10;
/** … and nothing it was sent has succeeded for this long. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;

type Payload = { deliveryId: number; attempt?: number; manual?: boolean };

export async function deliverTask(ctx: AppContext, task: ClaimedTask): Promise<Record<string, unknown>> {
  const payload = task.payload as Payload;
  const manual = payload.manual === true;
  const automaticAttempt = payload.attempt ?? 1;
  const found = await repo.lockDelivery(ctx.db, payload.deliveryId);
  if (!found) return { skipped: 'gone' }; // the endpoint (and its deliveries) was deleted
  const { delivery, event, endpoint } = found;
  // Turned off after the resend was asked for: nothing is sent to an endpoint that is off.
  if (manual && !endpoint.enabled) return { skipped: 'endpoint off' };
  if (!manual) {
    if (delivery.status !== 'pending' && delivery.status !== 'retrying') return { skipped: delivery.status };
    // This attempt was made already (the task ran again after a crash past its write).
    const [made] = await ctx.db.select({ n: count() }).from(outgoingWebhookAttempts)
      .where(and(eq(outgoingWebhookAttempts.deliveryId, delivery.id), eq(outgoingWebhookAttempts.manual, false)));
    if (made.n >= automaticAttempt) return { skipped: 'done' };
    if (!endpoint.enabled) {
      await repo.updateDelivery(ctx.db, delivery.id, { status: 'skipped', nextAttemptAt: null });
      return { skipped: 'endpoint off' };
    }
  }

  const now = new Date();
  const body = JSON.stringify({ id: event.id, type: event.type, created: Math.floor(event.createdAt.getTime() / 1000), data: event.data });
  const secrets = [decryptSecret(ctx.config, endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(decryptSecret(ctx.config, endpoint.previousSecret));
  const outcome = await sendWebhook(endpoint.url, body, {
    'content-type': 'application/json',
    'user-agent': 'HuntStaff-Webhooks/1.0',
    [SIGNATURE_HEADER]: signatureHeader(body, secrets, Math.floor(now.getTime() / 1000)),
    'HuntStaff-Event-Id': event.id,
    'HuntStaff-Event-Type': event.type,
  }, ctx.config.outgoingWebhooks);
  const succeeded = outcome.error === null;

  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockDelivery(tx, delivery.id);
    if (!current) return;
    await repo.insertAttempt(tx, {
      deliveryId: delivery.id, attempt: current.delivery.attemptCount + 1, manual,
      responseStatus: outcome.responseStatus, durationMs: outcome.durationMs, error: outcome.error,
    });
    const attemptCount = current.delivery.attemptCount + 1;
    if (succeeded) {
      await repo.updateDelivery(tx, delivery.id, { status: 'succeeded', attemptCount, nextAttemptAt: null });
      await repo.recordEndpointSuccess(tx, endpoint.id);
      return;
    }
    const failing = await repo.recordEndpointFailure(tx, endpoint.id, now);
    const disableNow = failing.enabled && failing.consecutiveFailures >= DISABLE_AFTER_FAILURES
      && failing.failingSince !== null && now.getTime() - failing.failingSince.getTime() >= DISABLE_AFTER_MS;
    if (disableNow) await disableEndpoint(ctx, tx, failing, current.ownerEmail);
    if (manual) {
      await repo.updateDelivery(tx, delivery.id, { attemptCount });
    } else if (!disableNow && automaticAttempt < MAX_AUTOMATIC_ATTEMPTS) {
      const runAt = new Date(now.getTime() + RETRY_DELAYS_SECONDS[automaticAttempt - 1] * 1000);
      await repo.updateDelivery(tx, delivery.id, { status: 'retrying', attemptCount, nextAttemptAt: runAt });
      await ctx.tasks.enqueue(tx, DELIVER_TASK, {
        payload: { deliveryId: delivery.id, attempt: automaticAttempt + 1 },
        dedupeKey: `${DELIVER_TASK}:${delivery.id}:${automaticAttempt + 1}`,
        runAt,
        maxAttempts: DELIVER_TASK_ATTEMPTS,
      });
    } else {
      await repo.updateDelivery(tx, delivery.id, { status: 'failed', attemptCount, nextAttemptAt: null });
    }
  });
  return { deliveryId: delivery.id, manual, responseStatus: outcome.responseStatus, succeeded };
}

async function disableEndpoint(ctx: AppContext, tx: Parameters<typeof repo.updateEndpoint>[0], endpoint: repo.EndpointRow, ownerEmail: string): Promise<void> {
  const reason = `Turned off after ${endpoint.consecutiveFailures} failed attempts in a row since ${endpoint.failingSince?.toISOString().slice(0, 10)}`;
  await repo.updateEndpoint(tx, endpoint.id, { enabled: false, disabledReason: reason });
  await queueMail({ ...ctx, db: tx }, {
    to: ownerEmail,
    subject: 'A webhook endpoint was turned off',
    text: [
      `HuntStaff turned off your webhook endpoint ${endpoint.url}.`,
      '',
      `${reason}: nothing sent to it has been accepted for three days. Events are no longer sent to it.`,
      'Fix the receiver, then turn the endpoint on again and resend the deliveries you need from the delivery log:',
      `${appOrigin(ctx.config)}/business/webhooks`,
    ].join('\n'),
  }, tx);
}
