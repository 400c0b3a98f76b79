import { describe, expect, it } from 'vitest';
import { CALIBRATION_BPM, CALIBRATION_CLICKS, measureLatency } from './calibration.ts';

const BEAT = 60_000 / CALIBRATION_BPM;
const START = 1_700_000_000_000;
const clicks = Array.from({ length: CALIBRATION_CLICKS }, (_v, n) => START + n * BEAT);

describe('measureLatency', () => {
  it('is the median delay of the taps after the first two', () => {
    // Earbuds 180 ms behind; the first two taps still look for the beat.
    const delays = [420, -250, 175, 190, 183, 160, 181, 240];
    const taps = clicks.map((click, n) => click + delays[n]!);
    expect(measureLatency(clicks, taps)).toEqual({ latencyMs: 182, taps: 6, spreadMs: 80 });
  });

  it('counts one tap a click, the one that agrees with the others', () => {
    const taps = clicks.map((click) => click + 140);
    taps.push(clicks[4]! + 190, clicks[5]! + 745);
    expect(measureLatency(clicks, taps)).toMatchObject({ latencyMs: 140, taps: 6, spreadMs: 0 });
  });

  it('measures a click heard late enough to come near the next one', () => {
    const taps = clicks.map((click) => click + 520);
    expect(measureLatency(clicks, taps)?.latencyMs).toBe(520);
  });

  it('measures taps a little ahead of the clicks as a latency below zero', () => {
    const taps = clicks.map((click, n) => click - 30 - (n % 2) * 4);
    expect(measureLatency(clicks, taps)?.latencyMs).toBe(-32);
  });

  it('is null without four taps that follow a click', () => {
    expect(measureLatency(clicks, [])).toBeNull();
    expect(
      measureLatency(
        clicks,
        clicks.slice(0, 5).map((c) => c + 100),
      ),
    ).toBeNull();
    // Many taps, but on three clicks: a bounce, or a nervous thumb.
    const bounces = clicks.slice(0, 3).flatMap((c) => [c + 100, c + 130, c + 160]);
    expect(measureLatency(clicks, bounces)).toBeNull();
  });
});
