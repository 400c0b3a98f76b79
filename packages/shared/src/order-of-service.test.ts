import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  orderOfService,
  parseDuration,
  runningTimes,
  splitOrder,
  timeOfDay,
} from './order-of-service.ts';

describe('order of service', () => {
  it('puts items before the song their at names, and after the last song past it', () => {
    const order = orderOfService({
      songs: ['a', 'b'],
      items: [{ at: 0 }, { at: 2 }, { at: 1 }, { at: 0 }, { at: 9 }],
    });
    expect(order).toEqual([
      { kind: 'item', index: 0 },
      { kind: 'item', index: 3 },
      { kind: 'song', index: 0 },
      { kind: 'item', index: 2 },
      { kind: 'song', index: 1 },
      { kind: 'item', index: 1 },
      { kind: 'item', index: 4 },
    ]);
    expect(orderOfService({ songs: ['a'] })).toEqual([{ kind: 'song', index: 0 }]);
  });

  it('splits any order into songs and items that give the same order back', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 30 }), (kinds) => {
        type Entry = { kind: 'song'; value: string } | { kind: 'item'; value: { title: string } };
        const entries = kinds.map((isSong, i): Entry =>
          isSong ? { kind: 'song', value: `s${i}` } : { kind: 'item', value: { title: `i${i}` } },
        );
        const { songs, items } = splitOrder<string, { title: string }>(entries);
        const back = orderOfService({ songs, items }).map((e) =>
          e.kind === 'song' ? songs[e.index] : items[e.index]!.title,
        );
        expect(back).toEqual(entries.map((e) => (e.kind === 'song' ? e.value : e.value.title)));
      }),
    );
  });
});

describe('durations', () => {
  it('reads minutes, m:ss and h:mm:ss, and refuses the rest', () => {
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('4')).toBe(240);
    expect(parseDuration('4.5')).toBe(270);
    expect(parseDuration('4:05')).toBe(245);
    expect(parseDuration('1:02:00')).toBe(3720);
    expect(parseDuration('4:75')).toBeUndefined();
    expect(parseDuration('four')).toBeUndefined();
    expect(parseDuration('-3')).toBeUndefined();
  });

  it('writes m:ss, and h:mm:ss from an hour', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3720)).toBe('1:02:00');
    expect(formatDuration(0)).toBe('0:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 * 3600 }), (s) => {
        expect(parseDuration(formatDuration(s))).toBe(s);
      }),
    );
  });

  it('adds up start times and the total, and says when a duration is missing', () => {
    expect(runningTimes([60, null, 300])).toEqual({
      starts: [0, 60, 60],
      total: 360,
      incomplete: true,
    });
    expect(runningTimes([])).toEqual({ starts: [], total: 0, incomplete: false });
    expect(timeOfDay('10:30', 20 * 60)).toBe('10:50');
    expect(timeOfDay('23:50', 20 * 60)).toBe('00:10');
    expect(timeOfDay(null, 60)).toBeNull();
  });
});
