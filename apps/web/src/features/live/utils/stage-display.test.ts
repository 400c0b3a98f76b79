import { describe, expect, it } from 'vitest';
import type { SongPart } from '@segue/shared';
import {
  elapsedSince,
  formatClock,
  formatElapsed,
  nextStageFit,
  stageEntry,
  startStageFit,
  STAGE_TEXT_SIZE,
  stageTextSize,
} from './stage-display.ts';

describe('stageEntry (issue 18: items of the order of service)', () => {
  const part = (label: string, lyrics = ''): SongPart => ({
    label,
    lines: [{ chords: 'G', lyrics }],
    translations: [],
  });
  // Welcome, One (Verse, Chorus), Sermon, Two (Intro, Chorus, Chorus), Blessing.
  const set = {
    songs: [
      { song: { title: 'One', parts: [part('Verse', 'Amazing grace'), part('Chorus')] } },
      {
        song: {
          title: 'Two',
          parts: [part('Intro', 'How great'), part('Chorus', 'Sing'), part('Chorus', 'Sing')],
        },
      },
    ],
    items: [
      { title: 'Welcome', notes: '', at: 0 },
      { title: 'Sermon', notes: 'Romans 8\nPastor Ann', at: 1 },
      { title: 'Blessing', notes: '', at: 2 },
    ],
  };
  const live = (
    currentIndex: number,
    currentPartLabel: string | null,
    currentItem: number | null = null,
    currentPartPosition: number | null = null,
  ) => ({ currentIndex, currentPartLabel, currentPartPosition, currentItem });

  it('shows the item the set is on, with its notes, and the next song', () => {
    expect(stageEntry(set, live(1, null, 1))).toEqual({
      kind: 'item',
      itemIndex: 1,
      title: 'Sermon',
      notes: 'Romans 8\nPastor Ann',
      next: { kind: 'song', title: 'Two', label: 'Intro', firstLine: 'How great' },
    });
    expect(stageEntry(set, live(1, null, 2))).toMatchObject({
      title: 'Blessing',
      next: { kind: 'end' },
    });
  });

  it('names the item that comes after a song’s last part', () => {
    expect(stageEntry(set, live(0, 'Chorus'))).toEqual({
      kind: 'song',
      songIndex: 0,
      partIndex: 1,
      next: { kind: 'item', title: 'Sermon', firstLine: 'Romans 8' },
    });
    expect(stageEntry(set, live(0, 'Verse'))?.next).toEqual({
      kind: 'part',
      label: 'Chorus',
      firstLine: 'G',
    });
  });

  it('follows the part the server placed, and the song after an item it does not know', () => {
    expect(stageEntry(set, live(1, 'Chorus', null, 2))).toMatchObject({ partIndex: 2 });
    expect(stageEntry(set, live(1, null, 9))).toMatchObject({
      kind: 'song',
      songIndex: 1,
      partIndex: 0,
    });
  });

  it('starts a setlist of items alone at its first item, and shows nothing of an empty one', () => {
    const items = { songs: [], items: [{ title: 'Prayer', notes: '', at: 0 }] };
    expect(stageEntry(items, live(0, null))).toMatchObject({ kind: 'item', title: 'Prayer' });
    expect(stageEntry({ songs: [], items: [] }, live(0, null))).toBeNull();
  });
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('formatElapsed', () => {
  it('shows m:ss under an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9 * SECOND + 999)).toBe('0:09');
    expect(formatElapsed(MINUTE)).toBe('1:00');
    expect(formatElapsed(12 * MINUTE + 5 * SECOND)).toBe('12:05');
    expect(formatElapsed(HOUR - 1)).toBe('59:59');
  });

  it('shows h:mm:ss from an hour on', () => {
    expect(formatElapsed(HOUR)).toBe('1:00:00');
    expect(formatElapsed(HOUR + 2 * MINUTE + 3 * SECOND)).toBe('1:02:03');
    expect(formatElapsed(12 * HOUR + 34 * MINUTE + 56 * SECOND)).toBe('12:34:56');
  });

  it('never counts below zero when the server’s clock is ahead', () => {
    expect(formatElapsed(-5 * SECOND)).toBe('0:00');
  });
});

describe('elapsedSince', () => {
  const now = Date.parse('2025-03-02T10:15:30.000Z');

  it('is null before the set began', () => {
    expect(elapsedSince(null, now)).toBeNull();
  });

  it('counts from the start', () => {
    expect(elapsedSince('2025-03-02T10:00:00.000Z', now)).toBe(15 * MINUTE + 30 * SECOND);
  });

  it('is null for a start it cannot read', () => {
    expect(elapsedSince('not a date', now)).toBeNull();
  });
});

describe('formatClock', () => {
  // Built from local fields, so the test holds in every time zone.
  const afternoon = new Date(2025, 2, 2, 14, 5, 59).getTime();
  const morning = new Date(2025, 2, 2, 9, 7, 0).getTime();

  it('shows hours and minutes of the local time, without seconds', () => {
    expect(formatClock(afternoon, 'en-GB')).toBe('14:05');
    expect(formatClock(morning, 'en-GB')).toBe('9:07');
  });

  it('follows a locale that reads the 12-hour clock', () => {
    expect(formatClock(afternoon, 'en-US')).toMatch(/^2:05\s?PM$/);
  });
});

describe('stageTextSize', () => {
  it('reaches the largest size on a TV and a laptop screen', () => {
    expect(stageTextSize(1920, 1080)).toBe(STAGE_TEXT_SIZE.max);
    expect(stageTextSize(1280, 720)).toBe(2.9);
  });

  it('follows the narrower or shorter side, down to the smallest size', () => {
    expect(stageTextSize(880, 1080)).toBe(2);
    expect(stageTextSize(1920, 480)).toBe(2);
    expect(stageTextSize(320, 240)).toBe(STAGE_TEXT_SIZE.min);
  });
});

describe('nextStageFit', () => {
  const min = STAGE_TEXT_SIZE.min;
  const max = STAGE_TEXT_SIZE.max;
  const wide = { min, max, clientWidth: 1200 };
  const narrow = { min, max, clientWidth: 600 };
  const start = startStageFit(max);
  const tried = (
    size: number,
    columns: 1 | 2 = 1,
    fits: number | null = null,
    overflows: number | null = null,
  ) => ({ size, columns, fits, overflows });

  /**
   * Runs the search against a part whose height is `height(size, columns)`, as the hook
   * does, and returns the layout kept.
   */
  function fitPart(
    height: (size: number, columns: 1 | 2) => number,
    area = { clientWidth: 1200, clientHeight: 400 },
  ) {
    let search = start;
    for (let steps = 0; steps < 50; steps += 1) {
      const next = nextStageFit({
        search,
        min,
        max,
        ...area,
        scrollHeight: Math.max(area.clientHeight, height(search.size, search.columns)),
      });
      if (!next) return { size: search.size, columns: search.columns, steps };
      search = next;
    }
    throw new Error('the search did not end');
  }

  it('keeps the largest size when the part fits', () => {
    expect(nextStageFit({ ...wide, search: start, clientHeight: 400, scrollHeight: 400 })).toBe(
      null,
    );
    expect(nextStageFit({ ...wide, search: start, clientHeight: 400, scrollHeight: 300 })).toBe(
      null,
    );
  });

  it('first shrinks in proportion to the overflow, by at least a step', () => {
    expect(nextStageFit({ ...wide, search: start, clientHeight: 400, scrollHeight: 480 })).toEqual(
      tried(2.5, 1, null, 3),
    );
    expect(nextStageFit({ ...wide, search: start, clientHeight: 400, scrollHeight: 402 })).toEqual(
      tried(2.95, 1, null, 3),
    );
  });

  it('then closes in between the sizes that fit and that overflow', () => {
    // Fits at 2.2 after 3 overflowed: halfway up.
    expect(
      nextStageFit({
        ...wide,
        search: tried(2.2, 1, null, 3),
        clientHeight: 400,
        scrollHeight: 390,
      }),
    ).toEqual(tried(2.6, 1, 2.2, 3));
    // 2.6 overflows, 2.2 fitted: halfway down.
    expect(
      nextStageFit({
        ...wide,
        search: tried(2.6, 1, 2.2, 3),
        clientHeight: 400,
        scrollHeight: 420,
      }),
    ).toEqual(tried(2.4, 1, 2.2, 2.6));
    // Less than a step apart: back to the size that fitted, and keep it.
    expect(
      nextStageFit({
        ...wide,
        search: tried(2.25, 1, 2.2, 2.3),
        clientHeight: 400,
        scrollHeight: 420,
      }),
    ).toEqual(tried(2.2, 1, 2.2, 2.25));
    expect(
      nextStageFit({
        ...wide,
        search: tried(2.2, 1, 2.2, 2.25),
        clientHeight: 400,
        scrollHeight: 399,
      }),
    ).toBeNull();
  });

  it('ends at the largest size that fits, though wrapped lines break the proportion', () => {
    // Lines wrap to twice their rows above 2.5 rem: the ratio undershoots to 1.5, not 2.5.
    const fit = fitPart((size) => (size > 2.5 ? 320 : 160) * size);
    expect(fit).toMatchObject({ size: 2.5, columns: 1 });
    expect(fit.steps).toBeLessThan(10);
  });

  it('goes to two columns from the largest size rather than small text in one', () => {
    expect(nextStageFit({ ...wide, search: start, clientHeight: 400, scrollHeight: 800 })).toEqual(
      tried(2, 1, null, 3),
    );
    expect(
      nextStageFit({ ...wide, search: tried(2, 1, null, 3), clientHeight: 400, scrollHeight: 450 }),
    ).toEqual(tried(max, 2));
    const fit = fitPart((size, columns) => (columns === 1 ? 300 : 160) * size);
    expect(fit).toMatchObject({ size: 2.5, columns: 2 });
  });

  it('keeps one column in a narrow area, down to the smallest size', () => {
    expect(
      nextStageFit({ ...narrow, search: start, clientHeight: 400, scrollHeight: 800 }),
    ).toEqual(tried(1.5, 1, null, 3));
    const fit = fitPart((size) => 300 * size, { clientWidth: 600, clientHeight: 400 });
    expect(fit).toMatchObject({ size: 1.3, columns: 1 });
  });

  it('stops at the smallest size in two columns, where the part scrolls', () => {
    expect(fitPart((size) => 1000 * size)).toMatchObject({ size: min, columns: 2 });
    expect(
      nextStageFit({
        ...wide,
        search: tried(min, 2, null, 2),
        clientHeight: 100,
        scrollHeight: 999,
      }),
    ).toBeNull();
  });

  it("on a tablet, shrinks to the reader's size in one column before trying two", () => {
    // The live view on a tablet: from the size that fits the width down to the reader's own,
    // then two columns from the size at which a line fits half the width.
    const split = { below: 1.25, minWidth: 600, max: 1.6 };
    const tablet = { min: 1.25, max: 2.4, clientWidth: 780, split };
    expect(
      nextStageFit({ ...tablet, search: startStageFit(2.4), clientHeight: 400, scrollHeight: 600 }),
    ).toEqual(tried(1.6, 1, null, 2.4));
    // Still too tall above the reader's size: one column goes on down, not into two.
    expect(
      nextStageFit({
        ...tablet,
        search: tried(1.6, 1, null, 2.4),
        clientHeight: 400,
        scrollHeight: 500,
      }),
    ).toEqual(tried(1.25, 1, null, 1.6));
    // At the reader's size one column would scroll: two columns, from their own largest size.
    expect(
      nextStageFit({
        ...tablet,
        search: tried(1.25, 1, null, 1.6),
        clientHeight: 400,
        scrollHeight: 410,
      }),
    ).toEqual(tried(1.6, 2));
    // Two columns at the reader's size that still overflow: the part scrolls.
    expect(
      nextStageFit({
        ...tablet,
        search: tried(1.25, 2, null, 1.6),
        clientHeight: 400,
        scrollHeight: 900,
      }),
    ).toBeNull();
    // A phone-wide area never splits.
    expect(
      nextStageFit({
        ...tablet,
        clientWidth: 500,
        search: tried(1.25, 1, null, 1.6),
        clientHeight: 400,
        scrollHeight: 410,
      }),
    ).toBeNull();
  });

  it('waits for an area that has a height', () => {
    expect(nextStageFit({ ...wide, search: start, clientHeight: 0, scrollHeight: 500 })).toBeNull();
  });
});
