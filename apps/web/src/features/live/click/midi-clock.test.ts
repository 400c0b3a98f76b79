import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beatTime, changeTempoAt, startClick, stopClick } from '@segue/shared';
import type { Meter } from '@segue/shared';
import {
  MIDI_CLOCK,
  MIDI_START,
  MIDI_STOP,
  MidiClockSender,
  midiClockMessages,
  midiClocksPerClick,
  songStartAt,
} from './midi-clock.ts';
import type { MidiMessageAt } from './midi-clock.ts';

const NOW = 1_700_000_000_000;
const FOUR: Meter = { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' };
const THREE: Meter = { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' };
const SIX_EIGHT: Meter = { beatsPerBar: 2, beatUnit: 8, pulse: 'dotted' };

// Server times near 10¹² ms are stored to about 0.0002 ms: differences are compared to 0.001 ms.
const clocks = (messages: MidiMessageAt[]) => messages.filter((m) => m.data[0] === MIDI_CLOCK);

describe('MIDI clock', () => {
  it('counts 24 clocks a quarter note, whatever the click counts', () => {
    expect(midiClocksPerClick(FOUR)).toBe(24);
    expect(midiClocksPerClick(SIX_EIGHT)).toBe(36);
    expect(midiClocksPerClick({ beatUnit: 8, pulse: 'beat' })).toBe(12);
    expect(midiClocksPerClick({ beatUnit: 2, pulse: 'beat' })).toBe(48);
  });

  it('sends 24 clocks a beat on the grid, and Start on bar 1 after the count-in', () => {
    const state = startClick(120, FOUR, 1, NOW);
    const messages = midiClockMessages(state, state.downbeatAt, state.downbeatAt + 4000);
    const ticks = clocks(messages);
    expect(ticks).toHaveLength(8 * 24);
    ticks.forEach((tick, k) => expect(tick.at - state.downbeatAt).toBeCloseTo((k * 500) / 24, 3));
    // A clock on each beat is the beat's own time, to the last bit.
    for (let n = 0; n < 8; n += 1) expect(ticks[n * 24]!.at).toBe(beatTime(state, n));

    const starts = messages.filter((m) => m.data[0] === MIDI_START);
    expect(starts).toEqual([{ at: state.downbeatAt + 2000, data: [MIDI_START] }]);
    expect(songStartAt(state)).toBe(beatTime(state, 4));
    // Start comes just before the clock on bar 1, which is then the song's first.
    const start = messages.findIndex((m) => m.data[0] === MIDI_START);
    expect(messages[start + 1]).toEqual({ at: beatTime(state, 4), data: [MIDI_CLOCK] });
    expect(clocks(messages.slice(0, start))).toHaveLength(4 * 24);
  });

  it('sends 24 clocks a quarter in 6/8, 36 a dotted-quarter click', () => {
    const state = startClick(60, SIX_EIGHT, 0, NOW);
    const messages = midiClockMessages(state, NOW, state.downbeatAt + 2000);
    const start = messages.findIndex((m) => m.data[0] === MIDI_START);
    expect(messages[start]!.at).toBe(state.downbeatAt);
    const ticks = clocks(messages.slice(start));
    expect(ticks).toHaveLength(72);
    expect(ticks[36]!.at).toBe(beatTime(state, 1));
    // A quarter note (two thirds of a 1 s click) is 24 clocks.
    expect(ticks[24]!.at - ticks[0]!.at).toBeCloseTo(2000 / 3, 3);
    // The clocks run from the moment the state is known, so the machine has the tempo at Start.
    expect(clocks(messages.slice(0, start)).length).toBe(54);
  });

  it('follows a tempo change from its bar line, without a second Start', () => {
    const state = startClick(120, FOUR, 0, NOW, 0);
    const next = changeTempoAt(state, 90, THREE, NOW + 1700);
    expect(next.downbeatAt).toBe(NOW + 2000);
    const ticks = clocks(midiClockMessages(next, NOW + 1000, NOW + 3000));
    const before = ticks.filter((t) => t.at < next.downbeatAt);
    const after = ticks.filter((t) => t.at >= next.downbeatAt);
    expect(before).toHaveLength(48);
    expect(after[0]!.at).toBe(next.downbeatAt);
    expect(after[24]!.at - after[0]!.at).toBeCloseTo(60_000 / 90, 3);
    expect(songStartAt(next)).toBe(NOW);
    expect(
      midiClockMessages(next, NOW + 1, NOW + 10_000).some((m) => m.data[0] === MIDI_START),
    ).toBe(false);
  });

  it('gives the same messages however the windows are cut', () => {
    const state = changeTempoAt(startClick(133.3, FOUR, 1, NOW), 71, SIX_EIGHT, NOW + 4000);
    const whole = midiClockMessages(state, NOW, NOW + 12_000);
    const cuts = [NOW];
    while (cuts.at(-1)! < NOW + 12_000) cuts.push(Math.min(NOW + 12_000, cuts.at(-1)! + 17.3));
    const pieces = cuts.slice(1).flatMap((cut, i) => midiClockMessages(state, cuts[i]!, cut));
    expect(pieces).toEqual(whole);
    expect(stopClick(state).running).toBe(false);
    expect(midiClockMessages(stopClick(state), NOW, NOW + 12_000)).toEqual([]);
  });
});

describe('MidiClockSender', () => {
  const TIME_ORIGIN = 1_699_999_000_000;
  const OFFSET = -812.25;
  const serverNow = () => TIME_ORIGIN + performance.now() + OFFSET;
  let sent: { data: number[]; timestamp: number | undefined; sentAt: number }[];
  let cleared: number[];
  const output = {
    send: (data: number[], timestamp?: number) =>
      void sent.push({ data, timestamp, sentAt: performance.now() }),
    clear: () => void cleared.push(performance.now()),
  };
  const sender = () =>
    new MidiClockSender({ output, offsetMs: () => OFFSET, timeOrigin: TIME_ORIGIN });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    cleared = [];
  });
  afterEach(() => vi.useRealTimers());

  it('queues each message ahead, stamped for its moment on this device', () => {
    const midi = sender();
    const state = startClick(120, FOUR, 1, serverNow());
    midi.setState(state);
    vi.advanceTimersByTime(4000);

    for (const message of sent) {
      expect(message.timestamp).toBeGreaterThanOrEqual(message.sentAt);
      expect(message.timestamp! - message.sentAt).toBeLessThanOrEqual(150);
    }
    const start = sent.findIndex((m) => m.data[0] === MIDI_START);
    expect(sent.filter((m) => m.data[0] === MIDI_START)).toHaveLength(1);
    // Stamped on the device's clock: the server's bar 1 less the offset and the time origin.
    expect(sent[start]!.timestamp).toBeCloseTo(songStartAt(state) - OFFSET - TIME_ORIGIN, 6);
    const afterStart = sent.slice(start + 1);
    expect(afterStart[0]!.timestamp).toBe(sent[start]!.timestamp);
    expect(afterStart[24]!.timestamp).toBeCloseTo(beatTime(state, 5) - OFFSET - TIME_ORIGIN, 6);
    expect(afterStart.every((m) => m.data[0] === MIDI_CLOCK)).toBe(true);
  });

  it('sends Stop at once when the click stops, dropping what was queued', () => {
    const midi = sender();
    const state = startClick(120, FOUR, 0, serverNow());
    midi.setState(state);
    vi.advanceTimersByTime(3000);
    midi.setState(stopClick(state));
    expect(sent.at(-1)).toEqual({ data: [MIDI_STOP], timestamp: undefined, sentAt: 3000 });
    expect(cleared).toEqual([3000]);
    const count = sent.length;
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(count);
  });

  it('stops and starts again on bar 1 of a restart', () => {
    const midi = sender();
    const state = startClick(120, FOUR, 0, serverNow());
    midi.setState(state);
    vi.advanceTimersByTime(3000);
    const again = { ...startClick(100, FOUR, 1, serverNow()), version: 1 };
    midi.setState(again);
    vi.advanceTimersByTime(5000);
    expect(sent.filter((m) => m.data[0] !== MIDI_CLOCK).map((m) => m.data[0])).toEqual([
      MIDI_START,
      MIDI_STOP,
      MIDI_START,
    ]);
    const restart = sent.findLast((m) => m.data[0] === MIDI_START)!;
    expect(restart.timestamp).toBeCloseTo(songStartAt(again) - OFFSET - TIME_ORIGIN, 6);
  });

  it('sends clocks but no Start to a machine joined in the middle of a song', () => {
    const midi = sender();
    midi.setState(startClick(120, FOUR, 1, serverNow() - 60_000));
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBeGreaterThanOrEqual(48);
    expect(sent.every((m) => m.data[0] === MIDI_CLOCK)).toBe(true);
    midi.dispose();
    expect(sent.at(-1)!.data).toEqual([MIDI_CLOCK]);
  });
});
