import { centsToDecimalString } from '@shared/format';
import { formatMinorUnits } from '@shared/currency';
import { storeWebhookPath, type DiscountCode, type IntegrationPlatform, type WebhookDelivery } from '@shared/contracts/discounts';
import type { CodeWithStats, PlatformRow } from './repository';
import type { DeliveryWithSale } from './attribution-repository';

export const toHundredths = (value: number) => Math.round(value * 100);
export const fromHundredths = (value: number) => value / 100;

/** Commission on an order: order value x rate, rounded to the nearest cent. */
export function commissionCents(orderValueCents: number, rateBps: number): number {
  return Math.round((orderValueCents * rateBps) / 10_000);
}

export function toDiscountCodeDto(row: CodeWithStats): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: fromHundredths(row.discountValueHundredths),
    businessId: row.businessId,
    proStaffId: row.proStaffId,
    proStaffName: row.proStaffName,
    commissionRate: row.commissionRateBps / 100,
    platform: row.platform,
    isActive: row.isActive,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    webhookUrl: row.webhookUrl,
    usageCount: row.usageCount,
    revenue: centsToDecimalString(row.revenueCents),
    revenueByCurrency: row.revenueByCurrency.map((r) => ({ currency: r.currency, amount: formatMinorUnits(r.minor, r.currency), amountMinor: r.minor })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Publishable keys: hpk_live_...; platforms from before the split keep their hsk_live_ key as publishable (decision 012). */
export const API_KEY_PREFIX = 'hpk_live_';
export const SECRET_KEY_PREFIX = 'hsk_secret_';

export function maskApiKey(last4: string, prefix = API_KEY_PREFIX): string {
  return `${prefix}••••••••${last4}`;
}

export function toPlatformDto(row: PlatformRow): IntegrationPlatform {
  return {
    id: row.id,
    name: row.name,
    platformType: row.platformType,
    apiKey: maskApiKey(row.apiKeyLast4),
    publishableKey: maskApiKey(row.apiKeyLast4),
    secretKey: row.secretKeyLast4 ? maskApiKey(row.secretKeyLast4, SECRET_KEY_PREFIX) : null,
    webhookSecretHint: `••••${row.webhookSecret.slice(-4)}`,
    previousSecretExpiresAt: row.previousWebhookSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now() ? row.previousSecretExpiresAt.toISOString() : null,
    bigcommerceStoreHash: row.bigcommerceStoreHash,
    hasBigcommerceToken: Boolean(row.bigcommerceApiTokenEncrypted),
    webhookUrl: row.webhookUrl,
    storeUrl: row.storeOrigin,
    businessId: row.businessId,
    isActive: row.isActive,
    storeWebhookPath: storeWebhookPath(row.platformType, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDeliveryDto(row: DeliveryWithSale): WebhookDelivery {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    platformId: row.platformId,
    platformName: row.platformName,
    platformType: row.platformType,
    topic: row.topic,
    orderId: row.orderId,
    codesSeen: row.codesSeen,
    outcome: row.outcome,
    reason: row.reason,
    commissionId: row.commissionId,
    channel: row.channel,
    locationId: row.locationId,
  };
}
