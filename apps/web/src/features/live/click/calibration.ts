import { CLICK_LATENCY_LIMITS } from './click-settings.ts';

/** Clicks played to tap along with. */
export const CALIBRATION_CLICKS = 8;

/**
 * Their tempo: a click's length (800 ms) less the 100 ms a tap may come early is the most latency
 * a tap-along can tell from a click behind (`CLICK_LATENCY_LIMITS.maxMs`).
 */
export const CALIBRATION_BPM = 75;

/** Taps left out at the start: the first ones go to finding the beat. */
export const CALIBRATION_WARM_UP_TAPS = 2;

/** Clicks that must have a tap for a measurement. */
export const CALIBRATION_MIN_TAPS = 4;

export interface CalibrationResult {
  /** How late the taps came after the clicks meant to be heard (median), in ms, rounded. */
  latencyMs: number;
  /** The taps it was measured from. */
  taps: number;
  /** Their spread (slowest less fastest delay), in ms: a wide one asks for another try. */
  spreadMs: number;
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The extra latency a tap-along measured: each tap after the first two is paired with the click
 * it follows, the one it comes from 100 ms before to a click's length after (a click heard late
 * is tapped late); where a click has two taps (a bounce, a stray touch), the one nearer the
 * taps' median delay counts; the median delay of those is how much later than meant the
 * device's click is heard. Null with fewer than four clicks tapped.
 *
 * Both lists are ms on one clock: the times the clicks were meant to be heard, as scheduled
 * without a calibrated latency, and the taps' event times. What a tap measures also holds the
 * screen's touch delay, and people tap a little ahead of a click they follow; these partly cancel,
 * and are what a musician playing along feels anyway.
 */
export function measureLatency(
  clickTimes: readonly number[],
  tapTimes: readonly number[],
): CalibrationResult | null {
  const clicks = [...clickTimes].sort((a, b) => a - b);
  if (clicks.length < 2) return null;
  const candidates: { click: number; delay: number }[] = [];
  for (const tap of [...tapTimes].sort((a, b) => a - b).slice(CALIBRATION_WARM_UP_TAPS)) {
    const index = clicks.findLastIndex((click) => tap - click >= CLICK_LATENCY_LIMITS.minMs);
    if (index === -1) continue;
    const click = clicks[index]!;
    const length =
      index + 1 < clicks.length ? clicks[index + 1]! - click : click - clicks[index - 1]!;
    const delay = tap - click;
    if (delay < CLICK_LATENCY_LIMITS.minMs + length) candidates.push({ click: index, delay });
  }
  const overall = median(candidates.map((c) => c.delay).sort((a, b) => a - b));
  const best = new Map<number, number>();
  for (const { click, delay } of candidates) {
    const kept = best.get(click);
    if (kept === undefined || Math.abs(delay - overall) < Math.abs(kept - overall)) {
      best.set(click, delay);
    }
  }
  if (best.size < CALIBRATION_MIN_TAPS) return null;
  const delays = [...best.values()].sort((a, b) => a - b);
  const latencyMs = Math.round(
    Math.min(CLICK_LATENCY_LIMITS.maxMs, Math.max(CLICK_LATENCY_LIMITS.minMs, median(delays))),
  );
  return { latencyMs, taps: delays.length, spreadMs: delays.at(-1)! - delays[0]! };
}
