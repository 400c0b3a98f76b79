/**
 * Fixed-window counters keyed by a string (an address, an account): in memory for
 * one instance (here), in Redis for several (redis-rate-limit.ts).
 */
export interface RateLimiter {
  /**
   * Counts one hit and says whether the key is still within its limit, in one atomic
   * step: take it before the work it limits, so parallel calls cannot overtake the count.
   * `amount` counts one hit as several (bytes, for a budget of bytes).
   */
  hit(key: string, limit: number, windowMs: number, amount?: number): Promise<RateDecision>;
  /** Gives one hit (or `amount`) back: the attempt turned out fine, or was not made. */
  release(key: string, amount?: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number, amount = 1): Promise<RateDecision> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += amount;
    return this.decide(window, limit, now);
  }

  async release(key: string, amount = 1): Promise<void> {
    const window = this.windows.get(key);
    if (window) window.count = Math.max(0, window.count - amount);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private decide(window: Window, limit: number, now: number): RateDecision {
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Drops expired windows now and then so the map cannot grow without bound. */
  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
