import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { getTask } from '@server/modules/tasks/repository';

/** A webhook's answer as the store saw it, with `json()` the outcome once the background task has processed it. */
export type ProcessedDelivery = { statusCode: number; json(): any; body: string; queued: unknown };

/**
 * Sends a store delivery and runs the background queue until it is processed (tests run the queue by hand, decision
 * record 023). A queued delivery's `json()` is the task's stored outcome (created, adjusted, ignored: reason…), which
 * is what the delivery log shows; anything else (401, 404, ping, a repeated delivery id) is the route's own answer.
 */
export async function deliverAndProcess(app: FastifyInstance, request: InjectOptions): Promise<ProcessedDelivery> {
  const res: LightMyRequestResponse = await app.inject(request);
  const answer = res.statusCode === 200 ? (res.json() as { action?: string; taskId?: number }) : null;
  if (answer?.action !== 'queued' || answer.taskId === undefined) return { statusCode: res.statusCode, json: () => res.json(), body: res.body, queued: null };
  await app.ctx.tasks.drain();
  let task = await getTask(app.ctx.db, answer.taskId);
  // A drain running at the same time (another delivery or a payout in the same step) may have claimed this task:
  // this drain then found nothing due. Wait for that one to finish it rather than report it as still running.
  for (let waited = 0; task?.status === 'running' && waited < 15_000; waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    task = await getTask(app.ctx.db, answer.taskId);
  }
  if (!task) throw new Error(`Task ${answer.taskId} vanished`);
  const outcome = task.status === 'done' ? task.result : { taskStatus: task.status, lastError: task.lastError, attempts: task.attempts };
  return { statusCode: 200, json: () => outcome, body: JSON.stringify(outcome), queued: answer };
}

/** Posts a Stripe event to the app, signed the way Stripe signs it (the SDK's own test-header helper). */
export async function sendStripeEvent(app: FastifyInstance, event: Record<string, unknown>, secret: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  return { status: res.statusCode, body: res.json() };
}
