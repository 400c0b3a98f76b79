import { describe, expect, it } from 'vitest';
import { KeySchema } from './key-schema.ts';
import { KEYS, capoShapes, parseKey, transposeKey } from './keys.ts';

describe('KEYS', () => {
  it('lists the 12 major and 12 minor keys once each', () => {
    expect(KEYS).toHaveLength(24);
    expect(new Set(KEYS).size).toBe(24);
    expect(KEYS.filter((k) => k.endsWith('m'))).toHaveLength(12);
    expect(KEYS.every((k) => parseKey(k) === k)).toBe(true);
  });
});

describe('parseKey', () => {
  it('reads keys with up to seven sharps or flats, in ASCII', () => {
    expect(parseKey('G')).toBe('G');
    expect(parseKey(' F♯m ')).toBe('F#m');
    expect(parseKey('Gb')).toBe('Gb');
    expect(parseKey('C#')).toBe('C#');
    expect(parseKey('Abm')).toBe('Abm');
  });

  it('is null for anything else', () => {
    for (const text of ['', 'g', 'H', 'Am7', 'A minor', 'E#', 'Fb', 'B#m', 'Dbm', 'G##']) {
      expect(parseKey(text), text).toBeNull();
    }
  });
});

describe('KeySchema', () => {
  it('accepts and normalises a key', () => {
    expect(KeySchema.parse('B♭')).toBe('Bb');
  });

  it('refuses anything else with a clear message', () => {
    for (const input of ['H', '', 12]) {
      const result = KeySchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a key such as G, Bb or F#m.');
    }
  });
});

describe('transposeKey and capoShapes', () => {
  it('moves a key by semitones, named as in KEYS', () => {
    expect(transposeKey('A', 1)).toBe('Bb');
    expect(transposeKey('Em', -3)).toBe('C#m');
    expect(transposeKey('Gb', 0)).toBe('F#');
    expect(transposeKey('D', 14)).toBe('E');
  });

  it('capo 2 in A gives G shapes', () => {
    expect(capoShapes('A', 2)).toBe('G');
    expect(capoShapes('Bb', 1)).toBe('A');
    expect(capoShapes('Am', 3)).toBe('F#m');
    expect(capoShapes('E', 0)).toBe('E');
  });
});
