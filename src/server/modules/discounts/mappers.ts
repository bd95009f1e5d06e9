import { centsToDecimalString, parseMoneyToCents } from '@shared/format';
import { storeWebhookPath, type DiscountCode, type IntegrationPlatform } from '@shared/contracts/discounts';
import { AppError } from '../../lib/errors';
import type { CodeWithStats, PlatformRow } from './repository';

export const toHundredths = (value: number) => Math.round(value * 100);
export const fromHundredths = (value: number) => value / 100;

/** Dollars as a number or decimal string -> integer cents. */
export function moneyToCents(value: number | string): number {
  const cents = typeof value === 'number' ? Math.round(value * 100) : parseMoneyToCents(value);
  if (cents === null || !Number.isFinite(cents) || cents < 0) throw new AppError('VALIDATION', 'orderValue: Use a decimal amount like 129.99');
  return cents;
}

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
    createdAt: row.createdAt.toISOString(),
  };
}

export const API_KEY_PREFIX = 'hsk_live_';

export function maskApiKey(last4: string): string {
  return `${API_KEY_PREFIX}••••••••${last4}`;
}

export function toPlatformDto(row: PlatformRow): IntegrationPlatform {
  return {
    id: row.id,
    name: row.name,
    platformType: row.platformType,
    apiKey: maskApiKey(row.apiKeyLast4),
    webhookUrl: row.webhookUrl,
    storeUrl: row.storeOrigin,
    businessId: row.businessId,
    isActive: row.isActive,
    storeWebhookPath: storeWebhookPath(row.platformType, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
