import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../../test/databases.ts';
import { ChangeFeed, scope } from './change-feed.ts';
import { ReadCache } from './read-cache.ts';

/** A load that counts its calls and answers what `value` holds when it is called. */
function counter<T>(value: () => T) {
  const load = async () => {
    load.calls += 1;
    return value();
  };
  load.calls = 0;
  return load;
}

describe('ReadCache', () => {
  it('keeps a value until a scope it depends on changes', async () => {
    const feed = new ChangeFeed();
    const cache = new ReadCache(feed);
    let title = 'One';
    const load = counter(() => title);
    const read = () => cache.get('setlist:t1:s1', [scope.team('t1'), scope.setlist('s1')], load);

    expect(await read()).toBe('One');
    expect(await read()).toBe('One');
    expect(load.calls).toBe(1);

    // Other teams and setlists leave it alone.
    await feed.publish({ kind: 'team', id: 't2' });
    await feed.publish({ kind: 'setlist', id: 's2' });
    expect(await read()).toBe('One');
    expect(load.calls).toBe(1);

    title = 'Uno';
    await feed.publish({ kind: 'setlist', id: 's1' });
    expect(await read()).toBe('Uno');
    title = 'Eins';
    await feed.publish({ kind: 'team', id: 't1' });
    expect(await read()).toBe('Eins');
    expect(load.calls).toBe(3);
  });

  it('does not keep a value read while a change landed', async () => {
    const feed = new ChangeFeed();
    const cache = new ReadCache(feed);
    let title = 'Old';
    let release = () => {};
    let started = () => {};
    const reading = new Promise<void>((resolve) => (started = resolve));
    const slow = async () => {
      const seen = title;
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return seen;
    };
    const first = cache.get('k', [scope.team('t')], slow);
    await reading;
    // The write commits and is published while the read above is still running.
    title = 'New';
    await feed.publish({ kind: 'team', id: 't' });
    release();
    expect(await first).toBe('Old');
    expect(await cache.get('k', [scope.team('t')], async () => title)).toBe('New');
  });

  it('shares one load between readers asking at the same time, and keeps no errors', async () => {
    const cache = new ReadCache(new ChangeFeed());
    const load = counter(() => 'value');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.get('k', [scope.team('t')], load)),
    );
    expect(answers).toEqual(Array(5).fill('value'));
    expect(load.calls).toBe(1);

    let fail = true;
    const flaky = counter(() => {
      if (fail) throw new Error('not found');
      return 'found';
    });
    await expect(cache.get('e', [scope.team('t')], flaky)).rejects.toThrow('not found');
    fail = false;
    expect(await cache.get('e', [scope.team('t')], flaky)).toBe('found');
    expect(flaky.calls).toBe(2);
  });

  it('forgets values after their time, and the least recently used past its size', async () => {
    let now = 1_000;
    const cache = new ReadCache(new ChangeFeed(), { ttlMs: 100, maxBytes: 400, now: () => now });
    const load = counter(() => 'x');
    await cache.get('a', [], load);
    now += 99;
    await cache.get('a', [], load);
    expect(load.calls).toBe(1);
    now += 2;
    await cache.get('a', [], load);
    expect(load.calls).toBe(2);

    const sized = (key: string) =>
      cache.get(
        key,
        [],
        async () => key,
        () => 100,
      );
    await sized('b');
    await sized('c');
    await sized('d');
    await sized('b'); // used again: now the most recent
    await sized('e'); // 'a' (1) + 4 × 100 > 400: the least recently used go
    expect(cache.size).toBe(4);
    const hits = counter(() => 'b');
    await cache.get('b', [], hits, () => 100);
    expect(hits.calls).toBe(0);
    // A value above a quarter of the room is answered but not kept.
    const big = counter(() => 'big');
    await cache.get('big', [], big, () => 101);
    await cache.get('big', [], big, () => 101);
    expect(big.calls).toBe(2);
  });
});

describe('ChangeFeed', () => {
  it('never goes back to a generation a cached value may hold, even after starting afresh', async () => {
    const feed = new ChangeFeed();
    await feed.publish({ kind: 'team', id: 'kept' });
    const before = Number(await feed.generations([scope.team('kept')]));
    // Past 100,000 scopes it forgets them all, and every scope then reads above all old values.
    for (let i = 0; i < 100_001; i++) await feed.publish({ kind: 'setlist', id: String(i) });
    const after = Number(await feed.generations([scope.team('kept')]));
    expect(after).not.toBe(before);
    const untouched = Number(await feed.generations([scope.team('never-changed')]));
    expect(untouched).toBeGreaterThan(before);
  });

  describe.skipIf(!redisUrl)('through Redis', () => {
    const clients: Redis[] = [];
    afterAll(async () => {
      await Promise.allSettled(clients.map((c) => c.quit()));
    });

    it('two instances share generations, and each hears the other', async () => {
      const prefix = `segue-test:${randomUUID()}:`;
      const feeds = await Promise.all(
        [1, 2].map(async () => {
          const commands = new Redis(redisUrl!);
          const subscriber = new Redis(redisUrl!);
          clients.push(commands, subscriber);
          const feed = new ChangeFeed();
          await feed.connect({ commands, subscriber, prefix, onError: () => {} });
          return feed;
        }),
      );
      const [one, two] = feeds as [ChangeFeed, ChangeFeed];
      const heard: string[] = [];
      two.on((change) => {
        if (change.kind !== 'resync') heard.push(`${change.kind}:${change.id}`);
      });

      const cacheOnTwo = new ReadCache(two);
      let title = 'One';
      const load = counter(() => title);
      expect(await cacheOnTwo.get('k', [scope.team('t')], load)).toBe('One');
      title = 'Uno';
      // Published through the first instance: the second's very next read sees it.
      await one.publish({ kind: 'team', id: 't' });
      expect(await cacheOnTwo.get('k', [scope.team('t')], load)).toBe('Uno');
      expect(await one.generations([scope.team('t')])).toEqual(
        await two.generations([scope.team('t')]),
      );

      // Redis restarted empty: counters start again from zero, under a new epoch.
      await one.publish({ kind: 'team', id: 'u' });
      let name = 'Before';
      const other = counter(() => name);
      expect(await cacheOnTwo.get('u', [scope.team('u')], other)).toBe('Before');
      const admin = new Redis(redisUrl!);
      clients.push(admin);
      const keys = await admin.keys(`${prefix}*`);
      await admin.del(...keys);
      name = 'After';
      await one.publish({ kind: 'team', id: 'u' }); // the counter is 1 again, as when cached
      expect(await cacheOnTwo.get('u', [scope.team('u')], other)).toBe('After');

      await one.publish({ kind: 'session', id: 'abc' });
      await expect.poll(() => heard).toContain('session:abc');
    });
  });
});
