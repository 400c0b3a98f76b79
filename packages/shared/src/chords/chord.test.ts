import { describe, expect, it } from 'vitest';
import { formatChord, parseChord } from './chord.ts';

describe('parseChord', () => {
  it('splits root, suffix and bass', () => {
    expect(parseChord('F#m7')).toEqual({ root: 'F#', suffix: 'm7', bass: null });
    expect(parseChord('D/F#')).toEqual({ root: 'D', suffix: '', bass: 'F#' });
    expect(parseChord('Bbmaj7/D')).toEqual({ root: 'Bb', suffix: 'maj7', bass: 'D' });
    expect(parseChord('Csus2')).toEqual({ root: 'C', suffix: 'sus2', bass: null });
  });

  it('reads the Unicode sharp and flat and writes them in ASCII', () => {
    expect(parseChord('B♭m')).toEqual({ root: 'Bb', suffix: 'm', bass: null });
    expect(parseChord('E/G♯')).toEqual({ root: 'E', suffix: '', bass: 'G#' });
  });

  it('keeps any suffix as written, also unknown signs', () => {
    expect(parseChord('D†')?.suffix).toBe('†');
    expect(parseChord("D'")?.suffix).toBe("'");
    expect(parseChord('C7(#9)')?.suffix).toBe('7(#9)');
    expect(parseChord('Emadd9')?.suffix).toBe('madd9');
  });

  it('leaves a slash that is not followed by a note in the suffix', () => {
    expect(parseChord('C6/9')).toEqual({ root: 'C', suffix: '6/9', bass: null });
    expect(parseChord('C6/9/E')).toEqual({ root: 'C', suffix: '6/9', bass: 'E' });
  });

  it('is null for words, lowercase roots, symbols and names with unknown letters', () => {
    for (const text of [
      'Chorus',
      'Capo',
      'Drums',
      'End',
      '(x2)',
      'am',
      'g',
      'N.C.',
      'x',
      '|',
      '%',
    ]) {
      expect(parseChord(text), text).toBeNull();
    }
    // Custom chord names of the ChordPro fixtures: their letters spell no chord word.
    expect(parseChord('Dosa')).toBeNull();
    expect(parseChord('Gxxxxxxxx')).toBeNull();
    expect(parseChord('A7-9/unk')).toBeNull();
    expect(parseChord('G ')).toBeNull();
  });
});

describe('formatChord', () => {
  it('writes the parts back', () => {
    expect(formatChord({ root: 'F#', suffix: 'm7', bass: 'E' })).toBe('F#m7/E');
    expect(formatChord({ root: 'C', suffix: '', bass: null })).toBe('C');
  });
});
