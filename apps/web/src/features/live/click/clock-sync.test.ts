import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_SYNC } from '@segue/shared';
import { ClockSync } from './clock-sync.ts';
import type { ClockReading } from './clock-sync.ts';

/** The server's clock is this far ahead of the device's. */
const OFFSET = 12_345.678;
/** The path's own delay each way, in ms. */
const BASE = 15;

/** A seeded generator (mulberry32): the same jitter on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const device = () => Date.now();

/**
 * A ping over a jittery path: each way takes the base delay plus up to 1.5 ms, and one round trip
 * in four waits 20–200 ms in a queue on one side (Wi-Fi retries, a busy event loop).
 */
function jitteryPing(seed: number) {
  const next = random(seed);
  const pings: number[] = [];
  const ping = async () => {
    pings.push(device());
    const queued = next() < 0.25 ? 20 + next() * 180 : 0;
    const onPing = next() < 0.5;
    const up = BASE + next() * 1.5 + (onPing ? queued : 0);
    const down = BASE + next() * 1.5 + (onPing ? 0 : queued);
    await new Promise((resolve) => setTimeout(resolve, up));
    const serverAt = device() + OFFSET;
    await new Promise((resolve) => setTimeout(resolve, down));
    return { serverAt };
  };
  return { ping, pings };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => vi.useRealTimers());

describe('ClockSync', () => {
  it('finds the offset to within 1 ms over a jittery path, and keeps measuring', async () => {
    const { ping, pings } = jitteryPing(7);
    const sync = new ClockSync(ping, { now: device });
    const readings: (ClockReading | null)[] = [];
    sync.subscribe(() => readings.push(sync.getSnapshot()));
    expect(sync.offsetMs()).toBeNull();
    sync.start();
    await vi.advanceTimersByTimeAsync(3000);

    expect(pings).toHaveLength(CLOCK_SYNC.roundTrips);
    // One after another, ~50 ms apart after each answer.
    for (let i = 1; i < pings.length; i += 1) {
      expect(pings[i]! - pings[i - 1]!).toBeGreaterThanOrEqual(2 * BASE + 50);
    }
    const reading = sync.getSnapshot()!;
    expect(Math.abs(reading.offsetMs - OFFSET)).toBeLessThan(1);
    expect(reading.roundTripMs).toBeGreaterThanOrEqual(2 * BASE);
    expect(reading.roundTripMs).toBeLessThan(2 * BASE + 3);
    expect(readings.at(-1)).toBe(reading);
    expect(sync.offsetMs()).toBe(reading.offsetMs);

    await vi.advanceTimersByTimeAsync(CLOCK_SYNC.intervalMs);
    expect(pings).toHaveLength(2 * CLOCK_SYNC.roundTrips);
    expect(Math.abs(sync.getSnapshot()!.offsetMs - OFFSET)).toBeLessThan(1);
    sync.dispose();
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC.intervalMs * 2);
    expect(pings).toHaveLength(2 * CLOCK_SYNC.roundTrips);
  });

  it('would be misled by averaging every round trip on the same path', async () => {
    // The check above could not fail if the path were kind: this one is not.
    const { ping } = jitteryPing(7);
    const offsets: number[] = [];
    for (let i = 0; i < CLOCK_SYNC.roundTrips; i += 1) {
      const sentAt = device();
      const answer = ping();
      await vi.advanceTimersByTimeAsync(400);
      const { serverAt } = await answer;
      offsets.push(serverAt - (sentAt + device()) / 2);
    }
    expect(offsets.some((offset) => Math.abs(offset - OFFSET) > 1)).toBe(true);
  });

  it('drops a ping that is not answered, and one that fails', async () => {
    let calls = 0;
    const ping = () => {
      calls += 1;
      if (calls === 1) return new Promise<{ serverAt: number }>(() => undefined);
      if (calls === 2) return Promise.reject(new Error('Too many live events. Slow down.'));
      return Promise.resolve({ serverAt: device() + OFFSET });
    };
    const sync = new ClockSync(ping, { now: device, pingTimeoutMs: 1000 });
    sync.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(CLOCK_SYNC.roundTrips);
    expect(sync.getSnapshot()!.offsetMs).toBeCloseTo(OFFSET, 3);
    expect(sync.getSnapshot()!.roundTripMs).toBe(0);
    sync.dispose();
  });
});

describe('ClockSync after its first measurement', () => {
  it('moves halfway to each new estimate, and takes one far off whole', async () => {
    let serverAhead = OFFSET;
    let oneWay = 10;
    const ping = async () => {
      await new Promise((resolve) => setTimeout(resolve, oneWay));
      const serverAt = device() + serverAhead;
      await new Promise((resolve) => setTimeout(resolve, oneWay));
      return { serverAt };
    };
    const sync = new ClockSync(ping, { now: device });
    const offsets: number[] = [];
    sync.subscribe(() => offsets.push(sync.offsetMs()!));
    sync.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sync.offsetMs()).toBeCloseTo(OFFSET, 3);

    // The next measurement's faster round trips find the server 4 ms further ahead: the click
    // moves 2 ms, once, at the measurement's end.
    serverAhead = OFFSET + 4;
    oneWay = 5;
    const before = offsets.length;
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC.intervalMs);
    expect(offsets.slice(before)).toHaveLength(1);
    expect(sync.offsetMs()).toBeCloseTo(OFFSET + 2, 3);
    // The one after agrees with it: halfway again.
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC.intervalMs);
    expect(sync.offsetMs()).toBeCloseTo(OFFSET + 3, 3);

    // 50 ms off is no wavering: taken whole.
    serverAhead = OFFSET + 54;
    oneWay = 2;
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC.intervalMs);
    expect(sync.offsetMs()).toBeCloseTo(OFFSET + 54, 3);
    sync.dispose();
  });
});
