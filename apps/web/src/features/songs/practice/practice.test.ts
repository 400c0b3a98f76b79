import { describe, expect, it } from 'vitest';
import {
  clampPitch,
  clampTempo,
  currentMarkIndex,
  partStartMs,
  regionAt,
  semitonesBetween,
  sortedMarks,
} from './practice.ts';

const marks = [
  { partId: 'v1', atMs: 1000 },
  { partId: 'c', atMs: 5000 },
  { partId: 'v2', atMs: 9000 },
  { partId: 'c', atMs: 13000 },
];

describe('currentMarkIndex', () => {
  it('is the last mark at or before the time', () => {
    expect(currentMarkIndex(marks, 1000)).toBe(0);
    expect(currentMarkIndex(marks, 4999)).toBe(0);
    expect(currentMarkIndex(marks, 5000)).toBe(1);
    expect(currentMarkIndex(marks, 12000)).toBe(2);
    expect(currentMarkIndex(marks, 60000)).toBe(3);
  });

  it('is -1 before the first mark and without marks', () => {
    expect(currentMarkIndex(marks, 999)).toBe(-1);
    expect(currentMarkIndex([], 5000)).toBe(-1);
  });
});

describe('regionAt', () => {
  it('runs from the current mark to the next one', () => {
    expect(regionAt(marks, 6000, 20000)).toEqual({ startMs: 5000, endMs: 9000 });
  });

  it('runs to the end from the last mark', () => {
    expect(regionAt(marks, 14000, 20000)).toEqual({ startMs: 13000, endMs: 20000 });
  });

  it('runs from the start before the first mark, and is the whole recording without marks', () => {
    expect(regionAt(marks, 500, 20000)).toEqual({ startMs: 0, endMs: 1000 });
    expect(regionAt([], 500, 20000)).toEqual({ startMs: 0, endMs: 20000 });
  });

  it('skips a mark at the same time, and ends at the end for a mark past it', () => {
    const twice = [
      { partId: 'a', atMs: 0 },
      { partId: 'b', atMs: 0 },
      { partId: 'c', atMs: 4000 },
    ];
    expect(regionAt(twice, 100, 10000)).toEqual({ startMs: 0, endMs: 4000 });
    expect(
      regionAt(
        [
          { partId: 'a', atMs: 0 },
          { partId: 'b', atMs: 30000 },
        ],
        0,
        10000,
      ),
    ).toEqual({
      startMs: 0,
      endMs: 10000,
    });
  });
});

describe('partStartMs and sortedMarks', () => {
  it("finds a part's first mark, or none", () => {
    expect(partStartMs(marks, 'c')).toBe(5000);
    expect(partStartMs(marks, 'bridge')).toBeNull();
  });

  it('orders a draft by time', () => {
    expect(sortedMarks([marks[2]!, marks[0]!]).map((m) => m.atMs)).toEqual([1000, 9000]);
  });
});

describe('semitonesBetween', () => {
  it("is the shift from the song's key to the service's, the nearer way", () => {
    expect(semitonesBetween('G', 'A')).toBe(2);
    expect(semitonesBetween('A', 'G')).toBe(-2);
    expect(semitonesBetween('C', 'F')).toBe(5);
    expect(semitonesBetween('C', 'G')).toBe(-5);
    expect(semitonesBetween('C', 'F#')).toBe(6);
    expect(semitonesBetween('E', 'E')).toBe(0);
  });

  it('reads any spelling and compares tonics', () => {
    expect(semitonesBetween('C#', 'Db')).toBe(0);
    expect(semitonesBetween('Bb', 'C')).toBe(2);
    expect(semitonesBetween('F♯m', 'Am')).toBe(3);
    expect(semitonesBetween('Em', 'G')).toBe(3);
  });

  it('is 0 when a key is missing or not a key', () => {
    expect(semitonesBetween(null, 'A')).toBe(0);
    expect(semitonesBetween('G', null)).toBe(0);
    expect(semitonesBetween('G', 'H')).toBe(0);
  });
});

describe('clampTempo and clampPitch', () => {
  it('keeps the tempo within 50%–150% on 5% steps', () => {
    expect(clampTempo(0.75)).toBe(0.75);
    expect(clampTempo(0.2)).toBe(0.5);
    expect(clampTempo(2)).toBe(1.5);
    expect(clampTempo(0.77)).toBe(0.75);
    expect(clampTempo(Number.NaN)).toBe(1);
  });

  it('keeps the pitch to whole semitones within ±6', () => {
    expect(clampPitch(2)).toBe(2);
    expect(clampPitch(-9)).toBe(-6);
    expect(clampPitch(7)).toBe(6);
    expect(clampPitch(1.6)).toBe(2);
    expect(clampPitch(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
