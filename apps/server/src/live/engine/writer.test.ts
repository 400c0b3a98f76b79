import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../lib/change-feed.ts';
import type { LiveRecord } from '../live-steps.ts';
import { LiveWriter } from './writer.ts';

/**
 * When the live state is written (the database's own round trip is tested through the engine,
 * in live-engine.test.ts): here the writes are counted, and time moves only when told to.
 */
describe('LiveWriter', () => {
  let writes: Map<string, LiveRecord>[];
  let writer: LiveWriter;
  const record = (version: number): LiveRecord => ({
    currentIndex: 0,
    currentPartLabel: null,
    currentPartPosition: null,
    currentItem: null,
    version,
    driver: null,
    startedAt: null,
    steppedAt: null,
    keys: {},
    click: null,
  });
  /** Lets the writer's pending callbacks and promises run, without moving the clock. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    writes = [];
    writer = new LiveWriter(
      { persist: async (records) => void writes.push(new Map(records)) },
      new ChangeFeed(),
      (error) => {
        throw error;
      },
      () => {},
    );
  });
  afterEach(() => {
    writer.close();
    vi.useRealTimers();
  });

  it('writes the first step at once and the steps after it together, at most every 500 ms', async () => {
    writer.mark('a', record(1));
    await settle();
    expect(writes.map((w) => [...w.keys()])).toEqual([['a']]);

    writer.mark('a', record(2));
    writer.mark('b', record(1));
    writer.mark('a', record(3));
    await settle();
    expect(writes).toHaveLength(1);
    expect(writer.holds('a')).toBe(true);

    vi.advanceTimersByTime(499);
    await settle();
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await settle();
    expect(writes).toHaveLength(2);
    expect([...writes[1]!].map(([id, r]) => [id, r.version])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
    expect(writer.holds('a')).toBe(false);
  });

  it('flush writes what waits without waiting its turn, and resolves once it is written', async () => {
    writer.mark('a', record(1));
    await settle();
    writer.mark('a', record(2));
    await settle();
    expect(writes).toHaveLength(1);

    await writer.flush();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.get('a')?.version).toBe(2);
    expect(writer.holds('a')).toBe(false);

    // Nothing waits: flush resolves at once, and the usual pace resumes after it.
    await writer.flush();
    expect(writes).toHaveLength(2);
    writer.mark('a', record(3));
    await settle();
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(500);
    await settle();
    expect(writes).toHaveLength(3);
  });
});
