import { nextBeats } from '@segue/shared';
import type { Beat, ClickState } from '@segue/shared';
import { LONGEST_CLICK_MS } from './click-timing.ts';

/** A beat as it sounds, for the visual pulse and the spoken count-in. */
export interface BeatEvent {
  beat: Beat;
  /** Clicks in the beat's bar (the grid it belongs to: a tempo change may change the meter). */
  beatsPerBar: number;
}

/**
 * Where the beats come from: the scheduler that plays them, or a silent timer on a device whose
 * click is off (the stage display still pulses). `current` is null while the click is silent.
 */
export interface BeatSource {
  readonly current: BeatEvent | null;
  /** Calls `listener` on every beat and when the click falls silent; answers an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The bar length of the grid `beat` belongs to. */
export function beatsPerBarOf(state: ClickState, beat: Beat): number {
  return state.previous !== null && beat.at < state.downbeatAt
    ? state.previous.beatsPerBar
    : state.beatsPerBar;
}

/** Holds the beat sounding now and tells the subscribers when it changes. */
export class BeatEmitter implements BeatSource {
  current: BeatEvent | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  emit(event: BeatEvent | null): void {
    if (event === null && this.current === null) return;
    this.current = event;
    for (const listener of [...this.listeners]) listener();
  }

  clear(): void {
    this.listeners.clear();
  }
}

export interface BeatTimerOptions {
  /** Server minus device clock (ms); null until measured, and nothing is shown until then. */
  offsetMs: () => number | null;
  /** `performance.now()` (a test's clock). */
  now?: () => number;
  timeOrigin?: number;
}

/**
 * The beats of a click without its sound: a timer set for each beat's moment on this device's
 * clock, worked out afresh from the grid each time (never by adding beat lengths, which would
 * drift with the timer's lateness). For a device whose musician has not turned the click on.
 */
export class BeatTimer implements BeatSource {
  private readonly beats = new BeatEmitter();
  private state: ClickState | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  private readonly timeOrigin: number;

  constructor(private readonly options: BeatTimerOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timeOrigin = options.timeOrigin ?? performance.timeOrigin;
  }

  get current(): BeatEvent | null {
    return this.beats.current;
  }

  subscribe = (listener: () => void): (() => void) => this.beats.subscribe(listener);

  /** Follows `state` from now on; an older version than the one followed is ignored. */
  setState(state: ClickState | null): void {
    if (state !== null && this.state !== null && state.version < this.state.version) return;
    this.state = state;
    this.plan(null);
  }

  dispose(): void {
    this.stopTimer();
    this.state = null;
    this.beats.emit(null);
    this.beats.clear();
  }

  private stopTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets the timer for the next beat after `after` (server ms; null: from now). */
  private plan(after: number | null) {
    this.stopTimer();
    const state = this.state;
    if (!state?.running) {
      this.beats.emit(null);
      return;
    }
    const offset = this.options.offsetMs();
    if (offset === null) {
      this.timer = setTimeout(() => this.plan(after), 250);
      return;
    }
    const serverNow = this.timeOrigin + this.now() + offset;
    const current = this.current;
    // A beat shown longer ago than any beat lasts (the page slept): it is not sounding now.
    if (current && serverNow - current.beat.at > LONGEST_CLICK_MS) this.beats.emit(null);
    const from = after === null ? serverNow : Math.max(serverNow - 50, after + 1e-3);
    const beat = nextBeats(state, from, from + LONGEST_CLICK_MS + 1)[0];
    if (!beat) {
      this.timer = setTimeout(() => this.plan(null), LONGEST_CLICK_MS);
      return;
    }
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.beats.emit({ beat, beatsPerBar: beatsPerBarOf(state, beat) });
        this.plan(beat.at);
      },
      Math.max(0, beat.at - serverNow),
    );
  }
}
