import { describe, expect, it } from 'vitest';
import { transposedKey, transposedParts } from './song-transpose.ts';

const parts = [
  {
    id: 'p1',
    label: 'Verse 1',
    lines: [{ chords: 'G   D   Em  C', lyrics: 'x' }],
    translations: [],
  },
];
const chords = (moved: typeof parts) => moved[0]?.lines[0]?.chords;

describe('transposing a song for the view', () => {
  it('moves a song in G up a tone to A, spelled as A spells', () => {
    expect(transposedKey('G', 2)).toBe('A');
    expect(chords(transposedParts(parts, 'G', 2))).toBe('A   E   F#m D');
  });

  it('names the key a flat key list would (G up a semitone is Ab), and minor keys too', () => {
    expect(transposedKey('G', 1)).toBe('Ab');
    expect(chords(transposedParts(parts, 'G', 1))).toBe('Ab  Eb  Fm  Db');
    expect(transposedKey('Em', -2)).toBe('Dm');
  });

  it('gives the parts back unchanged at 0, and no key for a song without one', () => {
    expect(transposedParts(parts, 'G', 0)).toEqual(parts);
    expect(transposedKey(null, 3)).toBeNull();
    expect(transposedKey('C#', 0)).toBe('C#');
  });

  it('moves a song without a key with sharps up and flats down', () => {
    expect(chords(transposedParts(parts, null, 1))).toBe('G#  D#  Fm  C#');
    expect(chords(transposedParts(parts, null, -1))).toBe('Gb  Db  Ebm B');
  });

  it('never changes the parts it is given', () => {
    transposedParts(parts, 'G', 5);
    expect(chords(parts)).toBe('G   D   Em  C');
  });
});
