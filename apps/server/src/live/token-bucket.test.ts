import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('allows a burst, then the steady rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now += 100; // one token a tenth of a second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 10_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
