import { describe, expect, it } from 'vitest';
import { transposeChord, transposeChordBy, transposeLine, transposeLineBy } from './transpose.ts';

describe('transposeLine (known answers)', () => {
  it('G to A', () => {
    expect(transposeLine('G D/F# Em7 Csus2', 'G', 'A')).toBe('A E/G# F#m7 Dsus2');
  });
  it('G to Bb', () => {
    expect(transposeLine('G C D7', 'G', 'Bb')).toBe('Bb Eb F7');
  });
  it('G to F#', () => {
    expect(transposeLine('G Em', 'G', 'F#')).toBe('F# D#m');
  });
  it('keeps the columns of chords that do not grow', () => {
    expect(transposeLine('G       D    Em', 'G', 'A')).toBe('A       E    F#m');
  });
  it('pushes a chord right when the one before it grows', () => {
    expect(transposeLine('C D', 'C', 'Db')).toBe('Db Eb');
  });
  it('passes words and symbols through', () => {
    expect(transposeLine('G  N.C.  (x2) Chorus', 'G', 'A')).toBe('A  N.C.  (x2) Chorus');
  });
});

describe('transposeChord', () => {
  it('spells by the target key: flats in F, Bb, Eb, Ab, Db, Gb and their minors', () => {
    expect(['C#', 'D#m', 'F#7', 'G#', 'A#m'].map((c) => transposeChord(c, 'E', 'F'))).toEqual([
      'D',
      'Em',
      'G7',
      'A',
      'Bm',
    ]);
    expect(['F', 'Ab', 'Bb'].map((c) => transposeChord(c, 'Eb', 'F'))).toEqual(['G', 'Bb', 'C']);
    // C and Am take sharps, as issue 15 asks: a chord outside C's scale is written with a sharp
    // (here the bVII of C), unless the device asks for flats.
    expect(transposeChord('Ab', 'Bb', 'C')).toBe('A#');
    expect(transposeChord('Ab', 'Bb', 'C', 'flats')).toBe('Bb');
    expect(transposeChord('F#m', 'Am', 'Dm')).toBe('Bm');
    expect(transposeChord('A#', 'C', 'C')).toBe('A#');
    expect(transposeChord('A#', 'Dm', 'Dm')).toBe('Bb');
    expect(transposeChord('Eb', 'Am', 'Am')).toBe('D#');
  });

  it('uses the notes of the target scale, also Cb in Gb and E# in F#', () => {
    expect(transposeChord('C', 'G', 'Gb')).toBe('Cb');
    expect(transposeChord('D/F#', 'G', 'F#')).toBe('C#/E#');
    expect(transposeChord('C', 'Em', 'Ebm')).toBe('Cb');
  });

  it('spells a minor key’s leading tone with a sharp, also in a flat key', () => {
    expect(transposeChord('D#dim7', 'Em', 'Dm')).toBe('C#dim7');
    expect(transposeChord('B7/D#', 'Em', 'Gm')).toBe('D7/F#');
  });

  it('spells a bass outside the key as the third or seventh of its chord', () => {
    expect(transposeChord('E/G#', 'C', 'F')).toBe('A/C#');
    expect(transposeChord('D/F#', 'C', 'Bb')).toBe('C/E');
    expect(transposeChord('C/Bb', 'C', 'C')).toBe('C/Bb');
    expect(transposeChord('A/C#', 'D', 'Eb')).toBe('Bb/D');
  });

  it('follows a device preference for sharps or flats', () => {
    expect(transposeChord('Eb', 'C', 'D', 'sharps')).toBe('F');
    expect(transposeChord('C#m', 'C', 'C', 'flats')).toBe('Dbm');
    expect(transposeLine('G D/F# Em', 'G', 'Bb', 'sharps')).toBe('A# F/A Gm');
    expect(transposeLine('G D/F# Em', 'G', 'A', 'flats')).toBe('A E/Ab Gbm');
  });

  it('passes anything that is not a chord through', () => {
    for (const text of ['N.C.', 'x', '|', '%', '(x2)', 'Dosa', 'am']) {
      expect(transposeChord(text, 'C', 'D')).toBe(text);
    }
  });
});

describe('transposeChordBy', () => {
  it('moves by semitones in a spelling', () => {
    expect(transposeChordBy('G/B', 2, 'sharps')).toBe('A/C#');
    expect(transposeChordBy('G/B', -1, 'flats')).toBe('Gb/Bb');
    expect(transposeChordBy('Em7', 3, 'G')).toBe('Gm7');
    expect(transposeChordBy('Am', 12, 'C')).toBe('Am');
  });

  it('works on lines too', () => {
    expect(transposeLineBy('C   Am  F   G', 1, 'Db')).toBe('Db  Bbm Gb  Ab');
  });
});
