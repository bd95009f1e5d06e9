/** One key's window: how many hits it holds and when it ends (ms since the epoch). */
export type WindowCount = { count: number; resetAt: number };

/** A growing wait between attempts once `free` of them are used: `firstWaitMs`, doubling, at most `maxWaitMs`. */
export type Backoff = { free: number; firstWaitMs: number; maxWaitMs: number };

/** The wait `backoff` asks for after `count` counted attempts (0 while some are still free). */
export function backoffWaitMs(backoff: Backoff, count: number): number {
  if (count < backoff.free) return 0;
  return Math.min(backoff.firstWaitMs * 2 ** (count - backoff.free), backoff.maxWaitMs);
}

/** The answer of `incrementUnlessBackingOff`: counted, or refused (and not counted) for `retryAfterMs`. */
export type BackoffAttempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Where every rate-limit counter of the app lives: this process's memory, or Redis (decision records 020, 026).
 * Every call that counts also decides in the same atomic step (a Lua script on Redis, one synchronous block in
 * memory), so parallel requests can never all read "under the limit" before any of them is counted (issue 42).
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`. A window opens on the first hit and lasts `windowMs`; with `slide`, every hit
   * restarts it (the window then ends `windowMs` after the latest hit).
   */
  increment(key: string, windowMs: number, options?: { slide?: boolean }): Promise<WindowCount>;
  /**
   * Gives back one hit of the key's open window (an attempt that turned out right, or was refused by a later
   * limit); nothing when the key has no window or no hits. The window's end does not move.
   */
  decrement(key: string): Promise<void>;
  /**
   * One atomic "may this attempt go ahead now?" on a sliding window of attempts: refused (and not counted) while the
   * wait `backoff` asks for after the key's count has not passed since its latest attempt; otherwise counted, and the
   * window restarts (it ends `windowMs` after the latest attempt).
   */
  incrementUnlessBackingOff(key: string, windowMs: number, backoff: Backoff): Promise<BackoffAttempt>;
  /** The key's open window, or null when it has none. Never counts. */
  peek(key: string): Promise<WindowCount | null>;
  delete(key: string): Promise<void>;
  /** Forgets every counter (tests, and an operator after an incident). */
  clear(): Promise<void>;
}

/** Fixed windows in a Map, swept when it grows large so idle keys do not pile up. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number, options: { slide?: boolean } = {}): Promise<WindowCount> {
    const now = this.now();
    let entry = this.live(key, now);
    if (!entry) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    entry.count += 1;
    if (options.slide) entry.resetAt = now + windowMs;
    return { ...entry };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.live(key, this.now());
    if (entry && entry.count > 0) entry.count -= 1;
  }

  // No await between the read and the write: one synchronous block, so atomic within this process.
  async incrementUnlessBackingOff(key: string, windowMs: number, backoff: Backoff): Promise<BackoffAttempt> {
    const now = this.now();
    const entry = this.live(key, now);
    if (entry) {
      const sinceLatest = now - (entry.resetAt - windowMs);
      const waitMs = backoffWaitMs(backoff, entry.count) - sinceLatest;
      if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs };
    }
    await this.increment(key, windowMs, { slide: true });
    return { allowed: true };
  }

  async peek(key: string): Promise<WindowCount | null> {
    const entry = this.live(key, this.now());
    return entry ? { ...entry } : null;
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async clear(): Promise<void> {
    this.windows.clear();
  }

  private live(key: string, now: number): WindowCount | null {
    const entry = this.windows.get(key);
    if (entry && entry.resetAt <= now) {
      this.windows.delete(key);
      return null;
    }
    return entry ?? null;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
