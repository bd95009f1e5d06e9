/**
 * Fixed-window counter kept in memory. Good enough for one instance; behind a load balancer
 * each instance limits on its own (documented in README).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns false when the key is over its limit (or `limit`, when given). */
  hit(key: string, limit = this.limit): boolean {
    const entry = this.current(key);
    entry.count += 1;
    return entry.count <= limit;
  }

  isBlocked(key: string): boolean {
    return this.current(key).count >= this.limit;
  }

  clear(): void {
    this.hits.clear();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  retryAfterSeconds(key: string): number {
    const entry = this.hits.get(key);
    return entry ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 0;
  }

  private current(key: string) {
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    return entry;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
