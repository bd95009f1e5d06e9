import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import { createRedisClient, RedisRateLimitStore } from './redis-store';
import { ResilientRateLimitStore } from './resilient-store';
import { policyForKey } from './registry';
import { MemoryRateLimitStore, type RateLimitStore } from './store';

/**
 * The store behind `ctx.rateLimits` (decision record 026): with REDIS_URL, Redis shared by every instance, falling
 * back per limit while it is unreachable; without it, this process's memory (one instance).
 * `ready` waits (briefly) for the first connection, so an instance does not start on its fallback; `close` ends it.
 */
export function createRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  log: FastifyBaseLogger,
): { store: RateLimitStore; ready: () => Promise<void>; close: () => Promise<void> } {
  if (!config.redisUrl) return { store: new MemoryRateLimitStore(), ready: async () => undefined, close: async () => undefined };
  const redis = createRedisClient(config.redisUrl);
  // Without a listener ioredis prints every failed reconnect as an unhandled error; the store logs the outage once.
  redis.on('error', () => undefined);
  const store = new ResilientRateLimitStore(new RedisRateLimitStore(redis, `${config.redisKeyPrefix}rl:`), (key) => policyForKey(key), log);
  return {
    store,
    // Without an offline queue, a command sent before the first connection fails and the limits would start on
    // their fallback; wait up to 3 s for it, then start anyway (the store falls back and logs, as in any outage).
    ready: async () => {
      if (redis.status === 'ready') return;
      const connected = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 3000);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!connected) log.warn('Redis not reachable at start-up: rate limits fall back per limit until it is');
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
