import { describe, expect, it } from 'vitest';
import { clampSongIndex } from './live.ts';

describe('clampSongIndex', () => {
  it('keeps the index between 0 and the last song', () => {
    expect(clampSongIndex(-3, 4)).toBe(0);
    expect(clampSongIndex(2, 4)).toBe(2);
    expect(clampSongIndex(9, 4)).toBe(3);
    expect(clampSongIndex(1.7, 4)).toBe(1);
  });
  it('is 0 for an empty setlist', () => {
    expect(clampSongIndex(5, 0)).toBe(0);
  });
});
