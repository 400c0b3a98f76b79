import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beatAt,
  beatTime,
  changeTempoAt,
  ClickStateSchema,
  formatTimeSignature,
  MAX_BEATS_PER_WINDOW,
  nextBeats,
  parseTimeSignature,
  startClick,
  stopClick,
  type ClickState,
  type Meter,
} from './beat-grid.ts';

const NOW = 1_700_000_000_000;
const FOUR: Meter = { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' };
const SIX_EIGHT: Meter = { beatsPerBar: 2, beatUnit: 8, pulse: 'dotted' };
const THREE: Meter = { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' };

const meter = fc.record({
  beatsPerBar: fc.integer({ min: 1, max: 16 }),
  beatUnit: fc.constantFrom(2 as const, 4 as const, 8 as const),
  pulse: fc.constantFrom('beat' as const, 'dotted' as const),
});
const bpm = fc.oneof(
  fc.integer({ min: 20, max: 300 }),
  fc.double({ min: 20, max: 300, noNaN: true }),
);
/** Server times from 2023 on, as the server stamps them. */
const serverTime = fc.double({ min: NOW, max: NOW + 1e11, noNaN: true });
const clickState = fc
  .record({ bpm, meter, countInBars: fc.integer({ min: 0, max: 2 }), now: serverTime })
  .map(({ bpm, meter, countInBars, now }) => startClick(bpm, meter, countInBars, now));

describe('time signatures', () => {
  it('clicks quarters in x/4, dotted quarters in compound eighths, and 4/4 without one', () => {
    expect(parseTimeSignature(null)).toEqual(FOUR);
    expect(parseTimeSignature(' ')).toEqual(FOUR);
    expect(parseTimeSignature('4/4')).toEqual(FOUR);
    expect(parseTimeSignature('3/4')).toEqual(THREE);
    expect(parseTimeSignature('6/8')).toEqual(SIX_EIGHT);
    expect(parseTimeSignature('12/8')).toEqual({ beatsPerBar: 4, beatUnit: 8, pulse: 'dotted' });
    expect(parseTimeSignature('6/4')).toEqual({ beatsPerBar: 6, beatUnit: 4, pulse: 'beat' });
    expect(parseTimeSignature('7/8')).toEqual({ beatsPerBar: 7, beatUnit: 8, pulse: 'beat' });
    expect(parseTimeSignature('3/8')).toEqual({ beatsPerBar: 3, beatUnit: 8, pulse: 'beat' });
    expect(parseTimeSignature('2/2')).toEqual({ beatsPerBar: 2, beatUnit: 2, pulse: 'beat' });
  });

  it('refuses what the click cannot count', () => {
    for (const time of ['4/16', '4/1', '17/4', '51/8', '0/4', 'four', '4:4']) {
      expect(parseTimeSignature(time)).toBeNull();
    }
  });

  it('writes back the signature it read', () => {
    for (const time of ['4/4', '3/4', '6/8', '9/8', '12/8', '6/4', '5/4', '7/8', '2/2']) {
      expect(formatTimeSignature(parseTimeSignature(time)!)).toBe(time);
    }
  });
});

describe('the beat grid', () => {
  it('puts beat n at downbeatAt + n beats', () => {
    const click = startClick(120, FOUR, 1, NOW);
    expect(click.downbeatAt).toBe(NOW + 1500);
    expect(beatTime(click, 0)).toBe(NOW + 1500);
    expect(beatTime(click, 1)).toBe(NOW + 2000);
    expect(beatTime(click, 8)).toBe(NOW + 5500);
  });

  it('does not drift: beat 10,000 is within 0.001 ms of its exact time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 300 }), serverTime, (tempo, now) => {
        const click = startClick(tempo, FOUR, 0, now);
        // Both are near 10¹² ms, so their difference is exact; the exact beat is 6·10⁸ / bpm.
        const elapsed = beatTime(click, 10_000) - click.downbeatAt;
        expect(Math.abs(elapsed * tempo - 600_000_000) / tempo).toBeLessThan(0.001);
      }),
    );
  });

  it('finds the beat sounding at any moment, the one beatTime puts there', () => {
    fc.assert(
      fc.property(clickState, fc.integer({ min: 0, max: 1_000_000 }), (click, n) => {
        expect(beatAt(click, beatTime(click, n))!.index).toBe(n);
        const between = (beatTime(click, n) + beatTime(click, n + 1)) / 2;
        expect(beatAt(click, between)).toMatchObject({ index: n, at: beatTime(click, n) });
      }),
    );
  });

  it('is silent before its first beat and once stopped', () => {
    const click = startClick(100, FOUR, 0, NOW);
    expect(beatAt(click, NOW + 1499)).toBeNull();
    expect(beatAt(click, Number.NaN)).toBeNull();
    expect(nextBeats(click, -Infinity, Infinity)).toHaveLength(MAX_BEATS_PER_WINDOW);
    expect(beatAt(stopClick(click), NOW + 5000)).toBeNull();
    expect(nextBeats(stopClick(click), NOW, NOW + 10_000)).toEqual([]);
    expect(stopClick(click).version).toBe(click.version + 1);
  });

  it('flags the count-in and accents the first beat of every bar', () => {
    const click = startClick(120, THREE, 2, NOW);
    const beats = nextBeats(click, NOW, NOW + 1500 + 9 * 500);
    expect(beats.map((b) => [b.bar, b.beatInBar, b.isCountIn, b.accent])).toEqual([
      [0, 0, true, true],
      [0, 1, true, false],
      [0, 2, true, false],
      [1, 0, true, true],
      [1, 1, true, false],
      [1, 2, true, false],
      [2, 0, false, true],
      [2, 1, false, false],
      [2, 2, false, false],
    ]);
    expect(beats[6]!.at).toBe(NOW + 1500 + 6 * 500);
    // In 6/8 one bar of count-in is two dotted quarters.
    const compound = startClick(60, SIX_EIGHT, 1, NOW);
    expect(nextBeats(compound, NOW, NOW + 1500 + 4000).map((b) => b.isCountIn)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('gives the same beats to a scheduler however it cuts the windows', () => {
    const playing = fc
      .tuple(
        clickState,
        fc.option(fc.tuple(fc.double({ min: 0, max: 8000, noNaN: true }), bpm, meter)),
      )
      .map(([click, change]) =>
        change === null
          ? click
          : changeTempoAt(click, change[1], change[2], click.downbeatAt + change[0]),
      );
    fc.assert(
      fc.property(
        playing,
        fc.array(fc.double({ min: 0, max: 4000, noNaN: true }), { maxLength: 10 }),
        (click, steps) => {
          const cuts = [click.downbeatAt - 3000];
          for (const step of steps) cuts.push(cuts.at(-1)! + step);
          const pieces = cuts.slice(1).flatMap((cut, i) => nextBeats(click, cuts[i]!, cut));
          expect(pieces).toEqual(nextBeats(click, cuts[0]!, cuts.at(-1)!));
          expect(pieces.every((b, i) => i === 0 || b.at > pieces[i - 1]!.at)).toBe(true);
          expect(pieces.every((b) => b.at >= cuts[0]! && b.at < cuts.at(-1)!)).toBe(true);
        },
      ),
    );
  });
});

describe('a tempo change', () => {
  it('lands on the first bar line after the step and follows the new tempo from it', () => {
    const click = startClick(120, FOUR, 1, NOW, 0);
    // Bars of 2 s: bar lines at +0, +2000, +4000, +6000. A step at +5600, with 300 ms to reach
    // the devices, makes the one at +6000.
    const next = changeTempoAt(click, 90, THREE, NOW + 5600);
    expect(next.downbeatAt).toBe(NOW + 6000);
    expect(next.countInBars).toBe(0);
    expect(next.version).toBe(click.version + 1);
    const beats = nextBeats(next, NOW + 5000, NOW + 8100);
    expect(beats.map((b) => Math.round((b.at - NOW) * 100) / 100)).toEqual([
      5000, 5500, 6000, 6666.67, 7333.33, 8000,
    ]);
    expect(beats.map((b) => b.accent)).toEqual([false, false, true, false, false, true]);
    expect(beats.every((b) => !b.isCountIn)).toBe(true);
    // Too late for the next bar line: the one after.
    expect(changeTempoAt(click, 90, THREE, NOW + 5800).downbeatAt).toBe(NOW + 8000);
  });

  it('always lands on a bar line of the old grid, the first one the lead allows', () => {
    fc.assert(
      fc.property(
        clickState,
        fc.double({ min: 0, max: 600_000, noNaN: true }),
        bpm,
        meter,
        (click, since, tempo, newMeter) => {
          const step = click.downbeatAt + since;
          const next = changeTempoAt(click, tempo, newMeter, step);
          const bar = click.beatsPerBar;
          const barLine = beatAt(click, next.downbeatAt)!;
          expect(barLine.at).toBe(next.downbeatAt);
          expect(barLine.beatInBar).toBe(0);
          expect(next.downbeatAt).toBeGreaterThanOrEqual(step + 300);
          expect(beatTime(click, barLine.index - bar)).toBeLessThan(step + 300);
          // Up to the bar line the old grid plays on; from it, the new one.
          expect(beatAt(next, next.downbeatAt - 1e-3)!.at).toBe(beatTime(click, barLine.index - 1));
          expect(beatAt(next, next.downbeatAt)).toMatchObject({ index: 0, accent: true });
          const later = beatAt(next, next.downbeatAt + (60_000 / tempo) * 10.5)!;
          expect(later).toMatchObject({ index: 10, isCountIn: false });
        },
      ),
    );
  });

  it('before the first beat changes what the click will play, count-in included', () => {
    const click = startClick(120, FOUR, 1, NOW);
    const next = changeTempoAt(click, 70, SIX_EIGHT, NOW + 200);
    expect(next).toMatchObject({ downbeatAt: NOW + 1500, countInBars: 1, bpm: 70, previous: null });
  });

  it('replaces a change still waiting for its bar line, on the same bar line', () => {
    const click = startClick(120, FOUR, 0, NOW, 0);
    const first = changeTempoAt(click, 90, THREE, NOW + 5000);
    const second = changeTempoAt(first, 140, FOUR, NOW + 5200);
    expect(second).toMatchObject({ downbeatAt: NOW + 6000, bpm: 140, previous: first.previous });
    expect(second.version).toBe(first.version + 1);
  });

  it('leaves a stopped click silent', () => {
    const stopped = stopClick(startClick(120, FOUR, 0, NOW));
    const next = changeTempoAt(stopped, 90, THREE, NOW + 5000);
    expect(next).toMatchObject({ running: false, bpm: 90, beatsPerBar: 3 });
    expect(nextBeats(next, NOW, NOW + 60_000)).toEqual([]);
  });
});

describe('ClickStateSchema', () => {
  const valid: ClickState = startClick(120, FOUR, 1, NOW);

  it('takes a state as the server sends it', () => {
    expect(ClickStateSchema.parse(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
  });

  it('refuses a tempo or meter the click cannot play', () => {
    const bad: Partial<Record<keyof ClickState, unknown>>[] = [
      { bpm: 19 },
      { bpm: 301 },
      { bpm: Number.NaN },
      { beatsPerBar: 0 },
      { beatsPerBar: 17 },
      { beatsPerBar: 2.5 },
      { beatUnit: 3 },
      { beatUnit: 16 },
      { pulse: 'triplet' },
      { countInBars: 3 },
      { downbeatAt: -1 },
      { version: -1 },
      { previous: { ...valid, running: undefined, downbeatAt: valid.downbeatAt + 1 } },
    ];
    for (const change of bad) {
      expect(
        ClickStateSchema.safeParse({ ...valid, ...change }).success,
        JSON.stringify(change),
      ).toBe(false);
    }
    expect(() => startClick(400, FOUR, 0, NOW)).toThrow();
    expect(() => startClick(120, FOUR, 3, NOW)).toThrow();
  });
});
