import { describe, expect, it } from 'vitest';
import { chordTokens, isChordLine, mapChordsLine, renderChordTokens } from './line.ts';

describe('chordTokens', () => {
  it('gives each word with its column', () => {
    expect(chordTokens('G       D    Em')).toEqual([
      { chord: 'G', column: 0 },
      { chord: 'D', column: 8 },
      { chord: 'Em', column: 13 },
    ]);
    expect(chordTokens('   ')).toEqual([]);
  });

  it('counts a tab up to the next multiple of 8, as the ChordPro a2crd oracle does', () => {
    // plain/a2crd_t003_spaces-tabs.crd: "Cm should appear over the "e" in "then"" (column 9).
    expect(chordTokens('  Dm\t Cm')).toEqual([
      { chord: 'Dm', column: 2 },
      { chord: 'Cm', column: 9 },
    ]);
  });
});

describe('renderChordTokens', () => {
  it('puts tokens at their columns, or one space after a token they would touch', () => {
    expect(
      renderChordTokens([
        { chord: 'F#m7', column: 0 },
        { chord: 'B', column: 3 },
        { chord: 'E', column: 9 },
      ]),
    ).toBe('F#m7 B   E');
    expect(renderChordTokens([{ chord: 'A', column: 2 }])).toBe('  A');
  });
});

describe('mapChordsLine', () => {
  it('pushes later chords right when one grows and keeps columns when one shrinks', () => {
    expect(mapChordsLine('C D', (c) => `${c}maj7`)).toBe('Cmaj7 Dmaj7');
    expect(mapChordsLine('Bbm7   Eb', (c) => c.slice(0, 1))).toBe('B      E');
  });

  it('returns an unchanged line as it was, tabs and trailing spaces included', () => {
    expect(mapChordsLine('\tG  (x2) ', (c) => c)).toBe('\tG  (x2) ');
  });
});

describe('isChordLine', () => {
  it('accepts chords and the symbols N.C. % | || x', () => {
    expect(isChordLine('  G   D/F#  Em7')).toBe(true);
    expect(isChordLine('| G | % | N.C. | x ||')).toBe(true);
  });

  it('refuses lyrics, words and empty lines', () => {
    expect(isChordLine('A line with only one chord')).toBe(false);
    expect(isChordLine('G D Em (x2)')).toBe(false);
    expect(isChordLine('[Verse 1]')).toBe(false);
    expect(isChordLine('')).toBe(false);
  });
});
