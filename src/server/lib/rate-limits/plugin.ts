import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimited } from './limiter';
import type { RateLimits } from './registry';
import type { RateLimitStore } from './store';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store contract, over our store, so its counts live (and reset) with all the others. */
function pluginStoreOver(store: RateLimitStore, prefix = 'route') {
  return class PluginStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      store.increment(`${prefix}:${key}`, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: resetAt - Date.now() }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      store.peek(`${prefix}:${key}`).then(
        (window) => callback(null, window ? { current: window.count, ttl: window.resetAt - Date.now() } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** One counter space per route. (At run time the plugin passes the merged route parameters, not the typed RouteOptions.) */
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const Child = pluginStoreOver(store, `route:${[route?.method].flat().join(',')} ${route?.url ?? ''}`);
      return new Child();
    }
  };
}

/**
 * Registers @fastify/rate-limit for the per-address route limits of the registry. Must run before the routes are
 * registered: it fills in each listed route's `config.rateLimit`, and fails start-up when a listed route is missing.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  const byRoute = new Map<string, (typeof limits.perAddressRoutes)[keyof typeof limits.perAddressRoutes]>(Object.entries(limits.perAddressRoutes));
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = byRoute.get(`${method} ${route.url}`);
      if (!limit) continue;
      seen.add(`${method} ${route.url}`);
      route.config = {
        ...route.config,
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindow,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => rateLimited(limit.message, Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      } as typeof route.config;
    }
  });
  app.addHook('onReady', async () => {
    const missing = [...byRoute.keys()].filter((key) => !seen.has(key));
    if (missing.length > 0) throw new Error(`Rate limits name routes that do not exist: ${missing.join(', ')}`);
  });
  await app.register(rateLimit, {
    global: false,
    store: pluginStoreOver(limits.store),
    // Counted after authentication and before validation: a flood of invalid bodies is limited too.
    hook: 'preValidation',
    // The address Fastify resolved (TRUST_PROXY decides whether X-Forwarded-For counts), as our own limits use.
    keyGenerator: (request) => request.ip,
    // Our error handler sets Retry-After from the error; no X-RateLimit-* headers, as before.
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}
