import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeTempoAt, startClick, stopClick } from '@segue/shared';
import { BeatTimer } from './beat-events.ts';

const TIME_ORIGIN = 1_700_000_000_000;
const OFFSET = -40.5;
const serverNow = () => TIME_ORIGIN + performance.now() + OFFSET;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('BeatTimer', () => {
  it('pulses on each beat of the grid without sound, a new meter from its bar line', () => {
    const timer = new BeatTimer({ offsetMs: () => OFFSET, timeOrigin: TIME_ORIGIN });
    const seen: [number, number, number][] = [];
    timer.subscribe(() => {
      const event = timer.current;
      if (event)
        seen.push([Math.round(serverNow() - start), event.beat.beatInBar, event.beatsPerBar]);
    });
    const start = serverNow();
    const state = startClick(120, { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' }, 0, start, 500);
    timer.setState(state);
    vi.advanceTimersByTime(1900);
    timer.setState(
      changeTempoAt(state, 60, { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' }, serverNow()),
    );
    vi.advanceTimersByTime(2700);
    expect(seen).toEqual([
      [500, 0, 4],
      [1000, 1, 4],
      [1500, 2, 4],
      [2000, 3, 4],
      [2500, 0, 3],
      [3500, 1, 3],
      [4500, 2, 3],
    ]);
    timer.setState(stopClick(state));
    expect(timer.current).toBeNull();
    timer.dispose();
  });
});
