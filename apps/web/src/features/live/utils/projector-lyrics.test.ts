import { describe, expect, it } from 'vitest';
import { projectorLyrics } from './projector-lyrics.ts';

const part = (label: string, ...lyrics: string[]) => ({
  label,
  lines: lyrics.map((words) => ({ chords: '', lyrics: words })),
});
const setlist = {
  songs: [
    { song: { parts: [part('Verse', 'First verse'), part('Chorus', 'Sing', '  ', 'Again')] } },
    { song: { parts: [part('Chorus', 'One'), part('Chorus', 'Two')] } },
  ],
} as unknown as Parameters<typeof projectorLyrics>[0];
const at = (
  currentIndex: number,
  currentPartLabel: string | null,
  currentPartPosition: number | null = null,
  currentItem: number | null = null,
) => ({ currentIndex, currentPartLabel, currentPartPosition, currentItem });

describe('projectorLyrics', () => {
  it('waits before a part is named, and shows nothing on an item', () => {
    expect(projectorLyrics(setlist, at(0, null))).toEqual({ kind: 'waiting' });
    expect(projectorLyrics(setlist, at(1, null, null, 0))).toEqual({ kind: 'item' });
  });

  it('shows the part’s lyric lines without the blank ones', () => {
    expect(projectorLyrics(setlist, at(0, 'Chorus'))).toEqual({
      kind: 'part',
      lines: ['Sing', 'Again'],
    });
  });

  it('of two parts with one label, shows the one at the named place', () => {
    expect(projectorLyrics(setlist, at(1, 'Chorus', 1))).toEqual({ kind: 'part', lines: ['Two'] });
    expect(projectorLyrics(setlist, at(1, 'Chorus'))).toEqual({ kind: 'part', lines: ['One'] });
    // A place that no longer holds the label falls back to the label's first part.
    expect(projectorLyrics(setlist, at(0, 'Verse', 1))).toEqual({
      kind: 'part',
      lines: ['First verse'],
    });
  });
});
