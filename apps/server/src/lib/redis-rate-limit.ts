import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from './errors.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

// Counts and starts the window in one step, so two instances never both start it.
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

// Gives hits back, never below zero, keeping the window's expiry.
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = math.min(count, tonumber(ARGV[1]))
if amount > 0 then redis.call('DECRBY', KEYS[1], amount) end
return count
`;

/** Fixed-window counters in Redis: the same limits across every Segue instance. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number, amount = 1): Promise<RateDecision> {
    const [count, ttl] = (await unavailableOnError(
      this.redis.eval(HIT, 1, this.prefix + key, String(windowMs), String(amount)),
    )) as [number, number];
    return decide(count, ttl, limit, count <= limit);
  }

  async release(key: string, amount = 1): Promise<void> {
    await unavailableOnError(this.redis.eval(RELEASE, 1, this.prefix + key, String(amount)));
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
    throw new ServiceUnavailableError();
  }
}

function decide(count: number, ttlMs: number, limit: number, allowed: boolean): RateDecision {
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(Math.max(ttlMs, 0) / 1000)),
  };
}
