import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Backoff, BackoffAttempt, RateLimitStore, WindowCount } from './store';

/**
 * Counts in Redis, shared by every instance that uses the same server and prefix (decision record 026).
 * One key per counter, named by a hash of our key (Redis never holds the email addresses some keys are made of):
 * its value is the count, its expiry the end of the window (PEXPIRE), so Redis forgets idle keys
 * itself. Each call is one round trip; `increment` is a Lua script so "count and maybe start the window" is atomic
 * however many instances hit the key at once.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    /** Every key starts with it: one deployment (or one test run) never sees another's counts. */
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number, options: { slide?: boolean } = {}): Promise<WindowCount> {
    const sent = Date.now();
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.redisKey(key), String(windowMs), options.slide ? '1' : '0')) as [number, number];
    return { count, resetAt: windowEnd(sent, ttl) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.redisKey(key));
  }

  async incrementUnlessBackingOff(key: string, windowMs: number, backoff: Backoff): Promise<BackoffAttempt> {
    const waitMs = (await this.redis.eval(
      INCREMENT_UNLESS_BACKING_OFF,
      1,
      this.redisKey(key),
      String(windowMs),
      String(backoff.free),
      String(backoff.firstWaitMs),
      String(backoff.maxWaitMs),
    )) as number;
    return waitMs > 0 ? { allowed: false, retryAfterMs: waitMs } : { allowed: true };
  }

  async peek(key: string): Promise<WindowCount | null> {
    const sent = Date.now();
    const [count, ttl] = (await this.redis.eval(PEEK, 1, this.redisKey(key))) as [number, number];
    if (count === 0 || ttl <= 0) return null;
    return { count, resetAt: windowEnd(sent, ttl) };
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.redisKey(key));
  }

  private redisKey(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  /** Deletes every key under this store's prefix (SCAN, never KEYS: it does not block the server). */
  async clear(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${escapeGlob(this.prefix)}*`, 'COUNT', 500);
      if (keys.length > 0) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

/**
 * A client that never makes a request wait for Redis: no offline queue (a command while disconnected fails at once),
 * one retry, and a short command timeout for a server that is up but not answering. The caller decides what a
 * failure means (./resilient-store.ts).
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 300,
    connectTimeout: 2000,
    // Keep trying to reconnect, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

// KEYS[1] the counter; ARGV[1] the window in ms; ARGV[2] '1' to restart the window on every hit.
// A key without an expiry (it cannot happen through this store, but a stray SET could) gets one, so nothing lives forever.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ARGV[2] == '1' or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

// KEYS[1] the counter. DECR keeps the key's expiry; a missing or zero key is left alone (never negative).
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

// KEYS[1] the counter; ARGV[1] the (sliding) window in ms; ARGV[2..4] the back-off: free attempts, first wait, longest
// wait. The time since the latest attempt is the window less what is left of it (PTTL), so no clock is compared
// across machines. Returns the ms still to wait (nothing counted), or 0 when the attempt was counted.
const INCREMENT_UNLESS_BACKING_OFF = `
local window = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if count > 0 and ttl > 0 then
  local free = tonumber(ARGV[2])
  if count >= free then
    local wait = math.min(tonumber(ARGV[3]) * 2 ^ (count - free), tonumber(ARGV[4]))
    local left = wait - (window - ttl)
    if left > 0 then return math.ceil(left) end
  end
end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return { 0, 0 } end
return { tonumber(count), redis.call('PTTL', KEYS[1]) }
`;

/**
 * The window's end from the remaining time Redis reported, counted from when the call was sent (never from when the
 * answer came): Redis ran it at or after `sent`, so this is never later than the real end, and a Retry-After built
 * from it never asks for more than the real wait. The one millisecond covers Redis rounding PTTL. (The login back-off
 * compares no clocks at all: its script measures the time since the latest attempt with PTTL.)
 */
function windowEnd(sent: number, ttl: number): number {
  return sent + ttl - 1;
}

function escapeGlob(value: string): string {
  return value.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
