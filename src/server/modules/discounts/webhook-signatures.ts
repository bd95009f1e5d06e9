import crypto from 'node:crypto';

/** Base64 HMAC-SHA256 of the raw body, as Shopify and WooCommerce sign their webhooks. */
export function hmacBase64(secret: string, rawBody: Buffer): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Constant-time string comparison; hashing first makes the lengths equal without leaking them. */
export function safeEqual(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right) && a.length === b.length;
}

export function verifyHmacSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  return safeEqual(hmacBase64(secret, rawBody), signature.trim());
}
