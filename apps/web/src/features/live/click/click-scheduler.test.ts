import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeTempoAt, nextBeats, startClick, stopClick } from '@segue/shared';
import type { ClickState, Meter } from '@segue/shared';
import type { BeatEvent } from './beat-events.ts';
import { ClickScheduler } from './click-scheduler.ts';
import type { ClickPlaySettings } from './click-scheduler.ts';
import { CLICK_LOOK_AHEAD_MS, CLICK_TICK_MS } from './click-timing.ts';
import { FakeAudioContext } from './fake-audio-context.ts';
import type { FakeAudioOptions, FakeSource } from './fake-audio-context.ts';

const FOUR: Meter = { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' };
const THREE: Meter = { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' };
const SIX_EIGHT: Meter = { beatsPerBar: 2, beatUnit: 8, pulse: 'dotted' };

/** The device's `performance.timeOrigin`, and how far the server's clock is ahead of it. */
const TIME_ORIGIN = 1_700_000_000_000;
const OFFSET = 2345.5;

const SETTINGS: ClickPlaySettings = { sound: 'beep', volume: 1, subdivision: false, latencyMs: 0 };

/** Time that passes with no timer run: a main thread busy elsewhere. */
let stalled = 0;
const now = () => performance.now() + stalled;
const serverNow = () => TIME_ORIGIN + now() + OFFSET;

beforeEach(() => {
  vi.useFakeTimers();
  stalled = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(audio: Partial<FakeAudioOptions> = {}, settings: Partial<ClickPlaySettings> = {}) {
  const fake = new FakeAudioContext({ now, ...audio });
  const scheduler = new ClickScheduler({
    context: fake.asContext,
    offsetMs: () => OFFSET,
    now,
    timeOrigin: TIME_ORIGIN,
    isHidden: () => false,
  });
  scheduler.setSettings({ ...SETTINGS, ...settings });
  return { fake, scheduler };
}

/** The context time a click meant to be heard at server time `at` must start at, with no latency. */
function exactWhen(fake: FakeAudioContext, at: number): number {
  return fake.contextTimeAt(at - OFFSET - TIME_ORIGIN);
}

/** The server time a started source is heard at (no latency in the path). */
function heardAt(fake: FakeAudioContext, source: FakeSource, latencyS = 0): number {
  return (
    (source.when! + latencyS) * 1000 + (now() - fake.currentTime * 1000) + TIME_ORIGIN + OFFSET
  );
}

const us = (ms: number) => Math.round(ms * 1000);

describe('ClickScheduler', () => {
  it('queues every beat ahead of its time on the audio clock, at exactly its time', () => {
    const { fake, scheduler } = setup();
    const state = startClick(120, FOUR, 1, serverNow());
    const from = serverNow();
    scheduler.setState(state);
    vi.advanceTimersByTime(6000);

    const beats = nextBeats(state, from, serverNow() + CLICK_LOOK_AHEAD_MS);
    expect(beats.length).toBeGreaterThanOrEqual(9);
    expect(fake.started.map((s) => us(s.when! * 1000))).toEqual(
      beats.map((b) => us(exactWhen(fake, b.at) * 1000)),
    );
    for (const source of fake.started) {
      expect(source.when).toBeGreaterThanOrEqual(source.calledAt!);
      // Queued within the look-ahead: a stop can still take it back.
      expect(source.when! - source.calledAt!).toBeLessThanOrEqual(
        (CLICK_LOOK_AHEAD_MS + CLICK_TICK_MS) / 1000,
      );
    }
    expect(scheduler.skipped).toBe(0);
    expect(scheduler.scheduledLog.map((c) => us(c.at))).toEqual(beats.map((b) => us(b.at)));
    expect(scheduler.scheduledLog.every((c) => Math.abs(c.startsAt - c.at) < 1e-3)).toBe(true);
  });

  it('skips a beat whose moment passed while the page was busy, instead of playing it late', () => {
    const { fake, scheduler } = setup();
    const start = serverNow();
    const state = startClick(120, FOUR, 0, start, 500);
    scheduler.setState(state);
    vi.advanceTimersByTime(2000);
    const played = fake.started.length;
    expect(played).toBe(4);

    // A second in which no timer ran: the beats at +2500 and +3000 came and went.
    stalled += 1000;
    vi.advanceTimersByTime(1000);

    expect(scheduler.skipped).toBe(2);
    for (const source of fake.started) expect(source.when).toBeGreaterThanOrEqual(source.calledAt!);
    const heard = fake.started.map((s) => Math.round(heardAt(fake, s) - start));
    expect(heard).toEqual([500, 1000, 1500, 2000, 3500, 4000]);
  });

  it('accents the first beat of each bar and every count-in beat', () => {
    const { fake, scheduler } = setup();
    scheduler.setState(startClick(120, THREE, 1, serverNow()));
    vi.advanceTimersByTime(1500 + 9 * 500 - CLICK_LOOK_AHEAD_MS - 10);
    expect(scheduler.scheduledLog.map((c) => c.kind)).toEqual([
      'accent',
      'accent',
      'accent',
      'accent',
      'beat',
      'beat',
      'accent',
      'beat',
      'beat',
    ]);
    // What the ear notices: accents are louder and a fifth higher.
    const accents = fake.started.map((s) => [s.peak, Math.round(s.pitch)]);
    expect(accents).toEqual([
      [1, 1760],
      [1, 1760],
      [1, 1760],
      [1, 1760],
      [0.6, 1175],
      [0.6, 1175],
      [1, 1760],
      [0.6, 1175],
      [0.6, 1175],
    ]);
  });

  it('adds the eighths between beats, softer: halves in 4/4, thirds in 6/8', () => {
    const { fake, scheduler } = setup({}, { subdivision: true });
    const start = serverNow();
    scheduler.setState(startClick(120, FOUR, 0, start, 500));
    vi.advanceTimersByTime(1600);
    const clicks = fake.started.map((s) => [Math.round(heardAt(fake, s) - start), s.peak]);
    expect(clicks).toEqual([
      [500, 1],
      [750, 0.3],
      [1000, 0.6],
      [1250, 0.3],
      [1500, 0.6],
    ]);

    const compound = setup({}, { subdivision: true });
    const at = serverNow();
    compound.scheduler.setState(startClick(60, SIX_EIGHT, 0, at, 500));
    vi.advanceTimersByTime(1600);
    expect(
      compound.fake.started.map((s) => [Math.round(heardAt(compound.fake, s) - at), s.peak]),
    ).toEqual([
      [500, 1],
      [833, 0.3],
      [1167, 0.3],
      [1500, 0.6],
    ]);
  });

  it('stops at once: the beats already queued never sound, and none follow', () => {
    const { fake, scheduler } = setup();
    const state = startClick(120, FOUR, 0, serverNow(), 500);
    scheduler.setState(state);
    // 80 ms before the beat at +1500: it is queued.
    vi.advanceTimersByTime(1420);
    const queued = fake.started.filter((s) => s.when! > fake.currentTime);
    expect(queued).toHaveLength(1);

    scheduler.setState(stopClick(state));
    expect(queued[0]!.stoppedAt).toBeLessThanOrEqual(queued[0]!.when!);
    expect(queued[0]!.sounds).toBe(false);
    const count = fake.started.length;
    vi.advanceTimersByTime(3000);
    expect(fake.started).toHaveLength(count);
    expect(scheduler.current).toBeNull();
  });

  it('keeps the beats up to a tempo change and plays the new tempo from its bar line', () => {
    const { fake, scheduler } = setup();
    const start = serverNow();
    const state = startClick(120, FOUR, 0, start, 500);
    scheduler.setState(state);
    vi.advanceTimersByTime(1950);
    // A step at +1950 lands on the bar line at +2500; 90 BPM from there.
    const next = changeTempoAt(state, 90, THREE, serverNow());
    expect(next.downbeatAt).toBe(start + 2500);
    scheduler.setState(next);
    vi.advanceTimersByTime(3000);

    const heard = fake.started.filter((s) => s.sounds).map((s) => heardAt(fake, s));
    // Each beat once: the beats queued before the change were neither stopped nor queued again.
    expect(fake.started.every((s) => s.sounds)).toBe(true);
    expect(heard.map(us)).toEqual(
      nextBeats(next, start, serverNow() + CLICK_LOOK_AHEAD_MS).map((b) => us(b.at)),
    );
    expect(heard.map((t) => Math.round(t - start))).toEqual([
      500, 1000, 1500, 2000, 2500, 3167, 3833, 4500,
    ]);
  });

  it('takes back the old beats still to come when the click starts again', () => {
    const { fake, scheduler } = setup();
    const start = serverNow();
    const state = startClick(120, FOUR, 0, start, 500);
    scheduler.setState(state);
    vi.advanceTimersByTime(1450);
    const restarted: ClickState = { ...startClick(100, FOUR, 0, serverNow(), 700), version: 1 };
    scheduler.setState(restarted);
    vi.advanceTimersByTime(1500);
    const heard = fake.started
      .filter((s) => s.sounds)
      .map((s) => Math.round(heardAt(fake, s) - start));
    // The old beat at +1500 was queued, then stopped; the new grid begins 700 ms after the restart.
    expect(heard).toEqual([500, 1000, 2150, 2750]);
    expect(fake.started.filter((s) => !s.sounds)).toHaveLength(1);
  });

  it('ignores a state older than the one it plays', () => {
    const { fake, scheduler } = setup();
    const state = startClick(120, FOUR, 0, serverNow(), 500);
    expect(scheduler.setState(stopClick(state))).toBe(true);
    expect(scheduler.setState(state)).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(fake.started).toHaveLength(0);
  });

  it('moves every click earlier by exactly the calibrated latency', () => {
    const plain = setup();
    const late = setup({}, { latencyMs: 137 });
    const state = startClick(120, FOUR, 1, serverNow());
    plain.scheduler.setState(state);
    late.scheduler.setState(state);
    vi.advanceTimersByTime(5000);
    const shifted = late.fake.started.map((s) => s.when!);
    const heard = plain.fake.started.map((s) => s.when!).slice(0, shifted.length);
    expect(shifted.length).toBeGreaterThan(6);
    shifted.forEach((when, i) => expect(heard[i]! - when).toBeCloseTo(0.137, 9));
    expect(late.scheduler.scheduledLog.every((c) => Math.abs(c.at - c.startsAt - 137) < 1e-3)).toBe(
      true,
    );
  });

  it('moves a click already queued when a calibration changes the latency', () => {
    const { fake, scheduler } = setup();
    const start = serverNow();
    scheduler.setState(startClick(120, FOUR, 0, start, 500));
    // 100 ms before the beat at +1500, which is queued.
    vi.advanceTimersByTime(1400);
    const queued = fake.started.at(-1)!;
    scheduler.setSettings({ ...SETTINGS, latencyMs: 60 });
    expect(queued.sounds).toBe(false);
    const moved = fake.started.at(-1)!;
    expect(queued.when! - moved.when!).toBeCloseTo(0.06, 9);
    vi.advanceTimersByTime(1000);
    const whens = fake.started
      .filter((s) => s.sounds)
      .map((s) => Math.round(heardAt(fake, s) - start));
    expect(whens).toEqual([500, 1000, 1440, 1940, 2440]);
  });

  it('subtracts the output latency the browser reports, or reads it from getOutputTimestamp', () => {
    const plain = setup();
    const reported = setup({ outputLatency: 0.02, baseLatency: 0.005 });
    const stamped = setup({ outputDelay: 0.03 });
    const state = startClick(120, FOUR, 0, serverNow());
    for (const { scheduler } of [plain, reported, stamped]) scheduler.setState(state);
    vi.advanceTimersByTime(3000);
    const first = (f: FakeAudioContext) => f.started[0]!.when!;
    expect(first(plain.fake) - first(reported.fake)).toBeCloseTo(0.025, 9);
    expect(first(plain.fake) - first(stamped.fake)).toBeCloseTo(0.03, 9);
    expect(first(plain.fake)).toBeCloseTo(exactWhen(plain.fake, state.downbeatAt), 9);
  });

  it('plays nothing until the clock offset is known, nor while the context is suspended', () => {
    const fake = new FakeAudioContext({ now });
    let offset: number | null = null;
    const scheduler = new ClickScheduler({
      context: fake.asContext,
      offsetMs: () => offset,
      now,
      timeOrigin: TIME_ORIGIN,
      isHidden: () => false,
    });
    fake.state = 'suspended';
    const start = serverNow();
    scheduler.setState(startClick(120, FOUR, 0, start, 500));
    vi.advanceTimersByTime(1000);
    fake.state = 'running';
    vi.advanceTimersByTime(1000);
    expect(fake.started).toHaveLength(0);
    // Known just after the beat at +2000: the click comes in on the next one.
    offset = OFFSET;
    vi.advanceTimersByTime(1000);
    expect(fake.started.map((s) => Math.round(heardAt(fake, s) - start))).toEqual([2500, 3000]);
    expect(scheduler.skipped).toBe(0);
  });

  it('tells the pulse each beat when it is heard, and that the click stopped', () => {
    const { scheduler } = setup({}, { latencyMs: 80 });
    const events: [number, BeatEvent | null][] = [];
    scheduler.onBeat((event) => events.push([TIME_ORIGIN + now() + OFFSET, event]));
    const state = startClick(120, THREE, 1, serverNow());
    scheduler.setState(state);
    vi.advanceTimersByTime(1500 + 4 * 500 + 10);
    scheduler.setState(stopClick(state));
    const beats = nextBeats(state, 0, state.downbeatAt + 2001);
    expect(events.slice(0, -1).map(([, e]) => [e!.beat.index, e!.beatsPerBar])).toEqual(
      beats.map((b) => [b.index, 3]),
    );
    events.slice(0, -1).forEach(([at, e]) => expect(Math.abs(at - e!.beat.at)).toBeLessThan(1));
    expect(events.at(-1)![1]).toBeNull();
  });
});
