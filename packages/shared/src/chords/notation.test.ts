import { describe, expect, it } from 'vitest';
import { notateChord, notateLine, parseNashville, parseRoman } from './notation.ts';

describe('notateChord: Nashville numbers and Roman numerals', () => {
  it('Am in C is 6m and vi', () => {
    expect(notateChord('Am', 'nashville', 'C')).toBe('6m');
    expect(notateChord('Am', 'roman', 'C')).toBe('vi');
  });

  it('keeps other suffixes, lower-cases minor chords and drops their m', () => {
    expect(notateChord('Am7', 'roman', 'C')).toBe('vi7');
    expect(notateChord('G7', 'roman', 'C')).toBe('V7');
    expect(notateChord('Fmaj7', 'roman', 'C')).toBe('IVmaj7');
    expect(notateChord('Dmadd9', 'roman', 'C')).toBe('iiadd9');
    expect(notateChord('Emin7', 'roman', 'C')).toBe('iii7');
    expect(notateChord('Csus4', 'nashville', 'C')).toBe('1sus4');
  });

  it('counts letter degrees, with accidentals against the key', () => {
    expect(notateChord('Eb', 'nashville', 'C')).toBe('b3');
    expect(notateChord('Eb', 'roman', 'C')).toBe('bIII');
    expect(notateChord('D#', 'nashville', 'C')).toBe('#2');
    expect(notateChord('D#', 'roman', 'C')).toBe('#II');
    expect(notateChord('Bbm', 'roman', 'C')).toBe('bvii');
    expect(notateChord('B', 'nashville', 'Eb')).toBe('#5');
  });

  it('writes a slash bass as the key’s Nashville number in both notations', () => {
    expect(notateChord('G/B', 'nashville', 'C')).toBe('5/7');
    expect(notateChord('G/B', 'roman', 'C')).toBe('V/7');
    expect(notateChord('D/F#', 'nashville', 'G')).toBe('5/7');
    expect(notateChord('E/G#', 'roman', 'C')).toBe('III/#5');
  });

  it('counts from the minor tonic on the natural minor scale in a minor key', () => {
    expect(
      ['Am', 'C', 'Dm', 'E7', 'F', 'G', 'G#dim'].map((c) => notateChord(c, 'roman', 'Am')),
    ).toEqual(['i', 'III', 'iv', 'V7', 'VI', 'VII', '#VIIdim']);
    expect(notateChord('Bb', 'nashville', 'Dm')).toBe('6');
  });

  it('shows letters when there is no key', () => {
    expect(notateChord('Am', 'nashville')).toBe('Am');
  });
});

describe('notateChord: German and solfège', () => {
  it('German writes B for Bb and H for B', () => {
    expect(['Bb', 'B'].map((c) => notateChord(c, 'german')).join(' ')).toBe('B H');
    expect(notateChord('Bbm7/F', 'german')).toBe('Bm7/F');
    expect(notateChord('G/B', 'german')).toBe('G/H');
    expect(notateChord('B#', 'german')).toBe('H#');
    expect(notateChord('F#m', 'german')).toBe('F#m');
  });

  it('solfège is fixed do with # and b', () => {
    expect(notateChord('C', 'solfege')).toBe('Do');
    expect(notateChord('Bbmaj7/D', 'solfege')).toBe('Sibmaj7/Re');
    expect(notateChord('F#m', 'solfege')).toBe('Fa#m');
    expect(notateChord('G', 'solfege')).toBe('Sol');
  });

  it('passes anything that is not a chord through', () => {
    for (const notation of ['nashville', 'roman', 'german', 'solfege'] as const) {
      expect(notateChord('N.C.', notation, 'C')).toBe('N.C.');
      expect(notateChord('(x2)', notation, 'C')).toBe('(x2)');
    }
  });
});

describe('notateLine', () => {
  it('keeps columns when chords shrink and pushes them when they grow', () => {
    expect(notateLine('Bb B', 'german')).toBe('B  H');
    expect(notateLine('C D', 'solfege')).toBe('Do Re');
    expect(notateLine('C   Am  F   G', 'roman', 'C')).toBe('I   vi  IV  V');
  });
});

describe('parseNashville and parseRoman', () => {
  it('give the chord back in letters', () => {
    expect(parseNashville('6m', 'C')).toBe('Am');
    expect(parseNashville('5/7', 'C')).toBe('G/B');
    expect(parseNashville('b7', 'G')).toBe('F');
    expect(parseNashville('17', 'D')).toBe('D7');
    expect(parseRoman('vi', 'C')).toBe('Am');
    expect(parseRoman('vi7', 'C')).toBe('Am7');
    expect(parseRoman('bIII', 'C')).toBe('Eb');
    expect(parseRoman('#II', 'C')).toBe('D#');
    expect(parseRoman('V/7', 'C')).toBe('G/B');
    expect(parseRoman('VII', 'Am')).toBe('G');
  });

  it('spell a degree that would need two accidentals as the key does', () => {
    expect(parseNashville('b4', 'F')).toBe('A');
  });

  it('are null for anything else', () => {
    for (const text of ['8', '0', 'Am', 'vI', 'IIII', 'N.C.', '6 m', '1Chorus']) {
      expect(parseNashville(text, 'C'), text).toBeNull();
      expect(parseRoman(text, 'C'), text).toBeNull();
    }
  });
});
