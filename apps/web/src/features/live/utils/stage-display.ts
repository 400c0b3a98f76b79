import { isInSet, livePosition, upNext } from './set-position.ts';
import type { LiveSetState, SetSongs, UpNext } from './set-position.ts';

/** Pure rules of the stage display: what it shows, its clocks and how large its lyrics are drawn. */

/**
 * What the stage display shows of the set: the current song and part, or the item of the order
 * of service the set is on (its title and notes), and in both cases what comes next.
 */
export type StageEntry =
  | { kind: 'song'; songIndex: number; partIndex: number; next: UpNext }
  | { kind: 'item'; itemIndex: number; title: string; notes: string; next: UpNext };

/**
 * The stage's entry for the live state: the stage chose nothing of its own, so of parts
 * sharing a label it shows the one the server placed. Null for a setlist with no entry.
 */
export function stageEntry(set: SetSongs, live: LiveSetState): StageEntry | null {
  const at = livePosition(set, live);
  if (!isInSet(set, at)) return null;
  const next = upNext(set, at);
  if (at.kind === 'song') return { ...at, next };
  const { title, notes } = set.items?.[at.itemIndex] ?? { title: '', notes: '' };
  return { kind: 'item', itemIndex: at.itemIndex, title, notes, next };
}

/** Largest and smallest lyric size on the stage display, in rem. */
export const STAGE_TEXT_SIZE = { max: 3, min: 1.25 } as const;

/** Sizes are whole twentieths of a rem (0.05): fine enough to fill the screen, few renders. */
const STEPS_PER_REM = 20;

/**
 * How long the set has run, as a band reads it off a stopwatch: m:ss under an hour, h:mm:ss
 * from then on. Never negative: the server's clock may be a little ahead of this screen's.
 */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Milliseconds since the set began (`startedAt`, ISO), or null before it began. */
export function elapsedSince(startedAt: string | null, now: number): number | null {
  if (startedAt === null) return null;
  const start = Date.parse(startedAt);
  return Number.isNaN(start) ? null : now - start;
}

/** The local time as hours and minutes, in the screen's own locale (24 h or 12 h as it prefers). */
export function formatClock(now: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(now);
}

/**
 * The lyrics' size for a viewport (CSS pixels): large enough to read from 3 m on a floor
 * monitor, about 40 monospace characters across and a few lines of chords and lyrics down.
 */
export function stageTextSize(width: number, height: number): number {
  const size = Math.min(width / 440, height / 240);
  return roundDown(Math.min(STAGE_TEXT_SIZE.max, Math.max(STAGE_TEXT_SIZE.min, size)));
}

/** How a part is laid out on the stage: its text size in rem, in one or two columns. */
export interface StageFit {
  size: number;
  columns: 1 | 2;
}

/** A layout to try, and what the tries in these columns found so far. */
export interface StageFitSearch extends StageFit {
  /** The largest size seen to fit, null before one did. */
  fits: number | null;
  /** The smallest size seen to overflow, null before one did. */
  overflows: number | null;
}

/** The first layout tried: the largest size, in one column. */
export const startStageFit = (max: number): StageFitSearch => ({
  size: max,
  columns: 1,
  fits: null,
  overflows: null,
});

/**
 * Below this size (rem) a part that does not fit in one column goes into two, where the area
 * is wide enough: a floor monitor is wide, and its band cannot scroll it.
 */
export const STAGE_SPLIT_BELOW = 2;
/** The narrowest area (CSS px) split in two columns: each keeps some 30 characters at 2 rem. */
export const STAGE_SPLIT_MIN_WIDTH = 900;

/**
 * When a part that overflows one column goes into two: below the size `below` (rem), in an area
 * at least `minWidth` CSS px wide, starting again from `max` (the one-column `max` if left out).
 */
export interface StageSplit {
  below: number;
  minWidth: number;
  max?: number;
}

const STAGE_SPLIT: StageSplit = { below: STAGE_SPLIT_BELOW, minWidth: STAGE_SPLIT_MIN_WIDTH };

/**
 * One step of fitting a part into its area, measured at `search`: the layout to try next, or
 * null when `search` is the one to keep. Down from the largest size in one column, first by
 * the ratio of the heights (the text's height is about proportional to its size), then halving
 * the gap between the largest size seen to fit and the smallest seen to overflow: wrapped
 * lines make the ratio undershoot. A part that overflows one column at `STAGE_SPLIT_BELOW`
 * starts again from `max` in two, if the area is wide enough. At `min` it scrolls.
 */
export function nextStageFit(options: {
  search: StageFitSearch;
  min: number;
  max: number;
  clientWidth: number;
  clientHeight: number;
  scrollHeight: number;
  /** When to try two columns; the stage display's rule when left out. */
  split?: StageSplit;
}): StageFitSearch | null {
  const { search, min, max, clientWidth, clientHeight, scrollHeight } = options;
  const split = options.split ?? STAGE_SPLIT;
  const { size, fits, overflows } = search;
  if (clientHeight <= 0) return null;

  if (scrollHeight <= clientHeight + 1) {
    // It fits: try halfway up to the smallest size that did not, if a step is left between.
    if (overflows === null) return null;
    const between = roundDown((size + overflows) / 2);
    return between > size ? { ...search, size: between, fits: size } : null;
  }

  if (fits !== null) {
    // Too big, above a size that fitted: halfway down to it, or back to it.
    return { ...search, size: Math.max(fits, roundDown((fits + size) / 2)), overflows: size };
  }
  const proportional = roundDown(size * (clientHeight / scrollHeight));
  const smaller = Math.max(min, Math.min(proportional, roundDown(size - 1 / STEPS_PER_REM)));
  const wouldScroll = size <= min;
  if (
    search.columns === 1 &&
    (smaller < split.below || wouldScroll) &&
    clientWidth >= split.minWidth
  ) {
    // The ratio may undershoot: one column is given up only once it overflows at the split size.
    if (size > split.below) return { ...search, size: split.below, overflows: size };
    return { ...startStageFit(split.max ?? max), columns: 2 };
  }
  return size <= min ? null : { ...search, size: smaller, overflows: size };
}

function roundDown(rem: number): number {
  return Math.floor(rem * STEPS_PER_REM + 1e-9) / STEPS_PER_REM;
}
