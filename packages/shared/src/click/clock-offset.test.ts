import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_SYNC,
  addClockSample,
  deviceTimeOf,
  estimateOffset,
  serverNow,
  smoothOffset,
  type ClockSample,
} from './clock-offset.ts';

/** A device whose clock reads like the server's (ms since 1970), before the offset. */
const DEVICE_EPOCH = 1_700_000_000_000;

/** Float rounding of clock readings near 10¹² ms is about 0.0002 ms; this is well above it. */
const ROUNDING_MS = 0.01;

interface Trip {
  /** Device ms since the previous ping was sent. */
  gap: number;
  /** One-way delays (ms) beyond the path's base delay, ping then answer. */
  up: number;
  down: number;
}

/** The samples a device records over a path with `base` ms each way, `offset` ms behind the server. */
function record(offset: number, base: number, trips: readonly Trip[]): ClockSample[] {
  let sentAt = DEVICE_EPOCH;
  return trips.map(({ gap, up, down }) => {
    sentAt += gap;
    return {
      sentAt,
      serverAt: sentAt + offset + base + up,
      receivedAt: sentAt + 2 * base + up + down,
    };
  });
}

/** How many of `n` round trips count as the fastest: a quarter, at least three. */
const fastestCount = (n: number) => Math.min(n, Math.max(3, Math.ceil(n / 4)));

const ms = (max: number, min = 0) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

describe('estimateOffset', () => {
  it('reads recorded round trips, leaving out the ones that waited in a queue', () => {
    // The device is 2,500 ms behind; the path takes 20 ms each way; three pings waited behind
    // other traffic.
    const samples = [
      { sentAt: 1000, serverAt: 3521, receivedAt: 1041 },
      { sentAt: 1200, serverAt: 3900, receivedAt: 1420 },
      { sentAt: 1500, serverAt: 4020.5, receivedAt: 1540 },
      { sentAt: 1800, serverAt: 4321, receivedAt: 1842 },
      { sentAt: 2100, serverAt: 4770, receivedAt: 2290 },
      { sentAt: 2400, serverAt: 4920, receivedAt: 2440.5 },
      { sentAt: 2700, serverAt: 5380, receivedAt: 2900 },
      { sentAt: 3000, serverAt: 5521, receivedAt: 3041 },
    ];
    const estimate = estimateOffset(samples)!;
    expect(estimate.samples).toBe(3);
    expect(estimate.roundTripMs).toBe(40);
    expect(estimate.spreadMs).toBe(1);
    expect(Math.abs(estimate.offsetMs - 2500)).toBeLessThanOrEqual(0.5);
    // Averaging every round trip would put the device 31 ms off.
    const mean =
      samples.reduce((sum, s) => sum + s.serverAt - (s.sentAt + s.receivedAt) / 2, 0) /
      samples.length;
    expect(Math.abs(mean - 2500)).toBeGreaterThan(30);
  });

  it('is null without a usable round trip', () => {
    expect(estimateOffset([])).toBeNull();
    expect(estimateOffset([{ sentAt: 10, serverAt: 5, receivedAt: 9 }])).toBeNull();
    expect(estimateOffset([{ sentAt: 0, serverAt: Number.NaN, receivedAt: 9 }])).toBeNull();
  });

  // Each kept round trip is off by half the difference of its two one-way delays, which is at
  // most half of what it took above the path's floor (2 × base). So the median of the fastest
  // quarter is off by at most half the spread from that floor to the slowest of the fastest
  // quarter, whatever the jitter and queueing. An estimator that lets a slow round trip in
  // (the mean of all of them, say) breaks this on the first queued sample fast-check tries.
  it('stays within half the spread of the fastest round trips above the path floor', () => {
    const trip = fc.record({
      gap: ms(2000, 10),
      up: ms(20),
      down: ms(20),
      queue: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: ms(800) }),
      queueOnPing: fc.boolean(),
    });
    fc.assert(
      fc.property(
        ms(5000, -5000),
        ms(80),
        fc.array(trip, { minLength: 1, maxLength: 32 }),
        (offset, base, trips) => {
          const samples = record(
            offset,
            base,
            trips.map(({ gap, up, down, queue, queueOnPing }) => ({
              gap,
              up: up + (queueOnPing ? queue : 0),
              down: down + (queueOnPing ? 0 : queue),
            })),
          );
          const roundTrips = samples.map((s) => s.receivedAt - s.sentAt).sort((a, b) => a - b);
          const slowestKept = roundTrips[fastestCount(samples.length) - 1]!;
          const estimate = estimateOffset(samples)!;
          expect(Math.abs(estimate.offsetMs - offset)).toBeLessThanOrEqual(
            (slowestKept - 2 * base) / 2 + ROUNDING_MS,
          );
        },
      ),
    );
  });

  // The case: delays the same both ways (varying from one round trip to the next), and
  // fewer than half the round trips held up on one side by more than the jitter. The error then
  // stays within half the spread the estimate reports, a figure the device knows.
  it('stays within half its own spread when delays are symmetric but for queueing', () => {
    const clean = fc.record({ gap: ms(2000, 10), jitter: ms(20) });
    const queued = fc.record({
      gap: ms(2000, 10),
      jitter: ms(20),
      queue: ms(800, 41),
      onPing: fc.boolean(),
    });
    fc.assert(
      fc.property(
        ms(5000, -5000),
        ms(80),
        fc.array(clean, { minLength: 3, maxLength: 16 }),
        fc.array(queued, { maxLength: 16 }),
        (offset, base, cleanTrips, queuedTrips) => {
          const trips: Trip[] = [
            ...cleanTrips.map(({ gap, jitter }) => ({ gap, up: jitter, down: jitter })),
            ...queuedTrips.slice(0, cleanTrips.length).map(({ gap, jitter, queue, onPing }) => ({
              gap,
              up: jitter + (onPing ? queue : 0),
              down: jitter + (onPing ? 0 : queue),
            })),
          ];
          const estimate = estimateOffset(record(offset, base, trips))!;
          expect(Math.abs(estimate.offsetMs - offset)).toBeLessThanOrEqual(
            estimate.spreadMs / 2 + ROUNDING_MS,
          );
        },
      ),
    );
  });
});

describe('the sample window', () => {
  const at = (receivedAt: number): ClockSample => ({
    sentAt: receivedAt - 40,
    serverAt: receivedAt + 980,
    receivedAt,
  });

  it('keeps the last 32 samples of the last minute', () => {
    expect(CLOCK_SYNC.windowSize).toBe(32);
    let window: ClockSample[] = [];
    for (let i = 0; i < 36; i += 1) window = addClockSample(window, at(i * 100));
    expect(window).toHaveLength(32);
    expect(window[0]!.receivedAt).toBe(400);
    window = addClockSample(window, at(60_500));
    expect(window.map((s) => s.receivedAt)).toEqual([
      ...Array.from({ length: 31 }, (_v, i) => 500 + i * 100),
      60_500,
    ]);
    window = addClockSample(window, at(200_000));
    expect(window).toEqual([at(200_000)]);
  });

  it('turns device time into server time and back', () => {
    const offset = estimateOffset([at(5000)])!.offsetMs;
    expect(offset).toBe(1000);
    expect(serverNow(5000, offset)).toBe(6000);
    expect(deviceTimeOf(6000, offset)).toBe(5000);
  });
});

describe('smoothOffset', () => {
  it('takes the first estimate whole', () => {
    expect(smoothOffset(null, 12.5)).toBe(12.5);
  });
  it('moves halfway to an estimate within the step, and takes one beyond it whole', () => {
    expect(smoothOffset(100, 104)).toBe(102);
    expect(smoothOffset(100, 100 - CLOCK_SYNC.stepMs)).toBe(100 - CLOCK_SYNC.stepMs / 2);
    expect(smoothOffset(100, 100 + CLOCK_SYNC.stepMs + 0.1)).toBe(100 + CLOCK_SYNC.stepMs + 0.1);
  });
  it('never leaves the span between the offset in use and the estimate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        (inUse, measured) => {
          const next = smoothOffset(inUse, measured);
          expect(next).toBeGreaterThanOrEqual(Math.min(inUse, measured) - 1e-6);
          expect(next).toBeLessThanOrEqual(Math.max(inUse, measured) + 1e-6);
        },
      ),
    );
  });
});
