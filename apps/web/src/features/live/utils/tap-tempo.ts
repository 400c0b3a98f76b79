import { CLICK_LIMITS } from '@segue/shared';

/** Taps a tempo needs: two intervals at least. */
export const TAP_TEMPO_MIN_TAPS = 3;
/** Taps kept: the tempo is the latest few beats', so a driver can tap a new one in. */
export const TAP_TEMPO_MAX_TAPS = 8;
/** A pause longer than the slowest click (20 BPM: 3 s) starts a new count. */
const TAP_TEMPO_RESET_MS = 60_000 / CLICK_LIMITS.minBpm;

/** The taps to keep after a tap at `at` (ms): a long pause starts them over. */
export function addTap(taps: readonly number[], at: number): number[] {
  const last = taps.at(-1);
  const kept = last !== undefined && at - last <= TAP_TEMPO_RESET_MS && at > last ? [...taps] : [];
  kept.push(at);
  return kept.slice(-TAP_TEMPO_MAX_TAPS);
}

/**
 * The tempo of `taps` (ms, in order) in beats per minute, to a tenth: from the median interval,
 * so one early or late tap does not move it. Null with fewer than three taps, or outside what
 * the click plays (20–300).
 */
export function tappedBpm(taps: readonly number[]): number | null {
  if (taps.length < TAP_TEMPO_MIN_TAPS) return null;
  const intervals = taps
    .slice(1)
    .map((at, i) => at - taps[i]!)
    .sort((a, b) => a - b);
  const middle = Math.floor(intervals.length / 2);
  const interval =
    intervals.length % 2 === 1
      ? intervals[middle]!
      : (intervals[middle - 1]! + intervals[middle]!) / 2;
  if (!(interval > 0)) return null;
  const bpm = Math.round(600_000 / interval) / 10;
  return bpm >= CLICK_LIMITS.minBpm && bpm <= CLICK_LIMITS.maxBpm ? bpm : null;
}
