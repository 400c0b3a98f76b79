import { nextBeats } from '@segue/shared';
import type { Beat, ClickGrid, ClickState } from '@segue/shared';
import { AudioOutputClock } from './audio-clock.ts';
import { BeatEmitter, beatsPerBarOf } from './beat-events.ts';
import type { BeatEvent, BeatSource } from './beat-events.ts';
import type { ClickSettings } from './click-settings.ts';
import { DEFAULT_CLICK_SETTINGS } from './click-settings.ts';
import { playClick } from './click-sounds.ts';
import type { ClickAudioContext, ClickKind, ClickVoice } from './click-sounds.ts';
import {
  CLICK_HIDDEN_LOOK_AHEAD_MS,
  CLICK_LOOK_AHEAD_MS,
  CLICK_TICK_MS,
  LONGEST_CLICK_MS,
  pageHidden,
} from './click-timing.ts';

/** What the scheduler needs of the device's click settings. */
export type ClickPlaySettings = Pick<
  ClickSettings,
  'sound' | 'volume' | 'subdivision' | 'latencyMs'
>;

export interface ClickSchedulerOptions {
  context: ClickAudioContext;
  /**
   * Server minus device clock in ms (`ClockSync`), read on every pass so that a new measurement
   * applies from the next beat queued; null until measured, and nothing plays until then.
   */
  offsetMs: () => number | null;
  /** Where the click goes; the context's destination when left out. */
  destination?: AudioNode;
  /** `performance.now()` (a test's clock). */
  now?: () => number;
  /** `performance.timeOrigin`: with `now`, the device clock `ClockSync` measured. */
  timeOrigin?: number;
  /** How far ahead sounds are queued; a hidden page queues further (`CLICK_HIDDEN_LOOK_AHEAD_MS`). */
  lookAheadMs?: number;
  tickMs?: number;
  isHidden?: () => boolean;
}

/** One click as it was queued, in the server's time: what a test compares with the grid. */
export interface ScheduledClick {
  /** The beat's (or eighth's) server time: when it is meant to be heard. */
  at: number;
  /**
   * The server time the sound starts at, mapped back from `when` with the same offset: `at` less
   * the output latency and the calibrated latency.
   */
  startsAt: number;
  /** The context time (s) given to `start()`. */
  when: number;
  kind: ClickKind;
  beat: Beat;
}

/** Clicks kept in `scheduledLog`: the last few minutes, enough to check and bounded for a service. */
const LOG_SIZE = 2000;

/**
 * Two queued clicks are the same one when their times agree to this (ms): a new state or a new
 * latency leaves a click alone unless it moves by more.
 */
const SAME_TIME_MS = 1;

/** A click of the grid, or an eighth between two. */
interface ClickEvent {
  at: number;
  kind: ClickKind;
  beat: Beat;
  beatsPerBar: number;
}

interface Queued extends ClickEvent {
  when: number;
  voice: ClickVoice;
  /** The visual beat's timer (none for eighths). */
  timer: ReturnType<typeof setTimeout> | null;
}

/** The grid a beat belongs to: the one a tempo change replaces, up to its bar line. */
function gridOf(state: ClickState, beat: Beat): ClickGrid {
  return state.previous !== null && beat.at < state.downbeatAt ? state.previous : state;
}

/**
 * The eighth notes in one click of `grid`: 2 in a quarter, 3 in a dotted quarter (compound time),
 * 4 in a half (2/2), 1 in an eighth (7/8: nothing to add).
 */
export function eighthsPerClick(grid: Pick<ClickGrid, 'beatUnit' | 'pulse'>): number {
  return ((grid.pulse === 'dotted' ? 3 : 1) * 8) / grid.beatUnit;
}

/**
 * The clicks of `state` from `fromMs` (included) to `untilMs` (excluded), in time order: each
 * beat (accented on a bar line and through the count-in) and, with `subdivision`, the eighths
 * between beats. An eighth is timed from its own beat, within that beat's grid, so a tempo
 * change on the next bar line cannot bend it.
 */
export function clicksBetween(
  state: ClickState,
  fromMs: number,
  untilMs: number,
  subdivision: boolean,
): ClickEvent[] {
  // From a click earlier, so that the eighths of a beat just before the window are found.
  const beats = nextBeats(state, subdivision ? fromMs - LONGEST_CLICK_MS : fromMs, untilMs);
  const clicks: ClickEvent[] = [];
  for (const beat of beats) {
    const beatsPerBar = beatsPerBarOf(state, beat);
    const kind: ClickKind = beat.accent || beat.isCountIn ? 'accent' : 'beat';
    if (beat.at >= fromMs) clicks.push({ at: beat.at, kind, beat, beatsPerBar });
    if (!subdivision) continue;
    const grid = gridOf(state, beat);
    const eighths = eighthsPerClick(grid);
    for (let k = 1; k < eighths; k += 1) {
      const at = beat.at + (k * 60_000) / (grid.bpm * eighths);
      if (at >= fromMs && at < untilMs) clicks.push({ at, kind: 'offbeat', beat, beatsPerBar });
    }
  }
  return clicks.sort((a, b) => a.at - b.at);
}

const keyOf = (click: Pick<ClickEvent, 'at' | 'kind'>) =>
  `${Math.round(click.at * 1000)}:${click.kind}`;

/**
 * Plays a click state on this device's AudioContext: a look-ahead loop wakes every 25 ms and
 * queues, with `start(when)` on the audio clock, the clicks due in the next 120 ms. A timer is
 * never the beat: it only decides what to queue, so a late wake-up costs nothing while the
 * queue lasts. A click whose moment has passed when its turn comes is skipped (`skipped`), never
 * played late.
 *
 * Time runs server ms → device ms (the clock offset) → the moment the sound reaches the ear on
 * `performance.now()` → context time (`AudioOutputClock`), less the calibrated latency, so that
 * what the musician hears is on the band's beat.
 *
 * A new state replaces the queue from where it differs: clicks already queued that it also has,
 * at the same time, stay queued (a tempo change leaves the beats before its bar line alone);
 * the others are stopped before they sound (a stop, a restart). A click is never queued twice.
 */
export class ClickScheduler implements BeatSource {
  private readonly beats = new BeatEmitter();
  private state: ClickState | null = null;
  private settings: ClickPlaySettings = DEFAULT_CLICK_SETTINGS;
  /** Queued clicks by time and kind, until a second after they played. */
  private readonly queued = new Map<string, Queued>();
  /** Server time up to which clicks have been looked at; null when nothing is queued. */
  private frontier: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly clock: AudioOutputClock;
  private readonly master: GainNode;
  private readonly now: () => number;
  private readonly timeOrigin: number;
  private readonly log: ScheduledClick[] = [];

  /** Clicks whose moment had passed when their turn came: not played. */
  skipped = 0;

  constructor(private readonly options: ClickSchedulerOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timeOrigin = options.timeOrigin ?? performance.timeOrigin;
    this.clock = new AudioOutputClock(options.context, this.now);
    this.master = options.context.createGain();
    this.master.connect(options.destination ?? options.context.destination);
    this.applyVolume();
  }

  /** The beat sounding now (null while the click is silent), for `useSyncExternalStore`. */
  get current(): BeatEvent | null {
    return this.beats.current;
  }

  subscribe = (listener: () => void): (() => void) => this.beats.subscribe(listener);

  /**
   * Calls `listener` with each beat as it is heard (a timer set for its moment, not the audio
   * clock: close enough for the eye), and with null when the click falls silent.
   */
  onBeat(listener: (event: BeatEvent | null) => void): () => void {
    return this.beats.subscribe(() => listener(this.beats.current));
  }

  /** The clicks queued so far (the last 2000), in the order they were queued. */
  get scheduledLog(): readonly ScheduledClick[] {
    return this.log;
  }

  /**
   * Plays `state` (null or stopped: silence) from now on. An older version than the one playing
   * is ignored (false), so a late answer cannot undo a newer change.
   */
  setState(state: ClickState | null): boolean {
    if (this.disposed) return false;
    if (state !== null && this.state !== null && state.version < this.state.version) return false;
    this.state = state;
    if (!state?.running) this.frontier = null;
    this.requeue();
    if (!state?.running) this.beats.emit(null);
    this.loop();
    return true;
  }

  /**
   * Takes new settings: the volume at once; the sound from the next click queued; eighths and
   * latency from now, requeuing what the queue holds.
   */
  setSettings(settings: ClickPlaySettings): void {
    const previous = this.settings;
    this.settings = { ...settings };
    if (settings.volume !== previous.volume) this.applyVolume();
    if (
      settings.subdivision !== previous.subdivision ||
      settings.latencyMs !== previous.latencyMs
    ) {
      this.requeue();
    }
  }

  /** Stops everything queued and the loop; the scheduler cannot be used again. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const queued of this.queued.values()) this.cancel(queued);
    this.queued.clear();
    this.master.disconnect();
    this.beats.emit(null);
    this.beats.clear();
  }

  private applyVolume() {
    // Loudness follows the square of the gain more evenly than the gain itself.
    const volume = this.settings.volume;
    this.master.gain.setValueAtTime(volume * volume, this.options.context.currentTime);
  }

  /** The wake-ups: running while a click runs. */
  private loop() {
    if (this.disposed || this.timer !== null || !this.state?.running) return;
    this.pump();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop();
    }, this.options.tickMs ?? CLICK_TICK_MS);
  }

  /** Whether the audio clock and the server's are both known now; reads a fresh pairing. */
  private clocksReady(): boolean {
    if (this.options.context.state !== 'running' || this.options.offsetMs() === null) {
      // A suspended context's clock stands still: its old pairings say nothing of when it resumes.
      this.clock.reset();
      this.frontier = null;
      return false;
    }
    this.clock.read();
    return this.clock.ready;
  }

  /** The context time to start a click at, so it is heard at `at` (server ms). */
  private whenFor(at: number): number {
    const heard = at - this.options.offsetMs()! - this.timeOrigin;
    return this.clock.contextTimeFor(heard - this.settings.latencyMs);
  }

  /** The server time a click started at `when` is heard at: `whenFor`'s inverse. */
  private serverHeardAt(when: number): number {
    return (
      this.clock.heardAt(when) +
      this.settings.latencyMs +
      this.timeOrigin +
      this.options.offsetMs()!
    );
  }

  private lookAheadMs(): number {
    return (this.options.isHidden ?? pageHidden)()
      ? CLICK_HIDDEN_LOOK_AHEAD_MS
      : (this.options.lookAheadMs ?? CLICK_LOOK_AHEAD_MS);
  }

  /** One pass of the loop: queue the clicks due before the look-ahead's end. */
  private pump() {
    const state = this.state;
    if (!state?.running || !this.clocksReady()) return;
    const contextNow = this.options.context.currentTime;
    const from = this.frontier ?? this.serverHeardAt(contextNow);
    const until = this.serverHeardAt(contextNow + this.lookAheadMs() / 1000);
    if (until > from) {
      for (const click of clicksBetween(state, from, until, this.settings.subdivision)) {
        this.queue(click, contextNow);
      }
      this.frontier = until;
    }
    this.forgetPlayed(contextNow);
  }

  /**
   * Brings the queue in line with the state and settings: stops the clicks still to come that
   * they no longer have at that time, and queues the ones they add up to the frontier.
   */
  private requeue() {
    if (this.disposed) return;
    const state = this.state;
    const contextNow = this.options.context.currentTime;
    const wanted = new Map<string, ClickEvent>();
    if (state?.running && this.frontier !== null && this.clocksReady()) {
      const from = this.serverHeardAt(contextNow);
      for (const click of clicksBetween(state, from, this.frontier, this.settings.subdivision)) {
        wanted.set(keyOf(click), click);
      }
    }
    for (const [key, queued] of this.queued) {
      if (queued.when <= contextNow) continue;
      const click = wanted.get(key);
      if (click && Math.abs(this.whenFor(click.at) - queued.when) * 1000 <= SAME_TIME_MS) continue;
      this.cancel(queued);
      this.queued.delete(key);
    }
    for (const click of wanted.values()) this.queue(click, contextNow);
  }

  private queue(click: ClickEvent, contextNow: number) {
    const key = keyOf(click);
    if (this.queued.has(key)) return;
    const when = this.whenFor(click.at);
    if (!(when >= contextNow)) {
      this.skipped += 1;
      return;
    }
    const { context } = this.options;
    const voice = playClick(context, this.master, this.settings.sound, click.kind, when);
    const queued: Queued = { ...click, when, voice, timer: null };
    if (click.kind !== 'offbeat') {
      const event = { beat: click.beat, beatsPerBar: click.beatsPerBar };
      // The visual beat when the sound is heard: its server time on this device's clock.
      const heard = click.at - this.options.offsetMs()! - this.timeOrigin;
      queued.timer = setTimeout(
        () => {
          queued.timer = null;
          if (this.state?.running) this.beats.emit(event);
        },
        Math.max(0, heard - this.now()),
      );
    }
    this.queued.set(key, queued);
    // Where the context will be at `when`, from the raw pairing of its clock with the device's.
    const startsAt =
      when * 1000 +
      (this.now() - context.currentTime * 1000) +
      this.timeOrigin +
      this.options.offsetMs()!;
    this.log.push({ at: click.at, startsAt, when, kind: click.kind, beat: click.beat });
    if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE);
  }

  private cancel(queued: Queued) {
    queued.voice.stop();
    if (queued.timer !== null) clearTimeout(queued.timer);
    queued.timer = null;
  }

  private forgetPlayed(contextNow: number) {
    for (const [key, queued] of this.queued) {
      if (queued.when < contextNow - 1) this.queued.delete(key);
    }
  }
}
