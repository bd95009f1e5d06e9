import type { AppContext } from '@server/lib/context';
import * as repo from './repository';
import type { StorePlatform } from './store-service';

/**
 * Store platforms as the webhook routes read them, kept for a few seconds so a burst of deliveries costs no lookup
 * each (decision record 023). Safe because nothing trusts a stale entry blindly:
 * - a signature that fails against the cached secrets is checked again against the row read afresh (a new secret
 *   works at once, on every instance);
 * - this instance forgets a platform as soon as it is edited, rotated or deleted; another instance may accept a
 *   delivery for a deleted or deactivated platform for up to TTL_MS, and the worker, which reads the row again,
 *   records it as ignored.
 * One cache per app, keyed by the app's config object (every context copy of one app shares it).
 */
const TTL_MS = 10_000;
type Entry = { platform: StorePlatform | null; until: number };
const caches = new WeakMap<object, Map<number, Entry>>();

function cacheOf(ctx: AppContext): Map<number, Entry> {
  let cache = caches.get(ctx.config);
  if (!cache) caches.set(ctx.config, (cache = new Map()));
  return cache;
}

export async function platformById(ctx: AppContext, id: number, options: { fresh?: boolean } = {}): Promise<StorePlatform | null> {
  const cache = cacheOf(ctx);
  const hit = cache.get(id);
  if (!options.fresh && hit && hit.until > Date.now()) return hit.platform;
  const platform = await repo.getPlatform(ctx.db, id);
  cache.set(id, { platform, until: Date.now() + TTL_MS });
  return platform;
}

export function forgetPlatform(ctx: AppContext, id: number): void {
  cacheOf(ctx).delete(id);
}
