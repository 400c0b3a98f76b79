/**
 * MIDI clock out: a drum machine, a looper or a lighting desk follows the band's click. The
 * receiver counts 24 clocks a quarter note; Start makes it begin its song on the next clock.
 *
 * Clocks run from the moment this device knows the click's state (through the lead before the
 * first beat and the count-in), so the machine has the tempo before it starts; Start goes at
 * the downbeat of bar 1, after the count-in, just before the clock on that downbeat, which is
 * then the song's first: drum machines start on bar 1, and count-ins are the band's. A stop
 * sends Stop at once, and so does a restart (a new count-in: the machine starts again on its
 * bar 1). A device that turns MIDI clock on mid-song sends clocks only: the machine keeps the
 * tempo but is not started in the middle of a bar.
 *
 * The messages are stamped for the moment of their beat on this device's clock, not moved by the
 * click's audio latency: the machine plays through the PA, not through this device's earbuds.
 */
import type { ClickGrid, ClickState } from '@segue/shared';
import { CLICK_LOOK_AHEAD_MS, CLICK_TICK_MS } from './click-timing.ts';

export const MIDI_CLOCK = 0xf8;
export const MIDI_START = 0xfa;
export const MIDI_STOP = 0xfc;
export const MIDI_CLOCKS_PER_QUARTER = 24;

/** Clocks a window may hold at most, so a window wrong by hours cannot hang the page. */
const MAX_MESSAGES_PER_WINDOW = 5000;

/**
 * MIDI clocks in one click of `grid`: 24 for a quarter; 36 for the dotted quarter of 6/8 (a
 * quarter is two thirds of it); 12 for the eighth of 7/8; 48 for the half of 2/2.
 */
export function midiClocksPerClick(grid: Pick<ClickGrid, 'beatUnit' | 'pulse'>): number {
  return ((grid.pulse === 'dotted' ? 3 : 1) * 4 * MIDI_CLOCKS_PER_QUARTER) / grid.beatUnit;
}

/** The server time of clock `k` of `grid` (k = 0 on its beat 0; negative before it). */
function clockTime(grid: ClickGrid, k: number, perClick: number): number {
  // As beatTime: from the grid's origin, never summed; on a beat (k a multiple of perClick) the
  // very same number as the beat's own time.
  return grid.downbeatAt + ((k / perClick) * 60_000) / grid.bpm;
}

const barOne = (grid: ClickGrid) =>
  grid.downbeatAt + (grid.countInBars * grid.beatsPerBar * 60_000) / grid.bpm;

/**
 * The server time (ms) of the downbeat of bar 1, the song's start: the first click that is not
 * counted in. A tempo change that lands within the count-in ends the count-in there.
 */
export function songStartAt(state: ClickState): number {
  return state.previous === null
    ? barOne(state)
    : Math.min(barOne(state.previous), state.downbeatAt);
}

/** A MIDI message and the server time (ms) it is meant for. */
export interface MidiMessageAt {
  at: number;
  data: number[];
}

function clocksBetween(grid: ClickGrid, fromMs: number, untilMs: number, out: MidiMessageAt[]) {
  const perClick = midiClocksPerClick(grid);
  let k = Math.ceil(((fromMs - grid.downbeatAt) * grid.bpm * perClick) / 60_000);
  // Settle the division against clockTime itself, as the beat grid does.
  if (clockTime(grid, k - 1, perClick) >= fromMs) k -= 1;
  else if (clockTime(grid, k, perClick) < fromMs) k += 1;
  for (; out.length < MAX_MESSAGES_PER_WINDOW; k += 1) {
    const at = clockTime(grid, k, perClick);
    if (at >= untilMs) break;
    out.push({ at, data: [MIDI_CLOCK] });
  }
}

/**
 * The MIDI clocks, and the Start at bar 1, of a running click from `fromMs` (included) to
 * `untilMs` (excluded), in order; a Start comes before the clock at its own time.
 */
export function midiClockMessages(
  state: ClickState,
  fromMs: number,
  untilMs: number,
): MidiMessageAt[] {
  const messages: MidiMessageAt[] = [];
  if (!state.running || !(fromMs < untilMs)) return messages;
  if (state.previous === null) {
    // Before beat 0 too: the grid's clocks run back through the lead, so the tempo is known.
    clocksBetween(state, fromMs, untilMs, messages);
  } else {
    clocksBetween(state.previous, fromMs, Math.min(untilMs, state.downbeatAt), messages);
    clocksBetween(state, Math.max(fromMs, state.downbeatAt), untilMs, messages);
  }
  const start = songStartAt(state);
  if (start >= fromMs && start < untilMs) {
    const index = messages.findIndex((m) => m.at >= start);
    messages.splice(index === -1 ? messages.length : index, 0, { at: start, data: [MIDI_START] });
  }
  return messages;
}

/** The part of a Web MIDI output the sender uses (a test's stub). */
export interface MidiOutputLike {
  send(data: number[], timestamp?: number): void;
  /** Drops what is queued and not yet sent; missing in some browsers. */
  clear?: () => void;
}

export interface MidiClockSenderOptions {
  output: MidiOutputLike;
  /** Server minus device clock (ms); null until measured, and nothing is sent until then. */
  offsetMs: () => number | null;
  /** `performance.now()`: Web MIDI's timestamps are on its clock. */
  now?: () => number;
  timeOrigin?: number;
  lookAheadMs?: number;
  tickMs?: number;
}

/**
 * Sends a click state's MIDI clock to one output, queued ahead with `send(data, timestamp)` on
 * the same look-ahead as the click's sound. A late clock is still sent, at once: the receiver
 * counts clocks, and a missing one would put it a 24th of a beat behind for the rest of the song.
 */
export class MidiClockSender {
  private state: ClickState | null = null;
  /** Server time up to which messages are sent; null while nothing runs. */
  private frontier: number | null = null;
  /** Whether a Start went out and no Stop after it. */
  private started = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly now: () => number;
  private readonly timeOrigin: number;

  constructor(private readonly options: MidiClockSenderOptions) {
    this.now = options.now ?? (() => performance.now());
    this.timeOrigin = options.timeOrigin ?? performance.timeOrigin;
  }

  /** Follows `state` from now on (an older version than the one followed is ignored). */
  setState(state: ClickState | null): void {
    if (this.disposed) return;
    const previous = this.state;
    if (state !== null && previous !== null && state.version < previous.version) return;
    this.state = state;
    const restarted =
      state?.running === true &&
      previous?.running === true &&
      state.previous === null &&
      state.downbeatAt !== previous.downbeatAt;
    if (!state?.running || restarted) this.halt();
    this.loop();
  }

  /** Sends Stop if the machine was started, and stops sending. */
  dispose(): void {
    this.halt();
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Drops what is queued where the output can, and stops a started machine at once. */
  private halt() {
    try {
      if (this.frontier !== null) this.options.output.clear?.();
    } catch {
      // A browser that names clear() without doing it: the queued clocks run out within 120 ms.
    }
    if (this.started) this.options.output.send([MIDI_STOP]);
    this.started = false;
    if (!this.state?.running) this.frontier = null;
  }

  private loop() {
    if (this.disposed || this.timer !== null || !this.state?.running) return;
    this.pump();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop();
    }, this.options.tickMs ?? CLICK_TICK_MS);
  }

  private pump() {
    const state = this.state;
    const offset = this.options.offsetMs();
    if (!state?.running || offset === null) return;
    const deviceToPerf = this.timeOrigin + offset;
    const serverNow = this.now() + deviceToPerf;
    const from = this.frontier ?? serverNow;
    const until = serverNow + (this.options.lookAheadMs ?? CLICK_LOOK_AHEAD_MS);
    if (!(until > from)) return;
    for (const message of midiClockMessages(state, from, until)) {
      this.options.output.send(message.data, message.at - deviceToPerf);
      if (message.data[0] === MIDI_START) this.started = true;
    }
    this.frontier = until;
  }
}
