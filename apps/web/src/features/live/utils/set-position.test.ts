import { describe, expect, it } from 'vitest';
import type { SongPart } from '@segue/shared';
import { firstLyric, nextPosition, previousPosition, upNext } from './set-position.ts';

const part = (label: string, ...lines: [string, string][]): SongPart => ({
  label,
  lines: lines.map(([chords, lyrics]) => ({ chords, lyrics })),
});
const set = {
  songs: [
    { song: { title: 'One', parts: [part('Verse', ['G', 'Amazing grace']), part('Chorus')] } },
    { song: { title: 'Empty', parts: [] } },
    {
      song: {
        title: 'Three',
        parts: [part('Intro', ['G  D', '']), part('Verse', ['', ' '], ['C', '  How great  '])],
      },
    },
  ],
};

describe('set positions', () => {
  it('Next Part walks the parts, then the next song’s first part, then stops', () => {
    expect(nextPosition(set, { songIndex: 0, partIndex: 0 })).toEqual({
      songIndex: 0,
      partIndex: 1,
    });
    expect(nextPosition(set, { songIndex: 0, partIndex: 1 })).toEqual({
      songIndex: 1,
      partIndex: -1,
    });
    expect(nextPosition(set, { songIndex: 1, partIndex: -1 })).toEqual({
      songIndex: 2,
      partIndex: 0,
    });
    expect(nextPosition(set, { songIndex: 2, partIndex: 1 })).toBeNull();
  });

  it('Previous Part walks back, then to the previous song’s last part, then stops', () => {
    expect(previousPosition(set, { songIndex: 2, partIndex: 1 })).toEqual({
      songIndex: 2,
      partIndex: 0,
    });
    expect(previousPosition(set, { songIndex: 2, partIndex: 0 })).toEqual({
      songIndex: 1,
      partIndex: -1,
    });
    expect(previousPosition(set, { songIndex: 1, partIndex: -1 })).toEqual({
      songIndex: 0,
      partIndex: 1,
    });
    expect(previousPosition(set, { songIndex: 0, partIndex: 0 })).toBeNull();
  });

  it('says what comes next: a part with its first line, a song, or the end', () => {
    expect(upNext(set, { songIndex: 0, partIndex: 0 })).toEqual({
      kind: 'part',
      label: 'Chorus',
      firstLine: '',
    });
    expect(upNext(set, { songIndex: 1, partIndex: -1 })).toEqual({
      kind: 'song',
      title: 'Three',
      label: 'Intro',
      firstLine: 'G  D',
    });
    expect(upNext(set, { songIndex: 2, partIndex: 0 })).toMatchObject({ firstLine: 'How great' });
    expect(upNext(set, { songIndex: 2, partIndex: 1 })).toEqual({ kind: 'end' });
  });

  it('reads a part’s first words, else its first chords', () => {
    expect(firstLyric(part('V', ['', '   '], ['D', ' Come ']))).toBe('Come');
    expect(firstLyric(part('I', [' A  E ', '']))).toBe('A  E');
    expect(firstLyric(part('Empty'))).toBe('');
  });
});
