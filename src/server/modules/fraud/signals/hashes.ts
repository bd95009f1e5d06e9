import crypto from 'node:crypto';
import { normaliseAddress } from './address';
import { cleanText, normaliseEmail, normalisePhone } from './normalise';
import type { OrderRiskFacts, RiskHashes, StafferIdentity } from './types';

/**
 * Keyed hashes of normalised values: HMAC-SHA256(key, kind + ':' + value), hex. What is stored and compared instead of
 * the raw email, phone, address, IP or card fingerprint; without the deployment's key they cannot be reversed by
 * hashing a list of guesses. The kind prefix keeps an email from ever equalling a phone. Unusable values: no hash.
 */
export type HashKind = 'email' | 'phone' | 'address' | 'ip' | 'card';

export function keyedHash(kind: HashKind, normalised: string, key: string): string {
  return crypto.createHmac('sha256', key).update(`${kind}:${normalised}`).digest('hex');
}

/** An IP address, lower case (IPv6 hex), or null when it is not one (`0.0.0.0` and `::` are placeholders, not buyers). */
export function normaliseIp(value: unknown): string | null {
  const text = cleanText(value)?.toLowerCase();
  if (!text || text.length > 45 || text === '0.0.0.0' || text === '::') return null;
  return /^(\d{1,3}\.){3}\d{1,3}$/.test(text) || /^[0-9a-f:.]+$/.test(text) && text.includes(':') ? text : null;
}

function hashAll(kind: HashKind, values: (string | null)[], key: string): string[] {
  const unique = [...new Set(values.filter((value): value is string => value !== null))];
  return unique.map((value) => keyedHash(kind, value, key));
}

/** The hashes of what an order says about its buyer (shipping and billing addresses both count). */
export function hashOrder(facts: OrderRiskFacts, key: string): RiskHashes {
  const ip = normaliseIp(facts.browserIp);
  const card = cleanText(facts.cardFingerprint);
  return {
    emails: hashAll('email', [normaliseEmail(facts.customerEmail)], key),
    phones: hashAll('phone', [normalisePhone(facts.customerPhone)], key),
    addresses: hashAll('address', [normaliseAddress(facts.shippingAddress), normaliseAddress(facts.billingAddress)], key),
    ip: ip ? keyedHash('ip', ip, key) : null,
    card: card ? keyedHash('card', card, key) : null,
  };
}

/** The hashes of a staffer's own identity: every email, phone and household/shipping address they gave. */
export function hashIdentity(identity: StafferIdentity, key: string): RiskHashes {
  const list = <T>(value: T[] | undefined) => (Array.isArray(value) ? value : []);
  return {
    emails: hashAll('email', list(identity.emails).map(normaliseEmail), key),
    phones: hashAll('phone', list(identity.phones).map(normalisePhone), key),
    addresses: hashAll('address', list(identity.addresses).map(normaliseAddress), key),
    ip: null,
    card: null,
  };
}
