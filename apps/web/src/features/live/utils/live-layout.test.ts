import { describe, expect, it } from 'vitest';
import {
  FIT_MAX_SIZE,
  isCompact,
  isTabletWidth,
  sizeToFitWidth,
  widestLine,
} from './live-layout.ts';

describe('isCompact', () => {
  const base = { preference: null, isDriver: false, phone: false, shortLandscape: false } as const;

  it('opens compact on a phone for a follower, upright or sideways', () => {
    expect(isCompact({ ...base, phone: true })).toBe(true);
    expect(isCompact({ ...base, phone: true, shortLandscape: true })).toBe(true);
    expect(isCompact(base)).toBe(false);
  });

  it("keeps a driver's controls on an upright phone, compact only sideways", () => {
    expect(isCompact({ ...base, isDriver: true, phone: true })).toBe(false);
    expect(isCompact({ ...base, isDriver: true, phone: true, shortLandscape: true })).toBe(true);
  });

  it('follows what this device chose, either way', () => {
    expect(isCompact({ ...base, phone: true, preference: 'off' })).toBe(false);
    expect(isCompact({ ...base, preference: 'on' })).toBe(true);
    expect(isCompact({ ...base, isDriver: true, preference: 'on' })).toBe(true);
  });
});

describe('isTabletWidth', () => {
  it('takes 600 to 1,199 px', () => {
    expect([599, 600, 820, 1199, 1200].map(isTabletWidth)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('widestLine', () => {
  it('counts the wider of chords and lyrics, chords kept apart', () => {
    expect(widestLine([{ chords: 'G', lyrics: 'Amazing grace' }])).toBe(13);
    // The chords run past the lyrics; the last keeps a space after it.
    expect(widestLine([{ chords: 'G    C     D   Em', lyrics: 'Come now' }])).toBe(18);
    // Two chords over one short lyric: each keeps a space after it.
    expect(widestLine([{ chords: 'Cmaj7 D7sus4', lyrics: 'Oh' }])).toBe(13);
    expect(
      widestLine([
        { chords: '', lyrics: 'short' },
        { chords: '', lyrics: 'a longer line' },
      ]),
    ).toBe(13);
    expect(widestLine([])).toBe(0);
  });
});

describe('sizeToFitWidth', () => {
  it('grows a short line until it spans the width, in twentieths of a rem', () => {
    // 30 columns in 744 px: 744 / (30 × 0.62 × 16) = 2.5 rem.
    expect(sizeToFitWidth({ width: 744, columns: 30, min: 1.25 })).toBe(2.5);
    expect(sizeToFitWidth({ width: 700, columns: 30, min: 1.25 })).toBe(2.35);
  });

  it("stays between the reader's size and the largest size", () => {
    expect(sizeToFitWidth({ width: 744, columns: 5, min: 1.25 })).toBe(FIT_MAX_SIZE);
    expect(sizeToFitWidth({ width: 300, columns: 60, min: 1.25 })).toBe(1.25);
    expect(sizeToFitWidth({ width: 0, columns: 30, min: 1.5 })).toBe(1.5);
    expect(sizeToFitWidth({ width: 744, columns: 0, min: 1.5 })).toBe(1.5);
  });
});
