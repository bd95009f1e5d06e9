import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as repo from './repository';
import { toPlatformDto } from './mappers';
import { invalidReason, occurredAt } from './store-service';

// The time bounds of the store API and the platform settings to the exact millisecond (decision record 018): each
// test fails when its comparison gains or loses its `=`. The clock is fixed so "now" is one known instant.

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

const fixClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
};

describe('a discount code’s expiry (store-service.ts invalidReason)', () => {
  const code = (expiresAt: Date | null) => ({ isActive: true, expiresAt, platform: 'All platforms' }) as repo.CodeRow;

  it('is valid until the millisecond before it expires, and expired from that millisecond on', () => {
    const expiresAt = new Date(NOW);
    expect(invalidReason(code(expiresAt), null, new Date(NOW - 1))).toBeNull();
    expect(invalidReason(code(expiresAt), null, new Date(NOW))).toBe('expired');
    expect(invalidReason(code(null), null, new Date(NOW))).toBeNull();
  });
});

describe('a client timestamp (store-service.ts occurredAt)', () => {
  it('is kept up to exactly a day ahead and exactly 366 days back; a millisecond more either way takes now', () => {
    fixClock();
    for (const kept of [NOW + DAY, NOW - 366 * DAY]) expect(occurredAt(kept).getTime(), String(kept - NOW)).toBe(kept);
    for (const refused of [NOW + DAY + 1, NOW - 366 * DAY - 1]) expect(occurredAt(refused).getTime(), String(refused - NOW)).toBe(NOW);
  });

  it('is kept within a day ahead and a year back, as ISO or epoch ms; unreadable, out of range or missing takes now (store-service.ts:82)', () => {
    fixClock();
    for (const kept of [NOW - HOUR, NOW + 23 * HOUR, NOW - 365 * DAY]) expect(occurredAt(kept).getTime(), String(kept - NOW)).toBe(kept);
    expect(occurredAt(new Date(NOW - 2 * HOUR).toISOString()).getTime()).toBe(NOW - 2 * HOUR);
    for (const refused of [NOW + 25 * HOUR, NOW - 367 * DAY, 'not a date', Number.NaN]) expect(occurredAt(refused).getTime(), String(refused)).toBe(NOW);
    expect(occurredAt(undefined).getTime()).toBe(NOW);
  });
});

describe('the previous webhook secret’s grace period (mappers.ts toPlatformDto)', () => {
  const platform = (previousSecretExpiresAt: Date) =>
    ({
      id: 1,
      name: 'Shop',
      platformType: 'shopify',
      apiKeyLast4: 'abcd',
      secretKeyLast4: null,
      webhookSecret: 'whsec_new_1234',
      previousWebhookSecret: 'whsec_old_9876',
      previousSecretExpiresAt,
      bigcommerceStoreHash: null,
      bigcommerceApiTokenEncrypted: null,
      webhookUrl: null,
      storeOrigin: null,
      businessId: 7,
      isActive: true,
      createdAt: new Date(NOW - DAY),
    }) as unknown as repo.PlatformRow;

  it('is shown until the millisecond it ends, and not from then on', () => {
    fixClock();
    expect(toPlatformDto(platform(new Date(NOW + 1))).previousSecretExpiresAt).toBe(new Date(NOW + 1).toISOString());
    expect(toPlatformDto(platform(new Date(NOW))).previousSecretExpiresAt).toBeNull();
  });
});
