import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../../test/databases.ts';
import { MemoryRateLimiter, type RateLimiter } from './rate-limit.ts';
import { RedisRateLimiter } from './redis-rate-limit.ts';

const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(() => redis?.disconnect());

const limiters: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redis) {
  limiters.push(['Redis', () => new RedisRateLimiter(redis, `segue-test:${randomUUID()}:rl:`)]);
}

describe.each(limiters)('the %s rate limiter', (_name, make) => {
  it('counts one hit, or an amount, and gives back no more than it holds', async () => {
    const limiter = make();
    expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter.hit('k', 3, 60_000, 2)).toMatchObject({ allowed: true, remaining: 0 });
    const over = await limiter.hit('k', 3, 60_000, 5);
    expect(over).toMatchObject({ allowed: false, remaining: 0 });
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.release('k', 5);
    expect(await limiter.hit('k', 3, 60_000, 0)).toMatchObject({ allowed: true, remaining: 0 });
    await limiter.release('k', 100);
    expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    await limiter.release('k');
    expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ remaining: 2 });
  });

  it('starts a new window once the old one ends', async () => {
    const limiter = make();
    expect((await limiter.hit('w', 1, 50, 2)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await limiter.hit('w', 1, 50)).allowed).toBe(true);
  });
});
