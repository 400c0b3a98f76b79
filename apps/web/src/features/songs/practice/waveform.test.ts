import { describe, expect, it } from 'vitest';
import {
  clampMarkMs,
  computePeaks,
  markKeyStepMs,
  markRange,
  moveMark,
  peaksForColumns,
  shortLabel,
  tenthsText,
} from './waveform.ts';

describe('computePeaks', () => {
  it("keeps each stretch's lowest and highest sample, of any channel", () => {
    const left = Float32Array.from([0.1, -0.5, 0.2, 0.9, 0, 0, -0.25, 0.25]);
    const right = Float32Array.from([0, 0, 0.3, -0.7, 0, 0.5, 0, 0]);
    expect(Array.from(computePeaks([left, right], 4))).toEqual(
      [-0.5, 0.1, -0.7, 0.9, 0, 0.5, -0.25, 0.25].map(Math.fround),
    );
  });

  it('covers every sample once when the stretches are uneven', () => {
    // 10 samples in 3 buckets: 0–2, 3–5, 6–9; the loud last sample lands in the last bucket.
    const samples = new Float32Array(10);
    samples[9] = 1;
    samples[3] = -1;
    expect(Array.from(computePeaks([samples], 3))).toEqual([0, 0, -1, 0, 0, 1]);
  });

  it('repeats a sample for a recording shorter than its buckets, and is silent without one', () => {
    expect(Array.from(computePeaks([Float32Array.from([0.5, -0.5])], 4))).toEqual([
      0.5, 0.5, 0.5, 0.5, -0.5, -0.5, -0.5, -0.5,
    ]);
    expect(Array.from(computePeaks([], 2))).toEqual([0, 0, 0, 0]);
    expect(Array.from(computePeaks([new Float32Array(0)], 2))).toEqual([0, 0, 0, 0]);
  });
});

describe('peaksForColumns', () => {
  const peaks = Float32Array.from([-0.1, 0.2, -0.4, 0.1, -0.05, 0.05, 0, 0.3]);

  it('merges the buckets under a column and scales the loudest to ±1', () => {
    expect(Array.from(peaksForColumns(peaks, 2))).toEqual([-1, 0.5, -0.125, 0.75]);
  });

  it('gives each of more columns the bucket it falls on', () => {
    const out = Array.from(peaksForColumns(peaks, 8));
    expect(out.slice(0, 4)).toEqual([-0.25, 0.5, -0.25, 0.5]);
    expect(out.slice(12)).toEqual([0, 0.75, 0, 0.75]);
  });

  it('leaves silence at zero, and makes nothing for no columns', () => {
    expect(Array.from(peaksForColumns(new Float32Array(4), 2))).toEqual([0, 0, 0, 0]);
    expect(peaksForColumns(peaks, 0)).toHaveLength(0);
  });
});

describe('moving a mark', () => {
  const marks = [
    { partId: 'v', atMs: 0 },
    { partId: 'c', atMs: 2000 },
    { partId: 'b', atMs: 4000 },
  ];

  it('goes where it is dragged, to the millisecond', () => {
    expect(clampMarkMs(marks, 1, 2500.4, 6000)).toBe(2500);
  });

  it('stops at the marks beside it, so the order stays', () => {
    expect(clampMarkMs(marks, 1, 4700, 6000)).toBe(4000);
    expect(clampMarkMs(marks, 1, -50, 6000)).toBe(0);
    expect(clampMarkMs(marks, 2, 1000, 6000)).toBe(2000);
  });

  it('stays within the recording', () => {
    expect(clampMarkMs(marks, 2, 9000, 6000)).toBe(6000);
    expect(clampMarkMs(marks, 0, -1, 6000)).toBe(0);
    expect(clampMarkMs([{ partId: 'v', atMs: 10 }], 0, 500.9, 500.5)).toBe(500);
  });

  it("keeps a draft's own order, and says when nothing moves", () => {
    const tapped = [marks[2]!, marks[0]!, marks[1]!];
    expect(moveMark(tapped, 1, 2600, 6000)).toEqual([
      marks[2],
      marks[0],
      { partId: 'c', atMs: 2600 },
    ]);
    expect(moveMark(tapped, 2, 9000, 6000)).toEqual([
      { partId: 'b', atMs: 6000 },
      ...tapped.slice(1),
    ]);
    expect(moveMark(tapped, 1, 4500, 6000)?.[2]).toEqual({ partId: 'c', atMs: 4000 });
    expect(moveMark(tapped, 0, -100, 6000)).toBeNull();
    expect(moveMark(tapped, 3, 100, 6000)).toBeNull();
  });

  it('answers its range for the slider', () => {
    expect(markRange(marks, 0, 6000)).toEqual({ minMs: 0, maxMs: 2000 });
    expect(markRange(marks, 2, 6000)).toEqual({ minMs: 2000, maxMs: 6000 });
  });

  it('moves by the steps of a slider’s keys', () => {
    expect(markKeyStepMs('ArrowRight', false)).toBe(100);
    expect(markKeyStepMs('ArrowLeft', false)).toBe(-100);
    expect(markKeyStepMs('ArrowUp', true)).toBe(1000);
    expect(markKeyStepMs('ArrowDown', true)).toBe(-1000);
    expect(markKeyStepMs('PageUp', false)).toBe(1000);
    expect(markKeyStepMs('PageDown', false)).toBe(-1000);
    expect(clampMarkMs(marks, 1, 2000 + markKeyStepMs('End', false)!, 6000)).toBe(4000);
    expect(clampMarkMs(marks, 1, 2000 + markKeyStepMs('Home', false)!, 6000)).toBe(0);
    expect(markKeyStepMs('Enter', false)).toBeNull();
  });
});

describe('tenthsText', () => {
  it('says minutes, seconds and tenths', () => {
    expect(tenthsText(65_240)).toBe('1:05.2');
    expect(tenthsText(2000)).toBe('0:02.0');
    expect(tenthsText(59_960)).toBe('1:00.0');
    expect(tenthsText(3_725_300)).toBe('1:02:05.3');
    expect(tenthsText(-5)).toBe('0:00.0');
  });
});

describe('shortLabel', () => {
  it('keeps short names and shortens the rest', () => {
    expect(shortLabel('Tag')).toBe('Tag');
    expect(shortLabel('Verse 2')).toBe('V2');
    expect(shortLabel('Pre-Chorus')).toBe('PC');
    expect(shortLabel('Chorus')).toBe('Cho');
    expect(shortLabel('Verse 10')).toBe('V10');
  });
});
