import crypto from 'node:crypto';

/**
 * The signature of an outgoing webhook (decision record 044), in the Stripe-Signature style:
 * `HuntStaff-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with one `v1` per signing secret
 * (two during a rotation's overlap). The receiver recomputes it with its secret, compares in constant time and
 * refuses a `t` more than SIGNATURE_TOLERANCE_SECONDS from its clock (a replayed delivery).
 */
export const SIGNATURE_HEADER = 'HuntStaff-Signature';

export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(body: string, secrets: string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${crypto.createHmac('sha256', secret).update(signed).digest('hex')}`)].join(',');
}
