/**
 * The click the whole band hears: a grid of beats in the server's time that the server
 * broadcasts with the live state, and that each device turns into sound on its own clock
 * (`deviceTimeOf` in clock-offset.ts). A device that joins late reads the same grid and comes in
 * on the beat the others are on.
 *
 * A beat's time is always worked out from the grid's origin (`downbeatAt + n × 60000 / bpm`),
 * never by adding beat lengths one after another: summing rounds at every beat, and at the size
 * of server times (10¹² ms) that adds up to a millisecond in 10,000 beats at 133 bpm.
 */
import { z } from 'zod';

export const CLICK_LIMITS = {
  minBpm: 20,
  maxBpm: 300,
  maxBeatsPerBar: 16,
  maxCountInBars: 2,
} as const;

/** How far ahead of "start" the first beat falls, so the state reaches every device in time. */
export const CLICK_START_LEAD_MS = 1500;

/**
 * How long before a bar line a tempo change must be made to land on it: the time the new state
 * takes to reach the devices, plus the beats their schedulers have already queued.
 */
export const CLICK_CHANGE_LEAD_MS = 300;

/** Beats `nextBeats` returns at most, so a window that is wrong by hours cannot hang a device. */
export const MAX_BEATS_PER_WINDOW = 1000;

/**
 * What one click counts. `beatsPerBar` clicks make a bar; each click is one `beatUnit` note of
 * the time signature (4: a quarter), or, with `pulse: 'dotted'`, a dotted one (three of them).
 * Compound time clicks dotted notes, as bands count it: 6/8 is two dotted quarters a bar, 12/8
 * four; `bpm` then counts those.
 */
const MeterShape = {
  beatsPerBar: z.number().int().min(1).max(CLICK_LIMITS.maxBeatsPerBar),
  beatUnit: z.literal([2, 4, 8]),
  pulse: z.enum(['beat', 'dotted']),
};

const ClickGridSchema = z.object({
  /** Clicks per minute. */
  bpm: z.number().min(CLICK_LIMITS.minBpm).max(CLICK_LIMITS.maxBpm),
  ...MeterShape,
  /** Server time (ms) of beat 0: the first beat of the count-in, or of bar 1 without one. */
  downbeatAt: z.number().min(0).finite(),
  /** Bars counted in before the song's first bar. */
  countInBars: z.number().int().min(0).max(CLICK_LIMITS.maxCountInBars),
});

/**
 * The click as the server broadcasts it. `version` only grows, so a device drops a state older
 * than the one it plays. A tempo change waits for a bar line: until `downbeatAt`, the grid it
 * replaces (`previous`) goes on, so a device that receives the change, or joins, before that bar
 * line still hears the old tempo up to it. A subdivision is not here: it is each player's own.
 */
export const ClickStateSchema = ClickGridSchema.extend({
  running: z.boolean(),
  previous: ClickGridSchema.nullable(),
  version: z.number().int().min(0),
}).refine((s) => s.previous === null || s.previous.downbeatAt <= s.downbeatAt, {
  message: 'A tempo change comes after the grid it replaces.',
});
export type ClickState = z.infer<typeof ClickStateSchema>;
export type ClickGrid = z.infer<typeof ClickGridSchema>;
export type Meter = Pick<ClickGrid, 'beatsPerBar' | 'beatUnit' | 'pulse'>;

/** One click of the grid. */
export interface Beat {
  /** Counted from beat 0 of its grid (the previous one, before a tempo change's bar line). */
  index: number;
  /** Its server time, in ms. */
  at: number;
  /** The bar, counted from 0 at beat 0 (the count-in's bars come first). */
  bar: number;
  /** The click within its bar, 0 on the bar line. */
  beatInBar: number;
  isCountIn: boolean;
  /** The first click of a bar, count-in included. */
  accent: boolean;
}

const FOUR_FOUR: Meter = { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' };

/**
 * The meter a song's time signature clicks in: none is 4/4; 6/8, 9/8, 12/8 (a multiple of three
 * eighths) click dotted quarters; 6/4 clicks quarters, as most bands count it. Null for a
 * signature the click cannot count (a unit other than 2, 4 or 8, or more than 16 clicks a bar).
 */
export function parseTimeSignature(time: string | null | undefined): Meter | null {
  const trimmed = (time ?? '').trim();
  if (trimmed === '') return FOUR_FOUR;
  const match = /^(\d{1,2})\/(\d{1,2})$/.exec(trimmed);
  if (!match) return null;
  const count = Number(match[1]);
  const unit = Number(match[2]);
  if (unit !== 2 && unit !== 4 && unit !== 8) return null;
  const compound = unit === 8 && count > 3 && count % 3 === 0;
  const beatsPerBar = compound ? count / 3 : count;
  if (beatsPerBar < 1 || beatsPerBar > CLICK_LIMITS.maxBeatsPerBar) return null;
  return { beatsPerBar, beatUnit: unit, pulse: compound ? 'dotted' : 'beat' };
}

/** The time signature a meter counts, as a musician writes it ('6/8'). */
export function formatTimeSignature(meter: Meter): string {
  return `${meter.beatsPerBar * (meter.pulse === 'dotted' ? 3 : 1)}/${meter.beatUnit}`;
}

/** Server time of beat `n` of a grid; n = 0 is the first beat of the count-in. */
export function beatTime(grid: ClickGrid, n: number): number {
  // One rounding, of a product exact below 2^53: no error that grows with n.
  return grid.downbeatAt + (n * 60_000) / grid.bpm;
}

/** The last beat of `grid` at or before `serverMs` (negative before beat 0). */
function indexAt(grid: ClickGrid, serverMs: number): number {
  let n = Math.floor(((serverMs - grid.downbeatAt) * grid.bpm) / 60_000);
  // The division can land a hair off a beat's own time; settle it against beatTime itself
  // (at most one beat either way, and no loop that a wild time could keep going).
  if (beatTime(grid, n) > serverMs) n -= 1;
  else if (beatTime(grid, n + 1) <= serverMs) n += 1;
  return n;
}

function beatOf(grid: ClickGrid, index: number): Beat {
  const bar = Math.floor(index / grid.beatsPerBar);
  const beatInBar = index - bar * grid.beatsPerBar;
  return {
    index,
    at: beatTime(grid, index),
    bar,
    beatInBar,
    isCountIn: bar < grid.countInBars,
    accent: beatInBar === 0,
  };
}

/** The grid that sounds at `serverMs`: the one a tempo change replaces plays until its bar line. */
function gridAt(state: ClickState, serverMs: number): ClickGrid {
  return state.previous !== null && serverMs < state.downbeatAt ? state.previous : state;
}

/** The beat sounding at `serverMs` (the last one at or before it); null when the click is silent. */
export function beatAt(state: ClickState, serverMs: number): Beat | null {
  if (!state.running || !Number.isFinite(serverMs)) return null;
  const grid = gridAt(state, serverMs);
  const index = indexAt(grid, serverMs);
  return index < 0 ? null : beatOf(grid, index);
}

function beatsBetween(grid: ClickGrid, fromMs: number, untilMs: number, out: Beat[]): void {
  let n = Math.max(0, indexAt(grid, fromMs));
  if (beatTime(grid, n) < fromMs) n += 1;
  for (; out.length < MAX_BEATS_PER_WINDOW && beatTime(grid, n) < untilMs; n += 1) {
    out.push(beatOf(grid, n));
  }
}

/**
 * The beats from `fromMs` (included) to `untilMs` (excluded), in order: what a look-ahead
 * scheduler queues next. Empty while the click is stopped.
 */
export function nextBeats(state: ClickState, fromMs: number, untilMs: number): Beat[] {
  const beats: Beat[] = [];
  if (!state.running || !(fromMs < untilMs)) return beats;
  if (state.previous !== null) {
    beatsBetween(state.previous, fromMs, Math.min(untilMs, state.downbeatAt), beats);
  }
  beatsBetween(state, Math.max(fromMs, state.downbeatAt), untilMs, beats);
  return beats;
}

function gridOf(state: ClickState): ClickGrid {
  const { bpm, beatsPerBar, beatUnit, pulse, downbeatAt, countInBars } = state;
  return { bpm, beatsPerBar, beatUnit, pulse, downbeatAt, countInBars };
}

/**
 * Starts the click: beat 0 (the count-in's first, or bar 1's) `leadMs` from now, in server
 * time. `version` is the last click state's plus one, so devices take it over the old one.
 * Throws on settings the schema refuses, so a bad state is never broadcast.
 */
export function startClick(
  bpm: number,
  meter: Meter,
  countInBars: number,
  nowServerMs: number,
  leadMs = CLICK_START_LEAD_MS,
  version = 0,
): ClickState {
  return ClickStateSchema.parse({
    running: true,
    bpm,
    ...meter,
    downbeatAt: nowServerMs + leadMs,
    countInBars,
    previous: null,
    version,
  });
}

/** Stops the click at once. */
export function stopClick(state: ClickState): ClickState {
  return { ...state, running: false, previous: null, version: state.version + 1 };
}

/**
 * A new tempo and meter (the next song's) from the first bar line of the playing grid at or after
 * `stepAtServerMs + leadMs`, with no count-in: the band plays on into the next song. The lead is
 * the time the change needs to reach every device before that bar line. Two steps before the first
 * one's bar line: the second replaces the first, on the same bar line. A step before the click's
 * first beat changes what it will play, count-in included. A stopped click stays stopped.
 */
export function changeTempoAt(
  state: ClickState,
  bpm: number,
  meter: Meter,
  stepAtServerMs: number,
  leadMs = CLICK_CHANGE_LEAD_MS,
): ClickState {
  const version = state.version + 1;
  const settings = { bpm, ...meter };
  if (!state.running) {
    return ClickStateSchema.parse({ ...state, ...settings, previous: null, version });
  }
  if (stepAtServerMs < state.downbeatAt) {
    // Nothing of this grid has sounded yet: it is replaced where it would have begun.
    return ClickStateSchema.parse({ ...state, ...settings, version });
  }
  const earliest = stepAtServerMs + leadMs;
  const { beatsPerBar } = state;
  const bar = Math.floor(indexAt(state, earliest) / beatsPerBar);
  const barLine = beatTime(state, bar * beatsPerBar) >= earliest ? bar : bar + 1;
  return ClickStateSchema.parse({
    running: true,
    ...settings,
    downbeatAt: beatTime(state, barLine * beatsPerBar),
    countInBars: 0,
    previous: gridOf(state),
    version,
  });
}
