import { AppError } from '../errors';
import type { Backoff, RateLimitStore } from './store';

const secondsUntil = (resetAt: number) => Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));

/** A named "at most `limit` hits per key per window" counter over the shared store. */
export class WindowLimiter {
  constructor(
    private readonly store: RateLimitStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }

  /** Counts one hit; `allowed` is false once the key is over its limit (or `limit`, when given). */
  async hit(key: string, limit = this.limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const window = await this.store.increment(this.keyOf(key), this.windowMs);
    return { allowed: window.count <= limit, retryAfterSeconds: secondsUntil(window.resetAt) };
  }

  /** Gives back one counted attempt (it was right, or a later limit refused it before any check). */
  async refund(key: string): Promise<void> {
    await this.store.decrement(this.keyOf(key));
  }

  /** For counters of failures: true once the key has used its whole budget. Does not count. */
  async blocked(key: string): Promise<{ blocked: boolean; retryAfterSeconds: number }> {
    const window = await this.store.peek(this.keyOf(key));
    if (!window) return { blocked: false, retryAfterSeconds: 0 };
    return { blocked: window.count >= this.limit, retryAfterSeconds: secondsUntil(window.resetAt) };
  }

  /**
   * Counts one hit and throws our 429 (with Retry-After) when the key is over its limit. The count and the decision
   * are one atomic step in the store, so called before an attempt is checked, a burst of parallel attempts lets at
   * most `limit` through (issue 42); a limit of failures only then gives a right attempt back with `refund`.
   */
  async consume(key: string, message: (retryAfterSeconds: number) => string): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(key);
    if (!allowed) throw rateLimited(message(retryAfterSeconds), retryAfterSeconds);
  }
}

/** The one 429 shape: `{ error: { code: 'RATE_LIMITED', message, details: { retryAfterSeconds } } }` plus Retry-After. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', message, { retryAfterSeconds });
}

/**
 * Attempts of one key with a growing back-off between them, forgotten `windowMs` after the latest one (the login
 * back-off per account and client address). A right attempt is `forget`-ten, so what it holds is failures.
 */
export class FailureCounter {
  constructor(
    private readonly store: RateLimitStore,
    readonly name: string,
    readonly windowMs: number,
  ) {}

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }

  /**
   * Counts one attempt before it is checked, unless the key must still wait (`backoff` after its count of attempts
   * since the latest): one atomic step in the store, so parallel attempts cannot all slip in before any is counted.
   * A right attempt then calls `forget`; a wrong one stays counted.
   */
  async attempt(key: string, backoff: Backoff): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const answer = await this.store.incrementUnlessBackingOff(this.keyOf(key), this.windowMs, backoff);
    return answer.allowed ? answer : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(answer.retryAfterMs / 1000)) };
  }

  async forget(key: string): Promise<void> {
    await this.store.delete(this.keyOf(key));
  }
}
