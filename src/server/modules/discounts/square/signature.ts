import crypto from 'node:crypto';
import { appOrigin, type Config } from '@server/config';
import { storeWebhookPath } from '@shared/contracts/discounts';

/**
 * Square signs a notification with x-square-hmacsha256-signature: base64 HMAC-SHA256, keyed with the subscription's
 * signature key, over the notification URL exactly as registered in Square followed by the raw body (Square's
 * "Validate notifications" guide; the SDKs' WebhooksHelper.verifySignature does `notificationUrl + requestBody`).
 * The URL is part of what is signed, so a delivery signed for another address is refused (decision record 040).
 */
export function squareSignature(signatureKey: string, notificationUrl: string, raw: Buffer): string {
  return crypto.createHmac('sha256', signatureKey).update(Buffer.from(notificationUrl, 'utf8')).update(raw).digest('base64');
}

/** Constant-time check (the SDK compares with ===; Square's guide asks for a constant-time comparison). */
export function verifySquareSignature(signatureKey: string, notificationUrl: string, raw: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(squareSignature(signatureKey, notificationUrl, raw), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(expected, given);
}

/** The notification URL a business registers in Square for a platform: PUBLIC_URL and the platform's webhook path. */
export function squareNotificationUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, platformId: number): string {
  return `${appOrigin(config)}${storeWebhookPath('square', platformId)}`;
}
