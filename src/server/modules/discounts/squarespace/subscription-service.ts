import type { SessionUser } from '@shared/contracts/auth';
import { storeWebhookPath, WEBHOOK_SECRET_GRACE_HOURS } from '@shared/contracts/discounts';
import type { SquarespaceSubscription } from '@shared/contracts/squarespace';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { withDb } from '@server/lib/transaction';
import { salesCredentialsOf } from '@server/modules/gear/store-access';
import { forgetPlatform } from '../platform-cache';
import * as platforms from '../repository';
import { createSquarespaceSubscription, deleteSquarespaceSubscription } from './client';
import { SQUARESPACE_ORDER_TOPICS } from './delivery';
import * as repo from './subscription-repository';

type BusinessUser = SessionUser & { businessId: number };

const invalid = (path: string, message: string) => new AppError('VALIDATION', message, [{ path, message }]);

function toDto(row: repo.SubscriptionRow): SquarespaceSubscription {
  return { platformId: row.platformId, subscriptionId: row.subscriptionId, endpointUrl: row.endpointUrl, topics: row.topics, subscribedAt: row.updatedAt.toISOString() };
}

/**
 * Subscribes the platform's webhook URL to Squarespace's order notifications with the saved key (decision record
 * 040). Under the business's platform lock, so parallel presses leave one subscription: the new one is created, the
 * one it replaces deleted, and its secret becomes the platform's signing secret (the old one keeps its grace period).
 */
export function subscribe(ctx: AppContext, user: BusinessUser, platformId: number, now = new Date()): Promise<SquarespaceSubscription> {
  return ctx.db.transaction(async (tx) => {
    await platforms.lockBusinessPlatforms(tx, user.businessId);
    const txCtx = withDb(ctx, tx);
    const platform = await platforms.getPlatform(tx, platformId);
    if (!platform) throw notFound('Integration platform');
    if (platform.businessId !== user.businessId) throw forbidden('This integration platform belongs to another business');
    if (platform.platformType !== 'squarespace') throw invalid('platformId', 'Only a Squarespace platform subscribes to Squarespace notifications');
    const credentials = await salesCredentialsOf(txCtx, platformId, 'squarespace');
    if (!credentials) throw invalid('apiKey', 'Save the Squarespace key first (Store credentials)');
    const origin = appOrigin(ctx.config);
    // Squarespace delivers to HTTPS addresses only.
    if (!origin.startsWith('https://')) throw invalid('endpointUrl', 'Squarespace sends notifications to HTTPS addresses only: this server’s PUBLIC_URL is not one');
    const endpointUrl = `${origin}${storeWebhookPath('squarespace', platformId)}`;
    const created = await createSquarespaceSubscription(ctx.config, credentials.apiKey, endpointUrl, SQUARESPACE_ORDER_TOPICS);
    const previous = await repo.findSubscription(tx, platformId);
    if (previous && previous.subscriptionId !== created.id) {
      // A replaced subscription left behind only sends notifications that stop verifying after the grace period.
      await deleteSquarespaceSubscription(ctx.config, credentials.apiKey, previous.subscriptionId).catch((error: unknown) =>
        ctx.log.warn({ platformId, code: error instanceof AppError ? error.code : 'UNKNOWN' }, 'Squarespace: the replaced webhook subscription could not be deleted'),
      );
    }
    const graceUntil = new Date(now.getTime() + WEBHOOK_SECRET_GRACE_HOURS * 3600_000);
    const row = await repo.saveSubscription(tx, { platformId, subscriptionId: created.id, endpointUrl: created.endpointUrl, topics: created.topics, secret: created.secret, previousSecret: platform.webhookSecret, graceUntil }, now);
    forgetPlatform(ctx, platformId);
    return toDto(row);
  });
}

/** The platform's current subscription, or null before the first Subscribe. */
export async function subscriptionOf(ctx: AppContext, user: BusinessUser, platformId: number): Promise<SquarespaceSubscription | null> {
  const platform = await platforms.getPlatform(ctx.db, platformId);
  if (!platform) throw notFound('Integration platform');
  if (platform.businessId !== user.businessId) throw forbidden('This integration platform belongs to another business');
  const row = await repo.findSubscription(ctx.db, platformId);
  return row ? toDto(row) : null;
}
