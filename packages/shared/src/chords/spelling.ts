import { SINGLE_ACCIDENTAL, mod, noteAt, pitchClass, placeIn, placeOf } from './fifths.ts';
import { type Key, isMinor, signature, tonicPlace } from './keys.ts';

/** How notes are spelled: as in a key, or always with sharps or always with flats. */
export type Spelling = Key | 'sharps' | 'flats';

// The twelve places that spell C C# D D# … B (from F) and C Db D Eb … B (from Gb).
const SHARPS_FROM = -1;
const FLATS_FROM = -6;
// A bass a third (major, minor) or a seventh (minor, major, diminished) above the root.
const CHORD_TONES = [4, -3, -2, 5, -9];

/**
 * Spells pitch class `pc` (0 = C; any integer). In a key: as the key's scale has it (a
 * minor key's natural minor plus its leading tone); else, for a bass, as the third or
 * seventh of `root`; else with sharps in C, Am and the sharp keys, flats in the flat keys.
 * The result depends only on the pitch classes and the spelling, never on how the input
 * was written: that is what makes a transposition there and back exact.
 */
export function spellNote(pc: number, spelling: Spelling, root?: string): string {
  if (spelling === 'sharps') return noteAt(placeIn(pc, SHARPS_FROM));
  if (spelling === 'flats') return noteAt(placeIn(pc, FLATS_FROM));
  const sharps = signature(spelling);
  const scaleNote = placeIn(pc, sharps - 1);
  if (scaleNote <= sharps + 5) return noteAt(scaleNote);
  const leadingTone = tonicPlace(spelling) + 5;
  const candidates = [
    ...(isMinor(spelling) ? [leadingTone] : []),
    ...(root === undefined ? [] : CHORD_TONES.map((offset) => placeOf(root) + offset)),
  ];
  const place = candidates.find(
    (p) =>
      pitchClass(p) === mod(pc, 12) && p >= SINGLE_ACCIDENTAL.from && p <= SINGLE_ACCIDENTAL.to,
  );
  return noteAt(place ?? placeIn(pc, sharps < 0 ? FLATS_FROM : SHARPS_FROM));
}
