import { formatChord, parseChord } from './chord.ts';
import { pitchClass, placeOf } from './fifths.ts';
import { type Key, tonicPlace } from './keys.ts';
import { mapChordsLine } from './line.ts';
import { type Spelling, spellNote } from './spelling.ts';

/** A device's choice: spell by the target key's signature, or always sharps, or always flats. */
export type Accidentals = 'auto' | 'sharps' | 'flats';

/**
 * Moves a chord from key `from` to key `to` (tonic to tonic), spelled as `to` spells notes,
 * or always with sharps or flats. Anything that is not a chord comes back unchanged.
 */
export function transposeChord(
  chord: string,
  from: Key,
  to: Key,
  accidentals: Accidentals = 'auto',
): string {
  const semitones = pitchClass(tonicPlace(to)) - pitchClass(tonicPlace(from));
  return transposeChordBy(chord, semitones, accidentals === 'auto' ? to : accidentals);
}

/** Moves a chord up (down when negative) by semitones, spelled as in `spelling`. */
export function transposeChordBy(chord: string, semitones: number, spelling: Spelling): string {
  const parsed = parseChord(chord);
  if (!parsed) return chord;
  const move = (note: string) => pitchClass(placeOf(note)) + semitones;
  const root = spellNote(move(parsed.root), spelling);
  const bass = parsed.bass === null ? null : spellNote(move(parsed.bass), spelling, root);
  return formatChord({ root, suffix: parsed.suffix, bass });
}

/** transposeChord on every chord of a chords line, keeping columns as mapChordsLine does. */
export function transposeLine(
  line: string,
  from: Key,
  to: Key,
  accidentals: Accidentals = 'auto',
): string {
  return mapChordsLine(line, (chord) => transposeChord(chord, from, to, accidentals));
}

/** transposeChordBy on every chord of a chords line, keeping columns as mapChordsLine does. */
export function transposeLineBy(line: string, semitones: number, spelling: Spelling): string {
  return mapChordsLine(line, (chord) => transposeChordBy(chord, semitones, spelling));
}
