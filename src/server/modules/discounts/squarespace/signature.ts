import crypto from 'node:crypto';
import { safeEqual } from '../webhook-signatures';

/**
 * Squarespace-Signature, as Squarespace's "Verifying notifications" guide gives it: HMAC-SHA256 keyed with the
 * subscription secret decoded from hex to raw bytes, over the raw request body, hex-encoded (decision record 040).
 */
export function squarespaceSignature(secretHex: string, rawBody: Buffer | string): string {
  return crypto.createHmac('sha256', Buffer.from(secretHex, 'hex')).update(rawBody).digest('hex');
}

/** Whether the header matches; a secret that is not hex (a platform never subscribed) signs nothing. */
export function verifySquarespaceSignature(secretHex: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^(?:[0-9a-f]{2})+$/i.test(secretHex)) return false;
  return safeEqual(squarespaceSignature(secretHex, rawBody), signature.trim().toLowerCase());
}
