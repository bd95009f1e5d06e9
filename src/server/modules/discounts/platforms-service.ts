import crypto from 'node:crypto';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { createPlatformBody, IntegrationPlatform, IntegrationPlatformWithSecrets, updatePlatformBody } from '@shared/contracts/discounts';
import type { AppContext } from '../../lib/context';
import { hashToken } from '../../lib/auth';
import { assertWithinLimit } from '../../lib/entitlements';
import { forbidden, notFound } from '../../lib/errors';
import * as repo from './repository';
import { API_KEY_PREFIX, toPlatformDto } from './mappers';

type BusinessUser = SessionUser & { businessId: number };

function newApiKey(): string {
  return `${API_KEY_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
}

function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64url')}`;
}

const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);

export async function listPlatforms(ctx: AppContext, user: BusinessUser): Promise<IntegrationPlatform[]> {
  return (await repo.listPlatforms(ctx.db, user.businessId)).map(toPlatformDto);
}

// Count-then-write under a per-business lock so parallel requests cannot pass the plan limit together (decision record 018).
export function createPlatform(ctx: AppContext, user: BusinessUser, input: z.output<typeof createPlatformBody>): Promise<IntegrationPlatformWithSecrets> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockBusinessPlatforms(tx, user.businessId);
    return createPlatformLocked({ ...ctx, db: tx }, user, input);
  });
}

async function createPlatformLocked(ctx: AppContext, user: BusinessUser, input: z.output<typeof createPlatformBody>): Promise<IntegrationPlatformWithSecrets> {
  const isActive = input.isActive ?? true;
  assertWithinLimit(user, 'integrations', isActive ? await repo.countActivePlatforms(ctx.db, user.businessId) : 0, 'store integrations');
  const apiKey = newApiKey();
  const webhookSecret = input.webhookSecret ?? newWebhookSecret();
  const row = await repo.insertPlatform(ctx.db, {
    businessId: user.businessId,
    name: input.name,
    platformType: input.platformType,
    apiKeyHash: hashToken(apiKey),
    apiKeyLast4: apiKey.slice(-4),
    webhookSecret,
    webhookUrl: input.webhookUrl,
    storeOrigin: originOf(input.storeUrl),
    isActive,
  });
  return { ...toPlatformDto(row), apiKey, webhookSecret };
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
    return updatePlatformLocked({ ...ctx, db: tx }, user, id, input);
  });
}

async function updatePlatformLocked(ctx: AppContext, user: BusinessUser, id: number, input: z.output<typeof updatePlatformBody>): Promise<IntegrationPlatform> {
  const existing = await ownPlatform(ctx, user, id);
  if (input.isActive === true && !existing.isActive) {
    assertWithinLimit(user, 'integrations', await repo.countActivePlatforms(ctx.db, user.businessId), 'store integrations');
  }
  const row = await repo.updatePlatform(ctx.db, id, {
    name: input.name,
    webhookUrl: input.webhookUrl,
    storeOrigin: input.storeUrl === undefined ? undefined : originOf(input.storeUrl),
    isActive: input.isActive,
  });
  return toPlatformDto(row!);
}

/** Issues a new API key (the old one stops working at once) and shows the webhook secret again. */
export async function rotateApiKey(ctx: AppContext, user: BusinessUser, id: number): Promise<IntegrationPlatformWithSecrets> {
  const existing = await ownPlatform(ctx, user, id);
  const apiKey = newApiKey();
  const row = await repo.updatePlatform(ctx.db, id, { apiKeyHash: hashToken(apiKey), apiKeyLast4: apiKey.slice(-4) });
  return { ...toPlatformDto(row!), apiKey, webhookSecret: existing.webhookSecret };
}
