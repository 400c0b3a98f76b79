import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

// Counts and starts the window in one step, so two instances never both start it.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

/** Fixed-window counters in Redis: the same limits across every Segue instance. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const [count, ttl] = (await unavailableOnError(
      this.redis.eval(HIT, 1, this.prefix + key, String(windowMs)),
    )) as [number, number];
    return decide(count, ttl, limit, count <= limit);
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const [value, ttl] = await unavailableOnError(
      Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]),
    );
    const count = Number(value ?? 0);
    if (!value || ttl <= 0) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
    return decide(count, ttl, limit, count < limit);
  }

  async reset(key: string): Promise<void> {
    await unavailableOnError(this.redis.del(this.prefix + key));
  }
}

/** Redis out of reach is a passing outage (503), not a crash. */
async function unavailableOnError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw new HttpError(503, 'Segue is briefly unavailable. Please try again in a moment.');
  }
}

function decide(count: number, ttlMs: number, limit: number, allowed: boolean): RateDecision {
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(ttlMs, 0) / 1000)),
  };
}
