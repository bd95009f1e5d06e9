/** One key's window: how many hits it holds and when it ends (ms since the epoch). */
export type WindowCount = { count: number; resetAt: number };

/**
 * Where every rate-limit counter of the app lives. In memory today (one instance, documented in README);
 * a Redis store implements the same four calls with INCR + PEXPIRE, GET, DEL and a key-prefix scan
 * (decision record 020).
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`. A window opens on the first hit and lasts `windowMs`; with `slide`, every hit
   * restarts it (the window then ends `windowMs` after the latest hit).
   */
  increment(key: string, windowMs: number, options?: { slide?: boolean }): Promise<WindowCount>;
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
