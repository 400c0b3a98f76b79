/**
 * Each live device keeps its own estimate of how far its clock is from the server's, so that
 * beats stamped in server time sound on every device at once. It is NTP's method over the live
 * socket: the device sends a ping, the server answers with its time, and the device notes when
 * the answer came back.
 */

/** How a device samples the server's clock. */
export const CLOCK_SYNC = {
  /** A device measures when it joins and again at this interval. */
  intervalMs: 30_000,
  /**
   * Round trips per measurement, sent one after another. The fastest of more round trips waited
   * less on either side: on a path whose delay wavers by 10 ms each way, 16 keep the estimate
   * about a third closer than 8 did.
   */
  roundTrips: 16,
  /** Samples kept: the last two measurements. */
  windowSize: 32,
  /**
   * After the first measurement, a device moves its offset this share of the way to each new
   * estimate (`smoothOffset`), so that one unlucky measurement moves the beat by half as much,
   * and the beat does not wander between measurements that agree to within their noise...
   */
  smoothing: 0.5,
  /** ...unless the new estimate is this far (ms) from the offset in use: then it is taken whole. */
  stepMs: 10,
  /**
   * Older samples are dropped. A device's crystal runs up to about 50 ppm off the server's
   * (3 ms a minute), so a sample from minutes ago says where the clocks were, not where they are.
   */
  maxAgeMs: 60_000,
} as const;

/**
 * One round trip. `sentAt` and `receivedAt` are the device's clock in ms (a monotonic one,
 * such as `performance.now()`, so a clock adjustment mid-trip cannot bend it); `serverAt` is the
 * server's clock in ms when it answered. The server stamps the answer as it sends it, in the same
 * tick as it reads the ping, so one server time stands for both NTP server stamps; and it stamps
 * with sub-ms precision (`performance.timeOrigin + performance.now()`): `Date.now()` truncates,
 * which would put every device half a millisecond early on average.
 */
export interface ClockSample {
  sentAt: number;
  serverAt: number;
  receivedAt: number;
}

/** The device's view of the server's clock. */
export interface ClockOffset {
  /** Server time minus device time, in ms: `serverNow = deviceNow + offsetMs`. */
  offsetMs: number;
  /** The fastest round trip in the window, in ms. */
  roundTripMs: number;
  /** How many round trips the offset was taken from. */
  samples: number;
  /**
   * The slowest kept round trip minus the fastest, in ms. A kept sample's error is at most half
   * of its round trip above the path's own delay, so a small spread means the kept samples agree.
   */
  spreadMs: number;
}

export interface OffsetOptions {
  /** The share of the fastest round trips kept. */
  keepFraction?: number;
  /** Keep at least this many (all there are, when fewer). */
  minKept?: number;
}

/** Keep the fastest quarter of the round trips, and at least three. */
export const DEFAULT_OFFSET_OPTIONS: Required<OffsetOptions> = { keepFraction: 0.25, minKept: 3 };

function usable(sample: ClockSample): boolean {
  return (
    Number.isFinite(sample.sentAt) &&
    Number.isFinite(sample.serverAt) &&
    Number.isFinite(sample.receivedAt) &&
    sample.receivedAt >= sample.sentAt
  );
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The offset of the device's clock to the server's, from recent round trips; null without one.
 * Each round trip gives `serverAt − (sentAt + receivedAt) / 2`, which is right when the answer
 * took as long to come back as the ping took to get there; its error is half the difference of
 * the two. Delay on a network is one-sided noise: a packet can wait in a queue (Wi-Fi retries, a
 * busy event loop) but never arrives faster than the path allows. So the fastest round trips are
 * the ones that waited least, and their two halves differ least; the median of those few shrugs
 * off one that still waited on one side.
 */
export function estimateOffset(
  samples: readonly ClockSample[],
  options: OffsetOptions = {},
): ClockOffset | null {
  const { keepFraction, minKept } = { ...DEFAULT_OFFSET_OPTIONS, ...options };
  const trips = samples
    .filter(usable)
    .map((s) => ({
      roundTrip: s.receivedAt - s.sentAt,
      offset: s.serverAt - (s.sentAt + s.receivedAt) / 2,
    }))
    .sort((a, b) => a.roundTrip - b.roundTrip);
  if (trips.length === 0) return null;
  const count = Math.min(trips.length, Math.max(minKept, Math.ceil(trips.length * keepFraction)));
  const kept = trips.slice(0, count);
  return {
    offsetMs: median(kept.map((t) => t.offset).sort((a, b) => a - b)),
    roundTripMs: kept[0]!.roundTrip,
    samples: count,
    spreadMs: kept[count - 1]!.roundTrip - kept[0]!.roundTrip,
  };
}

/**
 * The window a device estimates from: `samples` with `sample` added, less those received more
 * than `maxAgeMs` before it, and at most the last `windowSize`.
 */
export function addClockSample(
  samples: readonly ClockSample[],
  sample: ClockSample,
  options: { windowSize?: number; maxAgeMs?: number } = {},
): ClockSample[] {
  const windowSize = options.windowSize ?? CLOCK_SYNC.windowSize;
  const maxAgeMs = options.maxAgeMs ?? CLOCK_SYNC.maxAgeMs;
  const recent = [...samples, sample].filter((s) => sample.receivedAt - s.receivedAt <= maxAgeMs);
  return recent.slice(Math.max(0, recent.length - windowSize));
}

/**
 * The offset a device uses after a new measurement: halfway from the one in use to the new
 * estimate (`CLOCK_SYNC.smoothing`), or the new estimate itself when they differ by more than
 * `CLOCK_SYNC.stepMs` (a network that changed, an estimate that was wrong). Each measurement's
 * error is noise of a few ms on a wavering path; averaging the estimates as they come halves the
 * steps the click takes at each measurement, while a device whose crystal runs fast or slow
 * (up to about 3 ms a minute) is still followed within a measurement or two.
 */
export function smoothOffset(inUseMs: number | null, measuredMs: number): number {
  if (inUseMs === null || Math.abs(measuredMs - inUseMs) > CLOCK_SYNC.stepMs) return measuredMs;
  return inUseMs + CLOCK_SYNC.smoothing * (measuredMs - inUseMs);
}

/** The server's clock now, from the device's clock and its offset. */
export function serverNow(deviceNowMs: number, offsetMs: number): number {
  return deviceNowMs + offsetMs;
}

/** When a moment of the server's clock (a beat) comes on the device's clock. */
export function deviceTimeOf(serverMs: number, offsetMs: number): number {
  return serverMs - offsetMs;
}
