import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { encryptSecret } from '@server/lib/secret-box';
import type { SessionUser } from '@shared/contracts/auth';
import {
  MAX_ENDPOINTS, SECRET_OVERLAP_HOURS,
  type CreateEndpointBody, type Delivery, type Endpoint, type EndpointWithSecret, type UpdateEndpointBody,
} from '@shared/contracts/webhooks-out';

import { DELIVER_TASK, DELIVER_TASK_ATTEMPTS } from './outbox';
import { assertApiAccess } from './plan';
import * as repo from './repository';
import { RefusedDestination, resolveAllowed } from './ssrf';
import { newSigningSecret } from './signing';

/** Endpoints, secrets and the delivery log of an Enterprise brand (decision record 044). */

type Business = SessionUser & { businessId: number };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toEndpoint(row: repo.EndpointRow, now = new Date()): Endpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id, url: row.url, description: row.description, eventTypes: row.eventTypes, enabled: row.enabled,
    disabledReason: row.disabledReason, failingSince: iso(row.failingSince), consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt: iso(overlap), createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses a URL our servers may not call: https in production, and a host resolving only to public addresses. */
async function assertCallable(ctx: AppContext, value: string): Promise<void> {
  const url = new URL(value);
  if (ctx.config.outgoingWebhooks.requireHttps && url.protocol !== 'https:') {
    throw new AppError('VALIDATION', 'The endpoint URL must use https', [{ path: ['url'], message: 'Use an https:// URL' }]);
  }
  try {
    await resolveAllowed(url.hostname, ctx.config.outgoingWebhooks);
  } catch (error) {
    if (!(error instanceof RefusedDestination)) throw error;
    throw new AppError('VALIDATION', error.message, [{ path: ['url'], message: error.message }]);
  }
}

export async function listEndpoints(ctx: AppContext, user: Business): Promise<Endpoint[]> {
  // Listing stays open after a downgrade, so a brand can see and delete what it set up.
  return (await repo.listEndpoints(ctx.db, user.businessId)).map((row) => toEndpoint(row));
}

export async function createEndpoint(ctx: AppContext, user: Business, body: CreateEndpointBody): Promise<EndpointWithSecret> {
  assertApiAccess(user);
  await assertCallable(ctx, body.url);
  const secret = newSigningSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // Count-then-insert under the business's lock, so parallel creations cannot pass the limit together.
    await repo.lockBusinessEndpoints(tx, user.businessId);
    if ((await repo.countEndpoints(tx, user.businessId)) >= MAX_ENDPOINTS) {
      throw new AppError('CONFLICT', `A business may have at most ${MAX_ENDPOINTS} webhook endpoints`, { limit: MAX_ENDPOINTS });
    }
    return repo.insertEndpoint(tx, { businessId: user.businessId, url: body.url, description: body.description, eventTypes: body.eventTypes, secret: encryptSecret(ctx.config, secret) });
  });
  return { ...toEndpoint(row), secret };
}

async function ownEndpoint(ctx: AppContext, user: Business, id: number): Promise<repo.EndpointRow> {
  const row = await repo.findEndpoint(ctx.db, user.businessId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}

export async function updateEndpoint(ctx: AppContext, user: Business, id: number, body: UpdateEndpointBody): Promise<Endpoint> {
  assertApiAccess(user);
  await ownEndpoint(ctx, user, id);
  if (body.url !== undefined) await assertCallable(ctx, body.url);
  const turnedOn = body.enabled === true;
  const row = await repo.updateEndpoint(ctx.db, id, {
    ...(body.url === undefined ? {} : { url: body.url }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.eventTypes === undefined ? {} : { eventTypes: body.eventTypes }),
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    // Turned on again by the business: a fresh start for the failure rule.
    ...(turnedOn ? { disabledReason: null, failingSince: null, consecutiveFailures: 0 } : {}),
  });
  return toEndpoint(row);
}

export async function deleteEndpoint(ctx: AppContext, user: Business, id: number): Promise<void> {
  if (!(await repo.deleteEndpoint(ctx.db, user.businessId, id))) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
}

/**
 * A new signing secret, shown once. The one it replaces keeps signing (a second `v1`) for SECRET_OVERLAP_HOURS, so the
 * receiver can switch without losing a delivery; rotating again inside the overlap drops the oldest.
 */
export async function rotateSecret(ctx: AppContext, user: Business, id: number, now = new Date()): Promise<EndpointWithSecret> {
  assertApiAccess(user);
  const secret = newSigningSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findEndpoint(tx, user.businessId, id, true);
    if (!current) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
    return repo.updateEndpoint(tx, id, {
      secret: encryptSecret(ctx.config, secret),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_HOURS * 3600_000),
    });
  });
  return { ...toEndpoint(row, now), secret };
}

export async function listDeliveries(ctx: AppContext, user: Business, endpointId?: number): Promise<Delivery[]> {
  const { rows, attempts } = await repo.listDeliveries(ctx.db, user.businessId, endpointId, 100);
  return rows.map(({ delivery, eventType }) => ({
    id: delivery.id, endpointId: delivery.endpointId, eventId: delivery.eventId, eventType, status: delivery.status,
    nextAttemptAt: iso(delivery.nextAttemptAt), createdAt: delivery.createdAt.toISOString(),
    attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id).map((attempt) => ({
      attempt: attempt.attempt, manual: attempt.manual, responseStatus: attempt.responseStatus, durationMs: attempt.durationMs,
      error: attempt.error, createdAt: attempt.createdAt.toISOString(),
    })),
  }));
}

/**
 * Sends a delivery again, now, with the same event id (the receiver dedupes on it). One attempt, outside the automatic
 * schedule: a failure is logged and changes nothing else. Refused while the endpoint is off.
 */
export async function resend(ctx: AppContext, user: Business, deliveryId: number): Promise<{ queued: true }> {
  assertApiAccess(user);
  const found = await repo.findDelivery(ctx.db, user.businessId, deliveryId);
  if (!found) throw new AppError('NOT_FOUND', 'Delivery not found');
  if (!found.endpoint.enabled) throw new AppError('CONFLICT', 'The endpoint is turned off: turn it on before resending');
  await ctx.tasks.enqueue(ctx.db, DELIVER_TASK, {
    payload: { deliveryId, manual: true },
    maxAttempts: DELIVER_TASK_ATTEMPTS,
  });
  return { queued: true };
}
