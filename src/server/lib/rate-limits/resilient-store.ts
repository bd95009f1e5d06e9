import type { FastifyBaseLogger } from 'fastify';
import { MemoryRateLimitStore, type Backoff, type BackoffAttempt, type RateLimitStore, type WindowCount } from './store';

/**
 * What a limit does while the shared store cannot be reached (decision record 026):
 * - `local`: counts in this instance's memory, as a one-instance install always did (each instance allows the full
 *   budget, so N instances allow N times it until the shared store is back);
 * - `open`: does not count at all (every call is the window's first hit).
 * No limit fails closed: refusing sign-ins or messages because a cache is down would turn a Redis outage (or an
 * attacker who can cause one) into an outage of the app.
 */
export type WhenSharedStoreDown = 'local' | 'open';

/** How long after a failure the shared store is left alone before it is tried again. */
const RETRY_AFTER_MS = 5000;

/**
 * The shared store with a fallback: a failed call (Redis down, a timeout) is answered by the limit's policy, and the
 * shared store is skipped for a few seconds so requests do not each wait for it to fail.
 */
export class ResilientRateLimitStore implements RateLimitStore {
  readonly local = new MemoryRateLimitStore();
  private downUntil = 0;

  constructor(
    private readonly shared: RateLimitStore,
    /** The policy for a counter key (`<limit name>:<key>`, or `route:<METHOD url>:<address>`). */
    private readonly policyFor: (key: string) => WhenSharedStoreDown,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the shared store failed within the last few seconds (calls are answered by each limit's policy). */
  get sharedStoreDown(): boolean {
    return this.now() < this.downUntil;
  }

  increment(key: string, windowMs: number, options?: { slide?: boolean }): Promise<WindowCount> {
    return this.attempt(
      () => this.shared.increment(key, windowMs, options),
      () => (this.policyFor(key) === 'local' ? this.local.increment(key, windowMs, options) : Promise.resolve({ count: 1, resetAt: this.now() + windowMs })),
    );
  }

  decrement(key: string): Promise<void> {
    return this.attempt(
      () => this.shared.decrement(key),
      () => (this.policyFor(key) === 'local' ? this.local.decrement(key) : Promise.resolve()),
    );
  }

  incrementUnlessBackingOff(key: string, windowMs: number, backoff: Backoff): Promise<BackoffAttempt> {
    return this.attempt(
      () => this.shared.incrementUnlessBackingOff(key, windowMs, backoff),
      () => (this.policyFor(key) === 'local' ? this.local.incrementUnlessBackingOff(key, windowMs, backoff) : Promise.resolve({ allowed: true } as const)),
    );
  }

  peek(key: string): Promise<WindowCount | null> {
    return this.attempt(
      () => this.shared.peek(key),
      () => (this.policyFor(key) === 'local' ? this.local.peek(key) : Promise.resolve(null)),
    );
  }

  async delete(key: string): Promise<void> {
    await this.local.delete(key);
    await this.attempt(() => this.shared.delete(key), async () => undefined);
  }

  async clear(): Promise<void> {
    await this.local.clear();
    await this.shared.clear();
  }

  private async attempt<T>(onShared: () => Promise<T>, onFallback: () => Promise<T>): Promise<T> {
    if (this.sharedStoreDown) return onFallback();
    try {
      const result = await onShared();
      if (this.downUntil !== 0) {
        this.downUntil = 0;
        this.log.info('rate-limit store reachable again: limits are shared again');
      }
      return result;
    } catch (error) {
      if (this.downUntil === 0) {
        this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'rate-limit store unreachable: limits fall back per limit (local memory or open)');
      }
      this.downUntil = this.now() + RETRY_AFTER_MS;
      return onFallback();
    }
  }
}
