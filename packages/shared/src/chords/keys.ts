import { asciiAccidentals, mod, pitchClass, placeOf } from './fifths.ts';

type Letter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/** A key as musicians name it: the tonic, then 'm' for a minor key ('G', 'Bb', 'F#m'). */
export type Key = `${Letter}${'' | '#' | 'b'}${'' | 'm'}`;

/** The 12 major and 12 minor keys in their usual spellings, for a form's select. */
export const KEYS: readonly Key[] = [
  'C',
  'Db',
  'D',
  'Eb',
  'E',
  'F',
  'F#',
  'G',
  'Ab',
  'A',
  'Bb',
  'B',
  'Cm',
  'C#m',
  'Dm',
  'Ebm',
  'Em',
  'Fm',
  'F#m',
  'Gm',
  'G#m',
  'Am',
  'Bbm',
  'Bm',
];

const KEY_PATTERN = /^([A-G])([#b♯♭]?)(m?)$/u;

/**
 * The key named by `text` with ASCII accidentals ('F♯m' → 'F#m'), or null. Any key with at
 * most seven sharps or flats is accepted (also Gb, C#, Cb, D#m…), not only those in KEYS.
 */
export function parseKey(text: string): Key | null {
  const match = KEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const key = `${match[1]}${asciiAccidentals(match[2] ?? '')}${match[3]}` as Key;
  return Math.abs(signature(key)) <= 7 ? key : null;
}

export function isMinor(key: Key): boolean {
  return key.endsWith('m');
}

/** Line-of-fifths place of the key's tonic. */
export function tonicPlace(key: Key): number {
  return placeOf(isMinor(key) ? key.slice(0, -1) : key);
}

/** Sharps (positive) or flats (negative) in the key signature: 'D' 2, 'Gm' -2. */
export function signature(key: Key): number {
  return tonicPlace(key) - (isMinor(key) ? 3 : 0);
}

/** The key `semitones` higher (lower when negative), named as in KEYS: ('A', 1) → 'Bb'. */
export function transposeKey(key: Key, semitones: number): Key {
  const pc = mod(pitchClass(tonicPlace(key)) + semitones, 12);
  return KEYS.find((k) => isMinor(k) === isMinor(key) && pitchClass(tonicPlace(k)) === pc)!;
}

/** The key of the chord shapes played with a capo: the sounding key moved down ('A', 2) → 'G'. */
export function capoShapes(key: Key, capo: number): Key {
  return transposeKey(key, -capo);
}
