import crypto from 'node:crypto';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import {
  WEBHOOK_SECRET_GRACE_HOURS,
  type createPlatformBody,
  type IntegrationPlatform,
  type IntegrationPlatformWithSecrets,
  type rotateKeyBody,
  type updatePlatformBody,
  type WebhookDelivery,
} from '@shared/contracts/discounts';
import type { AppContext } from '@server/lib/context';
import { withDb } from '@server/lib/transaction';
import { hashToken } from '@server/lib/auth';
import { assertWithinLimit } from '@server/lib/entitlements';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { forgetPlatform } from './platform-cache';
import * as repo from './repository';
import * as attr from './attribution-repository';
import { API_KEY_PREFIX, SECRET_KEY_PREFIX, toDeliveryDto, toPlatformDto } from './mappers';
import { encryptSecret } from '@server/lib/secret-box';

type BusinessUser = SessionUser & { businessId: number };

const newKey = (prefix: string) => `${prefix}${crypto.randomBytes(24).toString('base64url')}`;
const newWebhookSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;
const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);
const graceUntil = (now = new Date()) => new Date(now.getTime() + WEBHOOK_SECRET_GRACE_HOURS * 3600_000);

export async function listPlatforms(ctx: AppContext, user: BusinessUser): Promise<IntegrationPlatform[]> {
  return (await repo.listPlatforms(ctx.db, user.businessId)).map(toPlatformDto);
}

// Count-then-write under a per-business lock so parallel requests cannot pass the plan limit together (decision record 018).
export function createPlatform(ctx: AppContext, user: BusinessUser, input: z.output<typeof createPlatformBody>): Promise<IntegrationPlatformWithSecrets> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockBusinessPlatforms(tx, user.businessId);
    return createPlatformLocked(withDb(ctx, tx), user, input);
  });
}

async function createPlatformLocked(ctx: AppContext, user: BusinessUser, input: z.output<typeof createPlatformBody>): Promise<IntegrationPlatformWithSecrets> {
  const isActive = input.isActive ?? true;
  assertWithinLimit(user, 'integrations', isActive ? await repo.countActivePlatforms(ctx.db, user.businessId) : 0);
  const publishableKey = newKey(API_KEY_PREFIX);
  const secretKey = newKey(SECRET_KEY_PREFIX);
  const webhookSecret = input.webhookSecret ?? newWebhookSecret();
  const row = await repo.insertPlatform(ctx.db, {
    businessId: user.businessId,
    name: input.name,
    platformType: input.platformType,
    apiKeyHash: hashToken(publishableKey),
    apiKeyLast4: publishableKey.slice(-4),
    secretKeyHash: hashToken(secretKey),
    secretKeyLast4: secretKey.slice(-4),
    webhookSecret,
    webhookUrl: input.webhookUrl,
    storeOrigin: originOf(input.storeUrl),
    isActive,
  });
  return { ...toPlatformDto(row), apiKey: publishableKey, publishableKey, secretKey, webhookSecret };
}

async function ownPlatform(ctx: AppContext, user: BusinessUser, id: number) {
  const row = await repo.getPlatform(ctx.db, id);
  if (!row) throw notFound('Integration platform');
  if (row.businessId !== user.businessId) throw forbidden('This integration platform belongs to another business');
  return row;
}

export function updatePlatform(ctx: AppContext, user: BusinessUser, id: number, input: z.output<typeof updatePlatformBody>): Promise<IntegrationPlatform> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockBusinessPlatforms(tx, user.businessId);
    return updatePlatformLocked(withDb(ctx, tx), user, id, input);
  });
}

async function updatePlatformLocked(ctx: AppContext, user: BusinessUser, id: number, input: z.output<typeof updatePlatformBody>): Promise<IntegrationPlatform> {
  const existing = await ownPlatform(ctx, user, id);
  if (input.isActive === true && !existing.isActive) {
    assertWithinLimit(user, 'integrations', await repo.countActivePlatforms(ctx.db, user.businessId));
  }
  if ((input.bigcommerceStoreHash !== undefined || input.bigcommerceApiToken !== undefined) && existing.platformType !== 'bigcommerce') {
    throw new AppError('VALIDATION', 'bigcommerceStoreHash: Only BigCommerce platforms take a store hash and API token', [
      { path: 'bigcommerceStoreHash', message: 'Only BigCommerce platforms take a store hash and API token' },
    ]);
  }
  const changes: Partial<repo.NewPlatform> = {
    name: input.name,
    webhookUrl: input.webhookUrl,
    storeOrigin: input.storeUrl === undefined ? undefined : originOf(input.storeUrl),
    isActive: input.isActive,
  };
  if (input.webhookSecret !== undefined && input.webhookSecret !== existing.webhookSecret) {
    refuseSquarespaceSecret(existing.platformType);
    Object.assign(changes, { webhookSecret: input.webhookSecret, previousWebhookSecret: existing.webhookSecret, previousSecretExpiresAt: graceUntil() });
  }
  if (input.bigcommerceStoreHash !== undefined) changes.bigcommerceStoreHash = input.bigcommerceStoreHash || null;
  if (input.bigcommerceApiToken !== undefined) {
    changes.bigcommerceApiTokenEncrypted = input.bigcommerceApiToken ? encryptSecret(ctx.config, input.bigcommerceApiToken) : null;
  }
  const row = await repo.updatePlatform(ctx.db, id, changes);
  forgetPlatform(ctx, id);
  return toPlatformDto(row!);
}

/**
 * A Squarespace platform's signing secret is the one Squarespace issued with its webhook subscription (decision
 * record 040): a secret chosen or rotated here would stop every notification once the grace period ends.
 */
function refuseSquarespaceSecret(platformType: string): void {
  if (platformType !== 'squarespace') return;
  throw new AppError('VALIDATION', 'Squarespace issues this platform’s signing secret with its webhook subscription: press Subscribe again for a new one.', [
    { path: 'webhookSecret', message: 'Set by Squarespace' },
  ]);
}

/**
 * Issues a new publishable or secret key (the old one stops at once: a leaked key must die now), or a new
 * webhook signing secret (the old one is accepted for WEBHOOK_SECRET_GRACE_HOURS so in-flight deliveries land).
 */
export async function rotateKey(ctx: AppContext, user: BusinessUser, id: number, input: z.output<typeof rotateKeyBody>): Promise<IntegrationPlatformWithSecrets> {
  const existing = await ownPlatform(ctx, user, id);
  let publishableKey: string | null = null;
  let secretKey: string | null = null;
  let changes: Partial<repo.NewPlatform>;
  if (input.key === 'secret') {
    secretKey = newKey(SECRET_KEY_PREFIX);
    changes = { secretKeyHash: hashToken(secretKey), secretKeyLast4: secretKey.slice(-4) };
  } else if (input.key === 'webhookSecret') {
    refuseSquarespaceSecret(existing.platformType);
    changes = { webhookSecret: newWebhookSecret(), previousWebhookSecret: existing.webhookSecret, previousSecretExpiresAt: graceUntil() };
  } else {
    publishableKey = newKey(API_KEY_PREFIX);
    changes = { apiKeyHash: hashToken(publishableKey), apiKeyLast4: publishableKey.slice(-4) };
  }
  const row = (await repo.updatePlatform(ctx.db, id, changes))!;
  forgetPlatform(ctx, id);
  const dto = toPlatformDto(row);
  return { ...dto, apiKey: publishableKey ?? dto.apiKey, publishableKey: publishableKey ?? dto.publishableKey, secretKey: secretKey ?? dto.secretKey, webhookSecret: row.webhookSecret };
}

/** Deletes a platform. Its orders, commissions and delivery log stay (they are the business's records). */
export async function deletePlatform(ctx: AppContext, user: BusinessUser, id: number): Promise<void> {
  await ownPlatform(ctx, user, id);
  await repo.deletePlatform(ctx.db, id);
  forgetPlatform(ctx, id);
}

export async function listDeliveries(ctx: AppContext, user: BusinessUser): Promise<WebhookDelivery[]> {
  return (await attr.listDeliveries(ctx.db, user.businessId, 200)).map(toDeliveryDto);
}
