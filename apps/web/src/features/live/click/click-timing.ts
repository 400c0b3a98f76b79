import { CLICK_LIMITS } from '@segue/shared';

/**
 * The clocks the click runs on. The device's clock is `performance.timeOrigin +
 * performance.now()`: monotonic and sub-millisecond, and read the same way as the server stamps
 * its own, so the offset between the two is small and a beat's server time maps to the device by
 * subtracting it (`deviceTimeOf`).
 */

/** The device's clock in ms since the epoch (monotonic: a wall-clock adjustment cannot bend it). */
export function deviceNow(): number {
  return performance.timeOrigin + performance.now();
}

/** How often the look-ahead loops wake while the click runs. */
export const CLICK_TICK_MS = 25;

/**
 * How far ahead sounds and MIDI messages are queued. More than a few of the loop's wake-ups, so a
 * busy main thread (a re-render, a garbage collection) does not make a beat late; little enough
 * that a stop or a tempo change is heard at once.
 */
export const CLICK_LOOK_AHEAD_MS = 120;

/**
 * The look-ahead while the page is hidden (screen locked, another app in front). Browsers then
 * wake timers about once a second, and a page that plays audio is often all that keeps running:
 * the queue must outlast the longest wait. The page's policy allows no blob workers, whose timers
 * would not be slowed.
 */
export const CLICK_HIDDEN_LOOK_AHEAD_MS = 2500;

/** The longest click there is (at the slowest tempo), in ms. */
export const LONGEST_CLICK_MS = 60_000 / CLICK_LIMITS.minBpm;

/** Whether the page is hidden now (false outside a browser). */
export function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}
